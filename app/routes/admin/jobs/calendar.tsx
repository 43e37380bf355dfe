import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { calendarNavigation, readCalendarRequest } from "~/domain/jobs/job-calendar";
import { calendarJobs } from "~/domain/jobs/job-calendar.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { CalendarNav, MonthView, WeekView } from "~/ui/admin/jobs/calendar-views";
import { AddressProblems } from "~/ui/admin/jobs/list-notices";
import { JobsViewLinks } from "~/ui/admin/jobs/list-views";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/calendar";

// The job calendar (issue 26): a month (?month=YYYY-MM, this month in Dhaka by default) or a week
// (?show=week&date=YYYY-MM-DD) of jobs, each on the days of its rental period in its status's colour, with what it
// takes out and its crew; one query per view (job-calendar.server.ts). A month is a grid from 1024 px and an agenda
// of its days with jobs below; a week is seven columns or a list.

export const meta: Route.MetaFunction = () => [{ title: "Job Calendar | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/jobs/calendar");
  const request = readCalendarRequest(new URL(args.request.url).searchParams, todayInDhaka());
  const jobs = await calendarJobs(getDb(), request.from, request.to, request.today);
  return { request, nav: calendarNavigation(request), jobs };
}

export default function JobCalendar({ loaderData }: Route.ComponentProps) {
  const { request, nav, jobs } = loaderData;
  return (
    <>
      <PageHeader
        title="Job Calendar"
        description="Each job on the days of its rental period, with what it takes out and who works it."
      />
      <JobsViewLinks />
      <AddressProblems errors={request.errors} showing={nav.title} />
      <Panel>
        <CalendarNav request={request} nav={nav} />
        {request.view === "week" ? (
          <WeekView request={request} jobs={jobs} />
        ) : (
          <MonthView request={request} jobs={jobs} />
        )}
      </Panel>
      <Legend />
    </>
  );
}

function Legend() {
  const item = (tone: string, label: string) => (
    <li className="inline-flex items-center gap-1.5">
      <span aria-hidden className={`h-3 w-5 rounded-sm border border-l-4 ${tone}`} />
      {label}
    </li>
  );
  return (
    <ul aria-label="Colours" className="mt-3 flex flex-wrap gap-4 text-xs text-slate-600">
      {item("border-sky-300 bg-sky-50", "Planned")}
      {item("border-amber-300 bg-amber-50", "Out")}
      {item("border-emerald-300 bg-emerald-50", "Returned")}
      {item("border-red-400 bg-red-50", "Overdue (out after its end date)")}
    </ul>
  );
}
