// The spec's five sample events (storefront.md §3) are dated 2023-2024: on a new installation they would all
// be past, and the home page would open on "no upcoming events". So the seed keeps each event's month and day
// but moves the year: an upcoming event to its next occurrence after the day of the first start, a completed
// one to its latest occurrence before it (ADR 0003).

function parts(isoDate: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`not a calendar date: ${isoDate}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The month and day in `year`; 29 February becomes the 28th in a year that has none. */
function inYear(year: number, month: number, day: number): string {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const d = month === 2 && day === 29 && !leap ? 28 : day;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * The sample date moved next to `today` (YYYY-MM-DD): for an upcoming event the first day with its month and
 * day after today, for a completed one the last such day before today.
 */
export function sampleEventDate(specDate: string, status: "upcoming" | "completed", today: string): string {
  const { month, day } = parts(specDate);
  const { year } = parts(today);
  if (status === "upcoming") {
    const thisYear = inYear(year, month, day);
    return thisYear > today ? thisYear : inYear(year + 1, month, day);
  }
  const thisYear = inYear(year, month, day);
  return thisYear < today ? thisYear : inYear(year - 1, month, day);
}
