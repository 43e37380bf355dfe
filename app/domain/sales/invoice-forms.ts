import { formFields } from "../../lib/form-data";
import { formatMoney } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { isTypedMoneyTooLarge, normalizeMoney, toPaisa, typedMoneyTooLargeMessage } from "../../lib/money";
import { QUOTATION_INVOICE_KINDS, type QuotationInvoiceKind } from "./constants";
import { parseAdvancePercent } from "./invoice-arithmetic";

// The forms of the invoices' screens (issue 22): Issue invoice (on an approved quotation: full, an advance of a
// percentage, or the final; or a customer's damage and loss charges alone, issue 37), Issue credit note (whole or
// part, with its reason) and Apply credit. The form's own
// rules are here, for the dialogs and the use cases alike; what only the database knows (the quotation's status,
// the invoices before, what is left to credit) the use cases check under their locks. Browser-safe.

export const INVOICE_MESSAGES = {
  issued: (number: string) => `Invoice ${number} issued`,
  issueFailed: (reason: string) => `Failed to issue invoice: ${reason}`,
  quotationRequired: "Choose the quotation to invoice",
  quotationNotFound: "This quotation does not exist",
  notApproved: (status: string) => `Only an approved quotation can be invoiced (this one is ${status})`,
  noRevision: "This quotation was never sent with prices: there is nothing to invoice",
  kindRequired: "Choose a full, advance or final invoice",
  customerGone: "The quotation's customer record does not exist",
  customerMoving: "The quotation's customer is being merged meanwhile: try again",
  /** An invoice of a customer's damage and loss charges alone (issue 37). */
  chargesIssued: (number: string, count: number) =>
    `Invoice ${number} issued for ${count} damage and loss charge${count === 1 ? "" : "s"}`,
  chargesCustomerRequired: "Choose the customer whose charges to invoice",
  customerNotFound: "This customer does not exist",
  noPendingCharges: (customer: string) => `${customer} has no damage or loss charges waiting to be invoiced`,
  /** Issue 37: a Mushak-6.3 or 6.7 without the seller's BIN is no tax document. */
  sellerBinMissing: (document: "tax invoice" | "credit note") =>
    `The company's BIN is not set: a ${document} must print the seller's BIN. Enter the VAT registration number (BIN) in Settings > Company (Notifications and VAT), then issue it`,

  creditNoteIssued: (number: string, invoice: string) => `Credit note ${number} issued on invoice ${invoice}`,
  creditNoteFailed: (reason: string) => `Failed to issue credit note: ${reason}`,
  invoiceRequired: "Choose the invoice",
  invoiceNotFound: "This invoice does not exist",
  invoiceCancelled: "This invoice is cancelled: a credit note already took all of it back",
  invoiceMoved: "The invoice moved to another customer meanwhile: try again",
  finalInvoiceFirst: (final: string) =>
    `The final invoice ${final} already took this advance off the quotation's total: cancel ${final} with a credit note first`,
  scopeRequired: "Choose whether the credit note takes back the whole invoice or part of it",
  amountRequired: "Amount before VAT is required",
  amountInvalid: "Amount before VAT must be an amount in taka, e.g. 1500 or 1500.50",
  amountPositive: "Amount before VAT must be more than 0",
  amountOverLeft: (left: string) => `Amount before VAT can be at most what is not yet credited: ${formatMoney(left)}`,
  reasonRequired: "Reason is required",
  reasonTooLong: (max: number) => `Reason must be at most ${max} characters`,

  creditApplied: (amount: string, number: string) =>
    `${formatMoney(amount)} of the customer's credit applied to ${number}`,
  applyCreditFailed: (reason: string) => `Failed to apply credit: ${reason}`,
  noCredit: "The customer has no credit to apply",
  nothingDue: "Nothing is due on this invoice",
} as const;

export const CREDIT_NOTE_REASON_MAX = 1000;

// ---- Issue invoice

export interface IssueInvoiceFormValues {
  quotationId: string;
  kind: string;
  /** Percent, for an advance. */
  advancePercent: string;
}

export function readIssueInvoiceForm(form: FormData): IssueInvoiceFormValues {
  return formFields(form, ["quotationId", "kind", "advancePercent"]);
}

