import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts, employees, payrollRuns, payslips, transactions as t } from "../../db/schema";
import { clampPage, offsetOf, pageCountOf, type ListPage } from "../../lib/list-params";
import { fromPaisa, sumPaisa, toPaisa } from "../../lib/money";
import { SALARY_ROW_LIST, type DisbursementLine, type SalaryRow, type SalaryRowListState } from "./disbursement-form";

// Salary Disbursement's reads (issue 25): the salary rows (the transactions rows payslips point at) as the spec's
// table lists them, the months processed, and a month's pending payslips for the Process Disbursement dialog with
// the employees' payment details (only for one who may see salaries).

const account = alias(chartOfAccounts, "paid_from");

/** One page of the salary rows, newest month first, then by employee. */
export async function listSalaryRows(db: DbOrTx, state: SalaryRowListState): Promise<ListPage<SalaryRow>> {
  const where = and(
    ne(payrollRuns.status, "reversed"),
    state.filters.month ? eq(payrollRuns.periodMonth, `${state.filters.month}-01`) : undefined,
    state.filters.status ? eq(t.status, state.filters.status) : undefined,
  );
  const base = () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payslips)
      .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payrollRunId))
      .innerJoin(t, eq(t.id, payslips.transactionId));
  const [count] = await base().where(where);
  const total = count?.n ?? 0;
  const pageSize = SALARY_ROW_LIST.pageSize;
  const pageCount = pageCountOf(total, pageSize);
  const page = clampPage(state.page, pageCount);
  const rows = await db
    .select({
      id: t.id,
      payslipId: payslips.id,
      date: t.date,
      reference: t.reference,
      description: t.description,
      employee: payslips.employeeName,
      paymentMethod: t.paymentMethod,
      amount: t.amount,
      status: t.status,
      accountCode: account.code,
      accountName: account.name,
      paidAt: payslips.paidAt,
    })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payrollRunId))
    .innerJoin(t, eq(t.id, payslips.transactionId))
    .leftJoin(account, eq(account.id, payslips.moneyAccountId))
    .where(where)
    .orderBy(state.dir === "asc" ? asc(t.date) : desc(t.date), asc(payslips.employeeName), asc(payslips.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
  return {
    rows: rows.map(({ accountCode, accountName, paidAt, ...r }) => ({
      ...r,
      description: r.description ?? "",
      paidFrom: accountCode ? `${accountCode} ${accountName}` : null,
      paidOn: paidAt ? paidAt.toISOString() : null,
    })),
    total,
    totalCapped: false,
    page,
    pageCount,
    pageSize,
  };
}

export interface PayrollMonth {
  month: string;
  status: "processed" | "disbursed";
  pending: number;
  payslips: number;
}

/** The months processed (not undone), newest first, with how many payslips wait. */
export async function payrollMonths(db: DbOrTx): Promise<PayrollMonth[]> {
  const rows = await db
    .select({
      month: payrollRuns.periodMonth,
      status: payrollRuns.status,
      pending: sql<number>`count(*) filter (where ${payslips.status} = 'pending')::int`,
      payslips: sql<number>`count(${payslips.id})::int`,
    })
    .from(payrollRuns)
    .leftJoin(payslips, eq(payslips.payrollRunId, payrollRuns.id))
    .where(inArray(payrollRuns.status, ["processed", "disbursed"]))
    .groupBy(payrollRuns.id)
    .orderBy(desc(payrollRuns.periodMonth));
  return rows.map((r) => ({
    month: r.month.slice(0, 7),
    status: r.status as PayrollMonth["status"],
    pending: Number(r.pending),
    payslips: Number(r.payslips),
  }));
}

/**
 * A month's payslips with each employee's payment details as the employee's record holds them now; `pendingOnly`
 * for the dialog's breakdown, all (not undone) for the bank advice. Details are null unless `showDetails`.
 */
export async function monthPayees(
  db: DbOrTx,
  month: string,
  options: { pendingOnly: boolean; showDetails: boolean },
): Promise<{ lines: DisbursementLine[]; total: string }> {
  const rows = await db
    .select({
      payslipId: payslips.id,
      employee: payslips.employeeName,
      position: payslips.position,
      method: employees.salaryPaymentMethod,
      bankName: employees.bankName,
      accountNumber: employees.bankAccountNumber,
      walletNumber: employees.walletNumber,
      net: payslips.net,
    })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payrollRunId))
    .innerJoin(employees, eq(employees.id, payslips.employeeId))
    .where(
      and(
        eq(payrollRuns.periodMonth, `${month}-01`),
        ne(payrollRuns.status, "reversed"),
        options.pendingOnly ? eq(payslips.status, "pending") : ne(payslips.status, "reversed"),
      ),
    )
    .orderBy(asc(payslips.employeeName), asc(payslips.id));
  const lines = rows.map((r) => ({
    ...r,
    bankName: options.showDetails ? r.bankName : null,
    accountNumber: options.showDetails ? r.accountNumber : null,
    walletNumber: options.showDetails ? r.walletNumber : null,
  }));
  return { lines, total: fromPaisa(sumPaisa(lines.map((l) => toPaisa(l.net)))) };
}
