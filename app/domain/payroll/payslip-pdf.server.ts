import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { formatMoney, formatMonthYear } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { fromPaisa, toPaisa } from "../../lib/money";
import { documentDay } from "../../lib/pdf/document-dates";
import { COLORS, defaultLogoPath, PdfBuilder } from "../../lib/pdf/pdf.server";
import type { PayrollRunStatus, PayslipStatus } from "../accounting/constants";
import { SALARY_PAYMENT_METHOD_LABELS, type SalaryPaymentMethod } from "../people/constants";
import type { SellerDetails } from "../../db/schema/columns";
import { PAYSLIP_ROUNDING_NOTE } from "./payroll-formula";
import { PAYSLIP_STATUS_LABELS, payslipDaysNote, payslipStatusText } from "./payslip-pdf-text";

// An employee's payslip as a PDF (issue 25): the company's header, the month, who (as processed: name, position,
// department), how it is paid, the earnings and the deductions with their totals, the net payable, the days paid of
// a part month and why (the employee's joining or leaving date), whether it is paid (when, from which account), or
// undone; the rounding rule and the slab table the tax was worked out with at the foot. Server only (PDFKit).

export interface PayslipDocument {
  id: string;
  /** YYYY-MM. */
  month: string;
  employeeId: string;
  /** The user the employee signs in as (null: none): who may download it from their own page. */
  employeeUserId: string | null;
  employeeName: string;
  position: string;
  department: string;
  joiningDate: string | null;
  leavingDate: string | null;
  paymentMethod: SalaryPaymentMethod;
  monthlySalary: string;
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
  totalDeductions: string;
  net: string;
  status: PayslipStatus;
  /** The calendar day in Dhaka it was paid, YYYY-MM-DD. */
  paidOn: string | null;
  /** The account it was paid from, "1100 Bank account". */
  paidFrom: string | null;
  runStatus: PayrollRunStatus;
  slabTableName: string;
  /** The company as it was when the payroll was processed (issue 37): the payslip's letterhead. */
  seller: SellerDetails;
}

interface Row {
  id: string;
  month: string;
  employee_id: string;
  user_id: string | null;
  employee_name: string;
  seller: SellerDetails;
  position: string;
  department: string;
  joining_date: string | null;
  leaving_date: string | null;
  payment_method: SalaryPaymentMethod;
  monthly_salary: string;
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
  paid_on: string | null;
  paid_from: string | null;
  run_status: PayrollRunStatus;
  slab_table_name: string;
}

const money = (value: string) => fromPaisa(toPaisa(value));

/** Payslip `id` with what its PDF prints; null when there is none (or the id is no id). */
export async function payslipDocument(db: DbOrTx, id: string): Promise<PayslipDocument | null> {
  if (!isUuid(id)) return null;
  const [row] = await queryRows<Row>(
    db,
    sql`select p.id, to_char(r.period_month, 'YYYY-MM') as month, p.employee_id, e.user_id, p.employee_name, p.seller,
          p.position, p.department, e.joining_date::text as joining_date, e.leaving_date::text as leaving_date,
          p.payment_method, p.monthly_salary::text as monthly_salary, p.days_paid, p.days_in_month,
          p.basic::text as basic, p.house_rent::text as house_rent, p.medical::text as medical,
          p.transport::text as transport, p.gross::text as gross, p.provident_fund::text as provident_fund,
          p.income_tax::text as income_tax, p.other_deductions::text as other_deductions, p.net::text as net,
          p.status, to_char(p.paid_at at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as paid_on,
          case when a.id is null then null else a.code || ' ' || a.name end as paid_from,
          r.status as run_status, t.name as slab_table_name
        from payslips p
        join payroll_runs r on r.id = p.payroll_run_id
        join income_tax_slab_tables t on t.id = r.slab_table_id
        left join employees e on e.id = p.employee_id
        left join chart_of_accounts a on a.id = p.money_account_id
        where p.id = ${id.toLowerCase()}`,
  );
  if (!row) return null;
  const totalDeductions = fromPaisa(
    toPaisa(row.provident_fund) + toPaisa(row.income_tax) + toPaisa(row.other_deductions),
  );
  return {
    id: row.id,
    month: row.month,
    employeeId: row.employee_id,
    employeeUserId: row.user_id,
    employeeName: row.employee_name,
    seller: row.seller,
    position: row.position,
    department: row.department,
    joiningDate: row.joining_date,
    leavingDate: row.leaving_date,
    paymentMethod: row.payment_method,
    monthlySalary: money(row.monthly_salary),
    daysPaid: Number(row.days_paid),
    daysInMonth: Number(row.days_in_month),
    basic: money(row.basic),
    houseRent: money(row.house_rent),
    medical: money(row.medical),
    transport: money(row.transport),
    gross: money(row.gross),
    providentFund: money(row.provident_fund),
    incomeTax: money(row.income_tax),
    otherDeductions: money(row.other_deductions),
    totalDeductions,
    net: money(row.net),
    status: row.status,
    paidOn: row.paid_on,
    paidFrom: row.paid_from,
    runStatus: row.run_status,
    slabTableName: row.slab_table_name,
  };
}

/** "payslip-2026-11-tanvir-rahman.pdf". */
export function payslipFileName(slip: Pick<PayslipDocument, "month" | "employeeName">): string {
  const name = slip.employeeName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `payslip-${slip.month}${name ? `-${name}` : ""}.pdf`;
}

