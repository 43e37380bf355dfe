import { ChevronLeft, ChevronRight, Expand } from "lucide-react";
import { useState } from "react";
import { responsiveImage } from "~/lib/images";
import { LazyLightbox as Lightbox } from "./lazy-lightbox";
import { useCarousel } from "./use-carousel";

const PLACEHOLDER = "/images/placeholder.webp";

const arrowButton =
  "absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-ink-900 shadow-md transition hover:bg-white";

/**
 * A product's pictures: one large with previous/next (wrapping both ways) and a row of thumbnails. The large
 * picture opens the shared fullscreen lightbox at the same picture; moving there moves here too.
 */
export function ProductGallery({
  name,
  images,
  srcSets = {},
}: {
  name: string;
  images: string[];
  /** The uploaded pictures' srcsets, by address. */
  srcSets?: Record<string, string>;
}) {
  const pictures = images.length > 0 ? images : [PLACEHOLDER];
  const count = pictures.length;
  const several = count > 1;
  const { index, goTo, next, previous } = useCarousel(count);
  const [open, setOpen] = useState(false);
  const current = pictures[index] ?? PLACEHOLDER;
  const alt = (i: number) => (several ? `${name}, picture ${i + 1} of ${count}` : name);

  return (
    <div>
      <div className="relative">
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="group relative block w-full cursor-zoom-in overflow-hidden rounded-2xl bg-slate-100"
          aria-label={several ? `View larger: picture ${index + 1} of ${count}` : "View larger"}
        >
          <img
            {...responsiveImage(current, "(min-width: 1024px) 608px, 100vw", 960, srcSets[current])}
            alt={alt(index)}
            width={960}
            height={720}
            decoding="async"
            fetchPriority={index === 0 ? "high" : "auto"}
            className="aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-[1.02] motion-reduce:transition-none"
          />
          <span className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-black/70 px-3 py-1.5 text-xs font-semibold text-white">
            <Expand aria-hidden size={14} /> View larger
          </span>
        </button>
        {several && (
          <>
            <span
              aria-hidden
              className="pointer-events-none absolute top-3 left-3 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold text-white"
            >
              {index + 1} / {count}
            </span>
            <button type="button" onClick={previous} className={`${arrowButton} left-3`} aria-label="Previous picture">
              <ChevronLeft aria-hidden size={24} />
            </button>
            <button type="button" onClick={next} className={`${arrowButton} right-3`} aria-label="Next picture">
              <ChevronRight aria-hidden size={24} />
            </button>
          </>
        )}
      </div>

      {several && (
        <ul className="mt-3 grid grid-cols-4 gap-3" aria-label="Pictures">
          {pictures.map((src, i) => {
            const selected = i === index;
            return (
              <li key={src}>
                <button
                  type="button"
                  onClick={() => goTo(i)}
                  aria-label={`Show picture ${i + 1} of ${count}`}
                  aria-current={selected ? "true" : undefined}
                  className={`block w-full overflow-hidden rounded-lg bg-slate-100 ring-offset-2 transition ${
                    selected ? "ring-2 ring-brand-600" : "opacity-75 hover:opacity-100"
                  }`}
                >
                  <img
                    {...responsiveImage(src, "(min-width: 1024px) 144px, 25vw", 960, srcSets[src])}
                    alt=""
                    width={960}
                    height={720}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <Lightbox
        images={pictures.map((src, i) => ({ src, alt: alt(i), title: name }))}
        index={index}
        onIndexChange={goTo}
        open={open}
        onOpenChange={setOpen}
        label={`Pictures of ${name}`}
      />
    </div>
  );
}
