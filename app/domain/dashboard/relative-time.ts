// "just now", "5 minutes ago", "1 hour ago", "3 days ago": how long ago something happened, in words.
// Browser-safe; the loader passes its own `now` so the server's words and the browser's are the same.

const words = new Intl.RelativeTimeFormat("en", { numeric: "always", style: "long" });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * The time from `then` to `now` in the largest whole unit: under a minute is "just now" (a moment in the
 * future too, as a clock a little ahead makes it), then minutes, hours, days, weeks, months and years, each
 * rounded down ("1 hour ago" until two hours have passed).
 */
export function timeAgo(then: Date | string | number, now: Date | string | number): string {
  const seconds = Math.floor((new Date(now).getTime() - new Date(then).getTime()) / 1000);
  if (!Number.isFinite(seconds)) throw new Error("timeAgo needs two valid times");
  if (seconds < MINUTE) return "just now";
  if (seconds < HOUR) return words.format(-Math.floor(seconds / MINUTE), "minute");
  if (seconds < DAY) return words.format(-Math.floor(seconds / HOUR), "hour");
  if (seconds < WEEK) return words.format(-Math.floor(seconds / DAY), "day");
  if (seconds < MONTH) return words.format(-Math.floor(seconds / WEEK), "week");
  if (seconds < YEAR) return words.format(-Math.floor(seconds / MONTH), "month");
  return words.format(-Math.floor(seconds / YEAR), "year");
}
