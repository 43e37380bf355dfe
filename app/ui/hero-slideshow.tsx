import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { responsiveImage } from "~/lib/images";
import { CarouselDots } from "./carousel-dots";
import { useCarousel } from "./use-carousel";

export const HERO_INTERVAL_MS = 5000;

/**
 * The home page's slideshow: advances every 5 s, arrows and dots wrap both ways, it holds still while the
 * pointer is over it or focus is inside it, and never moves by itself for visitors who prefer reduced motion.
 */
export function HeroSlideshow({
  images,
  children,
}: {
  images: { id: string; imageUrl: string; alt: string; srcSet?: string; width?: number; height?: number }[];
  children: React.ReactNode;
}) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { index, goTo, next, previous } = useCarousel(images.length, {
    autoAdvanceMs: HERO_INTERVAL_MS,
    paused: hovered || focused,
  });
  // Only the first picture is in the page as served, so a phone spends its bandwidth on it (the largest
  // paint); the others are added once it has loaded, in time for the first change of slide.
  const first = useRef<HTMLImageElement>(null);
  const [othersReady, setOthersReady] = useState(false);
  useEffect(() => {
    const img = first.current;
    const ready = () => setOthersReady(true);
    if (!img || img.complete) {
      queueMicrotask(ready);
      return;
    }
    img.addEventListener("load", ready, { once: true });
    img.addEventListener("error", ready, { once: true });
    return () => {
      img.removeEventListener("load", ready);
      img.removeEventListener("error", ready);
    };
  }, []);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative isolate flex min-h-[560px] items-center overflow-hidden bg-ink-900 sm:min-h-[640px]"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {images.map((image, i) =>
        i === 0 || i === index || othersReady ? (
          <img
            key={image.id}
            ref={i === 0 ? first : undefined}
            {...(image.srcSet
              ? { src: image.imageUrl, srcSet: image.srcSet, sizes: "100vw" }
              : responsiveImage(image.imageUrl, "100vw", 1920))}
            alt={image.alt}
            aria-hidden={i !== index}
            width={image.width ?? 1920}
            height={image.height ?? 1080}
            fetchPriority={i === 0 ? "high" : "low"}
            data-active={i === index}
            className={`absolute inset-0 -z-20 h-full w-full object-cover transition-opacity duration-1000 motion-reduce:transition-none ${
              i === index ? "opacity-100" : "opacity-0"
            }`}
          />
        ) : null,
      )}
      <div
        className="absolute inset-0 -z-10 bg-gradient-to-r from-ink-900/90 via-ink-900/60 to-ink-900/10"
        aria-hidden
      />
      <div className="mx-auto w-full max-w-7xl px-4 pt-24 pb-20 sm:px-6">{children}</div>
      {images.length > 1 && (
        <>
          <button
            type="button"
            onClick={previous}
            aria-label="Previous slide"
            className="absolute top-1/2 left-3 hidden -translate-y-1/2 rounded-full bg-white/15 p-2 text-white backdrop-blur transition hover:bg-white/30 sm:block"
          >
            <ChevronLeft aria-hidden size={28} />
          </button>
          <button
            type="button"
            onClick={next}
            aria-label="Next slide"
            className="absolute top-1/2 right-3 hidden -translate-y-1/2 rounded-full bg-white/15 p-2 text-white backdrop-blur transition hover:bg-white/30 sm:block"
          >
            <ChevronRight aria-hidden size={28} />
          </button>
          <div className="absolute inset-x-0 bottom-6 flex justify-center gap-2">
            <CarouselDots
              count={images.length}
              index={index}
              goTo={goTo}
              label={(i) => `Slide ${i + 1} of ${images.length}`}
              tone="light"
            />
          </div>
        </>
      )}
    </section>
  );
}