export interface IssueInvoiceInput {
  quotationId: string;
  kind: QuotationInvoiceKind;
  /** Hundredths of a percent, for an advance; null otherwise. */
  advancePercent: bigint | null;
}

type Parsed<T> = { ok: true; input: T } | { ok: false; errors: Record<string, string> };

/** The form's own rules; `advanced` (hundredths) is what the quotation's advances took before, when known. */
export function parseIssueInvoiceForm(values: IssueInvoiceFormValues, advanced = 0n): Parsed<IssueInvoiceInput> {
  const errors: Record<string, string> = {};
  const quotationId = values.quotationId.trim().toLowerCase();
  if (!isUuid(quotationId)) errors.quotationId = INVOICE_MESSAGES.quotationRequired;
  const kind = (QUOTATION_INVOICE_KINDS as readonly string[]).includes(values.kind)
    ? (values.kind as QuotationInvoiceKind)
    : null;
  if (!kind) errors.kind = INVOICE_MESSAGES.kindRequired;
  let advancePercent: bigint | null = null;
  if (kind === "advance") {
    const percent = parseAdvancePercent(values.advancePercent, advanced);
    if (percent.ok) advancePercent = percent.hundredths;
    else errors.advancePercent = percent.message;
  }
  if (Object.keys(errors).length > 0 || !kind) return { ok: false, errors };
  return { ok: true, input: { quotationId, kind, advancePercent } };
}

// ---- Issue credit note

export const CREDIT_NOTE_SCOPES = ["whole", "part"] as const;
export type CreditNoteScope = (typeof CREDIT_NOTE_SCOPES)[number];

export interface CreditNoteFormValues {
  invoiceId: string;
  scope: string;
  /** The value before VAT taken back, for a part. */
  amount: string;
  reason: string;
}

export function readCreditNoteForm(form: FormData): CreditNoteFormValues {
  return formFields(form, ["invoiceId", "scope", "amount", "reason"]);
}

export interface CreditNoteInput {
  invoiceId: string;
  /** Paisa before VAT, or the whole of what is left. */
  value: bigint | "whole";
  reason: string;
}

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The form's own rules; `netLeft` (a decimal string) is the invoice's net not yet credited, when known. */
export function parseCreditNoteForm(values: CreditNoteFormValues, netLeft?: string): Parsed<CreditNoteInput> {
  const errors: Record<string, string> = {};
  const invoiceId = values.invoiceId.trim().toLowerCase();
  if (!isUuid(invoiceId)) errors.invoiceId = INVOICE_MESSAGES.invoiceRequired;
  const scope = (CREDIT_NOTE_SCOPES as readonly string[]).includes(values.scope)
    ? (values.scope as CreditNoteScope)
    : null;
  if (!scope) errors.scope = INVOICE_MESSAGES.scopeRequired;
  let value: bigint | "whole" = "whole";
  if (scope === "part") {
    const raw = values.amount.trim();
    const amount = raw === "" ? null : normalizeMoney(raw);
    if (raw === "") errors.amount = INVOICE_MESSAGES.amountRequired;
    else if (amount === null && isTypedMoneyTooLarge(raw)) errors.amount = typedMoneyTooLargeMessage("Amount");
    else if (amount === null) errors.amount = INVOICE_MESSAGES.amountInvalid;
    else if (toPaisa(amount) === 0n) errors.amount = INVOICE_MESSAGES.amountPositive;
    else if (netLeft !== undefined && toPaisa(amount) > toPaisa(netLeft))
      errors.amount = INVOICE_MESSAGES.amountOverLeft(netLeft);
    else value = toPaisa(amount);
  }
  const reason = values.reason.replace(/\s+/g, " ").trim();
  if (reason === "") errors.reason = INVOICE_MESSAGES.reasonRequired;
  else if (CONTROL.test(values.reason)) errors.reason = "Reason contains characters that are not allowed";
  else if (reason.length > CREDIT_NOTE_REASON_MAX)
    errors.reason = INVOICE_MESSAGES.reasonTooLong(CREDIT_NOTE_REASON_MAX);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { invoiceId, value, reason } };
}

// ---- Apply credit

export interface ApplyCreditFormValues {
  invoiceId: string;
}

export function readApplyCreditForm(form: FormData): ApplyCreditFormValues {
  return formFields(form, ["invoiceId"]);
}
