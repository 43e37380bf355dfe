import { defineList, type StateOf } from "../../lib/list-params";
import { TAX_TYPES, type TaxKind, type TaxRecordSource, type TaxType } from "../accounting/constants";

// Tax Management's URL (/admin/accounts/tax; backoffice.md §2, issue 22): the period whose cards and table are shown
// (a VAT period's first month, "2026-04"; the current VAT period when absent; "all" for every record), a type, and
// the page. The table is newest first (the spec's transaction_date descending). Browser-safe.

/** A period's first month, or "all". */
export const TAX_PERIOD_PATTERN = /^(?:\d{4}-(?:0[1-9]|1[0-2])|all)$/;

export const TAX_LIST = defineList({
  sorts: { date: "desc" },
  defaultSort: "date",
  filters: {
    period: { kind: "text", maxLength: 7, pattern: TAX_PERIOD_PATTERN },
    type: { kind: "choice", values: TAX_TYPES },
  },
  pageSize: 20,
});

export type TaxListState = StateOf<typeof TAX_LIST>;

/** A row of the table. */
export interface TaxRegisterListRow {
  id: string;
  date: string;
  taxType: TaxType;
  kind: TaxKind;
  /** "2100 VAT Payable". */
  account: string;
  reference: string | null;
  party: string | null;
  taxableAmount: string;
  rate: string;
  taxAmount: string;
  sourceType: TaxRecordSource;
  sourceId: string | null;
  /** A credit note's invoice (its link goes there). */
  invoiceId: string | null;
  journalEntryId: string | null;
  /**
   * A typed record reversed (issue 36): its reversing entry and that entry's date (none for a record that posted
   * none), and why. It counts in no card, register or return.
   */
  reversal: { entryId: string | null; date: string | null; reason: string } | null;
}

/** Whether a row may be reversed here: a typed record still standing (a document's tax is its document's). */
export function reversibleTaxRow(row: Pick<TaxRegisterListRow, "sourceType" | "reversal">): boolean {
  return row.sourceType === "manual" && row.reversal === null;
}

/** The cards' figures of one type: Σ taxable amount and Σ tax amount over the period. */
export interface TaxTypeTotals {
  taxable: string;
  tax: string;
  count: number;
}

export const TAX_SOURCE_LABELS: Record<TaxRecordSource, string> = {
  manual: "Typed",
  invoice: "Invoice",
  credit_note: "Credit note",
  customer_payment: "Customer payment",
  transaction: "Transaction",
  reversal: "Reversal",
};

/** Where a row's source opens: the invoice (a credit note's too), the payment, the transaction, or the entry. */
export function taxSourceHref(
  row: Pick<TaxRegisterListRow, "sourceType" | "sourceId" | "invoiceId" | "journalEntryId">,
): string | null {
  if (row.sourceType === "invoice" && row.sourceId) return `/admin/invoices/${row.sourceId}`;
  if (row.sourceType === "credit_note" && row.invoiceId) return `/admin/invoices/${row.invoiceId}`;
  if (row.sourceType === "transaction" && row.sourceId) return `/admin/accounts?view=${row.sourceId}`;
  if (row.journalEntryId) return `/admin/accounts/ledger?entry=${row.journalEntryId}`;
  return null;
}
