import { formatMoney } from "../../lib/format";

// The age of what is owed (Payables & Receivables; issue 21). A payable's or receivable's age is the number of days
// past its due date, or, when it has none, since its own date; today is Dhaka's. Totals of what is left are kept by
// age: not yet due (due today or later: age 0 or less), 1–30, 31–60, 61–90 and over 90 days past due. Overdue: a due
// date before today (age 1 or more); so a row is Overdue exactly when its due date puts it in a bucket past due. One
// without a due date is never marked overdue, though it ages from its date. The rule is applied ONCE, in SQL
// (open-items.server.ts: ageSql, ageBucketSql, overdueSql), by AGE_BUCKETS' bounds, and by ageBucketOf for a party's
// documents (party-ageing.server.ts); ageText only words a row's age.
// Browser-safe.

export const AGE_BUCKETS = [
  { key: "notDue", label: "Not yet due", min: null, max: 0 },
  { key: "1-30", label: "1–30 days", min: 1, max: 30 },
  { key: "31-60", label: "31–60 days", min: 31, max: 60 },
  { key: "61-90", label: "61–90 days", min: 61, max: 90 },
  { key: "over90", label: "Over 90 days", min: 91, max: null },
] as const satisfies readonly { key: string; label: string; min: number | null; max: number | null }[];

export type AgeBucketKey = (typeof AGE_BUCKETS)[number]["key"];
export const AGE_BUCKET_KEYS = AGE_BUCKETS.map((b) => b.key) as AgeBucketKey[];

/** The bucket of an age in days (past due, or since the date): AGE_BUCKETS' bounds, as ageBucketSql applies them. */
export function ageBucketOf(age: number): AgeBucketKey {
  return (AGE_BUCKETS.find((b) => b.max !== null && age <= b.max) ?? AGE_BUCKETS[AGE_BUCKETS.length - 1]!).key;
}

const DAY_MS = 86_400_000;

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days past the due date, or since the date when there is no due date. */
export function ageOf(item: { date: string; dueDate: string | null }, today: string): number {
  return daysBetween(item.dueDate ?? item.date, today);
}

/**
 * What is left of one table's open documents by age (`documents`: their sum; receivables count the tax invoices too),
 * what no document explains (`onAccount`: advances, overpayments, adjustments), and `ledger`: the parties' balance on
 * the accounts, which DESIGN §10 makes the screen's total (= documents + on account).
 */
export type AgeingTotals = Record<AgeBucketKey | "documents" | "onAccount" | "ledger", string> & {
  accountName: string;
  /** Receivables only: what tax invoices still owe (issue 22), part of `documents` though listed on Invoices. */
  invoices: string;
};

export const AGEING_MESSAGES = {
  /** The receivables' note when tax invoices are owed: they post to the same account. */
  invoicesOwed: (amount: string) => `Of the total, ${formatMoney(amount)} is owed on tax invoices, listed on Invoices`,
  /** What the parties' documents do not explain (issue 36). */
  onAccount: (kind: "payable" | "receivable") =>
    kind === "receivable"
      ? "On account: customers' advances, overpayments and adjustments no invoice or receivable is behind"
      : "On account: advances paid to suppliers and adjustments no payable is behind",
};

/** How a row says its age: "12 days overdue", "Due today", "Due in 5 days", "45 days old" (no due date). */
export function ageText(item: { date: string; dueDate: string | null }, today: string): string {
  const age = ageOf(item, today);
  const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
  if (item.dueDate === null) return age <= 0 ? "New" : `${days(age)} old`;
  if (age > 0) return `${days(age)} overdue`;
  if (age === 0) return "Due today";
  return `Due in ${days(-age)}`;
}
