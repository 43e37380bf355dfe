import { CalendarRange, ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import {
  dayLabel,
  dayOfJob,
  daysBetween,
  jobsOn,
  lastDayOf,
  WEEKDAY_NAMES,
  weekHref,
  type CalendarJob,
  type CalendarNavigation,
  type CalendarRequest,
} from "~/domain/jobs/job-calendar";
import { jobHref } from "~/domain/jobs/job-list";
import { CalendarJobCard, CalendarJobChip } from "./calendar-job";

const navButton =
  "inline-flex h-9 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-ink-900 hover:bg-slate-50";

/** The calendar's title, previous / today / next, and the month / week switch: all links (the state is the URL). */
export function CalendarNav({ request, nav }: { request: CalendarRequest; nav: CalendarNavigation }) {
  const unit = request.view === "week" ? "week" : "month";
  const toggle = (active: boolean) =>
    `px-3 py-1.5 text-sm font-medium ${active ? "bg-brand-700 text-white" : "bg-white text-ink-900 hover:bg-slate-50"}`;
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <h2 className="text-lg font-semibold text-ink-900" aria-live="polite">
        {nav.title}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={nav.previous} className={navButton} aria-label={`Previous ${unit}`}>
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Link>
        <Link to={nav.today} className={navButton}>
          Today
        </Link>
        <Link to={nav.next} className={navButton} aria-label={`Next ${unit}`}>
          Next <ChevronRight aria-hidden className="size-4" />
        </Link>
        <nav aria-label="Calendar view" className="flex overflow-hidden rounded-md border border-slate-300">
          <Link
            to={nav.month}
            className={toggle(request.view === "month")}
            aria-current={request.view === "month" ? "page" : undefined}
          >
            Month
          </Link>
          <Link
            to={nav.week}
            className={`${toggle(request.view === "week")} border-l border-slate-300`}
            aria-current={request.view === "week" ? "page" : undefined}
          >
            Week
          </Link>
        </nav>
      </div>
    </div>
  );
}

const MAX_CHIPS = 3;

