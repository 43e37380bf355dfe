import { defineList, type StateOf } from "../../lib/list-params";
import { TAX_TYPES, type TaxKind, type TaxRecordSource, type TaxType } from "../accounting/constants";

// Tax Management's URL (/admin/accounts/tax; backoffice.md §2, issue 22): the period whose cards and table are shown
// (a VAT period's first month, "2026-04"; the current VAT period when absent; "all" for every record), a type, and
// the page. The table is newest first (the spec's transaction_date descending). Browser-safe.

/** A period's first month, or "all". */
/** A month of the business years (business-date.ts: 2000-2099), or all. */
export const TAX_PERIOD_PATTERN = /^(?:20\d{2}-(?:0[1-9]|1[0-2])|all)$/;

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

/** One kind's Σ taxable amount and Σ tax amount over the period, on its type's card. */
export interface TaxKindTotals {
  kind: TaxKind;
  taxable: string;
  tax: string;
  count: number;
}

/**
 * The cards' figures of one type over the period (backoffice.md §2), by kind: the kinds of a type are never added up
 * (output VAT is owed, input VAT and VDS are set off against it; issue 37). `headline` is the figure that means
 * something on its own: VAT's net (output less input less VDS), the income tax withheld and to be deposited, the
 * other taxes' total.
 */
export interface TaxTypeTotals {
  headline: string;
  kinds: TaxKindTotals[];
  count: number;
}

/** The kinds each card lists, in order. */
export const TAX_CARD_KINDS: Record<TaxType, readonly TaxKind[]> = {
  vat: ["output_vat", "input_vat", "vat_withheld"],
  income_tax: ["income_tax_withheld", "ait"],
  other: ["other"],
};

/** What each card's headline is. */
export const TAX_CARD_HEADLINES: Record<TaxType, string> = {
  vat: "Net VAT (output − input − VDS)",
  income_tax: "Withheld, to deposit",
  other: "Tax amount",
};

/** Each kind's name on its card, short. */
export const TAX_CARD_KIND_LABELS: Record<TaxKind, string> = {
  output_vat: "Output VAT (sales)",
  input_vat: "Input VAT (purchases)",
  vat_withheld: "VDS (withheld by customers)",
  income_tax_withheld: "Withheld from suppliers and staff",
  ait: "AIT (withheld by customers)",
  other: "Other taxes",
};

/** The headline of a type from its kinds' tax, in paisa. */
export function taxCardHeadline(type: TaxType, tax: Partial<Record<TaxKind, bigint>>): bigint {
  const of = (k: TaxKind) => tax[k] ?? 0n;
  if (type === "vat") return of("output_vat") - of("input_vat") - of("vat_withheld");
  if (type === "income_tax") return of("income_tax_withheld");
  return of("other");
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
