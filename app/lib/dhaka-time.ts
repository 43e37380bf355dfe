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
