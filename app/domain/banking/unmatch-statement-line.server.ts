import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { bankMatches } from "../../db/schema";
import { formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type UseCaseResult } from "../use-case";
import { lockStatementLine, statementLineLabel } from "./match-statement-line.server";
import { finishedThrough } from "./reconciliation-figures.server";

// Undo a match (issue 23): the statement line's matches go (audited), its ledger lines are unmatched again and
// suggested anew. Refused while a finished (not reopened) reconciliation of the account holds the line's date: reopen
// it first (audited, with a reason). A bank transaction made from the line stays posted: it is a ledger line like any
// other, to match again or to reverse.

export const UNMATCH_MESSAGES = {
  done: "Match undone: the statement line is unmatched",
  lineRequired: "Choose the statement line",
  lineUnknown: "This statement line does not exist any more",
  notMatched: "This statement line is not matched",
  held: (through: string) =>
    `The reconciliation finished up to ${formatShortDate(through)} holds this line: reopen the reconciliation first to undo its match`,
} as const;

const M = UNMATCH_MESSAGES;

/** The reason an Undo is not offered for a line of `date`, or null. */
export function heldBy(through: string | null, date: string): string | null {
  return through !== null && through >= date ? M.held(through) : null;
}

export async function unmatchStatementLine(
  db: Db,
  actor: AuditActor,
  input: { statementLineId: string },
): Promise<UseCaseResult> {
  const lineId = input.statementLineId.trim().toLowerCase();
  if (!isUuid(lineId)) return refuse("invalid", M.lineRequired, { statementLineId: M.lineRequired });
  return db.transaction(async (tx): Promise<UseCaseResult> => {
    const line = await lockStatementLine(tx, lineId);
    if (!line) return refuse("not-found", M.lineUnknown);
    if (line.matched === 0) return refuse("conflict", M.notMatched);
    // A finish locks the account's statements FOR UPDATE: held FOR SHARE here, an undo and a finish wait for each
    // other, so a finish never keeps a line this undoes, and an undo after a finish sees it.
    await tx.execute(sql`select id from bank_statements where id = ${line.statementId} for share`);
    const held = heldBy(await finishedThrough(tx, line.accountId), line.date);
    if (held) return refuse("conflict", held);
    const removed = await queryRows<{ journal_line_id: string }>(
      tx,
      sql`select journal_line_id from bank_matches where statement_line_id = ${line.id} order by journal_line_id`,
    );
    await tx.delete(bankMatches).where(eq(bankMatches.statementLineId, line.id));
    await recordAudit(tx, actor, {
      action: "bank_statement_line.unmatched",
      entityType: "bank_statement_line",
      entityId: line.id,
      summary: `Undid the match of statement line ${statementLineLabel(line)} (${removed.length} ledger line${removed.length === 1 ? "" : "s"})`,
      changes: { statementId: line.statementId, journalLineIds: removed.map((r) => r.journal_line_id) },
    });
    return { ok: true, message: M.done };
  });
}
