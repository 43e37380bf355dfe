import { sumPaisa, toPaisa, fromPaisa } from "../../lib/money";

// The age of what is owed (Payables & Receivables; issue 21). A payable's or receivable's age is the number of days
// past its due date, or, when it has none, since its own date; today is Dhaka's. Totals of what is left are kept by
// age: not yet due (a due date still ahead), 0–30, 31–60, 61–90 and over 90 days. Overdue: a due date before today
// (one without a due date is never marked overdue, though it ages). The SQL of the lists follows AGE_BUCKETS.
// Browser-safe.

export const AGE_BUCKETS = [
  { key: "notDue", label: "Not yet due", min: null, max: -1 },
  { key: "0-30", label: "0–30 days", min: 0, max: 30 },
  { key: "31-60", label: "31–60 days", min: 31, max: 60 },
  { key: "61-90", label: "61–90 days", min: 61, max: 90 },
  { key: "over90", label: "Over 90 days", min: 91, max: null },
] as const satisfies readonly { key: string; label: string; min: number | null; max: number | null }[];

export type AgeBucketKey = (typeof AGE_BUCKETS)[number]["key"];
export const AGE_BUCKET_KEYS = AGE_BUCKETS.map((b) => b.key) as AgeBucketKey[];

const DAY_MS = 86_400_000;

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days past the due date, or since the date when there is no due date. */
export function ageOf(item: { date: string; dueDate: string | null }, today: string): number {
  return daysBetween(item.dueDate ?? item.date, today);
}

export function ageBucketOf(age: number): AgeBucketKey {
  for (const bucket of AGE_BUCKETS) if (bucket.max === null || age <= bucket.max) return bucket.key;
  return "over90";
}

/** A due date before today. */
export function isOverdue(dueDate: string | null, today: string): boolean {
  return dueDate !== null && dueDate < today;
}

export type AgeingTotals = Record<AgeBucketKey | "total", string>;

/** What is left, summed by age (and in all). */
export function ageingTotals(
  items: readonly { date: string; dueDate: string | null; left: string }[],
  today: string,
): AgeingTotals {
  const sums = new Map<AgeBucketKey, bigint[]>(AGE_BUCKET_KEYS.map((k) => [k, []]));
  for (const item of items) sums.get(ageBucketOf(ageOf(item, today)))!.push(toPaisa(item.left));
  const totals = Object.fromEntries(AGE_BUCKET_KEYS.map((k) => [k, fromPaisa(sumPaisa(sums.get(k)!))])) as AgeingTotals;
  totals.total = fromPaisa(sumPaisa(items.map((i) => toPaisa(i.left))));
  return totals;
}

/** How a row says its age: "12 days overdue", "Due today", "Due in 5 days", "45 days old" (no due date). */
export function ageText(item: { date: string; dueDate: string | null }, today: string): string {
  const age = ageOf(item, today);
  const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
  if (item.dueDate === null) return age <= 0 ? "New" : `${days(age)} old`;
  if (age > 0) return `${days(age)} overdue`;
  if (age === 0) return "Due today";
  return `Due in ${days(-age)}`;
}
