import { defineList, type StateOf } from "../../lib/list-params";
import type { CustomerPaymentMethod, InvoiceKind, InvoiceStatus } from "./constants";

// The Customers screen (/admin/customers, issue 22): the live records (a merged one leaves the list), searched by
// name, organisation, e-mail and phone, with how many quotations each has and, for those who see the money, what was
// invoiced, what they owe (the invoices' dues less their credit) and their credit. Browser-safe.

export const CUSTOMER_LIST = defineList({
  sorts: { name: "asc", owes: "desc", created: "desc" },
  defaultSort: "name",
  filters: {},
  pageSize: 20,
});

export type CustomerListState = StateOf<typeof CUSTOMER_LIST>;

/**
 * The list's state for a user who sees the money or not: without it, ranking the customers by what they owe would
 * show it (the order tells), so ?sort=owes falls back to the default sort.
 */
export function customerListStateFor(state: CustomerListState, withMoney: boolean): CustomerListState {
  if (withMoney || state.sort !== "owes") return state;
  const sort = CUSTOMER_LIST.defaultSort;
  return { ...state, sort, dir: CUSTOMER_LIST.sorts[sort] };
}

export interface CustomerMoney {
  /** Σ the invoices' totals less Σ their credit notes' totals. */
  invoiced: string;
  /**
   * What the customer owes now, from the ledger (issue 36): their balance on the receivable and customer advances
   * (invoices and receivables less payments, credit notes and credit), negative when the company owes them.
   */
  owes: string;
  /** Paid beyond what it settled, and credit notes' rest: the customer's credit. */
  credit: string;
}

export interface CustomerRow {
  id: string;
  name: string;
  organisation: string | null;
  email: string | null;
  phone: string | null;
  vatWithholding: boolean;
  quotationCount: number;
  /** Null for a user who does not see the accounts. */
  money: CustomerMoney | null;
}

/** One customer as the Merge dialog offers it. */
export interface CustomerChoice {
  id: string;
  name: string;
  organisation: string | null;
  email: string | null;
}

export const customerChoiceLabel = (c: CustomerChoice) => [c.name, c.organisation, c.email].filter(Boolean).join(" · ");

/** The customer pickers (Merge, Record payment) offer at most this many at once; a search narrows them. */
export const CUSTOMER_CHOICE_LIMIT = 50;

/** The pickers' search: a GET parameter of its own, apart from the list's `q` behind the dialog. */
export const CUSTOMER_FIND_PARAM = "find";
export const CUSTOMER_FIND_MAX_LENGTH = 100;

/** The pickers' search from the URL: control characters and runs of spaces made one space, trimmed, at most 100. */
export function customerFindOf(params: URLSearchParams): string {
  return (params.get(CUSTOMER_FIND_PARAM) ?? "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, CUSTOMER_FIND_MAX_LENGTH)
    .trim();
}

/** A picker's customers: those matching the search by name (at most CUSTOMER_CHOICE_LIMIT), the preselected first. */
export interface CustomerChoices {
  choices: CustomerChoice[];
  /** The search they match ("" for all). */
  find: string;
  /** More customers match than are offered: search to narrow. */
  more: boolean;
}

/** What the picker says of its list: how many it offers and whether a search would narrow them. */
export function customerChoicesNote({ choices, find, more }: CustomerChoices): string {
  const matching = find ? ` matching “${find}”` : "";
  if (choices.length === 0) return find ? `No customer matches “${find}”` : "No customers yet";
  if (more) return `The first ${CUSTOMER_CHOICE_LIMIT} customers${matching} by name: search to narrow them`;
  return `${choices.length} ${choices.length === 1 ? "customer" : "customers"}${matching}`;
}

export interface CustomerQuotation {
  id: string;
  reference: string;
  eventName: string;
  eventDate: string;
  status: string;
  total: string | null;
  createdAt: string;
}

export interface CustomerInvoice {
  id: string;
  number: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string | null;
  total: string;
  paid: string;
  credited: string;
  due: string;
}

export interface CustomerPaymentSummary {
  id: string;
  date: string;
  method: CustomerPaymentMethod;
  methodReference: string | null;
  received: string;
  vdsAmount: string;
  aitAmount: string;
  total: string;
  /** What it settled on invoices (kept when it is voided: what it no longer pays). */
  allocated: string;
  vdsCertificateNo: string | null;
  /** The money account it went into: "1100 Bank". */
  account: string;
  /** The invoices it settled (by number) and how much of each. */
  settled: { invoiceId: string; number: string; amount: string }[];
  /** Voided (issue 36: a bounced cheque): its reversing entry, the void's date and why; null while it stands. */
  void: { entryId: string; date: string; reason: string } | null;
}

export interface CustomerDetail {
  id: string;
  name: string;
  organisation: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  bin: string | null;
  vatWithholding: boolean;
  notes: string | null;
  createdAt: string;
  quotations: CustomerQuotation[];
  /** Null for a user who does not see the accounts. */
  accounts: {
    money: CustomerMoney;
    /** Σ the invoices' dues, before the credit. */
    dues: string;
    invoices: CustomerInvoice[];
    payments: CustomerPaymentSummary[];
  } | null;
}