/** The payslip as a PDF (A4, the house PDF base). `now` is the printed day. */
export async function renderPayslipPdf(slip: PayslipDocument, now: Date = new Date()): Promise<Uint8Array> {
  const company = slip.seller;
  const monthName = formatMonthYear(slip.month);
  const title = `Payslip — ${monthName}`;
  const pdf = new PdfBuilder({
    title: `${title} — ${slip.employeeName}`,
    subject: "Payslip",
    author: company.name,
    createdAt: now,
    runningHeader: `${company.name} · ${title} · ${slip.employeeName}`,
    footerNote: `Tax by the slab table "${slip.slabTableName}". Printed ${documentDay(now)}.`,
  });
  pdf.companyHeader(company, { logo: defaultLogoPath(), width: pdf.contentWidth });
  pdf.gap(14);
  pdf.text(title, { size: 16, weight: "bold", color: COLORS.brand });
  pdf.gap(6);

  if (slip.status === "reversed") {
    pdf.banner(
      `UNDONE: the payroll of ${monthName} was undone, so this payslip was never paid. It is kept as a record only.`,
    );
    pdf.gap(8);
  }

  // Who, and how paid: two columns of label / value.
  const details: [string, string][] = [
    ["Employee", slip.employeeName],
    ["Position", slip.position],
    ["Department", slip.department],
    ["Payment method", SALARY_PAYMENT_METHOD_LABELS[slip.paymentMethod]],
    ["Monthly salary", formatMoney(slip.monthlySalary)],
    ["Status", payslipStatusText(slip)],
  ];
  const half = pdf.contentWidth / 2;
  const labelWidth = 92;
  const rowsTop = pdf.y;
  let leftY = rowsTop;
  let rightY = rowsTop;
  details.forEach(([label, value], i) => {
    const x = pdf.left + (i < 3 ? 0 : half);
    const y = i < 3 ? leftY : rightY;
    const valueWidth = half - labelWidth - 12;
    pdf.text(label, { x, y, width: labelWidth, size: 9, color: COLORS.muted });
    const height = pdf.text(value, { x: x + labelWidth, y, width: valueWidth, size: 9.5, weight: "bold" }) + 3;
    if (i < 3) leftY += height;
    else rightY += height;
  });
  pdf.y = Math.max(leftY, rightY);

  const daysNote = payslipDaysNote(slip);
  pdf.gap(6);
  pdf.text(daysNote ?? `Paid for the whole month (${slip.daysInMonth} days)`, {
    size: 9.5,
    weight: daysNote ? "bold" : "regular",
    color: daysNote ? COLORS.accent : COLORS.text,
  });
  pdf.gap(14);

  pdf.table(
    [
      { header: "Earnings", weight: 3 },
      { header: "Amount", weight: 1.6, align: "right" },
    ],
    [
      ["Basic salary", formatMoney(slip.basic)],
      ["House rent allowance (50% of basic)", formatMoney(slip.houseRent)],
      ["Medical allowance (10% of basic)", formatMoney(slip.medical)],
      ["Transport allowance", formatMoney(slip.transport)],
      ["Gross salary", formatMoney(slip.gross)],
    ],
    { size: 9.5, boldRows: new Set([4]) },
  );
  pdf.gap(12);
  pdf.table(
    [
      { header: "Deductions", weight: 3 },
      { header: "Amount", weight: 1.6, align: "right" },
    ],
    [
      ["Provident fund (10% of basic)", formatMoney(slip.providentFund)],
      ["Income tax", formatMoney(slip.incomeTax)],
      ["Other deductions", formatMoney(slip.otherDeductions)],
      ["Total deductions", formatMoney(slip.totalDeductions)],
    ],
    { size: 9.5, boldRows: new Set([3]) },
  );
  pdf.gap(14);

  const netHeight = 34;
  pdf.ensureSpace(netHeight);
  const top = pdf.y;
  pdf.fillRect(pdf.left, top, pdf.contentWidth, netHeight, COLORS.brand);
  pdf.text("Net payable", {
    x: pdf.left + 10,
    y: top + 8,
    width: half,
    size: 12,
    weight: "bold",
    color: COLORS.brandText,
  });
  pdf.text(formatMoney(slip.net), {
    x: pdf.left + half,
    y: top + 8,
    width: half - 10,
    size: 12,
    weight: "bold",
    color: COLORS.brandText,
    align: "right",
  });
  pdf.y = top + netHeight;
  pdf.gap(6);
  pdf.text(`Gross ${formatMoney(slip.gross)} less deductions ${formatMoney(slip.totalDeductions)}.`, {
    size: 8.5,
    color: COLORS.muted,
  });
  pdf.gap(18);

  pdf.caption("How it is worked out");
  pdf.gap(3);
  pdf.text(PAYSLIP_ROUNDING_NOTE, { size: 8.5, color: COLORS.muted });
  pdf.text(
    `Income tax slab table: ${slip.slabTableName}. A part month is paid for the days employed; its tax is the full month's for those days.`,
    { size: 8.5, color: COLORS.muted },
  );
  pdf.gap(10);
  pdf.text(
    `This payslip is ${PAYSLIP_STATUS_LABELS[slip.status].toLowerCase()}. It is computer generated and needs no signature.`,
    { size: 8, color: COLORS.muted },
  );
  return pdf.finish();
}
