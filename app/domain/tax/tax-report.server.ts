import type { DbOrTx } from "../../db/client.server";
import { numericCsvLines } from "../../lib/csv-stream.server";
import { formatMoney, formatShortDate } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { COLORS, defaultLogoPath, PdfBuilder, type TableColumn } from "../../lib/pdf/pdf.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { closingBalanceText, MUSHAK_91_COLUMN_LABELS, mushak91Rows, type Mushak91 } from "./mushak-9-1";
import { formatRate } from "./tax-record-form";
import { vatPeriodOf, type VatPeriod } from "./vat-period";
import {
  closedPeriodOf,
  mushak91Of,
  purchaseRegister,
  registerTotals,
  salesRegister,
  vatPeriodMonths,
  vatReturnFigures,
  vdsCertificates,
  type RegisterRow,
  type VatReturnFigures,
  type VdsRow,
} from "./vat-return.server";

// Generate Report (Tax Management; issue 22): a VAT period's return (Mushak-9.1 by its parts and notes, issue 37), its
// sales register (Mushak-6.2: buyer, BIN, address,
// invoice or credit note, date, value, VAT) and purchase register (Mushak-6.1: supplier, BIN, reference, date,
// value, VAT), as one PDF with the three parts, or each part as a CSV file.

export const TAX_REPORT_PARTS = ["return", "sales", "purchases"] as const;
export type TaxReportPart = (typeof TAX_REPORT_PARTS)[number];
export const TAX_REPORT_FORMATS = ["pdf", "csv"] as const;
export type TaxReportFormat = (typeof TAX_REPORT_FORMATS)[number];

export const TAX_REPORT_PART_LABELS: Record<TaxReportPart, string> = {
  return: "VAT return (Mushak-9.1)",
  sales: "Sales register (Mushak-6.2)",
  purchases: "Purchase register (Mushak-6.1)",
};

export interface TaxReportData {
  period: VatPeriod;
  /** The closed period holding it, when closed. */
  closed: { start: string; end: string } | null;
  figures: VatReturnFigures;
  /** The return by its parts and notes. */
  form: Mushak91;
  sales: RegisterRow[];
  purchases: RegisterRow[];
  vds: VdsRow[];
}

/** The period a report URL names ("2026-04", any month of a quarter when the return is quarterly). */
export async function taxReportPeriod(db: DbOrTx, key: string): Promise<VatPeriod> {
  return vatPeriodOf(key, await vatPeriodMonths(db));
}

export async function taxReportData(db: DbOrTx, period: VatPeriod): Promise<TaxReportData> {
  const [closed, figures, sales, purchases, vds] = await Promise.all([
    closedPeriodOf(db, period.start),
    vatReturnFigures(db, period),
    salesRegister(db, period),
    purchaseRegister(db, period),
    vdsCertificates(db, period),
  ]);
  const form = await mushak91Of(db, period, figures);
  return { period, closed, figures, form, sales, purchases, vds };
}

export function taxReportFileName(period: VatPeriod, format: TaxReportFormat, part: TaxReportPart): string {
  const what =
    format === "pdf"
      ? "vat-report"
      : { return: "vat-return", sales: "sales-register", purchases: "purchase-register" }[part];
  return `${what}-${period.key}${period.months === 3 ? "-quarter" : ""}.${format}`;
}

export const SALES_REGISTER_HEADER = [
  "Buyer",
  "Buyer BIN",
  "Buyer address",
  "Invoice / credit note",
  "Date",
  "Value before VAT",
  "VAT rate",
  "VAT",
] as const;
export const PURCHASE_REGISTER_HEADER = [
  "Supplier",
  "Supplier BIN",
  "Reference",
  "Date",
  "Value before VAT",
  "VAT rate",
  "VAT",
] as const;

const salesCells = (r: RegisterRow) => [
  r.party ?? "",
  r.bin ?? "",
  r.address ?? "",
  r.reference ?? "",
  r.date,
  r.value,
  formatRate(r.rate),
  r.vat,
];
const purchaseCells = (r: RegisterRow) => [
  r.party ?? "",
  r.bin ?? "",
  r.reference ?? "",
  r.date,
  r.value,
  formatRate(r.rate),
  r.vat,
];

