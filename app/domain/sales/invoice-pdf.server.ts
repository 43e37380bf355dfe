// The tax invoice (Mushak-6.3) and the credit note (Mushak-6.7) as PDFs (issue 22): attached to the e-mail that
// issues them and downloadable from the back office and the customer's portal. Each prints the document exactly as
// it was issued (the invoice's and the note's own rows: the seller and the buyer as printed, the lines, the figures,
// the signatory). Each invoice line prints its unit of supply and its supplementary duty's rate and amount (issue 37),
// so that every row multiplies out: Qty × Days × Unit price − Discount = Value; Value × SD rate = SD; VAT on Value +
// SD; Value + SD + VAT = Total. What was paid and what is due is not printed: a tax invoice states what was supplied
// and the tax on it, never a balance.

import { amountInWords } from "~/lib/amount-in-words";
import { formatMoney } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { documentDate, documentDay } from "~/lib/pdf/document-dates";
import {
  COLORS,
  type CompanyDetails,
  defaultLogoPath,
  PdfBuilder,
  type SummaryRow,
  type TableColumn,
} from "~/lib/pdf/pdf.server";
import { formatPercent } from "../quotations/quotation-pdf";
import type { InvoiceKind } from "./constants";
import { documentTime } from "./invoice-pdf";
import { lineDiscount } from "./invoice-arithmetic";

export interface InvoicePdfLine {
  description: string;
  /** The unit of supply ("unit/day", "event"); null on a line without one (a dash). */
  unitOfSupply: string | null;
  quantity: number | null;
  days: number | null;
  unitPrice: string | null;
  /** The value before VAT (negative on a final invoice's "less the advance" line). */
  value: string;
  /** The SD rate (null: items at different rates, a dash) and amount. */
  sdRatePercent: string | null;
  sdAmount: string;
  vatRatePercent: string;
  vatAmount: string;
}

/** The invoice's buyer as printed on the day of issue. */
export interface PdfBuyer {
  name: string;
  bin: string | null;
  address: string | null;
}

export interface InvoicePdfInput {
  /** From company settings; its vatRegistrationNumber is the seller's BIN. */
  company: CompanyDetails;
  invoice: {
    number: string;
    kind: InvoiceKind;
    advancePercent: string | null;
    /** The moment of issue: its day and time in Dhaka are printed. */
    issuedAt: Date;
    /** YYYY-MM-DD, or null. */
    dueDate: string | null;
    /** The quotation's short reference and event, so the buyer can tell what the invoice is for; none on charges. */
    quotationReference: string | null;
    eventName: string | null;
    /** A charges invoice's jobs (issue 37): what its damage and loss charges are of. */
    jobReferences: string[];
    buyer: PdfBuyer;
    deliveryAddress: string | null;
    netAmount: string;
    sdAmount: string;
    vatAmount: string;
    total: string;
    vatRatePercent: string;
    signatoryName: string;
    signatoryDesignation: string;
  };
  lines: InvoicePdfLine[];
  /** A PNG or JPEG (path or bytes) for the header; the brand mark when left out, none when null. */
  logo?: string | Uint8Array | null;
}

export interface CreditNotePdfLine {
  description: string;
  value: string;
  sdAmount: string;
  vatRatePercent: string;
  vatAmount: string;
}

export interface CreditNotePdfInput {
  company: CompanyDetails;
  creditNote: {
    number: string;
    issuedAt: Date;
    reason: string;
    netAmount: string;
    sdAmount: string;
    vatAmount: string;
    total: string;
    signatoryName: string;
    signatoryDesignation: string;
  };
  /** The invoice it corrects, as that invoice was issued. */
  invoice: {
    number: string;
    issuedAt: Date;
    buyer: PdfBuyer;
    netAmount: string;
    sdAmount: string;
    vatAmount: string;
    total: string;
  };
  lines: CreditNotePdfLine[];
  logo?: string | Uint8Array | null;
}

/** A line's discount share as printed: a dash when it has no unit price or no discount. */
function discountCell(line: InvoicePdfLine): string {
  const discount = lineDiscount(line);
  return discount === null || discount === 0n ? "—" : figure(fromPaisa(discount));
}

