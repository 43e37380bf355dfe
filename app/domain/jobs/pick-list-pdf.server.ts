import type { DbOrTx } from "../../db/client.server";
import { formatTime } from "../../lib/format";
import { documentDateRange, documentDay } from "../../lib/pdf/document-dates";
import { COLORS, columnWidths, defaultLogoPath, PdfBuilder } from "../../lib/pdf/pdf.server";
import { drawQrCode } from "../../lib/pdf/qr.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { JOB_STATUS_LABELS } from "./constants";
import { packageHeading, type PickGroup, type PickRow } from "./pick-list";
import type { PickList } from "./pick-list.server";

// A job's pick list as a PDF (issue 26), for the warehouse on paper: the company's header, the job (reference,
// event, customer, phone, place, period, time), then the equipment by category: each item's name, code and its QR
// code (the item's public id, as on its label), units reserved, already sent and still to pick, and empty boxes to
// tick and initial; a package as a heading with its parts. A group's heading never ends a page: it moves to the
// next page with its first rows, and a group running onto a new page repeats its heading and column titles.
// "Picked by / Checked by / Date" lines at the end. Server only (PDFKit).

const COLUMNS = [
  { header: "QR", weight: 52 },
  { header: "Item and code", weight: 205 },
  { header: "Reserved", weight: 50, align: "right" as const },
  { header: "Sent", weight: 40, align: "right" as const },
  { header: "To pick", weight: 48, align: "right" as const },
  { header: "Picked", weight: 44, align: "center" as const },
  { header: "Initials", weight: 60, align: "center" as const },
];
const QR_SIZE = 44;
const PAD = 5;
const SIZE = 9;

