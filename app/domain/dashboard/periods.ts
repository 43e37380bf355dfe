import { todayInDhaka } from "../../lib/dhaka-time";

// The dashboard's calendar: this month and the last weeks, as calendar dates (YYYY-MM-DD) in Asia/Dhaka. The
// database turns a date into the instant it starts in Dhaka (`'2026-12-01'::timestamp at time zone
// 'Asia/Dhaka'`), so no offset is written here. Browser-safe.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function parse(isoDate: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`not a calendar date: ${isoDate}`);
  return new Date(`${isoDate}T00:00:00Z`);
}

const format = (date: Date) => date.toISOString().slice(0, 10);

/** The calendar date `days` after `isoDate` (before it when negative). */
export function addDays(isoDate: string, days: number): string {
  const date = parse(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return format(date);
}

/** The Monday of the week holding `isoDate` (weeks start on Monday). */
export function mondayOf(isoDate: string): string {
  const weekday = parse(isoDate).getUTCDay(); // 0 Sunday ... 6 Saturday
  return addDays(isoDate, -((weekday + 6) % 7));
}

/** The first day of the month holding `isoDate`, and the first day of the next month. */
export function monthOf(isoDate: string): { start: string; next: string } {
  const date = parse(isoDate);
  const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const next = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return { start: format(start), next: format(next) };
}

/** The Mondays of the last `count` weeks, oldest first, the current week last. */
export function lastWeekStarts(today: string, count: number): string[] {
  const current = mondayOf(today);
  return Array.from({ length: count }, (_, i) => addDays(current, -7 * (count - 1 - i)));
}

export interface WeekCount {
  /** The week's Monday. */
  weekStart: string;
  requests: number;
  approvals: number;
}

/**
 * One entry per week of `weekStarts`, in that order, with the counts the database found for it and zero for a
 * week it found nothing in. Counts for a week outside the list are ignored.
 */
export function fillWeeks(
  weekStarts: readonly string[],
  found: ReadonlyArray<{ weekStart: string; requests?: number; approvals?: number }>,
): WeekCount[] {
  const byWeek = new Map(weekStarts.map((weekStart) => [weekStart, { weekStart, requests: 0, approvals: 0 }]));
  for (const row of found) {
    const week = byWeek.get(row.weekStart);
    if (!week) continue;
    week.requests += row.requests ?? 0;
    week.approvals += row.approvals ?? 0;
  }
  return [...byWeek.values()];
}

/** A week by its Monday, as the chart's axis shows it: "Nov 30". */
export function weekLabel(weekStart: string): string {
  const date = parse(weekStart);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** Today, this month and the last `weeks` weeks, all in Dhaka. */
export function dashboardPeriods(now: Date, weeks: number) {
  const today = todayInDhaka(now);
  return { today, month: monthOf(today), weekStarts: lastWeekStarts(today, weeks) };
}
