import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { chartOfAccounts, journalLines, payrollRuns, payslips, transactions } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { formatMonthYear } from "../../lib/format";
import { fromPaisa, sumPaisa, toPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { twoLines } from "../accounting/journal";
import { postEntry, PostingRefused, roleAccounts } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { MONEY_DOCUMENT_MESSAGES } from "../accounting/money-document-form";
import { moneyAccountProblem } from "../accounting/money-accounts.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { DISBURSEMENT_MESSAGES as M, parseDisbursementForm, type DisbursementFormValues } from "./disbursement-form";

// Salary Disbursement (issue 25; backoffice.md §2; DESIGN §10): a processed month's pending payslips paid from a
// cash, bank or wallet account on a date. Per payslip one entry (source "payslip", its id): salaries payable (the
// account the run's entry credited) / the money account, the net; the payslip paid, its salary row completed through
// that account. The last one paid makes the run disbursed. One transaction with the audit line.
//
// The run's row is locked first (`for update`): two disbursements of one month run one after the other, so the last
// to finish sees every payslip paid and marks the run disbursed. Then the payslips to pay, locked in id order; one
// already paid (another tab) refuses the whole disbursement, naming the employee, before anything is written.

export type DisburseResult = UseCaseResult<{ paid: number; total: string; runDisbursed: boolean }>;

/**
 * The salaries payable account of the run: its entry's last line, the net salaries credited (processPayroll writes that
 * line last), so a later change of Settings > Accounting's roles pays the account the salaries were owed on. The role's
 * account only for a run without an entry.
 */
async function runPayableAccount(tx: Tx, journalEntryId: string | null): Promise<string> {
  if (journalEntryId) {
    const [last] = await tx
      .select({ accountId: journalLines.accountId, credit: journalLines.credit })
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, journalEntryId))
      .orderBy(desc(journalLines.lineNo))
      .limit(1);
    if (last && toPaisa(last.credit) > 0n) return last.accountId;
  }
  return (await roleAccounts(tx, ["payroll.salaries_payable"]))["payroll.salaries_payable"];
}

export async function disburseSalaries(
  db: Db,
  actor: AuditActor,
  values: Partial<DisbursementFormValues>,
  now: Date = new Date(),
): Promise<DisburseResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) => refuseFields(refusal, M.failed, errors);
  const parsed = parseDisbursementForm(values, todayInDhaka(now));
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  const first = `${input.month}-01`;
  try {
    return await db.transaction(async (tx): Promise<DisburseResult> => {
      const [run] = await tx
        .select()
        .from(payrollRuns)
        .where(and(eq(payrollRuns.periodMonth, first), inArray(payrollRuns.status, ["processed", "disbursed"])))
        .for("update");
      if (!run) {
        const [undone] = await tx
          .select({ id: payrollRuns.id })
          .from(payrollRuns)
          .where(and(eq(payrollRuns.periodMonth, first), eq(payrollRuns.status, "reversed")))
          .limit(1);
        return failed("invalid", { month: (undone ? M.runReversed : M.notProcessed)(input.month) });
      }

      const errors: Record<string, string> = {};
      const [account] = await tx
        .select({ paymentMethod: chartOfAccounts.paymentMethod })
        .from(chartOfAccounts)
        .where(eq(chartOfAccounts.id, input.moneyAccountId));
      const problem = !account
        ? MONEY_DOCUMENT_MESSAGES.accountUnknown
        : !account.paymentMethod
          ? MONEY_DOCUMENT_MESSAGES.accountNotMoney
          : await moneyAccountProblem(tx, input.moneyAccountId, account.paymentMethod);
      if (problem) errors.moneyAccountId = problem;

      // The payslips named (or the month's pending ones), locked in id order.
      const slips = await tx
        .select()
        .from(payslips)
        .where(
          input.payslipIds
            ? inArray(payslips.id, input.payslipIds)
            : and(eq(payslips.payrollRunId, run.id), eq(payslips.status, "pending")),
        )
        .orderBy(asc(payslips.id))
        .for("update");
      if (input.payslipIds) {
        if (slips.length !== input.payslipIds.length) errors.payslipIds = M.payslipInvalid;
        else {
          const reversed = slips.find((s) => s.status === "reversed");
          const paid = slips.find((s) => s.status === "paid");
          if (reversed) errors.payslipIds = M.payslipReversed(reversed.employeeName);
          else if (slips.some((s) => s.payrollRunId !== run.id)) errors.payslipIds = M.payslipOfOtherMonth(input.month);
          else if (paid) errors.payslipIds = M.alreadyPaid(paid.employeeName);
        }
      } else if (slips.length === 0) errors.month = M.nothingPending(input.month);
      if (Object.keys(errors).length > 0)
        return failed(errors.payslipIds && !errors.moneyAccountId ? "conflict" : "invalid", errors);

      const payable = await runPayableAccount(tx, run.journalEntryId);
      const paidAt = new Date();
      for (const slip of slips) {
        const net = toPaisa(slip.net);
        const entryId = await postEntry(tx, {
          date: input.date,
          description: `Salary of ${formatMonthYear(input.month)} paid to ${slip.employeeName}`.slice(0, 500),
          source: { type: "payslip", id: slip.id },
          party: { kind: "employee", id: slip.employeeId },
          lines: twoLines(payable, input.moneyAccountId, net, "Net salary"),
          createdBy: actor.userId,
        });
        await tx
          .update(payslips)
          .set({
            status: "paid",
            paidAt,
            disbursementEntryId: entryId,
            moneyAccountId: input.moneyAccountId,
            updatedAt: paidAt,
          })
          .where(eq(payslips.id, slip.id));
        if (slip.transactionId)
          await tx
            .update(transactions)
            .set({
              status: "completed",
              moneyAccountId: input.moneyAccountId,
              paymentMethod: account!.paymentMethod!,
              settledAmount: slip.net,
              updatedAt: paidAt,
            })
            .where(eq(transactions.id, slip.transactionId));
      }
      const [left] = await tx
        .select({ id: payslips.id })
        .from(payslips)
        .where(and(eq(payslips.payrollRunId, run.id), eq(payslips.status, "pending")))
        .limit(1);
      const runDisbursed = !left;
      if (runDisbursed)
        await tx
          .update(payrollRuns)
          .set({ status: "disbursed", disbursedAt: paidAt, updatedAt: paidAt })
          .where(eq(payrollRuns.id, run.id));
      const total = fromPaisa(sumPaisa(slips.map((s) => toPaisa(s.net))));
      await recordAudit(tx, actor, {
        action: "payroll.disburse",
        entityType: "payroll_run",
        entityId: run.id,
        summary: `Paid ${slips.length} ${slips.length === 1 ? "salary" : "salaries"} of ${formatMonthYear(input.month)}: ৳${total}`,
        changes: {
          month: input.month,
          date: input.date,
          moneyAccountId: input.moneyAccountId,
          payslips: slips.map((s) => ({ id: s.id, employee: s.employeeName, net: s.net })),
          total,
          runDisbursed,
        },
      });
      return { ok: true, message: M.processed, paid: slips.length, total, runDisbursed };
    });
  } catch (error) {
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.failed, fields: ["date"] });
    throw error;
  }
}
