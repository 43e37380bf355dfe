import type { DbOrTx } from "../../db/client.server";
import { csvLines } from "../../lib/csv-stream.server";
import { SALARY_PAYMENT_METHOD_LABELS } from "../people/constants";
import { monthPayees } from "./disbursement.server";

// The bank advice of a month (issue 25): one CSV to upload to the bank, one header row and one row per payslip of
// the month still to pay (a payslip paid already is left out: uploading the file again must not pay it twice), by
// employee: Employee, Method, Bank, Account number, Wallet number, Amount. Bank payees
// carry their bank and account number, bKash and Nagad payees their wallet number, cash payees neither. A detail
// missing from the employee's record is an empty cell (the screen warns of it). Amounts as plain numbers (1234.50).

export const SALARY_ADVICE_HEADER = [
  "Employee",
  "Method",
  "Bank",
  "Account number",
  "Wallet number",
  "Amount",
] as const;

export const salaryAdviceFileName = (month: string) => `salary-advice-${month}.csv`;

/**
 * The CSV text, byte order mark first (as every export); "not-processed" when the month has no payslips,
 * "all-paid" when every one is paid.
 */
export async function salaryAdviceCsv(db: DbOrTx, month: string): Promise<string | "not-processed" | "all-paid"> {
  const { lines } = await monthPayees(db, month, { pendingOnly: true, showDetails: true });
  if (lines.length === 0) {
    const all = await monthPayees(db, month, { pendingOnly: false, showDetails: false });
    return all.lines.length === 0 ? "not-processed" : "all-paid";
  }
  const rows = lines.map((l) => [
    l.employee,
    SALARY_PAYMENT_METHOD_LABELS[l.method],
    l.method === "bank" ? (l.bankName ?? "") : "",
    l.method === "bank" ? (l.accountNumber ?? "") : "",
    l.method === "bkash" || l.method === "nagad" ? (l.walletNumber ?? "") : "",
    l.net,
  ]);
  return `\uFEFF${csvLines([[...SALARY_ADVICE_HEADER], ...rows])}`;
}
