// Money and date formatting, the same on server and browser (DESIGN §5).

const catalogueTaka = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const exactTaka = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Catalogue prices: ৳ with en-US grouping and no decimals, e.g. ৳10,000. */
export function formatCataloguePrice(amount: string | number): string {
  return `৳${catalogueTaka.format(Number(amount))}`;
}

/** Quotation and accounting amounts: ৳ with 2 decimals, e.g. ৳10,000.00. */
export function formatMoney(amount: string | number): string {
  return `৳${exactTaka.format(Number(amount))}`;
}

/**
 * A signed amount on a screen (a decimal string, maybe negative): ৳1,234.00 or −৳1,234.00, the minus sign before the
 * taka sign. Not for PDFs: their Noto Sans has no U+2212, so they print formatMoney's ৳-1,234.00.
 */
export function formatSignedMoney(amount: string): string {
  return amount.startsWith("-") ? `−${formatMoney(amount.slice(1))}` : formatMoney(amount);
}

/** The months' full names, January first. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function parseIsoDate(isoDate: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new Error(`not a calendar date: ${isoDate}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** "2027-09" as "September 2027". */
export function formatMonthYear(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${year}`;
}

/** A calendar date as month name, day, year: "December 15, 2024" (storefront.md §9). */
export function formatLongDate(isoDate: string): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** A calendar date as 'MMM dd, yyyy': "Dec 15, 2024" (the home page, backoffice.md §9). */
export function formatShortDate(isoDate: string): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return `${MONTHS[month - 1]!.slice(0, 3)} ${String(day).padStart(2, "0")}, ${year}`;
}

/** "18:30:00" or "18:30" as "6:30 PM". */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** The location text before the first comma (event cards, storefront.md §9). */
export function shortLocation(location: string): string {
  return location.split(",")[0]!.trim();
}
