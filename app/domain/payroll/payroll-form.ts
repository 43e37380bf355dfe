import { formTexts } from "../../lib/form-data";
import { formatMonthYear } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { moneyTooLargeMessage } from "../../lib/money";
import type { PaymentMethod } from "../accounting/constants";
import type { SalaryPaymentMethod } from "../people/constants";

// Payroll's forms and messages (issue 25; backoffice.md §4 Payroll Management, §8 toasts). Browser-safe: the Process
// Payroll dialog checks the month with the same rule the server does.

export const PAYROLL_MESSAGES = {
  processed: "Payroll processed successfully",
  processFailed: (reason: string) => (reason ? `Failed to process payroll: ${reason}` : "Failed to process payroll"),
  monthRequired: "Month is required",
  monthInvalid: "Month must be a month, as YYYY-MM",
  monthOutOfRange: "Month must be between January 2000 and December 2099",
  monthInFuture: (month: string) =>
    `${formatMonthYear(month)} has not started yet: payroll is processed from the month's first day`,
  alreadyProcessed: (month: string) =>
    `Payroll for ${formatMonthYear(month)} has already been processed: undo it first to process it again`,
  nobodyToPay: (month: string) =>
    `No employee is to be paid for ${formatMonthYear(month)}: none was employed then with a salary above ৳0`,
  noSlabTable: (month: string) =>
    `No income-tax slab table is in force for ${formatMonthYear(month)}: put one in force in Settings > Accounting`,
  totalTooLarge: (figure: string, month: string) =>
    moneyTooLargeMessage(`The ${figure} of ${formatMonthYear(month)}`) + ": correct the salaries in People > Employees",
  undone: (month: string) => `Payroll for ${formatMonthYear(month)} undone`,
  undoFailed: (reason: string) => (reason ? `Failed to undo payroll: ${reason}` : "Failed to undo payroll"),
  runNotFound: "This payroll run does not exist",
  alreadyUndone: (month: string) => `Payroll for ${formatMonthYear(month)} has already been undone`,
  somePaid: (month: string, paid: number) =>
    `${paid} ${paid === 1 ? "salary" : "salaries"} of ${formatMonthYear(month)} ${paid === 1 ? "is" : "are"} already paid: a month is undone only while nothing of it is paid`,
  reasonRequired: "Reason is required",
  reasonTooLong: "Reason must be at most 500 characters",
  monthOnce: "Month must be given once",
  reasonControl: "Reason must be plain text",
  reportNotProcessed: (month: string) =>
    `The payroll register lists a processed month: ${formatMonthYear(month)} has not been processed`,
} as const;

const MONTH = /^(\d{4})-(\d{2})$/;

/** A payroll month, "2026-11": a real month from 2000 to 2099. Null with the message when it is not. */
export function parsePayrollMonth(value: unknown): { ok: true; month: string } | { ok: false; message: string } {
  // A month posted twice (two fields of the name, or a crafted request) is not one month.
  if (Array.isArray(value)) return { ok: false, message: PAYROLL_MESSAGES.monthOnce };
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return { ok: false, message: PAYROLL_MESSAGES.monthRequired };
  const m = MONTH.exec(text);
  if (!m) return { ok: false, message: PAYROLL_MESSAGES.monthInvalid };
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12) return { ok: false, message: PAYROLL_MESSAGES.monthInvalid };
  if (year < 2000 || year > 2099) return { ok: false, message: PAYROLL_MESSAGES.monthOutOfRange };
  return { ok: true, month: text };
}

/** The month's first day and last day, YYYY-MM-DD. */
export function monthBounds(month: string): { first: string; last: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(lastDay).padStart(2, "0")}` };
}

/** The spec's pending salary row's description (backoffice.md §6). */
export function salaryRowDescription(month: string): string {
  return `Salary payment for ${formatMonthYear(month)}`;
}

/** The Process Payroll form's fields as posted: `month`, or every value of it when it was posted more than once. */
export function readProcessPayrollForm(form: FormData): { month: string | string[] } {
  const months = formTexts(form, "month");
  return { month: months.length > 1 ? months : (months[0] ?? "") };
}

/** The browser's check of the Process Payroll form: the month's own rule (the server also refuses a future month). */
export function parseProcessPayrollForm(values: {
  month: string | string[];
}): { ok: true; month: string } | { ok: false; errors: Record<string, string> } {
  const parsed = parsePayrollMonth(values.month);
  return parsed.ok ? parsed : { ok: false, errors: { month: parsed.message } };
}

export const UNDO_REASON_MAX = 500;

export interface UndoPayrollValues {
  runId: string;
  reason: string;
}

/** The Undo form's fields as posted (a field posted twice reads as its values joined, refused below). */
export function readUndoPayrollForm(form: FormData): UndoPayrollValues & { repeated: boolean } {
  const runIds = formTexts(form, "runId");
  const reasons = formTexts(form, "reason");
  return { runId: runIds[0] ?? "", reason: reasons[0] ?? "", repeated: runIds.length > 1 || reasons.length > 1 };
}

// Controls other than the line breaks and tabs a reason typed in a box may hold; direction overrides and isolates.
// eslint-disable-next-line no-control-regex
const NOT_ALLOWED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * The Undo form's rules, the browser's and the server's: the run named (a record id; an unknown one is the use
 * case's to find), and a reason of 1 to 500 characters of plain text.
 */
export function parseUndoPayrollForm(
  values: UndoPayrollValues & { repeated?: boolean },
): { ok: true; input: { runId: string; reason: string } } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const runId = typeof values.runId === "string" ? values.runId.trim() : "";
  if (!isUuid(runId) || values.repeated) errors.form = PAYROLL_MESSAGES.runNotFound;
  const reason = (typeof values.reason === "string" ? values.reason : "").replace(/\r\n?/g, "\n").trim();
  if (reason === "") errors.reason = PAYROLL_MESSAGES.reasonRequired;
  else if ([...reason].length > UNDO_REASON_MAX) errors.reason = PAYROLL_MESSAGES.reasonTooLong;
  else if (NOT_ALLOWED.test(reason)) errors.reason = PAYROLL_MESSAGES.reasonControl;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { runId: runId.toLowerCase(), reason } };
}

/** The spec's payment method (the salary row's, the ledger's) of an employee's way of being paid. */
export const SALARY_ROW_PAYMENT_METHOD: Record<SalaryPaymentMethod, PaymentMethod> = {
  bank: "bank",
  bkash: "mobile_banking",
  nagad: "mobile_banking",
  cash: "cash",
};
