import type { PaymentMethod } from "../accounting/constants";

// Customers, tax invoices, credit notes and customer payments (issue 22, DESIGN §10). Browser-safe.

/** How a customer pays: what the receipt says, and which kind of money account it lands in. */
export const CUSTOMER_PAYMENT_METHODS = ["cash", "bank_transfer", "cheque", "bkash", "nagad"] as const;
export type CustomerPaymentMethod = (typeof CUSTOMER_PAYMENT_METHODS)[number];

export const CUSTOMER_PAYMENT_METHOD_LABELS: Record<CustomerPaymentMethod, string> = {
  cash: "Cash",
  bank_transfer: "Bank transfer",
  cheque: "Cheque",
  bkash: "bKash",
  nagad: "Nagad",
};

/** The money accounts a method's payment may go into (chart_of_accounts.payment_method). */
export const CUSTOMER_PAYMENT_MONEY_METHOD: Record<CustomerPaymentMethod, PaymentMethod> = {
  cash: "cash",
  bank_transfer: "bank",
  cheque: "bank",
  bkash: "mobile_banking",
  nagad: "mobile_banking",
};

/** Methods whose payment carries a reference the form asks for: the wallet's transaction id, the cheque's number. */
export const CUSTOMER_PAYMENT_REFERENCE_LABELS: Partial<Record<CustomerPaymentMethod, string>> = {
  cheque: "Cheque number",
  bkash: "bKash transaction ID",
  nagad: "Nagad transaction ID",
  bank_transfer: "Bank reference",
};

/**
 * The kinds of an invoice on an approved quotation: full, the whole of it; advance, a percentage of it first (the
 * terms ask for 50%); final, the rest, the whole quotation less the advances invoiced before.
 */
export const QUOTATION_INVOICE_KINDS = ["full", "advance", "final"] as const;
export type QuotationInvoiceKind = (typeof QUOTATION_INVOICE_KINDS)[number];

/**
 * Every kind: those on a quotation, and charges, an invoice of a customer's damage and loss charges of jobs alone
 * (issue 37), on no quotation, for a customer whose quotations are already invoiced.
 */
export const INVOICE_KINDS = [...QUOTATION_INVOICE_KINDS, "charges"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** An invoice on a quotation (the database holds a quotation for every kind but charges). */
export function isQuotationInvoiceKind(kind: InvoiceKind): kind is QuotationInvoiceKind {
  return (QUOTATION_INVOICE_KINDS as readonly string[]).includes(kind);
}

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  full: "Full invoice",
  advance: "Advance invoice",
  final: "Final invoice",
  charges: "Charges invoice",
};

/** issued: in force; cancelled: a credit note took back all of it. Paid or due is read from the amounts. */
export const INVOICE_STATUSES = ["issued", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** payment: part of a customer payment settles the invoice; credit: the customer's credit (an earlier overpayment or a credit note's rest) does. */
export const ALLOCATION_KINDS = ["payment", "credit"] as const;
export type AllocationKind = (typeof ALLOCATION_KINDS)[number];

/** The numbered documents, each with its own gapless series per fiscal year. */
export const DOCUMENT_SERIES = ["invoice", "credit_note"] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

export const DOCUMENT_SERIES_PREFIX: Record<DocumentSeries, string> = {
  invoice: "INV",
  credit_note: "CN",
};

/** VAT deducted at source by a withholding customer on these services (backoffice.md §9, issue 22). */
export const VDS_RATE_PERCENT = "15.00";

export const CUSTOMER_LIMITS = {
  name: 120,
  organisation: 160,
  email: 254,
  phone: 30,
  address: 500,
  bin: 20,
  notes: 2000,
} as const;
