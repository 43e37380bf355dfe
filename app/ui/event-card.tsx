import { Calendar, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { EventCard as EventCardData } from "~/domain/content/events.server";
import { formatLongDate, shortLocation } from "~/lib/format";
import { responsiveImage } from "~/lib/images";
import { Badge } from "./badge";
import { secondaryButton } from "./buttons";

/** An event card: image, Upcoming/Completed badge, date, short location, title, 3-line description. */
export function EventCard({
  event,
  past,
  dateFormat = formatLongDate,
}: {
  event: EventCardData;
  past: boolean;
  dateFormat?: (iso: string) => string;
}) {
  const picture = responsiveImage(
    event.imageUrl ?? "/images/placeholder.webp",
    "(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw",
    960,
    event.imageSrcSet,
  );
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-slate-100">
        <img
          {...picture}
          alt={event.title}
          width={960}
          height={720}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
        <Badge tone={past ? "slate" : "green"} className="absolute top-3 left-3 shadow">
          {past ? "Completed" : "Upcoming"}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Calendar aria-hidden size={16} className="text-brand-600" />
            <time dateTime={event.date}>{dateFormat(event.date)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden size={16} className="text-brand-600" />
            {shortLocation(event.location)}
          </span>
        </p>
        <h3 className="mt-2 text-lg font-semibold text-ink-900">{event.title}</h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{event.description}</p>
        <div className="mt-auto pt-5">
          <Link to={`/events/${event.slug}`} className={secondaryButton} aria-label={`View Details: ${event.title}`}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
