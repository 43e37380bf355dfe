import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { payrollRuns, payslips, transactions } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { formatMonthYear } from "../../lib/format";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { mirrorLines } from "../accounting/journal";
import { postEntry, PostingRefused } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { storedEntryLines } from "../accounting/stored-lines.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { parseUndoPayrollForm, PAYROLL_MESSAGES as M, type UndoPayrollValues } from "./payroll-form";

// Undo a processed month (issue 25): only while nothing of it is paid. The run's entry is taken back by its mirror
// (linked to it as its reversal, as the General Ledger's Reverse writes one), dated today in Dhaka (or the month's
// first day, should that be later); the run reads reversed with who, when and why; its payslips read reversed and
// their pending salary rows cancelled. The month may then be processed again: the unique index on the month holds
// only runs not reversed. One transaction with the audit line.
//
// The run's row is locked FOR UPDATE first, then its payslips: two undos at once, or an undo and a disbursement
// paying one of its payslips, wait for each other and the second sees what the first did.

export type ReversePayrollRunResult = UseCaseResult<{ runId: string; month: string; reversalEntryId: string }>;

export async function reversePayrollRun(
  db: Db,
  actor: AuditActor,
  values: UndoPayrollValues & { repeated?: boolean },
  now: Date = new Date(),
): Promise<ReversePayrollRunResult> {
  const parsed = parseUndoPayrollForm(values);
  if (!parsed.ok) {
    const onlyTheRun = !parsed.errors.reason;
    return refuseFields(onlyTheRun ? "not-found" : "invalid", M.undoFailed, parsed.errors);
  }
  const { runId, reason } = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<ReversePayrollRunResult> => {
      const [run] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, runId)).for("update");
      if (!run) return refuseFields("not-found", M.undoFailed, { form: M.runNotFound });
      const month = run.periodMonth.slice(0, 7);
      if (run.status === "reversed") return refuseFields("conflict", M.undoFailed, { form: M.alreadyUndone(month) });
      const slips = await tx
        .select({ id: payslips.id, status: payslips.status, transactionId: payslips.transactionId })
        .from(payslips)
        .where(eq(payslips.payrollRunId, run.id))
        .for("update");
      const paid = slips.filter((s) => s.status === "paid").length;
      if (paid > 0 || run.status === "disbursed")
        return refuseFields("conflict", M.undoFailed, { form: M.somePaid(month, Math.max(paid, 1)) });
      if (!run.journalEntryId) throw new Error(`payroll run ${run.id} has no entry`);

      const today = todayInDhaka(now);
      const date = today > run.periodMonth ? today : run.periodMonth;
      const reversalEntryId = await postEntry(tx, {
        date,
        description: `Undo of payroll for ${formatMonthYear(month)}: ${reason}`.slice(0, 500),
        source: { type: "reversal", id: run.journalEntryId },
        reversesId: run.journalEntryId,
        lines: mirrorLines(await storedEntryLines(tx, run.journalEntryId)),
        createdBy: actor.userId,
      });
      await tx
        .update(payrollRuns)
        .set({
          status: "reversed",
          reversedAt: now,
          reversedBy: actor.userId,
          reversalReason: reason,
          reversalEntryId,
        })
        .where(eq(payrollRuns.id, run.id));
      await tx.update(payslips).set({ status: "reversed" }).where(eq(payslips.payrollRunId, run.id));
      const rowIds = slips.flatMap((s) => (s.transactionId ? [s.transactionId] : []));
      if (rowIds.length > 0)
        await tx
          .update(transactions)
          .set({ status: "cancelled" })
          .where(and(inArray(transactions.id, rowIds), eq(transactions.status, "pending")));
      await recordAudit(tx, actor, {
        action: "payroll.undo",
        entityType: "payroll_run",
        entityId: run.id,
        summary: `Undid payroll for ${formatMonthYear(month)} (${slips.length} payslips): ${reason}`,
        changes: { month, reason, reversalEntryId, payslips: slips.length, net: run.totalNet },
      });
      return { ok: true as const, message: M.undone(month), runId: run.id, month, reversalEntryId };
    });
  } catch (error) {
    // The books locked up to today, or today's year closed: the whole form's fault.
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.undoFailed, fields: ["form"] });
    throw error;
  }
}
