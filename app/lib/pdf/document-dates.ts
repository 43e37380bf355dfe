// Dates as printed on documents (quotations, payslips, reports): day, short month, year — "30 Nov 2026" — the
// order people in Bangladesh write and read, with the month spelled so it is never ambiguous. Moments
// (timestamps) are first turned into their calendar day in Asia/Dhaka (DESIGN §5).

import { todayInDhaka } from "~/lib/dhaka-time";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-30" → "30 Nov 2026". */
export function documentDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new Error(`not a calendar date: ${isoDate}`);
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** The calendar day of a moment in Dhaka: 2026-11-30T19:00Z → "1 Dec 2026". */
export function documentDay(moment: Date): string {
  return documentDate(todayInDhaka(moment));
}

/** Whole days from one calendar date to another, both counted: 15 to 17 Dec → 3. */
export function daysInclusive(fromIso: string, toIso: string): number {
  const from = Date.parse(`${fromIso}T00:00:00Z`);
  const to = Date.parse(`${toIso}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) throw new Error(`not calendar dates: ${fromIso}, ${toIso}`);
  return Math.round((to - from) / 86_400_000) + 1;
}

/** "15 Dec 2026" for one day, "15 Dec 2026 to 17 Dec 2026 (3 days)" for a longer rental. */
export function documentDateRange(startIso: string, endIso: string | null): string {
  if (endIso === null || endIso === startIso) return documentDate(startIso);
  const days = daysInclusive(startIso, endIso);
  return `${documentDate(startIso)} to ${documentDate(endIso)} (${days} days)`;
}
