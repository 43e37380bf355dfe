import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { loadDashboard } from "~/domain/dashboard/dashboard.server";
import { BUSINESS_TIME_ZONE } from "~/lib/dhaka-time";
import { ActivityList } from "~/ui/admin/dashboard/activity-list";
import { StatCard } from "~/ui/admin/dashboard/stat-card";
import { WeeklyChart } from "~/ui/admin/dashboard/weekly-chart";
import { PageHeader } from "~/ui/admin/page-header";
import type { Route } from "./+types/dashboard";

// The dashboard (backoffice.md §2, DESIGN §6): the six figures, the weekly chart and Recent Activity, live from
// the database each time the page is opened or comes back into view.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin");
  return loadDashboard(getDb(), { role: user.role });
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Utsab Admin" }];

const dhakaDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** Reads the figures again when the tab comes back into view, so a dashboard left open does not go stale. */
function useRevalidateOnReturn() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [revalidate]);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { now, cards, activity, weeks } = loaderData;
  useRevalidateOnReturn();
  return (
    <>
      <PageHeader title="Dashboard" description={`Today in Dhaka: ${dhakaDay.format(new Date(now))}`} />
      <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {cards.map((card) => (
          <StatCard key={card.key} card={card} />
        ))}
      </section>
      {/* One column on a phone whatever a long line of activity needs; each panel its own height. */}
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:order-2 lg:col-span-2">
          <ActivityList items={activity} now={now} />
        </div>
        <div className="min-w-0 lg:order-1 lg:col-span-3">
          <WeeklyChart weeks={weeks} />
        </div>
      </div>
    </>
  );
}
