import { formatMonthYear, formatShortDate } from "../../lib/format";
import { formFields } from "../../lib/form-data";
import { defineList, isUuid, type StateOf } from "../../lib/list-params";
import type { PaymentMethod, TRANSACTION_STATUSES } from "../accounting/constants";
import type { SalaryPaymentMethod } from "../people/constants";
import { parsePayrollMonth } from "./payroll-form";
import { businessDateProblem, isBusinessDate } from "../../lib/business-date";

// Salary Disbursement's form and messages (issue 25; backoffice.md §2 Salary Disbursement, §8 toasts). Browser-safe:
// the Process Disbursement dialog and the server read the same fields with the same rules.

export const DISBURSEMENT_MESSAGES = {
  processed: "Salary disbursement processed successfully",
  failed: (reason: string) =>
    reason ? `Failed to process salary disbursement: ${reason}` : "Failed to process salary disbursement",
  notProcessed: (month: string) =>
    `Payroll for ${formatMonthYear(month)} has not been processed: process it in Payroll first`,
  runReversed: (month: string) =>
    `Payroll for ${formatMonthYear(month)} was undone: process it again in Payroll before paying it`,
  nothingPending: (month: string) => `Every salary of ${formatMonthYear(month)} is already paid`,
  accountRequired: "Choose the account the salaries are paid from",
  accountInvalid: "Choose an account from the list",
  dateRequired: "Date is required",
  dateInvalid: "Date must be a date",
  dateBeforeMonth: (month: string) =>
    `Date cannot be before ${formatShortDate(`${month}-01`)}: salaries of ${formatMonthYear(month)} are paid from the month's first day`,
  dateInFuture: "Date cannot be in the future",
  noneChosen: "Tick at least one employee to pay",
  payslipInvalid: "Choose the employees to pay from the list",
  payslipOfOtherMonth: (month: string) => `A chosen payslip is not of ${formatMonthYear(month)}`,
  alreadyPaid: (name: string) => `${name}'s salary has already been paid`,
  payslipReversed: (name: string) => `${name}'s payslip was undone with its payroll`,
  /** Settle in Payables & Receivables, on a payroll's pending salary row. */
  settleSalaryRow: "This is an employee's salary from Payroll: pay it in Salary Disbursement",
  adviceMonthRequired: "Choose a month: ?month=YYYY-MM",
} as const;

export interface DisbursementFormValues {
  month: string;
  moneyAccountId: string;
  date: string;
  /** The payslips to pay; none named means every pending payslip of the month, unless `chosen`. */
  payslipIds: string[];
  /** The dialog's form: its ticked employees are the ones to pay, and none ticked is refused. */
  chosen?: boolean;
}

export function readDisbursementForm(form: FormData): DisbursementFormValues {
  const fields = formFields(form, ["month", "moneyAccountId", "date"]);
  const payslipIds = form.getAll("payslipId").map((v) => (typeof v === "string" ? v : ""));
  return { ...fields, payslipIds, chosen: form.get("chosen") === "1" };
}

export interface DisbursementInput {
  month: string;
  moneyAccountId: string;
  date: string;
  payslipIds: string[] | null;
}

/**
 * The form's own rules (what needs no database): the month, the account's id, the date as a real date not before the
 * month's first nor after `today`, the payslips' ids. Errors by field.
 */
export function parseDisbursementForm(
  values: Partial<Record<keyof DisbursementFormValues, unknown>>,
  today: string,
): { ok: true; input: DisbursementInput } | { ok: false; errors: Record<string, string> } {
  const M = DISBURSEMENT_MESSAGES;
  const errors: Record<string, string> = {};
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const month = parsePayrollMonth(values.month);
  if (!month.ok) errors.month = month.message;
  const account = text(values.moneyAccountId);
  if (account === "") errors.moneyAccountId = M.accountRequired;
  else if (!isUuid(account)) errors.moneyAccountId = M.accountInvalid;
  const date = text(values.date);
  if (date === "") errors.date = M.dateRequired;
  else if (!isBusinessDate(date)) errors.date = businessDateProblem("Date", date, M.dateInvalid) ?? M.dateInvalid;
  else if (month.ok && date < `${month.month}-01`) errors.date = M.dateBeforeMonth(month.month);
  else if (date > today) errors.date = M.dateInFuture;
  const rawIds = Array.isArray(values.payslipIds) ? values.payslipIds.map(text).filter((v) => v !== "") : [];
  if (rawIds.some((id) => !isUuid(id))) errors.payslipIds = M.payslipInvalid;
  else if (values.chosen === true && rawIds.length === 0) errors.payslipIds = M.noneChosen;
  if (Object.keys(errors).length > 0 || !month.ok) return { ok: false, errors };
  return {
    ok: true,
    input: {
      month: month.month,
      moneyAccountId: account.toLowerCase(),
      date,
      payslipIds: rawIds.length > 0 ? [...new Set(rawIds.map((id) => id.toLowerCase()))] : null,
    },
  };
}

export const SALARY_DISBURSEMENT_PATH = "/admin/accounts/salary-disbursement";

/** The screen's list of salary rows: ?month=YYYY-MM&status=pending|completed&page= (newest first). */
export const SALARY_ROW_LIST = defineList({
  sorts: { date: "desc" },
  defaultSort: "date",
  filters: {
    // A month of the business years (business-date.ts: 2000-2099).
    month: { kind: "text", maxLength: 7, pattern: /^20\d{2}-(0[1-9]|1[0-2])$/ },
    status: { kind: "choice", values: ["pending", "completed"] },
  },
  pageSize: 20,
});
export type SalaryRowListState = StateOf<typeof SALARY_ROW_LIST>;

/** One salary row of the table (a payroll's transactions row, with its payslip). */
export interface SalaryRow {
  id: string;
  payslipId: string;
  date: string;
  reference: string | null;
  description: string;
  employee: string;
  paymentMethod: PaymentMethod;
  amount: string;
  status: (typeof TRANSACTION_STATUSES)[number];
  /** The money account it was paid from, "1020 Bank Account". */
  paidFrom: string | null;
  paidOn: string | null;
}

/** One pending payslip of the Process Disbursement dialog's breakdown. */
export interface DisbursementLine {
  payslipId: string;
  employee: string;
  position: string;
  method: SalaryPaymentMethod;
  /** Shown only to one who may see salaries (employees.salary); null otherwise or when not recorded. */
  bankName: string | null;
  accountNumber: string | null;
  walletNumber: string | null;
  net: string;
}

/** What a payee's payment details lack for their method, or null. */
export function missingPaymentDetail(line: Pick<DisbursementLine, "method" | "accountNumber" | "walletNumber">) {
  if (line.method === "bank" && !line.accountNumber) return "No bank account number on the employee's record";
  if ((line.method === "bkash" || line.method === "nagad") && !line.walletNumber)
    return "No wallet number on the employee's record";
  return null;
}
