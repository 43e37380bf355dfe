// The quotation as a PDF (issue 10): attached to the e-mail that sends it and downloadable for any revision.
// It prints one revision exactly as it was sent (quotation_revisions): the lines, money, dates and terms of that
// snapshot, never today's prices or today's terms.

import {
  COLORS,
  type CompanyDetails,
  defaultLogoPath,
  PdfBuilder,
  type SummaryRow,
  type TableColumn,
} from "~/lib/pdf/pdf.server";
import { documentDateRange, documentDay } from "~/lib/pdf/document-dates";
import { amountInWords } from "~/lib/amount-in-words";
import { formatMoney, formatTime } from "~/lib/format";
import type { QuotationRevisionLine } from "./constants";
import { toPaisa } from "../../lib/money";
import { chargeText } from "../catalogue/rate-structures";
import { formatPercent } from "./quotation-pdf";

export interface QuotationPdfInput {
  /** From company settings. */
  company: CompanyDetails;
  quotation: {
    /** The short id customers see, e.g. the first 8 characters of the id. */
    shortId: string;
    customerName: string;
    email: string;
    phone: string;
    eventName: string;
    /** YYYY-MM-DD: the revision's event date. */
    eventDate: string;
    /** YYYY-MM-DD: the revision's last rental day; null or the event date for one day. */
    rentalEndDate: string | null;
    /** "18:30:00" or "18:30". */
    eventTime: string;
    eventLocation: string;
    notes: string | null;
  };
  revision: {
    number: number;
    lines: QuotationRevisionLine[];
    subtotal: string;
    discount: string;
    vatRatePercent: string;
    vatAmount: string;
    total: string;
    validUntil: Date;
    sentAt: Date;
    /** The terms the revision was sent with (quotation_revisions.terms), printed as they are. */
    terms: readonly string[];
  };
  /** A PNG or JPEG (path or bytes) for the header; the brand mark when left out, none when null. */
  logo?: string | Uint8Array | null;
}

const LINE_COLUMNS: TableColumn[] = [
  { header: "#", weight: 0.4, align: "right" },
  { header: "Item", weight: 2.9 },
  { header: "Size", weight: 1.35 },
  // Quantity × rate × days charged (ADR 0019): "24 sqm × ৳5,000.00 × 2 days".
  { header: "Quantity × rate", weight: 2.35, align: "right" },
  { header: "Total", weight: 1.4, align: "right" },
];

