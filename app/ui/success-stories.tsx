import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { EventCard } from "~/domain/content/events.server";
import { formatShortDate, shortLocation } from "~/lib/format";
import { responsiveImage } from "~/lib/images";
import { primaryButton } from "./buttons";
import { CarouselDots } from "./carousel-dots";
import { useCarousel } from "./use-carousel";

/** Completed events, one at a time, with previous, next and dots that wrap both ways. */
export function SuccessStories({ events }: { events: EventCard[] }) {
  const { index, goTo, next, previous } = useCarousel(events.length);
  const event = events[index];
  if (!event) return null;
  return (
    <div aria-roledescription="carousel" aria-label="Success Stories" className="relative">
      <div
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${events.length}`}
        aria-live="polite"
        className="grid overflow-hidden rounded-2xl bg-white shadow-xl md:grid-cols-2"
      >
        <img
          {...responsiveImage(
            event.imageUrl ?? "/images/placeholder.webp",
            "(min-width: 768px) 50vw, 100vw",
            960,
            event.imageSrcSet,
          )}
          alt={event.title}
          width={960}
          height={720}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] h-full w-full object-cover"
        />
        <div className="flex flex-col justify-center p-6 sm:p-10">
          <p className="text-sm font-medium text-brand-700">
            <time dateTime={event.date}>{formatShortDate(event.date)}</time> · {shortLocation(event.location)}
          </p>
          <h3 className="mt-2 text-2xl font-bold text-ink-900">{event.title}</h3>
          <p className="mt-3 text-slate-600">{event.description}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={`/events/${event.slug}`} className={primaryButton}>
              View Details
            </Link>
            <Link
              to="/gallery"
              className="inline-flex items-center rounded-md px-4 py-2.5 text-sm font-semibold text-ink-900 hover:text-brand-700"
            >
              Explore Gallery
            </Link>
          </div>
        </div>
      </div>
      {events.length > 1 && (
        <div className="mt-6 flex items-center justify-center gap-4">
          <button
            type="button"
            onClick={previous}
            aria-label="Previous story"
            className="rounded-full border border-slate-300 bg-white p-2 hover:bg-slate-50"
          >
            <ChevronLeft aria-hidden size={22} />
          </button>
          <div className="flex gap-1">
            <CarouselDots
              count={events.length}
              index={index}
              goTo={goTo}
              label={(i) => `Story ${i + 1} of ${events.length}`}
              tone="dark"
            />
          </div>
          <button
            type="button"
            onClick={next}
            aria-label="Next story"
            className="rounded-full border border-slate-300 bg-white p-2 hover:bg-slate-50"
          >
            <ChevronRight aria-hidden size={22} />
          </button>
        </div>
      )}
    </div>
  );
}