/** The month as a 7-column grid (from 1024 px), and as an agenda of its days with jobs below that. */
export function MonthView({ request, jobs }: { request: CalendarRequest; jobs: CalendarJob[] }) {
  const gridDays = daysBetween(request.from, request.to);
  const monthStart = `${request.month}-01`;
  const monthEnd = lastDayOf(request.month);
  const inMonth = jobs.filter((job) => job.endDate >= monthStart && job.startDate <= monthEnd);
  return (
    <>
      <div className="hidden lg:block" data-testid="month-grid">
        <div role="grid" aria-label="Jobs by day" className="grid grid-cols-7 border-b border-slate-200">
          <div role="row" className="contents">
            {WEEKDAY_NAMES.map((name) => (
              <div
                key={name}
                role="columnheader"
                className="border-b border-slate-200 bg-slate-50 px-2 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {name}
              </div>
            ))}
          </div>
          {Array.from({ length: gridDays.length / 7 }, (_, week) => (
            <div role="row" key={week} className="contents">
              {gridDays.slice(week * 7, week * 7 + 7).map((day) => {
                const onDay = jobsOn(jobs, day);
                const other = day.slice(0, 7) !== request.month;
                const today = day === request.today;
                return (
                  <div
                    key={day}
                    role="gridcell"
                    data-day={day}
                    aria-label={dayLabel(day)}
                    className={`min-h-28 min-w-0 border-r border-b border-slate-100 p-1.5 [&:nth-child(7n)]:border-r-0 ${
                      other ? "bg-slate-50/70" : "bg-white"
                    }`}
                  >
                    <p
                      className={`mb-1 inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                        today ? "bg-brand-700 text-white" : other ? "text-slate-400" : "text-slate-700"
                      }`}
                    >
                      {Number(day.slice(8))}
                    </p>
                    <div className="space-y-1">
                      {onDay.slice(0, MAX_CHIPS).map((job) => (
                        <CalendarJobChip key={job.id} job={job} />
                      ))}
                      {onDay.length > MAX_CHIPS && (
                        <Link
                          to={weekHref(day)}
                          className="block px-1 text-xs font-medium text-brand-700 hover:underline"
                        >
                          +{onDay.length - MAX_CHIPS} more
                        </Link>
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <section aria-label="This month's jobs" className="p-4">
          <h3 className="mb-3 text-sm font-semibold text-ink-900">
            {inMonth.length === 0
              ? "No jobs this month."
              : `${inMonth.length} ${inMonth.length === 1 ? "job" : "jobs"} this month: what they take out and who works them`}
          </h3>
          <div className="grid grid-cols-2 gap-3 xl:grid-cols-3">
            {inMonth.map((job) => (
              <CalendarJobCard key={job.id} job={job} />
            ))}
          </div>
        </section>
      </div>
      <MonthAgenda jobs={jobs} from={monthStart} to={monthEnd} today={request.today} />
    </>
  );
}

/**
 * Below 1024 px: the month's days that have jobs, one under another. A job shows whole on its first day in the
 * month and as a line on its later days.
 */
function MonthAgenda({ jobs, from, to, today }: { jobs: CalendarJob[]; from: string; to: string; today: string }) {
  const days = daysBetween(from, to)
    .map((day) => ({ day, jobs: jobsOn(jobs, day) }))
    .filter((d) => d.jobs.length > 0);
  return (
    <div className="lg:hidden" data-testid="month-agenda">
      {days.length === 0 ? (
        <EmptyDays />
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Days with jobs">
          {days.map(({ day, jobs: onDay }) => (
            <li key={day} className="p-4" data-day={day}>
              <h3 className={`mb-2 text-sm font-semibold ${day === today ? "text-brand-700" : "text-ink-900"}`}>
                {dayLabel(day)}
                {day === today ? " · Today" : ""}
              </h3>
              <div className="space-y-2">
                {onDay.map((job) =>
                  day === (job.startDate > from ? job.startDate : from) ? (
                    <CalendarJobCard key={job.id} job={job} day={day} />
                  ) : (
                    <ContinuingJob key={job.id} job={job} day={day} />
                  ),
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A later day of a job shown whole on an earlier day. */
function ContinuingJob({ job, day }: { job: CalendarJob; day: string }) {
  return (
    <p className="text-sm text-slate-600" data-job={job.reference}>
      <Link to={jobHref(job.id)} className="font-semibold text-brand-700 hover:underline">
        {job.reference}
      </Link>{" "}
      {job.title} <span className="text-xs text-slate-500">({dayOfJob(job, day)})</span>
    </p>
  );
}

function EmptyDays() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <CalendarRange aria-hidden className="size-10 text-slate-300" />
      <p className="font-semibold text-ink-900">No jobs in these days.</p>
      <p className="text-sm text-slate-600">Approving a quotation opens its job for its rental period.</p>
    </div>
  );
}

/** The week: seven columns from 1024 px, its days one under another below. */
export function WeekView({ request, jobs }: { request: CalendarRequest; jobs: CalendarJob[] }) {
  const days = daysBetween(request.from, request.to);
  return (
    <ol
      aria-label="Days of the week"
      className="divide-y divide-slate-100 lg:grid lg:grid-cols-7 lg:divide-x lg:divide-y-0"
      data-testid="week"
    >
      {days.map((day) => {
        const onDay = jobsOn(jobs, day);
        return (
          <li key={day} className="min-w-0 p-3 lg:min-h-64 lg:p-2" data-day={day}>
            <h3 className={`mb-2 text-sm font-semibold ${day === request.today ? "text-brand-700" : "text-ink-900"}`}>
              {dayLabel(day)}
              {day === request.today ? " · Today" : ""}
            </h3>
            {onDay.length === 0 ? (
              <p className="text-xs text-slate-500">No jobs</p>
            ) : (
              <div className="space-y-2">
                {onDay.map((job) => (
                  <CalendarJobCard key={job.id} job={job} day={day} compact />
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
