import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { addDays, dayLabel } from "~/domain/jobs/job-calendar";
import { WAREHOUSE_DAY_PATH } from "~/domain/jobs/job-list";
import { loadWarehouseDay, readWarehouseDate } from "~/domain/jobs/warehouse-day.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatShortDate } from "~/lib/format";
import { inputClass } from "~/ui/admin/form";
import { DayMovements, DaySection } from "~/ui/admin/jobs/day-sections";
import { AddressProblems } from "~/ui/admin/jobs/list-notices";
import { JobsViewLinks } from "~/ui/admin/jobs/list-views";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/day";

// The warehouse's day (issue 26): for ?date=YYYY-MM-DD (today in Dhaka by default), what is to leave, what is due
// back, what is overdue, and what was recorded leaving and coming back that day (warehouse-day.server.ts says how
// each is read). Each job links to its page and its pick list; the previous and next days are links.

export const meta: Route.MetaFunction = () => [{ title: "Warehouse Day | Utsab Admin" }];

const dayHref = (date: string) => `${WAREHOUSE_DAY_PATH}?date=${date}`;

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/jobs/day");
  const today = todayInDhaka();
  const { date, error } = readWarehouseDate(new URL(args.request.url).searchParams, today);
  const day = await loadWarehouseDay(getDb(), date);
  return {
    day,
    today,
    errors: error ? { date: error } : ({} as Record<string, string>),
    previous: dayHref(addDays(date, -1)),
    next: dayHref(addDays(date, 1)),
  };
}

const navButton =
  "inline-flex h-9 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-ink-900 hover:bg-slate-50";

export default function WarehouseDay({ loaderData }: Route.ComponentProps) {
  const { day, today, errors, previous, next } = loaderData;
  const isToday = day.date === today;
  return (
    <>
      <PageHeader
        title="Warehouse Day"
        description="What leaves and what comes back on a day, what is overdue, and what was recorded going and coming."
      />
      <JobsViewLinks />
      <AddressProblems errors={errors} showing="today" />
      <Panel className="mb-4">
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <h2 className="text-lg font-semibold text-ink-900">
            {dayLabel(day.date)} {day.date.slice(0, 4)}
            {isToday && <span className="ml-2 text-sm font-medium text-brand-700">Today</span>}
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <Link to={previous} className={navButton} aria-label="Previous day">
              <ChevronLeft aria-hidden className="size-4" /> Previous
            </Link>
            {!isToday && (
              <Link to={WAREHOUSE_DAY_PATH} className={navButton}>
                Today
              </Link>
            )}
            <Link to={next} className={navButton} aria-label="Next day">
              Next <ChevronRight aria-hidden className="size-4" />
            </Link>
            <Form method="get" action={WAREHOUSE_DAY_PATH} className="flex items-end gap-2">
              <label className="sr-only" htmlFor="warehouse-date">
                Day
              </label>
              <input
                id="warehouse-date"
                type="date"
                name="date"
                defaultValue={day.date}
                key={day.date}
                className={`${inputClass} h-9 w-40 border-slate-300 py-1`}
              />
              <button type="submit" className={`${secondaryButton} h-9 !px-3 !py-1`}>
                Go
              </button>
            </Form>
          </div>
        </div>
      </Panel>
      <div className="grid gap-4 lg:grid-cols-2">
        <DaySection
          id="leaving"
          title="Leaving"
          description={`Jobs starting ${formatShortDate(day.date)}, and earlier ones with units not sent yet: what is still to send.`}
          jobs={day.leaving}
          quantityLabel="To send"
          empty="Nothing to send."
          tone="brand"
        />
        <DaySection
          id="coming-back"
          title="Coming back"
          description={`Jobs ending ${formatShortDate(day.date)} (due back that day): the units still out.`}
          jobs={day.comingBack}
          quantityLabel="Out"
          empty="Nothing due back."
          tone="green"
        />
      </div>
      <div className="mt-4">
        <DaySection
          id="overdue"
          title="Overdue"
          description={`Units still out of jobs that ended before ${formatShortDate(day.date)}.`}
          jobs={day.overdue}
          quantityLabel="Out"
          empty="Nothing overdue."
          tone="red"
        />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <DayMovements title="Left that day" movements={day.left} empty="Nothing recorded leaving." />
        <DayMovements title="Came back that day" movements={day.checkedIn} empty="Nothing recorded coming back." />
      </div>
    </>
  );
}
