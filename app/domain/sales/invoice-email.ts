import { formatMoney } from "../../lib/format";
import { toPaisa } from "../../lib/money";
import { documentDate, documentDay } from "../../lib/pdf/document-dates";
import { formatPercent } from "../quotations/quotation-pdf";
import { documentTime } from "./invoice-pdf";

// The e-mails that send an issued tax invoice (Mushak-6.3) or credit note (Mushak-6.7) to the customer (issue 22):
// the figures, the PDF attached by the caller, and the portal where the customer sees what is paid and what is
// due. Plain text, like the product's other e-mails (quotations/sent-email.ts). Browser-safe.

export const INVOICE_ISSUED_KIND = "invoice.issued";
export const CREDIT_NOTE_ISSUED_KIND = "credit_note.issued";

interface Company {
  name: string;
  phones: string[];
  emails: string[];
}

export interface InvoiceEmailInput {
  invoiceId: string;
  to: string;
  buyerName: string;
  number: string;
  issuedAt: Date;
  dueDate: string | null;
  /** The quotation's event; null on a charges invoice (issue 37). */
  eventName: string | null;
  netAmount: string;
  /** The supplementary duty (issue 37): a line of its own when there is any. */
  sdAmount: string;
  vatRatePercent: string;
  vatAmount: string;
  total: string;
  /** The portal's invoices (absolute); null when the address is not a portal customer's. */
  portalUrl: string | null;
  company: Company;
}

export interface CreditNoteEmailInput {
  creditNoteId: string;
  to: string;
  buyerName: string;
  number: string;
  issuedAt: Date;
  invoiceNumber: string;
  reason: string;
  netAmount: string;
  sdAmount: string;
  vatAmount: string;
  total: string;
  portalUrl: string | null;
  company: Company;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function signature(company: Company): string {
  const contact = [...company.phones, ...company.emails].join(" · ");
  return `${company.name}${contact ? `\n${contact}` : ""}`;
}

/** "Tax invoice INV-2026-27-000001 from Utsab Event Technologies". */
export function invoiceEmailSubject(input: { number: string; company: { name: string } }): string {
  return oneLine(`Tax invoice ${input.number} from ${input.company.name}`);
}

/** "Credit note CN-2026-27-000001 from Utsab Event Technologies (tax invoice INV-2026-27-000001)". */
export function creditNoteEmailSubject(input: {
  number: string;
  invoiceNumber: string;
  company: { name: string };
}): string {
  return oneLine(`Credit note ${input.number} from ${input.company.name} (tax invoice ${input.invoiceNumber})`);
}

export function invoiceEmail(input: InvoiceEmailInput) {
  const text = [
    `Dear ${oneLine(input.buyerName)},`,
    "",
    `Thank you for choosing ${input.company.name}. Here is our tax invoice ${input.number} for ${
      input.eventName === null ? "the damage and loss charges of your rental" : oneLine(input.eventName)
    }.`,
    "",
    `Invoice: ${input.number}`,
    `Issued: ${documentDay(input.issuedAt)}, ${documentTime(input.issuedAt)}`,
    `Value before VAT: ${formatMoney(input.netAmount)}`,
    ...(toPaisa(input.sdAmount) !== 0n ? [`Supplementary duty (SD): ${formatMoney(input.sdAmount)}`] : []),
    `VAT (${formatPercent(input.vatRatePercent)}): ${formatMoney(input.vatAmount)}`,
    `Total: ${formatMoney(input.total)}`,
    ...(input.dueDate ? [`Payment due by: ${documentDate(input.dueDate)}`] : []),
    "",
    "The tax invoice (Mushak-6.3) is attached as a PDF.",
    "",
    ...(input.portalUrl
      ? [
          "You can download it again, and see what is paid and what is due, in your customer portal:",
          input.portalUrl,
          "",
        ]
      : []),
    signature(input.company),
  ].join("\n");
  return {
    to: input.to,
    subject: invoiceEmailSubject(input),
    text,
    kind: INVOICE_ISSUED_KIND,
    relatedType: "invoice",
    relatedId: input.invoiceId,
  };
}

export function creditNoteEmail(input: CreditNoteEmailInput) {
  const text = [
    `Dear ${oneLine(input.buyerName)},`,
    "",
    `We have issued credit note ${input.number} on our tax invoice ${input.invoiceNumber}.`,
    "",
    `Reason: ${oneLine(input.reason)}`,
    `Issued: ${documentDay(input.issuedAt)}, ${documentTime(input.issuedAt)}`,
    `Value before VAT reduced: ${formatMoney(input.netAmount)}`,
    ...(toPaisa(input.sdAmount) !== 0n ? [`Supplementary duty reduced: ${formatMoney(input.sdAmount)}`] : []),
    `VAT reduced: ${formatMoney(input.vatAmount)}`,
    `Total credited: ${formatMoney(input.total)}`,
    "",
    "The credit note (Mushak-6.7) is attached as a PDF.",
    "",
    ...(input.portalUrl ? ["Your invoices and credit notes are in your customer portal:", input.portalUrl, ""] : []),
    signature(input.company),
  ].join("\n");
  return {
    to: input.to,
    subject: creditNoteEmailSubject(input),
    text,
    kind: CREDIT_NOTE_ISSUED_KIND,
    relatedType: "credit_note",
    relatedId: input.creditNoteId,
  };
}
