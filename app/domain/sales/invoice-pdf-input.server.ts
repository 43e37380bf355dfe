import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { creditNoteLines, creditNotes, invoiceLines, invoices, quotations } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { quotationReference } from "../quotations/reference";
import { chargedJobsOf } from "./invoice-job-charges.server";
import { salesDocumentFilename } from "./invoice-pdf";
import {
  type CreditNotePdfInput,
  type InvoicePdfInput,
  renderCreditNotePdf,
  renderInvoicePdf,
} from "./invoice-pdf.server";

// An issued invoice or credit note as its PDF, read from its own rows alone: the seller, the buyer, lines, figures and
// signatory as they were issued (issue 37: re-downloading prints the same). The same bytes go into the e-mail that issues it
// (read inside that transaction, after the rows are written) and out of every download link.

export interface SalesDocumentPdf {
  filename: string;
  content: Uint8Array;
}

/** What an invoice's PDF prints; undefined for an unknown or malformed id. */
export async function invoicePdfInput(db: DbOrTx, invoiceId: string): Promise<InvoicePdfInput | undefined> {
  if (!isUuid(invoiceId)) return undefined;
  const [row] = await db
    .select({ invoice: invoices, eventName: quotations.eventName })
    .from(invoices)
    .leftJoin(quotations, eq(quotations.id, invoices.quotationId))
    .where(eq(invoices.id, invoiceId.toLowerCase()));
  if (!row) return undefined;
  const { invoice } = row;
  const jobs = invoice.kind === "charges" ? await chargedJobsOf(db, invoice.id) : [];
  const lines = await db
    .select({
      description: invoiceLines.description,
      unitOfSupply: invoiceLines.unitOfSupply,
      quantity: invoiceLines.quantity,
      days: invoiceLines.days,
      unitPrice: invoiceLines.unitPrice,
      value: invoiceLines.value,
      sdRatePercent: invoiceLines.sdRatePercent,
      sdAmount: invoiceLines.sdAmount,
      vatRatePercent: invoiceLines.vatRatePercent,
      vatAmount: invoiceLines.vatAmount,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.lineNo));
  return {
    company: invoice.seller,
    invoice: {
      number: invoice.number,
      kind: invoice.kind,
      advancePercent: invoice.advancePercent,
      issuedAt: invoice.issuedAt,
      dueDate: invoice.dueDate,
      quotationReference: invoice.quotationId === null ? null : quotationReference(invoice.quotationId),
      jobReferences: jobs.map((j) => j.reference),
      eventName: invoice.eventName ?? row.eventName,
      buyer: { name: invoice.buyerName, bin: invoice.buyerBin, address: invoice.buyerAddress },
      deliveryAddress: invoice.deliveryAddress,
      netAmount: invoice.netAmount,
      sdAmount: invoice.sdAmount,
      vatAmount: invoice.vatAmount,
      total: invoice.total,
      vatRatePercent: invoice.vatRatePercent,
      signatoryName: invoice.signatoryName,
      signatoryDesignation: invoice.signatoryDesignation,
    },
    lines,
  };
}

/** An invoice's PDF and its file name ("INV-2026-27-000001.pdf"); null for an unknown or malformed id. */
export async function invoicePdf(db: DbOrTx, invoiceId: string): Promise<SalesDocumentPdf | null> {
  const input = await invoicePdfInput(db, invoiceId);
  if (!input) return null;
  return { filename: salesDocumentFilename(input.invoice.number), content: await renderInvoicePdf(input) };
}

/** What a credit note's PDF prints; undefined for an unknown or malformed id. */
export async function creditNotePdfInput(db: DbOrTx, creditNoteId: string): Promise<CreditNotePdfInput | undefined> {
  if (!isUuid(creditNoteId)) return undefined;
  const [row] = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.id, creditNoteId.toLowerCase()));
  if (!row) return undefined;
  const { note, invoice } = row;
  const lines = await db
    .select({
      description: creditNoteLines.description,
      value: creditNoteLines.value,
      sdAmount: creditNoteLines.sdAmount,
      vatRatePercent: creditNoteLines.vatRatePercent,
      vatAmount: creditNoteLines.vatAmount,
    })
    .from(creditNoteLines)
    .where(eq(creditNoteLines.creditNoteId, note.id))
    .orderBy(asc(creditNoteLines.lineNo));
  return {
    company: note.seller,
    creditNote: {
      number: note.number,
      issuedAt: note.issuedAt,
      reason: note.reason,
      netAmount: note.netAmount,
      sdAmount: note.sdAmount,
      vatAmount: note.vatAmount,
      total: note.total,
      signatoryName: note.signatoryName,
      signatoryDesignation: note.signatoryDesignation,
    },
    invoice: {
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      buyer: { name: invoice.buyerName, bin: invoice.buyerBin, address: invoice.buyerAddress },
      netAmount: invoice.netAmount,
      sdAmount: invoice.sdAmount,
      vatAmount: invoice.vatAmount,
      total: invoice.total,
    },
    lines,
  };
}

/** A credit note's PDF and its file name ("CN-2026-27-000001.pdf"); null for an unknown or malformed id. */
export async function creditNotePdf(db: DbOrTx, creditNoteId: string): Promise<SalesDocumentPdf | null> {
  const input = await creditNotePdfInput(db, creditNoteId);
  if (!input) return null;
  return { filename: salesDocumentFilename(input.creditNote.number), content: await renderCreditNotePdf(input) };
}