/** The pick list as a PDF (A4, the house PDF base). `now` is the printed day. */
export async function renderPickListPdf(db: DbOrTx, list: PickList, now: Date = new Date()): Promise<Uint8Array> {
  const company = await getCompanySettings(db);
  const { job } = list;
  const pdf = new PdfBuilder({
    title: `Pick list — ${job.reference} — ${job.title}`,
    subject: "Pick list",
    author: company.name,
    createdAt: now,
    runningHeader: `${company.name} · Pick list ${job.reference} · ${job.title}`,
    footerNote: `${job.reference} pick list · printed ${documentDay(now)}`,
  });
  const widths = columnWidths(
    COLUMNS.map((c) => c.weight),
    pdf.contentWidth,
  );
  const xs = widths.map((_, i) => pdf.left + widths.slice(0, i).reduce((a, b) => a + b, 0));

  // Header: the company on the left, the document and its reference on the right.
  const top = pdf.y;
  const sideWidth = 150;
  pdf.companyHeader(
    {
      name: company.name,
      address: company.address,
      phones: company.phones,
      emails: company.emails,
      vatRegistrationNumber: "",
    },
    { logo: defaultLogoPath(), width: pdf.contentWidth - sideWidth - 12 },
  );
  const headerBottom = pdf.y;
  const sideX = pdf.right - sideWidth;
  let sideY = top;
  sideY += pdf.text("Pick list", { x: sideX, y: sideY, width: sideWidth, size: 16, weight: "bold", align: "right" });
  sideY += pdf.text(job.reference, {
    x: sideX,
    y: sideY,
    width: sideWidth,
    size: 12,
    weight: "bold",
    color: COLORS.brand,
    align: "right",
  });
  pdf.text(`Printed ${documentDay(now)}`, {
    x: sideX,
    y: sideY,
    width: sideWidth,
    size: 8.5,
    color: COLORS.muted,
    align: "right",
  });
  pdf.y = Math.max(headerBottom, sideY + 14);
  pdf.gap(12);

  // The job, two columns of label / value.
  const details: [string, string][] = [
    ["Event", job.title],
    ["Customer", job.customerName],
    ["Phone", job.phone],
    ["Place", job.location],
    ["Period", documentDateRange(job.startDate, job.endDate)],
    ["Time", formatTime(job.eventTime)],
  ];
  const half = pdf.contentWidth / 2;
  const labelWidth = 58;
  let leftY = pdf.y;
  let rightY = pdf.y;
  details.forEach(([label, value], i) => {
    const inLeft = i % 2 === 0;
    const x = pdf.left + (inLeft ? 0 : half);
    const y = inLeft ? leftY : rightY;
    pdf.text(label, { x, y, width: labelWidth, size: 9, color: COLORS.muted });
    const height = pdf.text(value, { x: x + labelWidth, y, width: half - labelWidth - 12, size: 9.5, weight: "bold" });
    if (inLeft) leftY += height + 3;
    else rightY += height + 3;
  });
  pdf.y = Math.max(leftY, rightY);
  pdf.gap(4);
  const { totals } = list;
  pdf.text(
    `${totals.toPick} ${totals.toPick === 1 ? "unit" : "units"} to pick (${totals.reserved} reserved, ${totals.sent} already sent) · status ${JOB_STATUS_LABELS[job.status]}`,
    { size: 9.5, color: COLORS.text },
  );
  pdf.gap(14);

  if (list.groups.length === 0) {
    pdf.text("This job has no equipment to pick.", { size: 10, color: COLORS.muted });
  }

  const itemStyle = { size: SIZE, weight: "bold" as const };
  const codeStyle = { size: 8, color: COLORS.muted };
  const rowHeightOf = (row: PickRow, indent: number): number => {
    const inner = widths[1]! - 2 * PAD - indent;
    const textHeight = pdf.heightOf(row.name, inner, itemStyle) + pdf.heightOf(row.slug, inner, codeStyle);
    return Math.max(QR_SIZE + 2 * 3, textHeight + 2 * PAD);
  };
  const headingHeight = 20;
  const columnsHeight = 18;
  const packageHeight = (name: string) =>
    pdf.heightOf(packageHeading(name, 999), pdf.contentWidth - 2 * PAD, itemStyle) +
    pdf.lineHeight(codeStyle) +
    2 * PAD;

  const drawGroupHeading = (group: PickGroup, continued: boolean) => {
    pdf.fillRect(pdf.left, pdf.y, pdf.contentWidth, headingHeight, COLORS.brand);
    const units = group.entries.reduce(
      (n, e) => n + (e.kind === "item" ? e.row.toPick : e.parts.reduce((m, p) => m + p.toPick, 0)),
      0,
    );
    pdf.text(`${group.label}${continued ? " (continued)" : ""}`, {
      x: pdf.left + PAD + 1,
      y: pdf.y + 3,
      width: pdf.contentWidth - 120,
      size: 10.5,
      weight: "bold",
      color: COLORS.brandText,
    });
    pdf.text(`${units} to pick`, {
      x: pdf.right - 120,
      y: pdf.y + 4,
      width: 120 - PAD - 1,
      size: 9,
      color: COLORS.brandText,
      align: "right",
    });
    pdf.y += headingHeight;
    COLUMNS.forEach((column, i) => {
      pdf.text(column.header, {
        x: xs[i]! + PAD,
        y: pdf.y + 4,
        width: widths[i]! - 2 * PAD,
        size: 7.5,
        weight: "bold",
        color: COLORS.muted,
        align: column.align ?? "left",
      });
    });
    pdf.y += columnsHeight;
    pdf.hrule(pdf.y);
  };

  const drawPackage = (name: string, packages: number, slug: string) => {
    const height = packageHeight(name);
    pdf.fillRect(pdf.left, pdf.y, pdf.contentWidth, height, COLORS.zebra);
    const nameHeight = pdf.text(packageHeading(name, packages), {
      x: pdf.left + PAD,
      y: pdf.y + PAD,
      width: pdf.contentWidth - 2 * PAD,
      ...itemStyle,
    });
    pdf.text(`${slug} · its parts below, quantities for all ${packages}`, {
      x: pdf.left + PAD,
      y: pdf.y + PAD + nameHeight,
      width: pdf.contentWidth - 2 * PAD,
      ...codeStyle,
    });
    pdf.y += height;
    pdf.hrule(pdf.y);
  };

  const drawRow = (row: PickRow, indent: number) => {
    const height = rowHeightOf(row, indent);
    const top = pdf.y;
    const done = row.toPick === 0;
    drawQrCode(pdf.doc, row.slug, { x: xs[0]! + 3, y: top + (height - QR_SIZE) / 2, size: QR_SIZE, quietZone: 2 });
    const inner = widths[1]! - 2 * PAD - indent;
    const nameHeight = pdf.text(row.name, { x: xs[1]! + PAD + indent, y: top + PAD, width: inner, ...itemStyle });
    pdf.text(row.slug, { x: xs[1]! + PAD + indent, y: top + PAD + nameHeight, width: inner, ...codeStyle });
    const figures = [row.reserved, row.sent, row.toPick];
    figures.forEach((value, j) => {
      const i = j + 2;
      pdf.text(String(value), {
        x: xs[i]! + PAD,
        y: top + PAD,
        width: widths[i]! - 2 * PAD,
        size: j === 2 ? 11 : SIZE,
        weight: j === 2 ? "bold" : "regular",
        color: j === 2 && !done ? COLORS.text : COLORS.muted,
        align: "right",
      });
    });
    // The empty boxes the warehouse fills in on paper: a tick, and the picker's initials.
    const box = 13;
    pdf.doc
      .save()
      .lineWidth(0.9)
      .strokeColor(COLORS.text)
      .rect(xs[5]! + (widths[5]! - box) / 2, top + PAD, box, box)
      .stroke()
      .rect(xs[6]! + PAD, top + PAD, widths[6]! - 2 * PAD, 20)
      .stroke()
      .restore();
    pdf.y = top + height;
    pdf.hrule(pdf.y);
  };

  for (const group of list.groups) {
    // The heading stays with at least its first row (a package's heading and first part).
    const first = group.entries[0];
    const firstHeight = !first
      ? 0
      : first.kind === "item"
        ? rowHeightOf(first.row, 0)
        : packageHeight(first.name) + (first.parts[0] ? rowHeightOf(first.parts[0], 14) : 0);
    pdf.gap(10);
    pdf.ensureSpace(headingHeight + columnsHeight + firstHeight);
    drawGroupHeading(group, false);
    for (const entry of group.entries) {
      if (entry.kind === "item") {
        if (pdf.ensureSpace(rowHeightOf(entry.row, 0))) drawGroupHeading(group, true);
        drawRow(entry.row, 0);
        continue;
      }
      const firstPart = entry.parts[0] ? rowHeightOf(entry.parts[0], 14) : 0;
      if (pdf.ensureSpace(packageHeight(entry.name) + firstPart)) drawGroupHeading(group, true);
      drawPackage(entry.name, entry.packages, entry.slug);
      for (const part of entry.parts) {
        if (pdf.ensureSpace(rowHeightOf(part, 14))) {
          drawGroupHeading(group, true);
          drawPackage(`${entry.name} (continued)`, entry.packages, entry.slug);
        }
        drawRow(part, 14);
      }
    }
  }

  // Signatures, kept together at the end.
  pdf.gap(28);
  const signHeight = 46;
  pdf.ensureSpace(signHeight);
  const third = pdf.contentWidth / 3;
  ["Picked by", "Checked by", "Date"].forEach((label, i) => {
    const x = pdf.left + i * third;
    pdf.hrule(pdf.y + 26, x, x + third - 18, COLORS.text);
    pdf.text(label, { x, y: pdf.y + 30, width: third - 18, size: 8.5, color: COLORS.muted });
  });
  pdf.y += signHeight;
  return pdf.finish();
}