/** One part as CSV text (a byte order mark first, so spreadsheet programs read ৳ and Bengali names). */
export function taxReportCsv(data: TaxReportData, part: TaxReportPart): string {
  let rows: string[][];
  if (part === "return")
    rows = [
      ["Period", data.period.label],
      ["From", data.period.start],
      ["To", data.period.end],
      ...mushak91Rows(data.form),
    ];
  else if (part === "sales") {
    const totals = registerTotals(data.sales);
    rows = [
      [...SALES_REGISTER_HEADER],
      ...data.sales.map(salesCells),
      ["Total", "", "", "", "", totals.value, "", totals.vat],
    ];
  } else {
    const totals = registerTotals(data.purchases);
    rows = [
      [...PURCHASE_REGISTER_HEADER],
      ...data.purchases.map(purchaseCells),
      ["Total", "", "", "", totals.value, "", totals.vat],
    ];
  }
  return `\uFEFF${numericCsvLines(rows)}`;
}

const money = (amount: string) => formatMoney(amount);
const date = (d: string) => formatShortDate(d);

/** The report as a PDF: the return (Mushak-9.1) by its parts, then the sales register, the VDS certificates, the purchase register. */
export async function renderTaxReportPdf(db: DbOrTx, data: TaxReportData, now: Date = new Date()): Promise<Uint8Array> {
  const company = await getCompanySettings(db);
  const { period } = data;
  const pdf = new PdfBuilder({
    title: `VAT report ${period.label}`,
    subject: "VAT return (Mushak-9.1), sales register (Mushak-6.2) and purchase register (Mushak-6.1)",
    author: company.name,
    createdAt: now,
    runningHeader: `${company.name} · VAT report ${period.label}`,
    footerNote: `Generated ${formatShortDate(now.toISOString().slice(0, 10))}`,
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
  pdf.text("VAT REPORT", { size: 16, weight: "bold", color: COLORS.brand });
  pdf.text(
    `${period.months === 3 ? "Quarter" : "Month"}: ${period.label} (${date(period.start)} to ${date(period.end)})${
      data.closed ? " · closed" : " · open: figures may still change"
    }`,
    { size: 9, color: COLORS.muted },
  );
  pdf.gap(12);

  returnSection(pdf, data, company);
  pdf.gap(14);

  section(pdf, "Sales register (Mushak-6.2)", data.sales.length === 0 ? "No sales with VAT in the period." : null);
  if (data.sales.length > 0) {
    const totals = registerTotals(data.sales);
    const columns: TableColumn[] = [
      { header: "Buyer", weight: 2.5 },
      { header: "BIN", weight: 2.4 },
      { header: "Invoice / CN", weight: 2.6 },
      { header: "Date", weight: 1.9 },
      { header: "Value", weight: 2, align: "right" },
      { header: "VAT", weight: 1.8, align: "right" },
    ];
    const rows = data.sales.map((r) => [
      [r.party ?? "—", r.address].filter(Boolean).join("\n"),
      r.bin ?? "—",
      r.reference ?? "—",
      date(r.date),
      money(r.value),
      money(r.vat),
    ]);
    rows.push(["Total", "", "", "", money(totals.value), money(totals.vat)]);
    pdf.table(columns, rows, { size: 8, zebra: true, boldRows: new Set([rows.length - 1]) });
  }
  pdf.gap(14);

  section(
    pdf,
    "VAT withheld by customers (Mushak-6.6 certificates)",
    data.vds.length === 0 ? "No VDS certificates dated in the period." : null,
  );
  if (data.vds.length > 0) {
    const total = fromPaisa(data.vds.reduce((sum, r) => sum + toPaisa(r.amount), 0n));
    const rows = data.vds.map((r) => [r.customer ?? "—", r.certificateNo ?? "—", date(r.date), money(r.amount)]);
    rows.push(["Total", "", "", money(total)]);
    pdf.table(
      [
        { header: "Customer", weight: 4 },
        { header: "Certificate", weight: 2.5 },
        { header: "Date", weight: 1.8 },
        { header: "VAT withheld", weight: 2, align: "right" },
      ],
      rows,
      { size: 8, zebra: true, boldRows: new Set([rows.length - 1]) },
    );
  }
  pdf.gap(14);

  section(
    pdf,
    "Purchase register (Mushak-6.1)",
    data.purchases.length === 0 ? "No purchases with input VAT in the period." : null,
  );
  if (data.purchases.length > 0) {
    const totals = registerTotals(data.purchases);
    const rows = data.purchases.map((r) => [
      r.party ?? "—",
      r.bin ?? "—",
      r.reference ?? "—",
      date(r.date),
      money(r.value),
      money(r.vat),
    ]);
    rows.push(["Total", "", "", "", money(totals.value), money(totals.vat)]);
    pdf.table(
      [
        { header: "Supplier", weight: 2.8 },
        { header: "BIN", weight: 2.4 },
        { header: "Reference", weight: 2.2 },
        { header: "Date", weight: 1.6 },
        { header: "Value", weight: 2, align: "right" },
        { header: "VAT", weight: 1.8, align: "right" },
      ],
      rows,
      { size: 8, zebra: true, boldRows: new Set([rows.length - 1]) },
    );
  }
  return pdf.finish();
}

function section(pdf: PdfBuilder, title: string, empty: string | null) {
  pdf.ensureSpace(pdf.lineHeight({ size: 11 }) + 40);
  pdf.text(title, { size: 11, weight: "bold", color: COLORS.brand });
  pdf.gap(4);
  if (empty) pdf.text(empty, { size: 9, color: COLORS.muted });
}

/** Parts 1 and 2 (who files, for which period), then the return's parts by note, the challans under part 9. */
function returnSection(
  pdf: PdfBuilder,
  data: TaxReportData,
  company: { name: string; address: string; vatRegistrationNumber: string | null },
) {
  const { period, form } = data;
  section(pdf, "VAT return (Mushak-9.1)", null);
  pdf.table(
    [
      { header: "Part 1: taxpayer's information", weight: 3 },
      { header: "", weight: 7 },
    ],
    [
      ["BIN", company.vatRegistrationNumber || "— (not set in Settings > Company)"],
      ["Name of taxpayer", company.name],
      ["Address of taxpayer", company.address],
      ["Part 2: tax period", `${period.label} (${date(period.start)} to ${date(period.end)})`],
      ["Type of return", "Main/original return (section 64)"],
      ["Status", data.closed ? "Closed: the figures are kept as filed" : "Open: figures may still change"],
    ],
    { size: 8 },
  );
  for (const part of form.parts) {
    pdf.gap(8);
    const withValue = part.columns.includes("value");
    const withSd = part.columns.includes("sd");
    const columns: TableColumn[] = [
      { header: "Note", weight: 0.8 },
      { header: `Part ${part.part}: ${part.title}`, weight: withValue ? 5 : 8 },
      ...(withValue ? [{ header: MUSHAK_91_COLUMN_LABELS.value, weight: 2, align: "right" as const }] : []),
      ...(withSd ? [{ header: MUSHAK_91_COLUMN_LABELS.sd, weight: 1.4, align: "right" as const }] : []),
      { header: part.vatHeader ?? MUSHAK_91_COLUMN_LABELS.vat, weight: 2, align: "right" },
    ];
    const rows = part.lines.map((l) => [
      String(l.note),
      l.label,
      ...(withValue ? [money(l.value ?? "0")] : []),
      ...(withSd ? [money(l.sd ?? "0")] : []),
      money(l.vat),
    ]);
    if (part.part === 9)
      for (const d of form.deposits) rows.push(["", `Challan ${d.challanNo}, ${date(d.date)}`, money(d.amount)]);
    if (part.part === 10) rows[0]![1] = `${rows[0]![1]}: ${closingBalanceText(form.closingBalance)}`;
    const bold = new Set(part.lines.flatMap((l, i) => (l.total ? [i] : [])));
    pdf.table(columns, rows, { size: 8, zebra: true, boldRows: bold });
  }
  pdf.gap(6);
  pdf.text(
    "From the tax register of the period, which posts the ledger's VAT accounts: note 34 is the change in VAT payable over the period before deposits. VAT withheld by customers counts with its certificate (Mushak-6.6) dated in the period. No VAT is deducted at source from suppliers, no debit notes are issued, no imports, interest or penalties are recorded: those notes are zero.",
    { size: 7.5, color: COLORS.muted },
  );
}
