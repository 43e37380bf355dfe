import { defineList, listSearch, type StateOf } from "../../lib/list-params";
import { AGE_BUCKET_KEYS, type AgeBucketKey } from "./ageing";
import type { PaymentMethod } from "./constants";
import type { OpenItemKind } from "./settle-form";

// The Payables & Receivables screen's URL (/admin/accounts/payables, backoffice.md §2; issue 21): the spec's two
// tables, Accounts Payable and Accounts Receivable, pending ones only. One search (party, description, reference),
// filters (age, overdue) and sort for both; each table has its own page (`ppage`, `rpage`). Dialogs: ?new=payable,
// ?new=receivable, ?settle=<id>. Browser-safe.

export const OPEN_ITEM_LIST = defineList({
  sorts: { due: "asc", date: "desc", left: "desc", party: "asc" },
  defaultSort: "due",
  filters: {
    age: { kind: "choice", values: AGE_BUCKET_KEYS },
    overdue: { kind: "choice", values: ["yes"] },
  },
  pageSize: 10,
});

export type OpenItemListState = StateOf<typeof OPEN_ITEM_LIST>;

export const OPEN_ITEM_PAGE_PARAMS: Record<OpenItemKind, string> = { payable: "ppage", receivable: "rpage" };

/** A table's page as its URL asks (1 when absent or malformed). */
export function openItemPage(params: URLSearchParams, kind: OpenItemKind): number {
  const raw = params.get(OPEN_ITEM_PAGE_PARAMS[kind]);
  return raw && /^\d{1,7}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

/**
 * The screen's URL: the list's state, and each table's page (one changed, the other kept; page 1 left out).
 */
export function openItemHref(
  pathname: string,
  state: OpenItemListState,
  pages: Record<OpenItemKind, number>,
  change: Partial<Record<OpenItemKind, number>> = {},
): string {
  const params = new URLSearchParams(listSearch(OPEN_ITEM_LIST, { ...state, page: 1 }));
  for (const kind of ["payable", "receivable"] as const) {
    const page = change[kind] ?? pages[kind];
    if (page > 1) params.set(OPEN_ITEM_PAGE_PARAMS[kind], String(page));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export const OPEN_ITEM_KIND_LABELS: Record<
  OpenItemKind,
  { table: string; party: string; noun: string; dialog: string }
> = {
  payable: { table: "Accounts Payable", party: "Supplier", noun: "payables", dialog: "New Payable" },
  receivable: { table: "Accounts Receivable", party: "Customer", noun: "receivables", dialog: "New Receivable" },
};

export interface OpenItemRow {
  id: string;
  date: string;
  dueDate: string | null;
  category: string;
  description: string;
  party: string | null;
  reference: string | null;
  paymentMethod: PaymentMethod;
  amount: string;
  settledAmount: string;
  left: string;
  /** Days past the due date, or since the date. */
  age: number;
  ageBucket: AgeBucketKey;
  overdue: boolean;
  /** A payroll's pending salary row (issue 25): the month it pays, YYYY-MM; it is paid in Salary Disbursement. */
  salaryMonth: string | null;
}

/** One open item with its kind, as the Settle dialog shows it. */
export interface OpenItemView extends OpenItemRow {
  kind: OpenItemKind;
}
