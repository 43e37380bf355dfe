import { defineList, type StateOf } from "../../lib/list-params";
import type { PaymentMethod } from "../accounting/constants";

// The Suppliers screen (/admin/suppliers, issue 36): the live records (a merged one leaves the list), searched by
// name, e-mail, phone, BIN and TIN, with what the company owes each on the ledger (their balance on the payable,
// negated: a supplier's lines are credits when a bill is posted); a supplier's page with its open payables and the
// payments of its payables. Browser-safe.

export const SUPPLIER_LIST = defineList({
  sorts: { name: "asc", owed: "desc", created: "desc" },
  defaultSort: "name",
  filters: {},
  pageSize: 20,
});

export type SupplierListState = StateOf<typeof SUPPLIER_LIST>;

export interface SupplierRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  bin: string | null;
  tin: string | null;
  /** Days from a bill's date it is due in; null: due on receipt. */
  paymentTermsDays: number | null;
  /** What the company owes them now, from the ledger; negative when it paid them ahead (an advance). */
  owed: string;
}

/** A supplier's payment terms as a person reads them. */
export function paymentTermsLabel(days: number | null): string {
  if (days === null) return "Due on receipt";
  return days === 1 ? "1 day" : `${days} days`;
}

/** One supplier as the Merge dialog offers it. */
export interface SupplierChoice {
  id: string;
  name: string;
  email: string | null;
  bin: string | null;
}

export const supplierChoiceLabel = (s: SupplierChoice) =>
  [s.name, s.email, s.bin ? `BIN ${s.bin}` : null].filter(Boolean).join(" · ");

/** The Merge dialog's pickers offer at most this many at once; a search (?find=, as the customers') narrows them. */
export const SUPPLIER_CHOICE_LIMIT = 50;

/** A picker's suppliers: those matching the search (at most SUPPLIER_CHOICE_LIMIT), the preselected first. */
export interface SupplierChoices {
  choices: SupplierChoice[];
  /** The search they match ("" for all). */
  find: string;
  /** More suppliers match than are offered: search to narrow. */
  more: boolean;
}

/** What the picker says of its list: how many it offers and whether a search would narrow them. */
export function supplierChoicesNote({ choices, find, more }: SupplierChoices): string {
  const matching = find ? ` matching “${find}”` : "";
  if (choices.length === 0) return find ? `No supplier matches “${find}”` : "No suppliers yet";
  if (more) return `The first ${SUPPLIER_CHOICE_LIMIT} suppliers${matching} by name: search to narrow them`;
  return `${choices.length} ${choices.length === 1 ? "supplier" : "suppliers"}${matching}`;
}

/** A pending payable whose entry names the supplier on the payable. */
export interface SupplierPayable {
  id: string;
  date: string;
  dueDate: string | null;
  category: string;
  description: string;
  reference: string | null;
  amount: string;
  settledAmount: string;
  left: string;
  overdue: boolean;
}

/** A payment (settlement) of one of the supplier's payables. */
export interface SupplierPayment {
  id: string;
  date: string;
  amount: string;
  paymentMethod: PaymentMethod;
  reference: string | null;
  payableId: string;
  payableCategory: string;
  payableDescription: string;
  /** Its entry was reversed: the amount is owed again. */
  reversed: boolean;
}

/** The detail page shows this many open payables and payments at most (the oldest due first; the newest first). */
export const SUPPLIER_DETAIL_LIMIT = 50;

export interface SupplierDetail {
  id: string;
  name: string;
  bin: string | null;
  tin: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  walletNumber: string | null;
  paymentTermsDays: number | null;
  notes: string | null;
  createdAt: string;
  /** What the company owes them now, from the ledger (negative: paid ahead). */
  owed: string;
  openPayables: SupplierPayable[];
  /** All the open payables, beyond those listed: how many and what is left on them. */
  openCount: number;
  openLeft: string;
  payments: SupplierPayment[];
}

/** The CSV export's path (the list's query string after it). */
export const SUPPLIERS_EXPORT_PATH = "/admin/suppliers/export";

export function suppliersExportFileName(today: string): string {
  return `suppliers-${today}.csv`;
}

/** New Payable's supplier suggestions as one types (GET, JSON): the names, and whether the text is one already. */
export const SUPPLIER_OPTIONS_PATH = "/admin/suppliers/options";
export const SUPPLIER_OPTION_LIMIT = 20;

export interface SupplierOptions {
  /** The text the answer is for, trimmed. */
  q: string;
  /** Live suppliers' names containing it, those starting with it first, at most SUPPLIER_OPTION_LIMIT. */
  names: string[];
  /**
   * A live supplier is named so (or has it as e-mail address), letter case and surrounding spaces aside: saving
   * the payable names that record (partyNamed) rather than adding one.
   */
  exists: boolean;
  /** That supplier's BIN (digits), or null: a purchase with VAT claims its input VAT with it when none is typed. */
  bin: string | null;
}

/** The note under New Payable's supplier when the name typed is no supplier's yet. */
export const newSupplierNote = (name: string) => `A new supplier named ${name.trim()} will be added`;
