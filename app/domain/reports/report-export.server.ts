import type { DbOrTx } from "../../db/client.server";
import { numericCsvLines } from "../../lib/csv-stream.server";
import { formatMoney } from "../../lib/format";
import { documentDate } from "../../lib/pdf/document-dates";
import { COLORS, defaultLogoPath, PdfBuilder, type CompanyDetails, type TableColumn } from "../../lib/pdf/pdf.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { fiscalYearName } from "./report-periods";
import {
  day,
  periodDates,
  periodSlug,
  type ReportCell,
  type ReportTable,
  type ReportTableColumn,
} from "./report-table";

// Financial Reports' Export Report (issue 24): the table the screen shows (report-table.ts), as a CSV file for a
// spreadsheet and as an A4 PDF with the company's name, the report's title, its period and comparison columns, and
// the day and time it was printed. Amounts in the CSV are plain numbers (1234.50, -200.00) a spreadsheet adds up;
// the PDF prints them with formatMoney as every other PDF does (its Noto Sans has no U+2212 minus). Server only.

/** profit-and-loss-2026-11.csv, general-ledger-1100-fy-2026-27.pdf. */
export function reportFileName(table: ReportTable, startMonth: number, extension: "csv" | "pdf"): string {
  const account = table.account ? `-${table.account.code.replace(/[^0-9A-Za-z._-]/g, "")}` : "";
  return `${table.tab}${account}-${periodSlug(table.period, startMonth)}.${extension}`;
}

/** The period as a report's heading reads it: "Nov 2026 (1 Nov 2026 – 30 Nov 2026) · fiscal year 2026-27". */
export function periodHeading(table: ReportTable, startMonth: number): string {
  const { period } = table;
  const dates = period.kind === "range" ? "" : ` (${periodDates(period)})`;
  const asAt = table.asAt ? ` · as at ${day(table.asAt)}, the period not ended` : "";
  return `${period.label}${dates}${asAt} · fiscal year ${fiscalYearName(period.fiscalYear, startMonth)}`;
}

const hasCodes = (table: ReportTable) =>
  table.rows.some((row) => row.cells.some((cell, i) => table.columns[i]?.kind === "label" && cell.code));

const headerText = (column: ReportTableColumn) => (column.note ? `${column.header} ${column.note}` : column.header);

/** A change's percentage with its sign: "+12.5%", "-3.0%"; "" when there is none. */
function percentText(percent: string | null | undefined): string {
  if (!percent) return "";
  return `${percent.startsWith("-") || /^0(\.0+)?$/.test(percent) ? "" : "+"}${percent}%`;
}

/**
 * The report as CSV text: a byte order mark (so a spreadsheet reads ৳ and Bengali names), the title, the company
 * and the period, an empty line, then the table: an account's code in a column of its own, each change as its
 * amount and its percentage.
 */
export function reportCsv(table: ReportTable, companyName: string, startMonth: number): string {
  const codes = hasCodes(table);
  const header: string[] = [];
  for (const column of table.columns) {
    if (column.kind === "label" && codes) header.push("Code");
    header.push(headerText(column));
    if (column.kind === "change") header.push(`${headerText(column)} (%)`);
  }
  const cells = (row: ReportCell[]) =>
    row.flatMap((cell, i) => {
      const kind = table.columns[i]!.kind;
      const value = cell.value ?? "";
      if (kind === "label") return codes ? [cell.code ?? "", value] : [value];
      if (kind === "change") return [value, cell.value === null ? "" : (cell.percent ?? "")];
      return [value];
    });
  const lines = [
    [table.title],
    [companyName],
    [periodHeading(table, startMonth)],
    [],
    header,
    ...table.rows.map((row) => cells(row.cells)),
  ];
  return `\uFEFF${numericCsvLines(lines)}`;
}

const WEIGHTS: Record<ReportTableColumn["kind"], number> = {
  label: 3.3,
  text: 1.3,
  date: 1.15,
  money: 1.55,
  change: 1.45,
};

/**
 * A column's header as the PDF prints it: "As at" and "Change vs" on a line of their own, so that the day under them
 * fits a figure's column ("As at / 30 Nov 2026", "Change vs / 31 Oct 2026").
 */
