import { formatMoney, formatTime } from "../../lib/format";
import { chargeText } from "../catalogue/rate-structures";
import { documentDateRange, documentDay } from "../../lib/pdf/document-dates";
import type { QuotationRevisionLine } from "./constants";
import { formatPercent } from "./quotation-pdf";

// The e-mail that sends a priced quotation to the customer (issue 10, DESIGN §6): the link that opens it for
// 7 days without a password, the figures of the revision, staff's message, the portal account (with its
// temporary password when the send just made it), the terms the revision was sent with, and the revision's PDF
// attached by the use case. Plain text, like the product's other e-mails.

export const QUOTATION_SENT_KIND = "quotation.sent";

export interface SentEmailInput {
  quotationId: string;
  customerName: string;
  to: string;
  eventName: string;
  eventDate: string;
  rentalEndDate: string;
  eventTime: string;
  eventLocation: string;
  revision: number;
  lines: QuotationRevisionLine[];
  subtotal: string;
  discount: string;
  vatRatePercent: string;
  vatAmount: string;
  total: string;
  validUntil: Date;
  /** The terms the revision was sent with (quotation_revisions.terms), as the PDF prints them. */
  terms: readonly string[];
  /** The absolute link that opens the quotation. */
  linkUrl: string;
  /** The portal's sign-in page, absolute. */
  portalUrl: string;
  /** The temporary password of an account made by this send; null when the customer had one. */
  password: string | null;
  /** False when the address is a back-office user's: no portal paragraph. */
  hasPortal: boolean;
  message: string;
  company: { name: string; phones: string[]; emails: string[] };
}

/**
 * "Your quotation from Utsab Event Technologies: Annual Gala (revision 2)": a revision after the first names its
 * number, so the customer can tell the new one from the one it replaces. One line, whatever the names hold.
 */
export function quotationSentSubject(input: Pick<SentEmailInput, "company" | "eventName" | "revision">): string {
  const subject = `Your quotation from ${input.company.name}: ${input.eventName}${input.revision > 1 ? ` (revision ${input.revision})` : ""}`;
  return subject.replace(/\s+/g, " ").trim();
}

export function quotationSentEmail(input: SentEmailInput) {
  const dates = documentDateRange(input.eventDate, input.rentalEndDate);
  const lines = input.lines.map(
    (l, i) =>
      `${i + 1}. ${l.name}${l.size ? ` (${l.size})` : ""}: ${chargeText(l, formatMoney)} = ${formatMoney(l.total)}`,
  );
  const money = [
    `Subtotal: ${formatMoney(input.subtotal)}`,
    ...(input.discount !== "0.00" ? [`Discount: -${formatMoney(input.discount)}`] : []),
    `VAT (${formatPercent(input.vatRatePercent)}): ${formatMoney(input.vatAmount)}`,
    `Total: ${formatMoney(input.total)}`,
  ];
  const portal = !input.hasPortal
    ? []
    : input.password
      ? [
          "Your customer portal, where you can see all your quotations:",
          input.portalUrl,
          `E-mail: ${input.to}`,
          `Temporary password: ${input.password}`,
          "You will choose your own password when you first sign in.",
          "",
        ]
      : ["You can also see all your quotations in your customer portal:", input.portalUrl, ""];
  const contact = [...input.company.phones, ...input.company.emails].join(" · ");
  const text = [
    `Dear ${input.customerName},`,
    "",
    `Thank you for your request. Here is our quotation for ${input.eventName}${input.revision > 1 ? ` (revision ${input.revision})` : ""}.`,
    "",
    `Event: ${input.eventName}`,
    `Date: ${dates}, ${formatTime(input.eventTime)}`,
    `Location: ${input.eventLocation}`,
    "",
    ...lines,
    "",
    ...money,
    "",
    ...(input.message ? [input.message, ""] : []),
    `Open the quotation to approve it, reject it or ask us to negotiate (no password needed; the link works until ${documentDay(input.validUntil)}):`,
    input.linkUrl,
    "",
    "The quotation is attached as a PDF.",
    "",
    ...(input.terms.length ? ["Terms and conditions", ...input.terms.map((term, i) => `${i + 1}. ${term}`), ""] : []),
    ...portal,
    `${input.company.name}${contact ? `\n${contact}` : ""}`,
  ].join("\n");
  return {
    to: input.to,
    subject: quotationSentSubject(input),
    text,
    kind: QUOTATION_SENT_KIND,
    relatedType: "quotation",
    relatedId: input.quotationId,
  };
}
