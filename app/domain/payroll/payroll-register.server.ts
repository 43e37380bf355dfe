import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { numericCsvLines } from "../../lib/csv-stream.server";
import { formatMoney, formatMonthYear } from "../../lib/format";
import { fromPaisa, sumPaisa, toPaisa } from "../../lib/money";
import { documentDate, documentDay } from "../../lib/pdf/document-dates";
import { COLORS, defaultLogoPath, PdfBuilder, type Align, type TextStyle } from "../../lib/pdf/pdf.server";
import type { PayrollRunStatus, PayslipStatus } from "../accounting/constants";
import { SALARY_PAYMENT_METHOD_LABELS, type SalaryPaymentMethod } from "../people/constants";
import { getCompanySettings } from "../settings/company-settings.server";
import { PAYSLIP_ROUNDING_NOTE } from "./payroll-formula";
import { PAYROLL_RUN_STATUS_LABELS, PAYSLIP_STATUS_LABELS } from "./payslip-pdf-text";

// A month's payroll register (issue 25, Generate Report): one row per payslip with every figure, the totals (the
// run's), the run's status and the slab table its tax was worked out with; as a PDF and as a CSV whose amounts are
// numbers. The month's run is the one in force (processed or paid); a month whose every run was undone shows the
// latest, marked undone. Server only.

export const PAYROLL_REGISTER_FORMATS = ["pdf", "csv"] as const;
export type PayrollRegisterFormat = (typeof PAYROLL_REGISTER_FORMATS)[number];

export const PAYROLL_REGISTER_MESSAGES = {
  monthInvalid: "month must be a month, as ?month=YYYY-MM (2000-01 to 2099-12)",
  formatInvalid: "format must be pdf or csv",
  notProcessed: (month: string) => `Payroll for ${formatMonthYear(month)} has not been processed: there is no register`,
} as const;

export interface PayrollRegisterLine {
  id: string;
  employeeName: string;
  position: string;
  department: string;
  paymentMethod: SalaryPaymentMethod;
  daysPaid: number;
  daysInMonth: number;
  basic: string;
  houseRent: string;
  medical: string;
  transport: string;
  gross: string;
  providentFund: string;
  incomeTax: string;
  otherDeductions: string;
  net: string;
  status: PayslipStatus;
}

export interface PayrollRegister {
  runId: string;
  /** YYYY-MM. */
  month: string;
  status: PayrollRunStatus;
  slabTableName: string;
  /** The day (Dhaka) it was processed and, once undone, the day undone. */
  processedOn: string;
  reversedOn: string | null;
  lines: PayrollRegisterLine[];
  /** The sums of the lines' figures; gross, deductions and net are the run's own totals. */
  totals: Pick<
    PayrollRegisterLine,
    | "basic"
    | "houseRent"
    | "medical"
    | "transport"
    | "gross"
    | "providentFund"
    | "incomeTax"
    | "otherDeductions"
    | "net"
  > & { totalDeductions: string };
}

interface RunRow {
  id: string;
  status: PayrollRunStatus;
  slab_table_name: string;
  processed_on: string;
  reversed_on: string | null;
  total_gross: string;
  total_deductions: string;
  total_net: string;
}

interface LineRow {
  id: string;
  employee_name: string;
  position: string;
  department: string;
  payment_method: SalaryPaymentMethod;
  days_paid: number;
  days_in_month: number;
  basic: string;
  house_rent: string;
  medical: string;
  transport: string;
  gross: string;
  provident_fund: string;
  income_tax: string;
  other_deductions: string;
  net: string;
  status: PayslipStatus;
}

const money = (value: string) => fromPaisa(toPaisa(value));

/** The register of `month` (YYYY-MM): its run in force, else its latest undone run; null when never processed. */
export async function payrollRegister(db: DbOrTx, month: string): Promise<PayrollRegister | null> {
  const [run] = await queryRows<RunRow>(
    db,
    sql`select r.id, r.status, t.name as slab_table_name,
          to_char(r.created_at at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as processed_on,
          to_char(r.reversed_at at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as reversed_on,
          r.total_gross::text as total_gross, r.total_deductions::text as total_deductions,
          r.total_net::text as total_net
        from payroll_runs r join income_tax_slab_tables t on t.id = r.slab_table_id
        where r.period_month = ${`${month}-01`}
        order by r.status = 'reversed', r.created_at desc, r.id
        limit 1`,
  );
  if (!run) return null;
  const rows = await queryRows<LineRow>(
    db,
    sql`select id, employee_name, position, department, payment_method, days_paid, days_in_month,
          basic::text as basic, house_rent::text as house_rent, medical::text as medical, transport::text as transport,
          gross::text as gross, provident_fund::text as provident_fund, income_tax::text as income_tax,
          other_deductions::text as other_deductions, net::text as net, status
        from payslips where payroll_run_id = ${run.id}
        order by employee_name, id`,
  );
  const lines: PayrollRegisterLine[] = rows.map((r) => ({
    id: r.id,
    employeeName: r.employee_name,
    position: r.position,
    department: r.department,
    paymentMethod: r.payment_method,
    daysPaid: Number(r.days_paid),
    daysInMonth: Number(r.days_in_month),
    basic: money(r.basic),
    houseRent: money(r.house_rent),
    medical: money(r.medical),
    transport: money(r.transport),
    gross: money(r.gross),
    providentFund: money(r.provident_fund),
    incomeTax: money(r.income_tax),
    otherDeductions: money(r.other_deductions),
    net: money(r.net),
    status: r.status,
  }));
  const sum = (pick: (l: PayrollRegisterLine) => string) => fromPaisa(sumPaisa(lines.map((l) => toPaisa(pick(l)))));
  return {
    runId: run.id,
    month,
    status: run.status,
    slabTableName: run.slab_table_name,
    processedOn: run.processed_on,
    reversedOn: run.reversed_on,
    lines,
    totals: {
      basic: sum((l) => l.basic),
      houseRent: sum((l) => l.houseRent),
      medical: sum((l) => l.medical),
      transport: sum((l) => l.transport),
      gross: money(run.total_gross),
      providentFund: sum((l) => l.providentFund),
      incomeTax: sum((l) => l.incomeTax),
      otherDeductions: sum((l) => l.otherDeductions),
      totalDeductions: money(run.total_deductions),
      net: money(run.total_net),
    },
  };
}

