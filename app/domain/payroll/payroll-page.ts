import { withParam } from "../../lib/list-params";
import { parsePayrollMonth, PAYROLL_MESSAGES } from "./payroll-form";
import type { PayslipFigures } from "./payroll-formula";

// The Payroll screen's state and rows (issue 25), browser-safe: what the loader (payroll-page.server.ts) hands the
// components, and the screen's URLs. The list state lives in the URL: ?month=YYYY-MM (the month whose figures the
// table shows and whose register Generate Report opens; the current month in Dhaka by default) and ?q= (a search
// of the table by name, e-mail, position or department). Dialogs by the URL too: ?process=YYYY-MM (Process Payroll
// for that month), ?payslips=<run id>, ?undo=<run id>.

export const PAYROLL_PATH = "/admin/accounts/payroll";

/** The payroll register's URL (built by the report route) for a month, as PDF or CSV. */
export const registerHref = (month: string, format: "pdf" | "csv") =>
  `${PAYROLL_PATH}/report?month=${month}&format=${format}`;

/** A payslip's PDF. */
export const payslipPdfHref = (payslipId: string) => `${PAYROLL_PATH}/payslips/${payslipId}/pdf`;

export interface PayrollListState {
  month: string;
  q: string;
  /** The URL's month could not be read: why (the screen says so above the table, showing the current month). */
  monthError: string | null;
}

/** The list state of a URL: a month that is not one (or out of range) falls back to `currentMonth`, named. */
export function payrollListState(params: URLSearchParams, currentMonth: string): PayrollListState {
  const given = params.get("month");
  const parsed = parsePayrollMonth(given ?? "");
  const month = parsed.ok ? parsed.month : currentMonth;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const monthError = given !== null && given.trim() !== "" && !parsed.ok ? parsed.message : null;
  return { month, q, monthError };
}

/** The screen's URL for a list state (the current month and an empty search left out). */
export function payrollListHref(state: Omit<PayrollListState, "monthError">, currentMonth: string): string {
  const params = new URLSearchParams();
  if (state.month !== currentMonth) params.set("month", state.month);
  if (state.q) params.set("q", state.q);
  const search = params.toString();
  return search ? `${PAYROLL_PATH}?${search}` : PAYROLL_PATH;
}

export const withDialog = withParam;

export interface PayrollEmployeeRow {
  id: string;
  name: string;
  email: string;
  position: string;
  department: string;
  monthlySalary: string;
  /** A full month's figures with the slab table in force; null without a salary (not on the payroll) or a table. */
  figures: PayslipFigures | null;
}

export const PAYROLL_RUN_STATUS_LABELS = {
  processed: "Processed",
  disbursed: "Disbursed",
  reversed: "Undone",
} as const;

export interface PayrollRunRow {
  id: string;
  /** YYYY-MM. */
  month: string;
  status: keyof typeof PAYROLL_RUN_STATUS_LABELS;
  employees: number;
  paid: number;
  gross: string;
  deductions: string;
  net: string;
  slabTable: string;
  processedBy: string | null;
  /** ISO timestamp. */
  processedAt: string;
  reversedBy: string | null;
  reversedAt: string | null;
  reversalReason: string | null;
}

/** A card of the Process Payroll dialog: an employee's pay for the month, from the server's formula. */
export interface PayrollPreviewCard {
  employeeId: string;
  name: string;
  position: string;
  department: string;
  monthlySalary: string;
  daysPaid: number;
  daysInMonth: number;
  figures: PayslipFigures;
}

export interface PayrollProcessDialog {
  kind: "process";
  /** The month as asked for (what the field shows). */
  month: string;
  /** The month's own message when it cannot be processed (not a month, not started, done already, nobody paid). */
  error: string | null;
  slabTable: string | null;
  cards: PayrollPreviewCard[];
  totals: { gross: string; deductions: string; net: string } | null;
}

export interface PayslipRow {
  id: string;
  employeeName: string;
  position: string;
  department: string;
  daysPaid: number;
  daysInMonth: number;
  gross: string;
  deductions: string;
  net: string;
  status: "pending" | "paid" | "reversed";
}

export type PayrollDialog =
  | PayrollProcessDialog
  | { kind: "payslips"; run: PayrollRunRow; payslips: PayslipRow[] }
  | { kind: "undo"; run: PayrollRunRow }
  | null;

/** "Paid for 12 of 30 days" for a part month, null for a whole one. */
export function partMonthNote(daysPaid: number, daysInMonth: number): string | null {
  return daysPaid < daysInMonth ? `Paid for ${daysPaid} of ${daysInMonth} days` : null;
}

/** Why a run cannot be undone, or null when it can. */
export function undoBlocker(run: Pick<PayrollRunRow, "status" | "paid" | "month">): string | null {
  if (run.status === "reversed") return PAYROLL_MESSAGES.alreadyUndone(run.month);
  if (run.status === "disbursed" || run.paid > 0) return PAYROLL_MESSAGES.somePaid(run.month, Math.max(run.paid, 1));
  return null;
}
