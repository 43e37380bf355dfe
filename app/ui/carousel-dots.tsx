/** One button per slide; the current one is wider and marked aria-current. */
export function CarouselDots({
  count,
  index,
  goTo,
  label,
  tone,
}: {
  count: number;
  index: number;
  goTo: (i: number) => void;
  /** The accessible name of dot i, e.g. "Slide 2 of 4". */
  label: (i: number) => string;
  /** Light dots over a picture, dark dots on a light background. */
  tone: "light" | "dark";
}) {
  const active = tone === "light" ? "w-8 bg-brand-400" : "w-7 bg-brand-600";
  const idle = tone === "light" ? "w-2.5 bg-white/60" : "w-2.5 bg-slate-300";
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          onClick={() => goTo(i)}
          aria-label={label(i)}
          aria-current={i === index}
          className="flex h-6 w-6 items-center justify-center"
        >
          <span className={`block h-2.5 rounded-full transition-all ${i === index ? active : idle}`} />
        </button>
      ))}
    </>
  );
}
