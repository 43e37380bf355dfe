import { eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { bankStatementLines, bankStatements, bankTransactions } from "../../db/schema";
import { formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type UseCaseResult } from "../use-case";
import { lockAccountStatements } from "./finish-reconciliation.server";

// Deleting a statement imported by mistake (issue 23): into the wrong account, or with a mapping that read it wrong
// while its balances still added up. Only while nothing stands on it: no line matched and no reconciliation (finished
// or reopened) of it. Its lines go with it, so the right file can be imported again; an entry once made from one of its
// lines stays posted (it is the books'), only its note of the line is cleared. Takes the account's locks as a finish
// does, so a finish and a delete take turns. Audited.

export const DELETE_STATEMENT_MESSAGES = {
  failed: (why: string) => `The statement was not deleted: ${why}`,
  unknown: "This statement does not exist any more",
  reconciled: "a reconciliation was finished on it; it is kept with its report",
  matched: (n: number) =>
    `${n} of its lines ${n === 1 ? "is" : "are"} matched to the ledger: undo ${n === 1 ? "that match" : "those matches"} first`,
  deleted: (fileName: string, start: string, end: string, lines: number) =>
    `Statement ${fileName} (${formatShortDate(start)} – ${formatShortDate(end)}) deleted: its ${lines} ${lines === 1 ? "line" : "lines"} can be imported again`,
} as const;
const M = DELETE_STATEMENT_MESSAGES;

export async function deleteStatement(db: Db, actor: AuditActor, rawId: unknown): Promise<UseCaseResult> {
  const id = typeof rawId === "string" ? rawId.trim().toLowerCase() : "";
  if (!isUuid(id)) return refuse("not-found", M.failed(M.unknown), { statementId: M.unknown });
  return db.transaction(async (tx): Promise<UseCaseResult> => {
    const accountId = await lockAccountStatements(tx, id);
    if (!accountId) return refuse("not-found", M.failed(M.unknown), { statementId: M.unknown });
    const [state] = await queryRows<{ reconciled: boolean; matched: number }>(
      tx,
      sql`select exists (select 1 from bank_reconciliations r where r.statement_id = ${id}) as reconciled,
            (select count(*)::int from bank_statement_lines sl
              where sl.statement_id = ${id}
                and exists (select 1 from bank_matches m where m.statement_line_id = sl.id)) as matched`,
    );
    if (state!.reconciled) return refuse("conflict", M.failed(M.reconciled), { form: M.reconciled });
    if (state!.matched > 0)
      return refuse("conflict", M.failed(M.matched(state!.matched)), { form: M.matched(state!.matched) });

    const [statement] = await tx.select().from(bankStatements).where(eq(bankStatements.id, id));
    const lines = tx
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.statementId, id));
    await tx
      .update(bankTransactions)
      .set({ statementLineId: null })
      .where(inArray(bankTransactions.statementLineId, lines));
    await tx.delete(bankStatementLines).where(eq(bankStatementLines.statementId, id));
    await tx.delete(bankStatements).where(eq(bankStatements.id, id));
    const s = statement!;
    await recordAudit(tx, actor, {
      action: "bank_statement.deleted",
      entityType: "bank_statement",
      entityId: id,
      summary: `Deleted statement ${s.fileName} (${formatShortDate(s.periodStart)} – ${formatShortDate(s.periodEnd)}, ${s.lineCount} lines)`,
      changes: {
        accountId: s.accountId,
        fileName: s.fileName,
        fileSha256: s.fileSha256,
        periodStart: s.periodStart,
        periodEnd: s.periodEnd,
        openingBalance: s.openingBalance,
        closingBalance: s.closingBalance,
        lineCount: s.lineCount,
      },
    });
    return { ok: true, message: M.deleted(s.fileName, s.periodStart, s.periodEnd, s.lineCount) };
  });
}