function pdfHeader(column: ReportTableColumn): string {
  const header = column.header.replace(/^As at /, "As at\n");
  if (!column.note) return header;
  return column.note.startsWith("vs ") ? `${header} vs\n${column.note.slice(3)}` : `${header}\n${column.note}`;
}

/** A cell as the PDF prints it. */
function pdfCell(cell: ReportCell, column: ReportTableColumn): string {
  if (cell.value === null) return "";
  switch (column.kind) {
    case "label":
      // No-break spaces: the PDF's layout drops ordinary spaces at the start of a line.
      return `${"\u00A0".repeat(3 * (cell.depth ?? 0))}${cell.code ? `${cell.code} ` : ""}${cell.value}`;
    case "money":
      return formatMoney(cell.value);
    case "change": {
      const percent = percentText(cell.percent);
      return percent ? `${formatMoney(cell.value)}\n${percent}` : formatMoney(cell.value);
    }
    case "date":
      return documentDate(cell.value);
    case "text":
      return cell.value;
  }
}

/** The printed moment in Dhaka: "30 Nov 2026, 17:05". */
function printedAt(now: Date): string {
  const [date, time] = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Asia/Dhaka",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(now)
    .split(" ");
  return `${documentDate(date!)}, ${time}`;
}

/** The report as an A4 PDF with the company of Settings > Company. `now` is the printed moment. */
export async function renderReportPdf(
  db: DbOrTx,
  table: ReportTable,
  startMonth: number,
  now: Date = new Date(),
): Promise<Uint8Array> {
  return reportPdf(table, await getCompanySettings(db), startMonth, now);
}

/** The report as an A4 PDF (the house PDF base): the company's header, the title, the period, the table, the notes. */
export function reportPdf(
  table: ReportTable,
  company: CompanyDetails,
  startMonth: number,
  now: Date = new Date(),
): Promise<Uint8Array> {
  const period = periodHeading(table, startMonth);
  const printed = `Printed on ${printedAt(now)} (Asia/Dhaka)`;
  const pdf = new PdfBuilder({
    title: `${table.title} · ${table.period.label}`,
    subject: table.title,
    author: company.name,
    createdAt: now,
    runningHeader: `${company.name} · ${table.title} · ${table.period.label}`,
    footerNote: printed,
  });
  pdf.companyHeader(
    {
      name: company.name,
      address: company.address,
      phones: company.phones,
      emails: company.emails,
      vatRegistrationNumber: company.vatRegistrationNumber,
    },
    { logo: defaultLogoPath(), width: pdf.contentWidth },
  );
  pdf.gap(14);
  pdf.text(table.title.toUpperCase(), { size: 15, weight: "bold", color: COLORS.brand });
  pdf.text(period, { size: 10, weight: "bold" });
  pdf.gap(2);
  pdf.text(table.description, { size: 8.5, color: COLORS.muted });
  pdf.text(printed, { size: 8.5, color: COLORS.muted });
  pdf.gap(10);

  const wide = table.columns.length > 6;
  const columns: TableColumn[] = table.columns.map((column) => ({
    header: pdfHeader(column),
    // Six figure columns (the trial balance) leave the name less room, so that a nine-figure amount fits its own.
    weight: column.kind === "label" && wide ? 2.2 : WEIGHTS[column.kind],
    align: column.kind === "money" || column.kind === "change" ? "right" : "left",
  }));
  const bold = new Set<number>();
  table.rows.forEach((row, i) => {
    if (row.kind !== "line") bold.add(i);
  });
  if (table.rows.length === 0) pdf.text("Nothing posted in this period.", { size: 9, color: COLORS.muted });
  else
    pdf.table(
      columns,
      table.rows.map((row) => row.cells.map((cell, i) => pdfCell(cell, table.columns[i]!))),
      { size: wide ? 7 : 8, boldRows: bold },
    );
  pdf.gap(8);
  for (const note of table.notes) pdf.text(note, { size: 8, color: COLORS.muted });
  return pdf.finish();
}
