import type { DbOrTx } from "../../db/client.server";
import { csvLines } from "../../lib/csv-stream.server";
import { SALARY_PAYMENT_METHOD_LABELS } from "../people/constants";
import { monthPayees } from "./disbursement.server";

// The bank advice of a month (issue 25): one CSV to upload to the bank, one header row and one row per payslip of
// the month (not undone), by employee: Employee, Method, Bank, Account number, Wallet number, Amount. Bank payees
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

/** The CSV text, byte order mark first (as every export), or null when the month has no payslips. */
export async function salaryAdviceCsv(db: DbOrTx, month: string): Promise<string | null> {
  const { lines } = await monthPayees(db, month, { pendingOnly: false, showDetails: true });
  if (lines.length === 0) return null;
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