/** Renders one sent revision of a quotation as an A4 PDF. */
export async function renderQuotationPdf(input: QuotationPdfInput): Promise<Uint8Array> {
  const { company, quotation, revision } = input;
  const title = `Quotation ${quotation.shortId}`;
  const pdf = new PdfBuilder({
    title: `${title}, revision ${revision.number}`,
    subject: `${quotation.eventName} for ${quotation.customerName}`,
    author: company.name,
    createdAt: revision.sentAt,
    runningHeader: `${company.name} · ${title} · Revision ${revision.number} (continued)`,
    footerNote: `${company.name} · ${title} · Revision ${revision.number} · Valid until ${documentDay(revision.validUntil)}`,
  });

  // Company on the left, the document's identity on the right.
  const top = pdf.y;
  const rightWidth = 170;
  const logo = input.logo === undefined ? defaultLogoPath() : input.logo;
  const companyHeight = pdf.companyHeader(company, { logo, width: pdf.contentWidth - rightWidth - 16 });
  const rightX = pdf.right - rightWidth;
  let y = top;
  y += pdf.text("QUOTATION", {
    x: rightX,
    y,
    width: rightWidth,
    align: "right",
    size: 20,
    weight: "bold",
    color: COLORS.brand,
    leading: 1.2,
  });
  const identity: [string, string][] = [
    ["No.", quotation.shortId],
    ["Revision", String(revision.number)],
    ["Date", documentDay(revision.sentAt)],
    ["Valid until", documentDay(revision.validUntil)],
  ];
  for (const [label, value] of identity) {
    pdf.text(label, { x: rightX, y, width: 80, size: 9, color: COLORS.muted });
    y += pdf.text(value, { x: rightX + 80, y, width: rightWidth - 80, align: "right", size: 9, weight: "bold" });
  }
  pdf.y = top + Math.max(companyHeight, y - top) + 12;
  pdf.hrule();
  pdf.gap(12);

  // Customer and event side by side.
  const columnGap = 24;
  const half = (pdf.contentWidth - columnGap) / 2;
  const blockTop = pdf.y;
  const eventX = pdf.left + half + columnGap;
  const leftHeight = block(
    pdf,
    "Bill to",
    [quotation.customerName, quotation.email, quotation.phone],
    pdf.left,
    blockTop,
    half,
    true,
  );
  const rightHeight = block(
    pdf,
    "Event",
    [
      quotation.eventName,
      `Date: ${documentDateRange(quotation.eventDate, quotation.rentalEndDate)}`,
      `Time: ${formatTime(quotation.eventTime)}`,
      `Location: ${quotation.eventLocation}`,
    ],
    eventX,
    blockTop,
    half,
    true,
  );
  pdf.y = blockTop + Math.max(leftHeight, rightHeight) + 16;

  // The lines.
  pdf.table(
    LINE_COLUMNS,
    revision.lines.map((line, i) => [
      String(i + 1),
      line.name,
      line.size?.trim() ? line.size : "—",
      chargeText(line, formatMoney),
      formatMoney(line.total),
    ]),
    { zebra: true },
  );
  pdf.gap(10);

  // Totals, then the total in words.
  const discount = toPaisa(revision.discount);
  const rows: SummaryRow[] = [
    { label: "Subtotal", value: formatMoney(revision.subtotal) },
    { label: "Discount", value: discount > 0n ? `- ${formatMoney(revision.discount)}` : formatMoney("0") },
    { label: `VAT (${formatPercent(revision.vatRatePercent)})`, value: formatMoney(revision.vatAmount) },
    { label: "Total", value: formatMoney(revision.total), bold: true, ruleAbove: true },
  ];
  // The totals and their words stay together on one page.
  const words = `Amount in words: ${amountInWords(revision.total)}`;
  const wordsStyle = { size: 9, weight: "bold", align: "right" } as const;
  pdf.ensureSpace(pdf.summaryHeight(rows) + 8 + pdf.heightOf(words, pdf.contentWidth, wordsStyle));
  pdf.summary(rows, { width: 250 });
  pdf.gap(8);
  pdf.text(words, wordsStyle);
  pdf.gap(16);

  if (quotation.notes?.trim()) {
    pdf.ensureSpace(
      pdf.lineHeight({ size: 7.5 }) + pdf.heightOf(quotation.notes.trim(), pdf.contentWidth, { size: 9 }),
    );
    pdf.caption("Notes");
    pdf.text(quotation.notes.trim(), { size: 9 });
    pdf.gap(14);
  }

  pdf.ensureSpace(pdf.lineHeight({ size: 7.5 }) + 3 * pdf.lineHeight({ size: 8.5 }));
  pdf.caption("Terms and conditions");
  pdf.gap(2);
  pdf.numberedList(revision.terms);
  pdf.gap(16);
  pdf.text(
    `Thank you for choosing ${company.name}. This quotation was issued electronically and is valid without a signature.`,
    { size: 8.5, color: COLORS.muted },
  );

  return pdf.finish();
}

/** A captioned block of lines (customer, event); the first line bold. Returns its height. */
function block(
  pdf: PdfBuilder,
  caption: string,
  lines: string[],
  x: number,
  top: number,
  width: number,
  firstBold: boolean,
): number {
  let y = top;
  y += pdf.caption(caption, { x, y, width });
  y += 2;
  lines.forEach((line, i) => {
    const bold = firstBold && i === 0;
    y += pdf.text(line, { x, y, width, size: bold ? 10.5 : 9, weight: bold ? "bold" : "regular" });
  });
  return y - top;
}