// Mushak-6.3's columns (issue 37: the unit of supply, the SD rate and the SD among them), with the days and the
// discount (issue 37) that make each row multiply out. Thirteen columns fit A4 at 7 pt with 2.5 pt of padding a side:
// the weights are points (they add up to the content width), each wide enough for its longest figure on one line
// (a crore in the value, VAT and total columns, ten lakh in the SD's, "meter/day"), the description the rest.
const INVOICE_COLUMNS: TableColumn[] = [
  { header: "#", weight: 14, align: "right" },
  { header: "Description of service", weight: 83.28 },
  { header: "Unit of supply", weight: 40 },
  { header: "Qty", weight: 22, align: "right" },
  // The days charged (ADR 0019); a dash for a price charged once.
  { header: "Days", weight: 23, align: "right" },
  { header: "Unit price (৳)", weight: 43, align: "right" },
  // Its share of the quotation's discount (issue 37): Qty × Days × Unit price − Discount = Value, on every row.
  { header: "Discount (৳)", weight: 37, align: "right" },
  { header: "Value before VAT (৳)", weight: 51, align: "right" },
  { header: "SD rate", weight: 23, align: "right" },
  { header: "SD (৳)", weight: 44, align: "right" },
  { header: "VAT rate", weight: 21, align: "right" },
  { header: "VAT (৳)", weight: 47, align: "right" },
  { header: "Total incl. SD and VAT (৳)", weight: 51, align: "right" },
];

const CREDIT_NOTE_COLUMNS: TableColumn[] = [
  { header: "#", weight: 0.45, align: "right" },
  { header: "Description", weight: 3.6 },
  { header: "Value before VAT (৳)", weight: 1.3, align: "right" },
  { header: "SD (৳)", weight: 1.0, align: "right" },
  { header: "VAT rate", weight: 0.7, align: "right" },
  { header: "VAT (৳)", weight: 1.2, align: "right" },
  { header: "Total (৳)", weight: 1.35, align: "right" },
];

/** An amount in a table's cell, where the column's header carries the ৳: "12,500.00", "-5,000.00". */
function figure(amount: string): string {
  return formatMoney(amount).replace("৳", "");
}

function sum(...amounts: string[]): string {
  return fromPaisa(amounts.reduce((s, a) => s + toPaisa(a), 0n));
}

function moment(at: Date): string {
  return `${documentDay(at)}, ${documentTime(at)}`;
}

