import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { invoices, quotations } from "../../db/schema";
import { lockCustomer } from "./customer-credit.server";
import { INVOICE_MESSAGES } from "./invoice-forms";

// The locks of a document that changes what an invoice owes or what its customer holds (issue 22: a credit note,
// applying credit), taken in the one order every document of the books takes them: the quotation, then the customer,
// then the invoices (issueInvoice: quotation → customer; a payment: customer → invoices). The invoice's customer is
// read before any lock is held, so a merge may move the invoice to the record kept between that read and the locks:
// the invoice, locked last, is then checked to be still the locked customer's, or the document is refused (try again)
// rather than spending one customer's credit under another's lock.

export type InvoiceRow = typeof invoices.$inferSelect;

export type LockedInvoice =
  { ok: true; invoice: InvoiceRow } | { ok: false; refusal: "not-found" | "conflict"; message: string };

/**
 * Locks the invoice for a change, with its customer (and first its quotation when `quotation`: a credit note,
 * which must not cancel an advance while a final invoice of the quotation is being issued). Not found, or moved to
 * another customer meanwhile, is a refusal with its message.
 */
export async function lockInvoiceForChange(
  tx: Tx,
  invoiceId: string,
  options: { quotation: boolean },
): Promise<LockedInvoice> {
  const [found] = await tx
    .select({ customerId: invoices.customerId, quotationId: invoices.quotationId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!found) return { ok: false, refusal: "not-found", message: INVOICE_MESSAGES.invoiceNotFound };
  // A charges invoice (issue 37) is on no quotation: nothing of one to hold.
  if (options.quotation && found.quotationId)
    await tx.select({ id: quotations.id }).from(quotations).where(eq(quotations.id, found.quotationId)).for("update");
  await lockCustomer(tx, found.customerId);
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  if (!invoice) return { ok: false, refusal: "not-found", message: INVOICE_MESSAGES.invoiceNotFound };
  if (invoice.customerId !== found.customerId)
    return { ok: false, refusal: "conflict", message: INVOICE_MESSAGES.invoiceMoved };
  return { ok: true, invoice };
}
