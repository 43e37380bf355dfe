import { defineList, type StateOf } from "../../lib/list-params";

// An account's page (/admin/accounts/chart/:id; issue 21): its balance over a date range and its lines, newest
// first, each with the balance after it. The range is in the URL (from, to: dates in Dhaka, both included; this
// month by default), so is the page of lines. Browser-safe.

export const ACCOUNT_LINES_LIST = defineList({
  sorts: { date: "desc" },
  defaultSort: "date",
  filters: { from: { kind: "date" }, to: { kind: "date" } },
  pageSize: 50,
});

export type AccountLinesState = StateOf<typeof ACCOUNT_LINES_LIST>;

/** The first and last day of the month of `date` (YYYY-MM-DD). */
export function monthOf(date: string): { from: string; to: string } {
  const [y, m] = date.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = `${y}-${String(m).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/**
 * The range a URL asks for: its from and to, this month (of `today`, in Dhaka) for what it leaves out, the two
 * swapped when from is after to. Written back into the state, so the page's links and date fields carry it.
 */
export function accountRange(
  state: AccountLinesState,
  today: string,
): AccountLinesState & {
  filters: { from: string; to: string };
} {
  const month = monthOf(today);
  let from = state.filters.from ?? month.from;
  let to = state.filters.to ?? (state.filters.from && state.filters.from > month.to ? state.filters.from : month.to);
  if (from > to) [from, to] = [to, from];
  return { ...state, filters: { from, to } };
}

/** Quick ranges beside the date fields: this month, last month, this calendar year. */
export function quickRanges(today: string): { label: string; from: string; to: string }[] {
  const month = monthOf(today);
  const [y, m] = today.split("-").map(Number) as [number, number];
  const previous = monthOf(m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, "0")}-01`);
  return [
    { label: "This month", ...month },
    { label: "Last month", ...previous },
    { label: "This year", from: `${y}-01-01`, to: `${y}-12-31` },
  ];
}

/** Where a line's entry is seen in the General Ledger: the ledger showing that one entry (its `entry` filter). */
export function ledgerEntryHref(entryId: string): string {
  return `/admin/accounts/ledger?entry=${encodeURIComponent(entryId)}`;
}

/** The General Ledger's entries with a line on this account over the range (its `account`, `from`, `to` filters). */
export function ledgerAccountHref(accountId: string, range: { from: string; to: string }): string {
  const params = new URLSearchParams({ from: range.from, to: range.to, account: accountId });
  return `/admin/accounts/ledger?${params.toString()}`;
}
