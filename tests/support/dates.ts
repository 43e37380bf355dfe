// Dates relative to the day the tests run, so no test breaks when a fixed date passes.

/** A date `days` from today in Dhaka, as YYYY-MM-DD. */
export function dhakaDatePlus(days: number, now = new Date()): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(now);
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
