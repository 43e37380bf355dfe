import { fromPaisa, toPaisa } from "../../lib/money";
import type { InvoiceStatus } from "./constants";
import { invoiceDuePaisa } from "./invoice-due";

// What the customer's portal says of an invoice (issue 22): what is paid, what is still due, and one word for it.
// Browser-safe.

export const PORTAL_INVOICE_STATUSES = ["paid", "part_paid", "due", "cancelled"] as const;
export type PortalInvoiceStatus = (typeof PORTAL_INVOICE_STATUSES)[number];

export const PORTAL_INVOICE_STATUS_LABELS: Record<PortalInvoiceStatus, string> = {
  paid: "Paid",
  part_paid: "Part paid",
  due: "Due",
  cancelled: "Cancelled",
};

/**
 * What is still due on an invoice (its total less what payments and credit settled and what credit notes took
 * back) and its word: Cancelled when a credit note took all of it, Paid when nothing is due, Part paid when some
 * was paid, Due otherwise.
 */
export function portalInvoiceStanding(invoice: {
  status: InvoiceStatus;
  total: string;
  paidAmount: string;
  creditedAmount: string;
}): { due: string; status: PortalInvoiceStatus } {
  const paid = toPaisa(invoice.paidAmount);
  const due = invoiceDuePaisa(invoice);
  const status: PortalInvoiceStatus =
    invoice.status === "cancelled" ? "cancelled" : due <= 0n ? "paid" : paid > 0n ? "part_paid" : "due";
  return { due: fromPaisa(due > 0n ? due : 0n), status };
}

export interface PortalCreditNote {
  id: string;
  number: string;
  issueDate: string;
  total: string;
}

export interface PortalInvoice {
  id: string;
  number: string;
  issueDate: string;
  eventName: string;
  total: string;
  paid: string;
  due: string;
  status: PortalInvoiceStatus;
  creditNotes: PortalCreditNote[];
}
