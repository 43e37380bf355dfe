import { toPaisa } from "../../lib/money";

// What an invoice still owes (issue 22), in one place: its total less what payments and credit settled (paid) and
// what credit notes took back of it (credited). The SQL form is invoiceDueSql (invoice-due.server.ts). Browser-safe.

export interface InvoiceAmounts {
  total: string;
  paidAmount: string;
  creditedAmount: string;
}

/** total − paid − credited, in paisa (0 once settled; never below 0 while the books agree). */
export function invoiceDuePaisa(invoice: InvoiceAmounts): bigint {
  return toPaisa(invoice.total) - toPaisa(invoice.paidAmount) - toPaisa(invoice.creditedAmount);
}
