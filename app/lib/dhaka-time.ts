/** Calendar dates are judged in Asia/Dhaka (DESIGN §5), whatever the server's own time zone. */
export const BUSINESS_TIME_ZONE = "Asia/Dhaka";

// Made once: building an Intl formatter costs far more than using one, and this runs on every request.
// en-CA formats as YYYY-MM-DD.
const dhakaDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in Dhaka as YYYY-MM-DD. */
export function todayInDhaka(now: Date = new Date()): string {
  return dhakaDate.format(now);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/** "2027-01-05T14:30" in Dhaka (UTC+6, no summer time) as an instant; null when it is not a real date and time. */
export function dhakaDateTime(value: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (y < 2000 || y > 2999 || h > 23 || mi > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h - 6, mi);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc);
}

/** An instant as the datetime-local input's value, in Dhaka. */
export function toDhakaInput(date: Date): string {
  return new Date(date.getTime() + 6 * 3_600_000).toISOString().slice(0, 16);
}
