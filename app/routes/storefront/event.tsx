import { ArrowLeft, Calendar, Clock, MapPin, Users } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { eventPictures } from "~/domain/content/events";
import { getEvent, isPastEvent } from "~/domain/content/events.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatLongDate, formatTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { summarize } from "~/lib/summary";
import { Badge } from "~/ui/badge";
import { darkButton } from "~/ui/buttons";
import { EventPhotos } from "~/ui/event-photos";
import { PageHero } from "~/ui/page-hero";
import type { Route } from "./+types/event";

const guests = new Intl.NumberFormat("en-US");

export async function loader({ params }: Route.LoaderArgs) {
  const event = await getEvent(getDb(), params.slug);
  // A page of its own with the spec's wording, answered with 404 (not the generic error page).
  if (!event) return data({ event: null, past: false }, { status: 404 });
  return data({ event, past: isPastEvent(event, todayInDhaka()) });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=300" });

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const event = loaderData?.event;
  if (!event) {
    return pageMeta(matches, {
      title: "Event Not Found",
      description: "The event you're looking for doesn't exist or has been removed.",
      path: `/events/${params.slug}`,
      noindex: true,
    });
  }
  return pageMeta(matches, {
    title: event.title,
    description: summarize(event.description),
    path: `/events/${event.slug}`,
    image: event.imageUrl ?? event.images[0],
    type: "article",
  });
}

function EventNotFound() {
  return (
    <main>
      <PageHero title="Event Not Found" />
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-6 py-20 text-center">
        <p className="text-lg text-slate-600">The event you're looking for doesn't exist or has been removed.</p>
        <Link to="/events" className={darkButton}>
          <ArrowLeft aria-hidden size={18} /> Back to Events
        </Link>
      </div>
    </main>
  );
}

function Detail({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <span className="text-brand-700">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 pl-6 font-semibold text-ink-900">{children}</dd>
    </div>
  );
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, past } = loaderData;
  if (!event) return <EventNotFound />;
  const backTo = past ? "/events?tab=past" : "/events";
  return (
    <main>
      <PageHero title={event.title}>
        <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-slate-200">
          <Badge tone={past ? "slate" : "green"}>{past ? "Completed" : "Upcoming"}</Badge>
          <span className="inline-flex items-center gap-1.5">
            <Calendar aria-hidden size={18} className="text-brand-300" />
            <time dateTime={event.date}>{formatLongDate(event.date)}</time>
          </span>
        </div>
      </PageHero>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <Link
          to={backTo}
          className="inline-flex items-center gap-1.5 rounded font-semibold text-brand-700 hover:text-brand-800"
        >
          <ArrowLeft aria-hidden size={18} /> Back to Events
        </Link>

        <div className="mt-6 grid gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <EventPhotos title={event.title} images={eventPictures(event)} srcSets={event.srcSets} />
            <section aria-labelledby="about" className="mt-10">
              <h2 id="about" className="text-2xl font-bold text-ink-900">
                About this event
              </h2>
              <p className="mt-4 text-lg leading-relaxed whitespace-pre-line text-slate-700">{event.description}</p>
            </section>
          </div>

          <aside className="space-y-6">
            <section aria-labelledby="details" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="details" className="text-xl font-bold text-ink-900">
                Event Details
              </h2>
              <dl className="mt-5 space-y-5">
                <Detail label="Date" icon={<Calendar aria-hidden size={16} />}>
                  <time dateTime={event.date}>{formatLongDate(event.date)}</time>
                </Detail>
                {event.time && (
                  <Detail label="Time" icon={<Clock aria-hidden size={16} />}>
                    {formatTime(event.time)}
                  </Detail>
                )}
                <Detail label="Location" icon={<MapPin aria-hidden size={16} />}>
                  {event.location}
                </Detail>
              </dl>
              {event.capacity != null && (
                <p className="mt-5 flex items-center gap-2 border-t border-slate-200 pt-5 font-semibold text-ink-900">
                  <Users aria-hidden size={16} className="text-brand-700" />
                  Capacity: {guests.format(event.capacity)} guests
                </p>
              )}
            </section>

            <section aria-labelledby="quote" className="rounded-2xl bg-ink-900 p-6 text-white">
              <h2 id="quote" className="text-xl font-bold">
                {past ? "Want a show like this?" : "Planning something similar?"}
              </h2>
              <p className="mt-2 text-slate-300">
                Tell us your date and venue; we put together the equipment and crew and send you a quotation.
              </p>
              <div className="mt-5 flex flex-col gap-3">
                <Link
                  to="/quotation"
                  className="inline-flex items-center justify-center rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50"
                >
                  Request a Quotation
                </Link>
                <Link
                  to="/contact"
                  className="inline-flex items-center justify-center rounded-md border border-white/60 px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-white/10"
                >
                  Contact Us
                </Link>
              </div>
            </section>
          </aside>
        </div>
      </div>
    </main>
  );
}
