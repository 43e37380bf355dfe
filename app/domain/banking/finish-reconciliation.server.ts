import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Db, type DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { bankReconciliations, bankStatements } from "../../db/schema";
import { formatMoney, formatShortDate } from "../../lib/format";
import { fromPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type UseCaseResult } from "../use-case";
import {
  FINISH_MESSAGES as M,
  finishBlockers,
  parseFinishForm,
  type FinishFormValues,
} from "./finish-reconciliation-form";
import { reconciliationFigures } from "./reconciliation-figures.server";

// Finishing a bank reconciliation (issue 23; ADR 0027): an account reconciled up to a statement's last day, kept with
// its figures (bank_reconciliations) when the difference is zero and every statement line of the account up to that
// day is matched. The account's statements are locked first (FOR UPDATE, in id order), so two finishes at once, or a
// finish and a reopen, take turns: the second sees the first's row and is refused. The figures are
// reconciliationFigures', read under that lock.

export type FinishReconciliationResult = UseCaseResult<{ id: string; asOfDate: string }>;

/** Locks every statement of the account of `statementId` (in id order); the statement's account, or null if gone. */
export async function lockAccountStatements(tx: DbOrTx, statementId: string): Promise<string | null> {
  const [statement] = await tx
    .select({ accountId: bankStatements.accountId })
    .from(bankStatements)
    .where(eq(bankStatements.id, statementId));
  if (!statement) return null;
  // The account's row first (FOR NO KEY UPDATE: postings' foreign keys still pass): an import holds it FOR SHARE, so
  // an import and a finish of the account take turns.
  await queryRows(tx, sql`select id from chart_of_accounts where id = ${statement.accountId} for no key update`);
  await queryRows(
    tx,
    sql`select id from bank_statements where account_id = ${statement.accountId} order by id for update`,
  );
  return statement.accountId;
}

export async function finishReconciliation(
  db: Db,
  actor: AuditActor,
  values: FinishFormValues,
): Promise<FinishReconciliationResult> {
  const parsed = parseFinishForm(values);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const { statementId } = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<FinishReconciliationResult> => {
      const accountId = await lockAccountStatements(tx, statementId);
      if (!accountId) return refuse("not-found", M.failed(M.notFound), { statementId: M.notFound });
      const figures = (await reconciliationFigures(tx, statementId))!;
      const [finished] = await tx
        .select({ id: bankReconciliations.id })
        .from(bankReconciliations)
        .where(and(eq(bankReconciliations.statementId, statementId), eq(bankReconciliations.status, "finished")));
      if (finished) {
        const message = M.alreadyFinished(figures.asOfDate);
        return refuse("conflict", M.failed(message), { form: message });
      }
      const blockers = finishBlockers({
        difference: fromPaisa(figures.difference),
        unmatchedLines: figures.unmatchedLines,
        asOfDate: figures.asOfDate,
      });
      if (blockers.length > 0) return refuse("invalid", M.failed(blockers.join("; ")), { form: blockers.join("; ") });

      const [row] = await tx
        .insert(bankReconciliations)
        .values({
          accountId,
          statementId,
          asOfDate: figures.asOfDate,
          statementBalance: fromPaisa(figures.statementBalance),
          reconciledBalance: fromPaisa(figures.reconciledBalance),
          ledgerBalance: fromPaisa(figures.ledgerBalance),
          status: "finished",
          finishedBy: actor.userId,
        })
        .returning({ id: bankReconciliations.id });
      await recordAudit(tx, actor, {
        action: "bank_reconciliation.finished",
        entityType: "bank_reconciliation",
        entityId: row!.id,
        summary: `Finished the bank reconciliation up to ${formatShortDate(figures.asOfDate)}: statement balance ${formatMoney(
          fromPaisa(figures.statementBalance),
        )}, ledger balance ${formatMoney(fromPaisa(figures.ledgerBalance))}`,
        changes: {
          accountId,
          statementId,
          asOfDate: figures.asOfDate,
          statementBalance: fromPaisa(figures.statementBalance),
          reconciledBalance: fromPaisa(figures.reconciledBalance),
          ledgerBalance: fromPaisa(figures.ledgerBalance),
          outstandingCount: figures.outstandingCount,
          outstandingSum: fromPaisa(figures.outstandingSum),
        },
      });
      return { ok: true, message: M.finished(figures.asOfDate), id: row!.id, asOfDate: figures.asOfDate };
    });
  } catch (error) {
    // Only reached if a finish got past the lock (it cannot): the partial unique index keeps one finished row.
    if (isUniqueViolation(error, "bank_reconciliations_statement_finished_unique")) {
      const message = "This statement's reconciliation was just finished by someone else";
      return refuse("conflict", M.failed(message), { form: message });
    }
    throw error;
  }
}
