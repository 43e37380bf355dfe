import { formatMonthYear, formatShortDate, MONTHS } from "../../lib/format";
import { isCalendarDate } from "../../lib/list-params";
import type { JobRole, JobSummary } from "./constants";
import { JOB_CALENDAR_PATH } from "./job-list";

// The job calendar (/admin/jobs/calendar, issue 26), browser-safe: what its URL asks for and the days it shows.
// ?month=YYYY-MM (the month view, this month in Dhaka by default) or ?show=week&date=YYYY-MM-DD (the week, Monday
// to Sunday as the dashboard's weeks, holding that day; today by default). A value that cannot be read is named
// and the default shown instead. The month grid runs from the Monday on or before the 1st to the Sunday on or after
// the last day, so a job in the grid's first or last days (of the months either side) shows there too.

export const CALENDAR_VIEWS = ["month", "week"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const JOB_CALENDAR_MESSAGES = {
  show: "Show must be month or week",
  month: "Month must be written YYYY-MM",
  date: "Date must be a date written YYYY-MM-DD",
} as const;

export interface CalendarRequest {
  view: CalendarView;
  /** YYYY-MM of the month view, or of the week's Monday. */
  month: string;
  /** The week view's day (today's by default); the month view: its 1st. */
  date: string;
  /** The first and last days shown (the grid's, or the week's). */
  from: string;
  to: string;
  today: string;
  errors: Record<string, string>;
}

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `n` days after `date` (before, when negative). */
export function addDays(date: string, n: number): string {
  return fromUtc(toUtc(date) + n * DAY_MS);
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayOf(date: string): number {
  return (new Date(toUtc(date)).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** The last day of a month YYYY-MM. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return fromUtc(Date.UTC(y, m, 0));
}

/** The month `n` months after YYYY-MM. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return fromUtc(Date.UTC(y, m - 1 + n, 1)).slice(0, 7);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = toUtc(from), end = toUtc(to); ms <= end; ms += DAY_MS) days.push(fromUtc(ms));
  return days;
}

/**
 * A date the calendar can show: a business date (2000-2099, isCalendarDate), so its month and the whole weeks around
 * it keep four-digit years (9999-12's last week ran into the year 10000, which the database cannot read as text).
 */
function isShowableDate(value: string): boolean {
  return isCalendarDate(value);
}

function isMonth(value: string): boolean {
  return /^\d{4}-\d{2}$/.test(value) && isShowableDate(`${value}-01`);
}

/** What the calendar's URL asks for, `today` (Dhaka's) filling in what it leaves out or cannot be read. */
export function readCalendarRequest(params: URLSearchParams, today: string): CalendarRequest {
  const errors: Record<string, string> = {};
  const given = (name: string) => {
    const value = params.get(name)?.trim();
    return value ? value : null;
  };
  const rawView = given("show");
  let view: CalendarView = "month";
  if (rawView === "week") view = "week";
  else if (rawView !== null && rawView !== "month") errors.show = JOB_CALENDAR_MESSAGES.show;

  if (view === "week") {
    const rawDate = given("date");
    let date = today;
    if (rawDate !== null) {
      if (isShowableDate(rawDate)) date = rawDate;
      else errors.date = JOB_CALENDAR_MESSAGES.date;
    }
    const from = mondayOf(date);
    return { view, month: from.slice(0, 7), date, from, to: addDays(from, 6), today, errors };
  }
  const rawMonth = given("month");
  let month = today.slice(0, 7);
  if (rawMonth !== null) {
    if (isMonth(rawMonth)) month = rawMonth;
    else errors.month = JOB_CALENDAR_MESSAGES.month;
  }
  const first = `${month}-01`;
  const last = lastDayOf(month);
  return { view, month, date: first, from: mondayOf(first), to: addDays(mondayOf(last), 6), today, errors };
}

/** The calendar's URL for a month, or for the week holding a day. */
export function monthHref(month: string): string {
  return `${JOB_CALENDAR_PATH}?month=${month}`;
}
export function weekHref(date: string): string {
  return `${JOB_CALENDAR_PATH}?show=week&date=${date}`;
}

export interface CalendarNavigation {
  /** "March 2027" or "Mar 01, 2027 – Mar 07, 2027". */
  title: string;
  previous: string;
  next: string;
  today: string;
  /** The other view, around the same days. */
  month: string;
  week: string;
}

export function calendarNavigation(request: CalendarRequest): CalendarNavigation {
  if (request.view === "week")
    return {
      title: `${formatShortDate(request.from)} – ${formatShortDate(request.to)}`,
      previous: weekHref(addDays(request.from, -7)),
      next: weekHref(addDays(request.from, 7)),
      today: weekHref(request.today),
      month: monthHref(request.date.slice(0, 7)),
      week: weekHref(request.date),
    };
  const inMonth = request.today.slice(0, 7) === request.month;
  return {
    title: formatMonthYear(request.month),
    previous: monthHref(addMonths(request.month, -1)),
    next: monthHref(addMonths(request.month, 1)),
    today: monthHref(request.today.slice(0, 7)),
    month: monthHref(request.month),
    // The week of today when this month holds it, else the month's first week.
    week: weekHref(inMonth ? request.today : `${request.month}-01`),
  };
}

/** "Mon", "Tue", … for the grid's header. */
export const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** "Mon 01 Mar" for a day's heading in the week view and the agenda. */
export function dayLabel(date: string): string {
  const [, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${String(d).padStart(2, "0")} ${MONTHS[m - 1]!.slice(0, 3)}`;
}

/** A line of what a job takes out, as the quotation had it (a package as one line). */
export interface CalendarJobItem {
  name: string;
  quantity: number;
}

export interface CalendarCrewTask {
  role: JobRole;
  /** The employee it is assigned to; null while unassigned. */
  employeeName: string | null;
}

export interface CalendarJob extends JobSummary {
  overdue: boolean;
  /** Units to pick (every line but a package's own: its parts are counted). */
  units: number;
  items: CalendarJobItem[];
  crew: CalendarCrewTask[];
}

/**
 * What a job takes out, shortened: "12 units: LED wall ×4, Truss ×8", the first `max` lines and "+2 more" for the
 * rest; "Nothing to take" for a job without lines.
 */
export function takesOutLabel(job: Pick<CalendarJob, "units" | "items">, max = 3): string {
  if (job.items.length === 0) return "Nothing to take";
  const shown = job.items
    .slice(0, max)
    .map((item) => `${item.name} ×${item.quantity}`)
    .join(", ");
  const more = job.items.length > max ? `, +${job.items.length - max} more` : "";
  return `${job.units} ${job.units === 1 ? "unit" : "units"}: ${shown}${more}`;
}

/** The jobs on a day, in the order given (the query's: earliest start first). */
export function jobsOn(jobs: readonly CalendarJob[], day: string): CalendarJob[] {
  return jobs.filter((job) => job.startDate <= day && job.endDate >= day);
}

/** "Day 2 of 5" for a day inside a longer job; null for a one-day job. */
export function dayOfJob(job: Pick<CalendarJob, "startDate" | "endDate">, day: string): string | null {
  if (job.startDate === job.endDate) return null;
  const total = Math.round((toUtc(job.endDate) - toUtc(job.startDate)) / DAY_MS) + 1;
  const n = Math.round((toUtc(day) - toUtc(job.startDate)) / DAY_MS) + 1;
  return `Day ${n} of ${total}`;
}