export function payrollRegisterFileName(month: string, format: PayrollRegisterFormat): string {
  return `payroll-register-${month}.${format}`;
}

const CSV_HEADER = [
  "Employee",
  "Position",
  "Department",
  "Payment method",
  "Days paid",
  "Days in month",
  "Basic",
  "House rent",
  "Medical",
  "Transport",
  "Gross",
  "Provident fund",
  "Income tax",
  "Other deductions",
  "Total deductions",
  "Net",
  "Status",
];

/** The register as CSV (byte order mark, Windows line ends): a row per payslip, then the totals; amounts as numbers. */
export function payrollRegisterCsv(register: PayrollRegister): string {
  const deductions = (l: Pick<PayrollRegisterLine, "providentFund" | "incomeTax" | "otherDeductions">) =>
    fromPaisa(toPaisa(l.providentFund) + toPaisa(l.incomeTax) + toPaisa(l.otherDeductions));
  const t = register.totals;
  const rows = [
    CSV_HEADER,
    ...register.lines.map((l) => [
      l.employeeName,
      l.position,
      l.department,
      SALARY_PAYMENT_METHOD_LABELS[l.paymentMethod],
      String(l.daysPaid),
      String(l.daysInMonth),
      l.basic,
      l.houseRent,
      l.medical,
      l.transport,
      l.gross,
      l.providentFund,
      l.incomeTax,
      l.otherDeductions,
      deductions(l),
      l.net,
      PAYSLIP_STATUS_LABELS[l.status],
    ]),
    [
      "Total",
      "",
      "",
      "",
      "",
      "",
      t.basic,
      t.houseRent,
      t.medical,
      t.transport,
      t.gross,
      t.providentFund,
      t.incomeTax,
      t.otherDeductions,
      t.totalDeductions,
      t.net,
      PAYROLL_RUN_STATUS_LABELS[register.status],
    ],
  ];
  return `\uFEFF${numericCsvLines(rows)}`;
}

/** An amount in a register cell: grouped, two decimals, no taka sign (the header says taka). */
const amount = (value: string) => formatMoney(value).replace("৳", "");

