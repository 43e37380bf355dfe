import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { creditNotes, invoices, quotations } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { ownedBy } from "../quotations/customer-quotations.server";
import { creditNotePdf, invoicePdf, type SalesDocumentPdf } from "./invoice-pdf-input.server";
import { portalInvoiceStanding, type PortalInvoice } from "./portal-invoices";

// The customer's invoices and credit notes in the portal (issue 22): only those on the customer's own quotations, by
// the quotations' one ownership rule (the quotation's e-mail is the customer's), so another customer's invoice is
// simply not there: its PDF is a 404 that says nothing about whether it exists. A charges invoice (issue 37), on no
// quotation, is the customer's whose quotations the charged jobs were for.

/** The invoices of the customer's own quotations (ownedBy), and of the jobs of those quotations when on none. */
function invoiceOwnedBy(customer: { email: string }): SQL {
  return sql`(case when ${invoices.quotationId} is not null
    then exists (select 1 from quotations where quotations.id = ${invoices.quotationId} and ${ownedBy(customer)})
    else exists (select 1 from job_charges c join jobs j on j.id = c.job_id
      join quotations on quotations.id = j.quotation_id
      where c.invoice_id = ${invoices.id} and ${ownedBy(customer)}) end)`;
}

/** What a charges invoice is for, where the portal names a quotation's event. */
const CHARGES_EVENT = "Damage and loss charges";

/** The most a portal page lists; a customer with more is told how many there are. */
export const PORTAL_INVOICE_LIMIT = 100;

/** The customer's invoices, newest first, with their credit notes in the order issued. */
export async function listPortalInvoices(
  db: DbOrTx,
  customer: { email: string },
): Promise<{ invoices: PortalInvoice[]; total: number }> {
  const where = invoiceOwnedBy(customer);
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
    .leftJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
    .limit(PORTAL_INVOICE_LIMIT);
  const [counted] =
    rows.length < PORTAL_INVOICE_LIMIT
      ? [{ n: rows.length }]
      : await db.select({ n: count() }).from(invoices).where(where);
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
        eventName: row.eventName ?? CHARGES_EVENT,
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
    .where(and(eq(invoices.id, invoiceId.toLowerCase()), invoiceOwnedBy(customer)));
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
    .where(and(eq(creditNotes.id, creditNoteId.toLowerCase()), invoiceOwnedBy(customer)));
  return own ? creditNotePdf(db, own.id) : null;
}
