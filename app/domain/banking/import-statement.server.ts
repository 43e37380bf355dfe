import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { bankStatementLines, bankStatementMappings, bankStatements } from "../../db/schema";
import { fromPaisa } from "../../lib/money";
import { randomUuid } from "../../lib/random-uuid";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type Refused, type UseCaseResult } from "../use-case";
import { judgeStatement, previewOf, type StatementPreview } from "./preview-statement.server";
import { readCarriedRows } from "./statement-file.server";
import { MAPPING_FIELDS, type MappingFormValues, type StatementFormValues } from "./statement-mapping";

// Importing a bank statement (issue 23), the confirm of the preview: the rows the form posts back are judged again
// from scratch (never the client's preview), in the transaction that stores them. Refused with a message per field
// while a row has a problem, the balances do not add up, or every line is already imported; otherwise the statement
// and its new lines are stored (lines the account already has, or dated inside a finished reconciliation, are
// refused one by one), the account's mapping kept for its next file, and the import audited, all in one transaction.
// Two imports of the same lines at once: the second is refused by bank_statement_lines_fingerprint_unique.

export const IMPORT_MESSAGES = {
  imported: (lines: number, duplicates: number, locked: number) =>
    `${lines} ${lines === 1 ? "line" : "lines"} imported, ${duplicates === 0 ? "none" : duplicates} refused as already imported` +
    (locked === 0 ? "" : `, ${locked} as inside a finished reconciliation`),
  failed: (reason: string) => `Nothing was imported: ${reason}`,
  concurrent:
    "Some of these lines were imported by someone else at the same moment: nothing was written. Preview the file again to import the rest",
} as const;

export type ImportStatementResult =
  | ({ ok: true; message: string } & { statementId: string; imported: number; refused: number; accountCode: string })
  | (Refused & { preview: StatementPreview | null });

const mappingValues = (values: StatementFormValues): MappingFormValues =>
  Object.fromEntries(MAPPING_FIELDS.map((f) => [f, values[f]])) as unknown as MappingFormValues;

export async function importStatement(
  db: Db,
  actor: AuditActor,
  values: StatementFormValues,
): Promise<ImportStatementResult> {
  const file = readCarriedRows(values.rows, values.fileName, values.fileSha256);
  const mapping = mappingValues(values);
  class Refusal extends Error {
    constructor(readonly result: Refused & { preview: StatementPreview | null }) {
      super("refused");
    }
  }
  try {
    return await db.transaction(async (tx) => {
      // The account's row held FOR SHARE until this commits: a finish holds it FOR NO KEY UPDATE, so lines are never
      // stored into days a finish has just closed, judged before it committed.
      await tx.execute(sql`select id from chart_of_accounts where code = ${values.account.trim()} for share`);
      const judged = await judgeStatement(tx, {
        accountCode: values.account,
        file,
        mapping,
        openingBalance: values.openingBalance,
        closingBalance: values.closingBalance,
      });
      if (!judged.ok || !judged.account || !judged.mapping || !judged.totals || !judged.period || !file.ok) {
        const first = Object.values(judged.errors)[0] ?? "the file has no lines";
        throw new Refusal({
          ...refuse("invalid", IMPORT_MESSAGES.failed(first), judged.errors),
          preview: file.ok ? previewOf(judged, mapping) : null,
        });
      }
      const account = judged.account;
      const m = judged.mapping;
      const refused = judged.counts.duplicates + judged.counts.locked;
      const statementId = randomUuid();
      await tx.insert(bankStatements).values({
        id: statementId,
        accountId: account.id,
        fileName: file.fileName,
        fileSha256: file.sha256,
        periodStart: judged.period.start,
        periodEnd: judged.period.end,
        openingBalance: fromPaisa(judged.totals.opening),
        closingBalance: fromPaisa(judged.totals.closing),
        lineCount: judged.toStore.length,
        duplicateCount: refused,
        importedBy: actor.userId,
      });
      for (let i = 0; i < judged.toStore.length; i += 1000)
        await tx.insert(bankStatementLines).values(
          judged.toStore.slice(i, i + 1000).map(({ line, fingerprint }) => ({
            statementId,
            accountId: account.id,
            rowNo: line.rowNo,
            date: line.date,
            description: line.description,
            reference: line.reference,
            amount: fromPaisa(line.amount),
            balance: line.balance === null ? null : fromPaisa(line.balance),
            fingerprint,
          })),
        );
      const kept = { ...m, updatedBy: actor.userId, updatedAt: new Date() };
      await tx
        .insert(bankStatementMappings)
        .values({ accountId: account.id, ...kept })
        .onConflictDoUpdate({ target: bankStatementMappings.accountId, set: kept });
      await recordAudit(tx, actor, {
        action: "bank_statement.imported",
        entityType: "bank_statement",
        entityId: statementId,
        summary: `Imported the statement ${file.fileName} of ${account.code} ${account.name}: ${IMPORT_MESSAGES.imported(judged.toStore.length, judged.counts.duplicates, judged.counts.locked)}`,
        changes: {
          accountId: account.id,
          fileName: file.fileName,
          fileSha256: file.sha256,
          periodStart: judged.period.start,
          periodEnd: judged.period.end,
          openingBalance: fromPaisa(judged.totals.opening),
          closingBalance: fromPaisa(judged.totals.closing),
          lines: judged.toStore.length,
          duplicates: judged.counts.duplicates,
          inFinishedReconciliation: judged.counts.locked,
          mapping: m,
        },
      });
      const done: UseCaseResult<{ statementId: string; imported: number; refused: number; accountCode: string }> = {
        ok: true,
        message: IMPORT_MESSAGES.imported(judged.toStore.length, judged.counts.duplicates, judged.counts.locked),
        statementId,
        imported: judged.toStore.length,
        refused,
        accountCode: account.code,
      };
      return done;
    });
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    // Two imports of the same lines at once: both judged them new; the key refuses the second.
    if (isUniqueViolation(error, "bank_statement_lines_fingerprint_unique"))
      return { ...refuse("conflict", IMPORT_MESSAGES.concurrent, { form: IMPORT_MESSAGES.concurrent }), preview: null };
    throw error;
  }
}