/** The register as a PDF (A4 portrait, small type so the eleven columns fit). `now` is the printed day. */
export async function renderPayrollRegisterPdf(
  db: DbOrTx,
  register: PayrollRegister,
  now: Date = new Date(),
): Promise<Uint8Array> {
  const company = await getCompanySettings(db);
  const monthName = formatMonthYear(register.month);
  const pdf = new PdfBuilder({
    title: `Payroll register — ${monthName}`,
    subject: "Payroll register",
    author: company.name,
    createdAt: now,
    runningHeader: `${company.name} · Payroll register · ${monthName}`,
    footerNote: `Payroll register ${monthName} · printed ${documentDay(now)}`,
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
  pdf.text(`Payroll register — ${monthName}`, { size: 16, weight: "bold", color: COLORS.brand });
  pdf.text(
    `Status: ${PAYROLL_RUN_STATUS_LABELS[register.status]} · processed ${documentDate(register.processedOn)} · ${
      register.lines.length
    } ${register.lines.length === 1 ? "employee" : "employees"} · income tax by the slab table "${register.slabTableName}"`,
    { size: 9, color: COLORS.muted },
  );
  if (register.status === "reversed") {
    pdf.gap(8);
    pdf.banner(
      `UNDONE${register.reversedOn ? ` on ${documentDate(register.reversedOn)}` : ""}: this payroll was undone and nothing of it was paid. The figures are those it was processed with.`,
    );
  }
  pdf.gap(12);

  const columns: CompactColumn[] = [
    { header: "Employee" },
    { header: "Days", align: "right" },
    { header: "Basic", align: "right" },
    { header: "House rent", align: "right" },
    { header: "Medical", align: "right" },
    { header: "Transport", align: "right" },
    { header: "Gross", align: "right" },
    { header: "PF", align: "right" },
    { header: "Tax", align: "right" },
    { header: "Net", align: "right" },
    { header: "Status" },
  ];
  const t = register.totals;
  const rows = register.lines.map((l) => [
    `${l.employeeName}\n${l.position}, ${l.department}`,
    `${l.daysPaid}/${l.daysInMonth}`,
    amount(l.basic),
    amount(l.houseRent),
    amount(l.medical),
    amount(l.transport),
    amount(l.gross),
    amount(l.providentFund),
    amount(l.incomeTax),
    amount(l.net),
    PAYSLIP_STATUS_LABELS[l.status],
  ]);
  const totalRow = [
    "Total",
    "",
    amount(t.basic),
    amount(t.houseRent),
    amount(t.medical),
    amount(t.transport),
    amount(t.gross),
    amount(t.providentFund),
    amount(t.incomeTax),
    amount(t.net),
    "",
  ];
  compactTable(pdf, columns, rows, totalRow);
  pdf.gap(6);
  pdf.text("Amounts in taka (৳). Days: days paid of the days in the month. PF: provident fund.", {
    size: 8,
    color: COLORS.muted,
  });
  pdf.text(PAYSLIP_ROUNDING_NOTE, { size: 8, color: COLORS.muted });
  pdf.gap(12);
  pdf.caption("Totals");
  pdf.gap(4);
  pdf.summary(
    [
      { label: "Gross salaries", value: formatMoney(t.gross) },
      { label: "Provident fund", value: formatMoney(t.providentFund) },
      { label: "Income tax withheld", value: formatMoney(t.incomeTax) },
      ...(toPaisa(t.otherDeductions) > 0n
        ? [{ label: "Other deductions", value: formatMoney(t.otherDeductions) }]
        : []),
      { label: "Total deductions", value: formatMoney(t.totalDeductions), ruleAbove: true },
      { label: "Net payable", value: formatMoney(t.net), bold: true, ruleAbove: true },
    ],
    { width: 260 },
  );
  return pdf.finish();
}

interface CompactColumn {
  header: string;
  align?: Align;
}

const PAD_X = 3;
const PAD_Y = 3.5;

/**
 * The register's table: eleven columns on A4 portrait (the PDF base has no landscape), so tighter than the base's
 * table: small cell padding, every column but the first as wide as its widest cell (totals in bold included), the
 * first (the employee) given the rest. The type is the largest of 7 to 5.5 pt that leaves the first column 90 pt.
 * A row never splits; the header is drawn again on each page.
 */
function compactTable(pdf: PdfBuilder, columns: CompactColumn[], rows: string[][], totalRow: string[]): void {
  let size = 7;
  let widths: number[] = [];
  for (const candidate of [7, 6.5, 6, 5.5]) {
    size = candidate;
    const bold: TextStyle = { size, weight: "bold" };
    widths = columns.map((column, i) =>
      i === 0
        ? 0
        : Math.max(
            pdf.measure(column.header, bold),
            pdf.measure(totalRow[i]!, bold),
            ...rows.map((r) => pdf.measure(r[i]!, { size })),
          ) +
          2 * PAD_X +
          1,
    );
    widths[0] = pdf.contentWidth - widths.reduce((a, b) => a + b, 0);
    if (widths[0] >= 90) break;
  }
  const cell: TextStyle = { size, leading: 1.3 };
  const head: TextStyle = { size, weight: "bold", color: COLORS.brandText, leading: 1.3 };
  const bold: TextStyle = { size, weight: "bold", leading: 1.3 };
  const heightOf = (cells: string[], style: TextStyle) =>
    Math.max(...cells.map((c, i) => pdf.heightOf(c, widths[i]! - 2 * PAD_X, style))) + 2 * PAD_Y;
  const draw = (cells: string[], style: TextStyle, height: number) => {
    let x = pdf.left;
    cells.forEach((c, i) => {
      pdf.text(c, {
        ...style,
        x: x + PAD_X,
        y: pdf.y + PAD_Y,
        width: widths[i]! - 2 * PAD_X,
        align: columns[i]!.align,
      });
      x += widths[i]!;
    });
    pdf.y += height;
  };
  const headerHeight = heightOf(
    columns.map((c) => c.header),
    head,
  );
  const drawHeader = () => {
    pdf.fillRect(pdf.left, pdf.y, pdf.contentWidth, headerHeight, COLORS.brand);
    draw(
      columns.map((c) => c.header),
      head,
      headerHeight,
    );
  };
  const all = [...rows, totalRow];
  pdf.ensureSpace(headerHeight + heightOf(all[0]!, cell));
  drawHeader();
  all.forEach((cells, index) => {
    const style = index === rows.length ? bold : cell;
    const height = heightOf(cells, style);
    if (pdf.ensureSpace(height)) drawHeader();
    if (index % 2 === 1 && index < rows.length) pdf.fillRect(pdf.left, pdf.y, pdf.contentWidth, height, COLORS.zebra);
    if (index === rows.length) pdf.hrule(pdf.y, pdf.left, pdf.right, COLORS.text);
    draw(cells, style, height);
    pdf.hrule(pdf.y);
  });
}
