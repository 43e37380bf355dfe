import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { creditNotes, invoices, quotations } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { ownedBy } from "../quotations/customer-quotations.server";
import { creditNotePdf, invoicePdf, type SalesDocumentPdf } from "./invoice-pdf-input.server";
import { portalInvoiceStanding, type PortalInvoice } from "./portal-invoices";

// The customer's invoices and credit notes in the portal (issue 22): only those on the customer's own quotations,
// by the quotations' one ownership rule (ownedBy), so another customer's invoice is simply not there: its PDF is a
// 404 that says nothing about whether it exists.

/** The most a portal page lists; a customer with more is told how many there are. */
export const PORTAL_INVOICE_LIMIT = 100;

/** The customer's invoices, newest first, with their credit notes in the order issued. */
export async function listPortalInvoices(
  db: DbOrTx,
  customer: { email: string },
): Promise<{ invoices: PortalInvoice[]; total: number }> {
  const where = ownedBy(customer);
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      issueDate: invoices.issueDate,
      eventName: quotations.eventName,
      status: invoices.status,
      total: invoices.total,
      paidAmount: invoices.paidAmount,
      creditedAmount: invoices.creditedAmount,
    })
    .from(invoices)
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
    .limit(PORTAL_INVOICE_LIMIT);
  const [counted] =
    rows.length < PORTAL_INVOICE_LIMIT
      ? [{ n: rows.length }]
      : await db
          .select({ n: count() })
          .from(invoices)
          .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
          .where(where);
  const notes = rows.length
    ? await db
        .select({
          id: creditNotes.id,
          invoiceId: creditNotes.invoiceId,
          number: creditNotes.number,
          issueDate: creditNotes.issueDate,
          total: creditNotes.total,
        })
        .from(creditNotes)
        .where(
          inArray(
            creditNotes.invoiceId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.sequence))
    : [];
  return {
    invoices: rows.map((row) => {
      const standing = portalInvoiceStanding(row);
      return {
        id: row.id,
        number: row.number,
        issueDate: row.issueDate,
        eventName: row.eventName,
        total: row.total,
        paid: row.paidAmount,
        due: standing.due,
        status: standing.status,
        creditNotes: notes.filter((n) => n.invoiceId === row.id).map(({ invoiceId: _invoiceId, ...note }) => note),
      };
    }),
    total: counted?.n ?? rows.length,
  };
}

/** The PDF of one of the customer's own invoices; null for another customer's, an unknown or a malformed id. */
export async function customerInvoicePdf(
  db: DbOrTx,
  customer: { email: string },
  invoiceId: string,
): Promise<SalesDocumentPdf | null> {
  if (!isUuid(invoiceId)) return null;
  const [own] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(and(eq(invoices.id, invoiceId.toLowerCase()), ownedBy(customer)));
  return own ? invoicePdf(db, own.id) : null;
}

/** The PDF of a credit note on one of the customer's own invoices; null otherwise. */
export async function customerCreditNotePdf(
  db: DbOrTx,
  customer: { email: string },
  creditNoteId: string,
): Promise<SalesDocumentPdf | null> {
  if (!isUuid(creditNoteId)) return null;
  const [own] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(and(eq(creditNotes.id, creditNoteId.toLowerCase()), ownedBy(customer)));
  return own ? creditNotePdf(db, own.id) : null;
}
