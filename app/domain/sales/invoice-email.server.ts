import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { creditNotes, customers, invoices, quotations } from "../../db/schema";
import { getEnv } from "../../lib/env.server";
import { CUSTOMER_HOME } from "../auth/customer-guard.server";
import { enqueueEmail } from "../email/outbox.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { creditNoteEmail, invoiceEmail } from "./invoice-email";
import { creditNotePdf, invoicePdf } from "./invoice-pdf-input.server";

// Sends an issued invoice or credit note to the customer through the outbox (issue 22), inside the issuing
// transaction: the message (with the document's PDF attached) is kept only if the document was. The caller wakes
// the sender after the commit (wakeEmailSender), as the quotation's send does.
//
// It goes to the customer record's e-mail, else the quotation's (a charges invoice's, on no quotation: the quotation
// of its first charge's job, issue 37). The portal's link is given only when that address is a portal customer's (a
// staff member's address gets the PDF without it).

/** The invoice's quotation's e-mail, or its first charge's job's quotation's (a charges invoice). */
function quotationEmailOf(invoiceId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`coalesce(${quotations.email}, (select q.email from job_charges c
    join jobs j on j.id = c.job_id join quotations q on q.id = j.quotation_id
    where c.invoice_id = ${invoiceId} order by c.created_at, c.id limit 1))`;
}

/** The address to write to: the customer's e-mail, else the quotation's. */
function recipientOf(row: { customerEmail: string | null; quotationEmail: string | null }): string {
  const to = (row.customerEmail?.trim() || row.quotationEmail || "").trim();
  if (!to) throw new Error("the invoice's customer has no e-mail address, nor its quotation");
  return to;
}

async function portalUrlFor(db: DbOrTx, email: string): Promise<string | null> {
  const [user] = await queryRows<{ role: string }>(
    db,
    sql`select role from users where lower(email) = ${email.toLowerCase()} limit 1`,
  );
  return user?.role === "customer" ? `${getEnv().publicUrl}${CUSTOMER_HOME}#invoices` : null;
}

/** Queues the e-mail of an issued tax invoice (Mushak-6.3) with its PDF attached; answers the message's id. */
export async function queueInvoiceEmail(tx: DbOrTx, invoiceId: string): Promise<{ id: string }> {
  const [row] = await tx
    .select({
      invoice: invoices,
      customerEmail: customers.email,
      quotationEmail: quotationEmailOf(invoices.id),
      eventName: quotations.eventName,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(eq(invoices.id, invoiceId));
  const pdf = row && (await invoicePdf(tx, invoiceId));
  if (!row || !pdf) throw new Error(`invoice ${invoiceId} cannot be read back to e-mail it`);
  const { invoice } = row;
  const to = recipientOf(row);
  const company = await getCompanySettings(tx);
  const email = invoiceEmail({
    invoiceId: invoice.id,
    to,
    buyerName: invoice.buyerName,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    dueDate: invoice.dueDate,
    eventName: row.eventName,
    netAmount: invoice.netAmount,
    sdAmount: invoice.sdAmount,
    vatRatePercent: invoice.vatRatePercent,
    vatAmount: invoice.vatAmount,
    total: invoice.total,
    portalUrl: await portalUrlFor(tx, to),
    company: { name: company.name, phones: company.phones, emails: company.emails },
  });
  return enqueueEmail(tx, {
    ...email,
    replyTo: company.notificationEmail,
    attachments: [{ filename: pdf.filename, contentType: "application/pdf", content: pdf.content }],
  });
}

/** Queues the e-mail of an issued credit note (Mushak-6.7) with its PDF attached; answers the message's id. */
export async function queueCreditNoteEmail(tx: DbOrTx, creditNoteId: string): Promise<{ id: string }> {
  const [row] = await tx
    .select({
      note: creditNotes,
      invoiceNumber: invoices.number,
      buyerName: invoices.buyerName,
      customerEmail: customers.email,
      quotationEmail: quotationEmailOf(invoices.id),
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(customers, eq(customers.id, creditNotes.customerId))
    .leftJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(eq(creditNotes.id, creditNoteId));
  const pdf = row && (await creditNotePdf(tx, creditNoteId));
  if (!row || !pdf) throw new Error(`credit note ${creditNoteId} cannot be read back to e-mail it`);
  const { note } = row;
  const to = recipientOf(row);
  const company = await getCompanySettings(tx);
  const email = creditNoteEmail({
    creditNoteId: note.id,
    to,
    buyerName: row.buyerName,
    number: note.number,
    issuedAt: note.issuedAt,
    invoiceNumber: row.invoiceNumber,
    reason: note.reason,
    netAmount: note.netAmount,
    sdAmount: note.sdAmount,
    vatAmount: note.vatAmount,
    total: note.total,
    portalUrl: await portalUrlFor(tx, to),
    company: { name: company.name, phones: company.phones, emails: company.emails },
  });
  return enqueueEmail(tx, {
    ...email,
    replyTo: company.notificationEmail,
    attachments: [{ filename: pdf.filename, contentType: "application/pdf", content: pdf.content }],
  });
}
