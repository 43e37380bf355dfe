/** Calendar dates are judged in Asia/Dhaka (DESIGN §5), whatever the server's own time zone. */
export const BUSINESS_TIME_ZONE = "Asia/Dhaka";

/** Today's date in Dhaka as YYYY-MM-DD. */
export function todayInDhaka(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
