import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { bankReconciliations } from "../../db/schema";
import { formatShortDate } from "../../lib/format";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type UseCaseResult } from "../use-case";
import { lockAccountStatements } from "./finish-reconciliation.server";
import { REOPEN_MESSAGES as M, parseReopenForm, type ReopenFormValues } from "./finish-reconciliation-form";

// Reopening a finished bank reconciliation (issue 23; ADR 0027): its statement lines may then be unmatched and lines
// imported into its days again. A reason is required (3 to 500 characters); the row keeps its figures and says who
// reopened it, when and why (audited). Only a finished one; finishing again later writes a new row. Takes the same
// locks as a finish (the account's statements), so a finish and a reopen of the account take turns.

export type ReopenReconciliationResult = UseCaseResult<{ id: string }>;

export async function reopenReconciliation(
  db: Db,
  actor: AuditActor,
  values: ReopenFormValues,
): Promise<ReopenReconciliationResult> {
  const parsed = parseReopenForm(values);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const { reconciliationId, reason } = parsed.input;
  return db.transaction(async (tx): Promise<ReopenReconciliationResult> => {
    const [found] = await tx
      .select({ statementId: bankReconciliations.statementId })
      .from(bankReconciliations)
      .where(eq(bankReconciliations.id, reconciliationId));
    if (!found) return refuse("not-found", M.failed(M.notFound), { reconciliationId: M.notFound });
    await lockAccountStatements(tx, found.statementId);
    const [row] = await queryRows<{ status: string; as_of: string }>(
      tx,
      sql`select status, as_of_date::text as as_of from bank_reconciliations where id = ${reconciliationId} for update`,
    );
    if (row!.status !== "finished") return refuse("conflict", M.failed(M.notFinished), { form: M.notFinished });
    await tx
      .update(bankReconciliations)
      .set({ status: "reopened", reopenedBy: actor.userId, reopenedAt: new Date(), reopenReason: reason })
      .where(eq(bankReconciliations.id, reconciliationId));
    await recordAudit(tx, actor, {
      action: "bank_reconciliation.reopened",
      entityType: "bank_reconciliation",
      entityId: reconciliationId,
      summary: `Reopened the bank reconciliation up to ${formatShortDate(row!.as_of)}: ${reason}`,
      changes: { status: { from: "finished", to: "reopened" }, reason },
    });
    return { ok: true, message: M.reopened(row!.as_of), id: reconciliationId };
  });
}
