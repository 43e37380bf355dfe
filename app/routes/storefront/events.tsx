import { CalendarX } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { isPastEvent, listEvents, type EventTab } from "~/domain/content/events.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { pageMeta } from "~/lib/meta";
import { EventsCallToAction } from "~/ui/events-call-to-action";
import { EventCard } from "~/ui/event-card";
import { PageHero } from "~/ui/page-hero";
import type { Route } from "./+types/events";

const TABS: { id: EventTab; label: string; href: string; empty: string }[] = [
  {
    id: "upcoming",
    label: "Upcoming Events",
    href: "/events",
    empty: "We have no upcoming events announced right now. Check back soon or see our past events.",
  },
  { id: "past", label: "Past Events", href: "/events?tab=past", empty: "Our past events will appear here." },
];

/** The tab named by ?tab=; anything but "past" is the default, upcoming. */
function parseEventTab(url: URL): EventTab {
  return url.searchParams.get("tab") === "past" ? "past" : "upcoming";
}

export async function loader({ request }: Route.LoaderArgs) {
  const tab = parseEventTab(new URL(request.url));
  const today = todayInDhaka();
  const rows = await listEvents(getDb(), tab, today);
  // The badge is judged like the list: an event still marked upcoming whose day has gone is over.
  return { tab, today, events: rows.map((event) => ({ ...event, past: isPastEvent(event, today) })) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=60, s-maxage=300" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const past = loaderData?.tab === "past";
  return pageMeta(matches, {
    title: past ? "Past Events" : "Our Events",
    description: past
      ? "Events we have lit, amplified and staged across Bangladesh: conferences, weddings, festivals and launches."
      : "Upcoming events across Bangladesh with light, sound, LED walls and stages by our crews.",
    path: past ? "/events?tab=past" : "/events",
    image: loaderData?.events[0]?.imageUrl,
  });
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { tab, events } = loaderData;
  const current = TABS.find((t) => t.id === tab) ?? TABS[0]!;
  const other = TABS.find((t) => t.id !== tab) ?? TABS[1]!;
  return (
    <main>
      <PageHero
        title="Our Events"
        subtitle="Concerts, weddings, summits and launches: see where our crews are setting up next and what we have delivered."
      />

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <nav aria-label="Event lists">
          <ul className="inline-flex gap-1 rounded-full bg-slate-100 p-1">
            {TABS.map((t) => {
              const active = t.id === tab;
              return (
                <li key={t.id}>
                  <Link
                    to={t.href}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={`inline-flex rounded-full px-4 py-2 text-sm font-semibold transition sm:px-6 sm:text-base ${
                      active ? "bg-brand-700 text-white shadow" : "text-ink-900 hover:bg-white"
                    }`}
                  >
                    {t.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <section aria-labelledby="event-list" className="mt-10">
          <h2 id="event-list" className="sr-only">
            {current.label}
          </h2>
          {events.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {events.map((event) => (
                <li key={event.slug} className="flex">
                  <EventCard event={event} past={event.past} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
              <CalendarX aria-hidden size={40} className="mx-auto text-slate-500" />
              <h3 className="mt-4 text-xl font-semibold text-ink-900">No events found</h3>
              <p className="mx-auto mt-2 max-w-md text-slate-600">{current.empty}</p>
              <Link
                to={other.href}
                preventScrollReset
                className="mt-6 inline-flex font-semibold text-brand-700 underline hover:text-brand-800"
              >
                See {other.label}
              </Link>
            </div>
          )}
        </section>
      </div>

      <EventsCallToAction />
    </main>
  );
}
