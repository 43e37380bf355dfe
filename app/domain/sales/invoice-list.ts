import { defineList, type StateOf } from "../../lib/list-params";
import { toPaisa } from "../../lib/money";
import type { AllocationKind, InvoiceKind, InvoiceStatus, QuotationInvoiceKind } from "./constants";
import type { PendingJobCharge, RevisionForInvoice } from "./invoice-arithmetic";

// The invoices' screens (/admin/invoices, /admin/invoices/:id; issue 22): the list's URL (search by number or
// customer, the state filter, newest first, paging), what a row, the Issue invoice dialog and the invoice's page
// show. Browser-safe.

/** What an invoice is as the list filters it: due (something left to pay), paid (settled), cancelled. */
export const INVOICE_STATES = ["due", "paid", "cancelled"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  due: "Due",
  paid: "Paid",
  cancelled: "Cancelled",
};

export const INVOICE_LIST = defineList({
  sorts: { issued: "desc", due: "asc", total: "desc", customer: "asc" },
  defaultSort: "issued",
  filters: { state: { kind: "choice", values: INVOICE_STATES } },
  pageSize: 20,
});

export type InvoiceListState = StateOf<typeof INVOICE_LIST>;

/** An invoice's state from its amounts and status. */
export function invoiceStateOf(row: { status: InvoiceStatus; due: string }): InvoiceState {
  if (row.status === "cancelled") return "cancelled";
  return toPaisa(row.due) > 0n ? "due" : "paid";
}

export interface InvoiceRow {
  id: string;
  number: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string | null;
  buyerName: string;
  customerId: string;
  /** Null on a charges invoice (issue 37). */
  quotationId: string | null;
  total: string;
  paidAmount: string;
  creditedAmount: string;
  /** total − paid − credited. */
  due: string;
  /** A due date before today (Dhaka) with something still due. */
  overdue: boolean;
}

/** What the Issue invoice dialog needs of the quotation: its figures, its invoices and which kinds may follow. */
export interface IssuePreview {
  quotationId: string;
  reference: string;
  eventName: string;
  customerName: string;
  status: string;
  revision: RevisionForInvoice & { number: number; total: string };
  /** The invoices in force, in order issued. */
  invoices: {
    id: string;
    number: string;
    kind: InvoiceKind;
    advancePercent: string | null;
    net: string;
    sd: string;
    vat: string;
    total: string;
  }[];
  /** Why a kind may not be issued, by kind. */
  refused: Partial<Record<QuotationInvoiceKind, string>>;
  /** Percent (hundredths as a decimal string: "50.00") invoiced in advance so far. */
  advanced: string;
  /** The terms' advance ("50"). */
  defaultPercent: string;
  /** Why nothing may be issued at all (not approved, never priced, no BIN in Settings > Company), or null. */
  blocked: string | null;
  /** Blocked for want of the company's BIN (issue 37): the dialog links to Settings > Company. */
  sellerBinMissing: boolean;
  /** The customer's damage and loss charges of jobs not yet invoiced (issue 26): the invoice adds them as lines. */
  charges: PendingJobCharge[];
}

export interface InvoiceDetails extends InvoiceRow {
  fiscalYear: number;
  advancePercent: string | null;
  /** The quotation's reference and event; null on a charges invoice (issue 37), which lists its jobs instead. */
  quotationReference: string | null;
  eventName: string | null;
  jobs: { id: string; reference: string }[];
  issuedAt: string;
  buyerBin: string | null;
  buyerAddress: string | null;
  deliveryAddress: string | null;
  netAmount: string;
  /** The supplementary duty (issue 37). */
  sdAmount: string;
  vatAmount: string;
  vatRatePercent: string;
  signatoryName: string;
  signatoryDesignation: string;
  journalEntryId: string;
  lines: {
    lineNo: number;
    description: string;
    unitOfSupply: string | null;
    quantity: number | null;
    days: number | null;
    unitPrice: string | null;
    value: string;
    sdRatePercent: string | null;
    sdAmount: string;
    vatRatePercent: string;
    vatAmount: string;
  }[];
  allocations: {
    id: string;
    kind: AllocationKind;
    date: string;
    amount: string;
    customerPaymentId: string | null;
    method: string | null;
    methodReference: string | null;
    /** Its payment was voided (issue 36: a bounced cheque) on this date: it no longer pays the invoice. */
    voidDate: string | null;
    voidReason: string | null;
  }[];
  creditNotes: {
    id: string;
    number: string;
    issueDate: string;
    reason: string;
    netAmount: string;
    sdAmount: string;
    vatAmount: string;
    total: string;
    appliedToInvoice: string;
    toCredit: string;
  }[];
  /** The net not yet taken back by credit notes (what a part credit note may still take). */
  netLeft: string;
  /** The customer's credit now. */
  customerCredit: string;
  /** The e-mails sent (or waiting) with this invoice. */
  emails: { id: string; status: string; createdAt: string; to: string }[];
}
