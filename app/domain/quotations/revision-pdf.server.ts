import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { quotationRevisions, quotations } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { getCompanySettings } from "../settings/company-settings.server";
import { renderQuotationPdf, type QuotationPdfInput } from "./quotation-pdf.server";
import { quotationReference } from "./reference";

// One revision of a quotation as a PDF, exactly as it was sent (quotation_revisions: its lines, money, dates,
// validity and terms), with the company's details (name, address, contacts) as they are now. The same bytes go
// into the e-mail that sends the revision (read inside that transaction, after the revision row is written) and
// out of every download link.

export interface RevisionPdf {
  filename: string;
  content: Uint8Array;
}

/** "quotation-7f3a9c2e-r2.pdf": the quotation's short id and the revision number. */
export function revisionPdfFilename(quotationId: string, revision: number): string {
  return `quotation-${quotationReference(quotationId)}-r${revision}.pdf`;
}

/** What the PDF of a revision prints; undefined when the quotation has no such revision. */
export async function revisionPdfInput(
  db: DbOrTx,
  quotationId: string,
  revision: number,
): Promise<QuotationPdfInput | undefined> {
  if (!isUuid(quotationId) || !Number.isSafeInteger(revision) || revision < 1) return undefined;
  const [row] = await db
    .select({
      id: quotations.id,
      customerName: quotations.customerName,
      email: quotations.email,
      phone: quotations.phone,
      eventName: quotations.eventName,
      eventTime: quotations.eventTime,
      eventLocation: quotations.eventLocation,
      notes: quotations.notes,
      revision: {
        number: quotationRevisions.revision,
        lines: quotationRevisions.lines,
        subtotal: quotationRevisions.subtotal,
        discount: quotationRevisions.discount,
        vatRatePercent: quotationRevisions.vatRatePercent,
        vatAmount: quotationRevisions.vatAmount,
        total: quotationRevisions.total,
        validUntil: quotationRevisions.validUntil,
        sentAt: quotationRevisions.createdAt,
        eventDate: quotationRevisions.eventDate,
        rentalEndDate: quotationRevisions.rentalEndDate,
        terms: quotationRevisions.terms,
      },
    })
    .from(quotations)
    .innerJoin(quotationRevisions, eq(quotationRevisions.quotationId, quotations.id))
    .where(and(eq(quotations.id, quotationId.toLowerCase()), eq(quotationRevisions.revision, revision)));
  if (!row) return undefined;
  const company = await getCompanySettings(db);
  const { eventDate, rentalEndDate, ...sent } = row.revision;
  return {
    company: {
      name: company.name,
      address: company.address,
      phones: company.phones,
      emails: company.emails,
      vatRegistrationNumber: company.vatRegistrationNumber,
    },
    quotation: {
      shortId: quotationReference(row.id),
      customerName: row.customerName,
      email: row.email,
      phone: row.phone,
      eventName: row.eventName,
      eventDate,
      rentalEndDate,
      eventTime: row.eventTime,
      eventLocation: row.eventLocation,
      notes: row.notes,
    },
    revision: sent,
  };
}

/** The PDF of a revision and its file name; null when the quotation has no such revision. */
export async function quotationRevisionPdf(
  db: DbOrTx,
  quotationId: string,
  revision: number,
): Promise<RevisionPdf | null> {
  const input = await revisionPdfInput(db, quotationId, revision);
  if (!input) return null;
  return { filename: revisionPdfFilename(input.quotation.shortId, revision), content: await renderQuotationPdf(input) };
}

/**
 * A revision's PDF for the customer, on the portal's page or the e-mailed link's (issue 20): `quotation` is what
 * that page's own access check opened (getCustomerQuotation, getQuotationByLink), so the PDF is never more open
 * than the page. Every revision up to the one the page shows was sent to this customer; null for any other (and
 * for a quotation never sent).
 */
export async function customerRevisionPdf(
  db: DbOrTx,
  quotation: { id: string; prices: { revision: number } | null },
  revision: number,
): Promise<RevisionPdf | null> {
  if (!quotation.prices || !Number.isSafeInteger(revision) || revision < 1 || revision > quotation.prices.revision)
    return null;
  return quotationRevisionPdf(db, quotation.id, revision);
}