/** Renders an issued tax invoice as an A4 PDF in the layout of Mushak-6.3. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { company, invoice } = input;
  const pdf = new PdfBuilder({
    title: `Tax invoice ${invoice.number}`,
    subject: `Mushak-6.3 tax invoice for ${invoice.buyer.name}`,
    author: company.name,
    createdAt: invoice.issuedAt,
    runningHeader: `${company.name} · Tax invoice ${invoice.number} (continued)`,
    footerNote: `${company.name} · Mushak-6.3 · Tax invoice ${invoice.number} · Issued ${moment(invoice.issuedAt)}`,
  });

  const identity: [string, string][] = [
    ["Invoice No.", invoice.number],
    ["Date of issue", documentDay(invoice.issuedAt)],
    ["Time of issue", documentTime(invoice.issuedAt)],
  ];
  if (invoice.kind === "advance")
    identity.push(["Type", `Advance${invoice.advancePercent ? ` (${formatPercent(invoice.advancePercent)})` : ""}`]);
  if (invoice.kind === "final") identity.push(["Type", "Final"]);
  if (invoice.kind === "charges") identity.push(["Type", "Damage and loss"]);
  if (invoice.quotationReference) identity.push(["Quotation", invoice.quotationReference]);
  if (invoice.jobReferences.length > 0)
    identity.push([invoice.jobReferences.length === 1 ? "Job" : "Jobs", invoice.jobReferences.join(", ")]);
  if (invoice.dueDate) identity.push(["Payment due", documentDate(invoice.dueDate)]);
  documentHeader(pdf, input, {
    form: "Mushak-6.3",
    title: "TAX INVOICE",
    rule: "See clauses (c) and (f) of sub-rule (1) of rule 40",
    identity,
  });

  // The buyer and where the service was delivered, side by side.
  const deliveryLines = [
    invoice.deliveryAddress?.trim() || "As the buyer's address",
    ...(invoice.eventName?.trim() ? [`Event: ${invoice.eventName.trim()}`] : []),
  ];
  partyBlocks(pdf, invoice.buyer, { caption: "Delivery destination", lines: deliveryLines });

  pdf.table(
    INVOICE_COLUMNS,
    input.lines.map((line, i) => [
      String(i + 1),
      line.description,
      line.unitOfSupply?.trim() || "—",
      line.quantity === null ? "—" : String(line.quantity),
      line.days === null ? "—" : String(line.days),
      line.unitPrice === null ? "—" : figure(line.unitPrice),
      discountCell(line),
      figure(line.value),
      line.sdRatePercent === null ? "—" : formatPercent(line.sdRatePercent),
      figure(line.sdAmount),
      formatPercent(line.vatRatePercent),
      figure(line.vatAmount),
      figure(sum(line.value, line.sdAmount, line.vatAmount)),
    ]),
    // 7 pt and 2.5 pt of padding: thirteen columns (the unit of supply, SD rate and SD among them, issue 37), and a
    // crore still on one line.
    { zebra: true, size: 7, padX: 2.5 },
  );
  pdf.gap(10);

  totals(
    pdf,
    [
      { label: "Value before VAT", value: formatMoney(invoice.netAmount) },
      { label: "Supplementary duty (SD)", value: formatMoney(invoice.sdAmount) },
      { label: `VAT (${formatPercent(invoice.vatRatePercent)})`, value: formatMoney(invoice.vatAmount) },
      { label: "Total including SD and VAT", value: formatMoney(invoice.total), bold: true, ruleAbove: true },
    ],
    invoice.total,
  );

  signatory(pdf, invoice.signatoryName, invoice.signatoryDesignation);
  return pdf.finish();
}

/** Renders an issued credit note as an A4 PDF in the layout of Mushak-6.7. */
export async function renderCreditNotePdf(input: CreditNotePdfInput): Promise<Uint8Array> {
  const { company, creditNote, invoice } = input;
  const pdf = new PdfBuilder({
    title: `Credit note ${creditNote.number}`,
    subject: `Mushak-6.7 credit note on tax invoice ${invoice.number} for ${invoice.buyer.name}`,
    author: company.name,
    createdAt: creditNote.issuedAt,
    runningHeader: `${company.name} · Credit note ${creditNote.number} (continued)`,
    footerNote: `${company.name} · Mushak-6.7 · Credit note ${creditNote.number} · Issued ${moment(creditNote.issuedAt)}`,
  });

  documentHeader(pdf, input, {
    form: "Mushak-6.7",
    title: "CREDIT NOTE",
    rule: null,
    identity: [
      ["Credit note No.", creditNote.number],
      ["Date of issue", documentDay(creditNote.issuedAt)],
      ["Time of issue", documentTime(creditNote.issuedAt)],
    ],
  });

  partyBlocks(pdf, invoice.buyer, {
    caption: "Original tax invoice (Mushak-6.3)",
    lines: [
      invoice.number,
      `Issued ${moment(invoice.issuedAt)}`,
      `Value before VAT ${formatMoney(invoice.netAmount)}`,
      `${toPaisa(invoice.sdAmount) !== 0n ? `SD ${formatMoney(invoice.sdAmount)} · ` : ""}VAT ${formatMoney(
        invoice.vatAmount,
      )} · Total ${formatMoney(invoice.total)}`,
    ],
  });

  const reasonStyle = { size: 9.5 } as const;
  pdf.ensureSpace(pdf.lineHeight({ size: 7.5 }) + pdf.heightOf(creditNote.reason, pdf.contentWidth, reasonStyle));
  pdf.caption("Reason for the credit note");
  pdf.text(creditNote.reason, reasonStyle);
  pdf.gap(12);

  pdf.table(
    CREDIT_NOTE_COLUMNS,
    input.lines.map((line, i) => [
      String(i + 1),
      line.description,
      figure(line.value),
      figure(line.sdAmount),
      formatPercent(line.vatRatePercent),
      figure(line.vatAmount),
      figure(sum(line.value, line.sdAmount, line.vatAmount)),
    ]),
    { zebra: true, size: 7.5 },
  );
  pdf.gap(10);

  totals(
    pdf,
    [
      { label: "Value before VAT reduced", value: formatMoney(creditNote.netAmount) },
      { label: "Supplementary duty reduced", value: formatMoney(creditNote.sdAmount) },
      { label: "VAT reduced", value: formatMoney(creditNote.vatAmount) },
      { label: "Total credited", value: formatMoney(creditNote.total), bold: true, ruleAbove: true },
    ],
    creditNote.total,
  );

  signatory(pdf, creditNote.signatoryName, creditNote.signatoryDesignation);
  return pdf.finish();
}

/**
 * The top of the first page: the form's name and the authority above a rule; the seller (logo, name, address,
 * contacts, BIN) on the left; the title and the document's identity on the right.
 */
