import { formatMonthYear, formatShortDate } from "../../lib/format";
import { defineList, type StateOf } from "../../lib/list-params";
import {
  PAYABLE_CATEGORIES,
  PAYMENT_METHODS,
  RECEIVABLE_CATEGORIES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type PaymentMethod,
} from "./constants";

// The Transactions screen's URL (/admin/accounts, backoffice.md §2; issue 21): its list and the period of its cards.
// One period for the page: the cards add up the ledger over it and the table shows its transactions. It is a
// month, a year or all time (`period`, this month when absent), or the range `from`–`to` typed in the date
// filters, which takes its place. Beyond the spec: filters by type, status, category and method, a search over
// description, reference and party, sorts, pages. Browser-safe.

/** "2026-05" (a month), "2026" (a year) or "all". */
/** A month or a year of the business years (business-date.ts: 2000-2099), or all. */
export const PERIOD_PATTERN = /^(?:20\d{2}(?:-(?:0[1-9]|1[0-2]))?|all)$/;

export const TRANSACTION_LIST = defineList({
  sorts: { date: "desc", amount: "desc", category: "asc", type: "asc", status: "asc" },
  defaultSort: "date",
  filters: {
    period: { kind: "text", maxLength: 7, pattern: PERIOD_PATTERN },
    from: { kind: "date" },
    to: { kind: "date" },
    type: { kind: "choice", values: TRANSACTION_TYPES },
    status: { kind: "choice", values: TRANSACTION_STATUSES },
    category: { kind: "choice", values: [...RECEIVABLE_CATEGORIES, ...PAYABLE_CATEGORIES] },
    method: { kind: "choice", values: PAYMENT_METHODS },
  },
  pageSize: 20,
});

export type TransactionListState = StateOf<typeof TRANSACTION_LIST>;

/** A span of calendar dates, both ends included; null is open on that side. */
export interface Period {
  from: string | null;
  to: string | null;
  /** How the cards name it: "May 2026", "2026", "All time", "Mar 01, 2026 – Mar 15, 2026". */
  label: string;
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** A month ("2026-05") as its first and last days. */
export function monthPeriod(month: string): Period {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return { from: `${month}-01`, to: lastDayOfMonth(y, m), label: formatMonthYear(month) };
}

/** The page's period: the typed range when there is one, else the chosen month, year or all time, else this month. */
export function periodOf(filters: TransactionListState["filters"], today: string): Period {
  const { from, to, period } = filters;
  if (from || to) {
    const label =
      from && to
        ? `${formatShortDate(from)} – ${formatShortDate(to)}`
        : from
          ? `From ${formatShortDate(from)}`
          : `Up to ${formatShortDate(to!)}`;
    return { from: from ?? null, to: to ?? null, label };
  }
  if (period === "all") return { from: null, to: null, label: "All time" };
  if (period && /^\d{4}$/.test(period)) return { from: `${period}-01-01`, to: `${period}-12-31`, label: period };
  return monthPeriod(period ?? today.slice(0, 7));
}

/** The choices of the period filter: this month (the default, ""), the 12 before it, this year and last, all time. */
export function periodChoices(today: string): { value: string; label: string }[] {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 2 - i, 1));
    const value = d.toISOString().slice(0, 7);
    return { value, label: formatMonthYear(value) };
  });
  return [
    ...months,
    { value: String(year), label: `This year (${year})` },
    { value: String(year - 1), label: `Last year (${year - 1})` },
    { value: "all", label: "All time" },
  ];
}

function nextMonthStart(date: string): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

function isLastDayOfMonth(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.getUTCDate() === 1;
}

/**
 * The whole months inside a period, as [start, end) month starts (null: open on that side), or null when it holds
 * none.
 */
export function wholeMonths(period: { from: string | null; to: string | null }): {
  start: string | null;
  end: string | null;
} | null {
  const start = period.from === null ? null : period.from.endsWith("-01") ? period.from : nextMonthStart(period.from);
  const end =
    period.to === null ? null : isLastDayOfMonth(period.to) ? nextMonthStart(period.to) : `${period.to.slice(0, 7)}-01`;
  if (start !== null && end !== null && start >= end) return null;
  return { start, end };
}

/** A row of the list and of the CSV (transaction-list.server.ts TRANSACTION_ROW_COLUMNS); its details add to it. */
export interface TransactionRow {
  id: string;
  date: string;
  type: "income" | "expense";
  category: string;
  description: string;
  amount: string;
  paymentMethod: PaymentMethod;
  /** The cash, bank or wallet account of a completed one ("1100 Bank - Current Account"). */
  moneyAccount: string | null;
  reference: string | null;
  party: string | null;
  dueDate: string | null;
  status: "pending" | "completed" | "cancelled";
  settledAmount: string;
  /** What is still owed on a pending one (amount less settled). */
  left: string;
  journalEntryId: string | null;
}

/** The cards' figures (ledger-summary.server.ts), decimal strings. */
export interface LedgerSummary {
  /** Credits less debits posted to income accounts in the period. */
  income: string;
  /** Debits less credits posted to expense accounts in the period. */
  expenses: string;
  /** What the cash, bank and wallet accounts hold at the period's end. */
  balance: string;
}

/**
 * The day Current Balance is read at: the period's end when it is over, today otherwise (a period still running, or
 * all time), so the card never names a day to come nor counts what is dated after today.
 */
export function balanceDateOf(period: { to: string | null }, today: string): string {
  return period.to !== null && period.to < today ? period.to : today;
}

/** The balance card's "at ..." words for that day. */
export function balanceAtLabel(balanceDate: string, today: string): string {
  return balanceDate === today ? "today" : `at ${formatShortDate(balanceDate)}`;
}

/**
 * What each card says it counts. Total Expenses is the expense accounts only: an Equipment Purchase posts to the
 * equipment asset (1500), so it is not in it, and the caption says so.
 */
export const SUMMARY_CAPTIONS = {
  income: (periodLabel: string) => `${periodLabel}: income posted`,
  expenses: (periodLabel: string) => `${periodLabel}: expense accounts; equipment bought is an asset, not an expense`,
  balance: (balanceAt: string) => `Cash, bank and wallets ${balanceAt}`,
};

/** The CSV export's path (the list's query string after it). */
export const TRANSACTIONS_EXPORT_PATH = "/admin/accounts/export";

export function transactionsExportFileName(today: string): string {
  return `transactions-${today}.csv`;
}