function documentHeader(
  pdf: PdfBuilder,
  input: { company: CompanyDetails; logo?: string | Uint8Array | null },
  head: { form: string; title: string; rule: string | null; identity: [string, string][] },
): void {
  const top = pdf.y;
  const formWidth = pdf.measure(head.form, { size: 9, weight: "bold" }) + 14;
  pdf.doc
    .save()
    .rect(pdf.right - formWidth, top, formWidth, 16)
    .lineWidth(0.75)
    .strokeColor(COLORS.text)
    .stroke()
    .restore();
  pdf.text(head.form, {
    x: pdf.right - formWidth,
    y: top + 1.5,
    width: formWidth,
    align: "center",
    size: 9,
    weight: "bold",
  });
  pdf.text("Government of the People's Republic of Bangladesh · National Board of Revenue", {
    x: pdf.left,
    y: top + 2,
    width: pdf.contentWidth - formWidth - 12,
    size: 8.5,
    color: COLORS.muted,
  });
  pdf.y = top + 24;
  pdf.hrule();
  pdf.gap(12);

  const blockTop = pdf.y;
  const rightWidth = 190;
  const logo = input.logo === undefined ? defaultLogoPath() : input.logo;
  // The seller's BIN always prints, blank or not: a tax invoice without it is not one, and a blank line shows it.
  const company = { ...input.company, vatRegistrationNumber: input.company.vatRegistrationNumber.trim() || "—" };
  const companyHeight = pdf.companyHeader(company, { logo, width: pdf.contentWidth - rightWidth - 16 });
  const rightX = pdf.right - rightWidth;
  let y = blockTop;
  y += pdf.text(head.title, {
    x: rightX,
    y,
    width: rightWidth,
    align: "right",
    size: 19,
    weight: "bold",
    color: COLORS.brand,
    leading: 1.2,
  });
  if (head.rule) {
    y += pdf.text(`[${head.rule}]`, { x: rightX, y, width: rightWidth, align: "right", size: 7, color: COLORS.muted });
    y += 3;
  }
  for (const [label, value] of head.identity) {
    pdf.text(label, { x: rightX, y, width: 80, size: 9, color: COLORS.muted });
    y += pdf.text(value, { x: rightX + 80, y, width: rightWidth - 80, align: "right", size: 9, weight: "bold" });
  }
  pdf.y = blockTop + Math.max(companyHeight, y - blockTop) + 12;
  pdf.hrule();
  pdf.gap(12);
}

/** The buyer (name, BIN, address) on the left and a second captioned block on the right. */
function partyBlocks(pdf: PdfBuilder, buyer: PdfBuyer, right: { caption: string; lines: string[] }): void {
  const columnGap = 24;
  const half = (pdf.contentWidth - columnGap) / 2;
  const top = pdf.y;
  const buyerLines = [
    buyer.name,
    `BIN: ${buyer.bin?.trim() || "—"}`,
    ...(buyer.address?.trim() ? [buyer.address.trim()] : []),
  ];
  const leftHeight = block(pdf, "Buyer", buyerLines, pdf.left, top, half);
  const rightHeight = block(pdf, right.caption, right.lines, pdf.left + half + columnGap, top, half);
  pdf.y = top + Math.max(leftHeight, rightHeight) + 16;
}

/** A captioned block of lines, the first bold. Returns its height. */
function block(pdf: PdfBuilder, caption: string, lines: string[], x: number, top: number, width: number): number {
  let y = top;
  y += pdf.caption(caption, { x, y, width });
  y += 2;
  lines.forEach((line, i) => {
    const first = i === 0;
    y += pdf.text(line, { x, y, width, size: first ? 10.5 : 9, weight: first ? "bold" : "regular" });
  });
  return y - top;
}

/** The totals and the total in words, kept together on one page. */
function totals(pdf: PdfBuilder, rows: SummaryRow[], total: string): void {
  const words = `Amount in words: ${amountInWords(total)}`;
  const wordsStyle = { size: 9, weight: "bold", align: "right" } as const;
  pdf.ensureSpace(pdf.summaryHeight(rows) + 8 + pdf.heightOf(words, pdf.contentWidth, wordsStyle));
  // Wide enough for "Total including SD and VAT" and a crore on one line each.
  pdf.summary(rows, { width: 300 });
  pdf.gap(8);
  pdf.text(words, wordsStyle);
}

/** The authorised person's signature line, name and designation at the right, the seal's place at the left. */
function signatory(pdf: PdfBuilder, name: string, designation: string): void {
  const width = 210;
  const x = pdf.right - width;
  const nameStyle = { size: 9.5, weight: "bold" } as const;
  const height =
    44 + pdf.heightOf(name, width, nameStyle) + pdf.heightOf(designation, width, { size: 9 }) + pdf.lineHeight();
  pdf.gap(20);
  pdf.ensureSpace(height);
  const top = pdf.y;
  // Room to sign, then the line.
  const lineY = top + 40;
  pdf.hrule(lineY, x, pdf.right, COLORS.text);
  pdf.text("Seal", { x: pdf.left, y: lineY + 4, width: 120, size: 8, color: COLORS.muted });
  pdf.hrule(lineY, pdf.left, pdf.left + 120, COLORS.text);
  let y = lineY + 4;
  y += pdf.text("Authorised signature", { x, y, width, size: 8, color: COLORS.muted });
  y += pdf.text(name, { x, y, width, ...nameStyle });
  y += pdf.text(designation, { x, y, width, size: 9 });
  pdf.y = y;
}
