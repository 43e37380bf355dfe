import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { isUuid } from "../../lib/list-params";
import { PostingRefused } from "../accounting/ledger.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type UseCaseResult } from "../use-case";
import { firstRuleFor, type BankRule } from "./bank-rule-form";
import { rulesForAccount } from "./bank-rules.server";
import { BANK_TRANSACTION_KIND_LABELS } from "./constants";
import { createFromLockedLine, MatchRefused } from "./create-from-statement-line.server";
import { lockStatementLine, lockStatementLines, statementLineLabel } from "./match-statement-line.server";

// Rules applied (issue 23): "Create with rule" makes the entry of one statement line by its first covering rule (by
// creation; a rule whose kind does not fit the line's sign is skipped for it) and matches it; "Apply rules to all"
// does so for every unmatched line of a statement a rule covers, all in one transaction under the lines' row locks:
// a line the book refuses (a locked date, a deactivated account) refuses the whole, naming its row, and nothing is
// written.

export const APPLY_RULES_MESSAGES = {
  applied: (kind: string, contains: string) => `${kind} posted by the rule "${contains}" and matched`,
  appliedAll: (count: number) =>
    count === 1 ? "Rules applied: 1 entry made and matched" : `Rules applied: ${count} entries made and matched`,
  noneApplies: "No unmatched line of this statement is covered by a rule",
  noRule: "No rule covers this line: create its entry by hand, or add a rule",
  lineRequired: "Choose the statement line",
  lineUnknown: "This statement line does not exist any more",
  statementRequired: "Choose the statement",
  statementUnknown: "This statement does not exist any more",
  rowRefused: (row: string, reason: string) => `Statement line ${row} could not be made an entry: ${reason}`,
} as const;

const M = APPLY_RULES_MESSAGES;

const ruleText = (rule: BankRule) => `"${rule.contains}" → ${BANK_TRANSACTION_KIND_LABELS[rule.kind].toLowerCase()}`;

function refusalOf(error: unknown, row?: string): UseCaseResult | null {
  if (error instanceof MatchRefused) return error.refused;
  if (error instanceof PostingRefused) {
    const reason = error.message;
    return refuse("invalid", row ? M.rowRefused(row, reason) : reason, { form: reason });
  }
  return null;
}

/** Makes the entry of one statement line by its first covering rule, and matches it. */
export async function applyRuleToLine(
  db: Db,
  actor: AuditActor,
  input: { statementLineId: string },
): Promise<UseCaseResult<{ id: string; entryId: string }>> {
  const lineId = input.statementLineId.trim().toLowerCase();
  if (!isUuid(lineId)) return refuse("invalid", M.lineRequired, { statementLineId: M.lineRequired });
  try {
    return await db.transaction(async (tx): Promise<UseCaseResult<{ id: string; entryId: string }>> => {
      const line = await lockStatementLine(tx, lineId);
      if (!line) return refuse("not-found", M.lineUnknown);
      const rule = firstRuleFor(await rulesForAccount(tx, line.accountId), line);
      if (!rule) return refuse("invalid", M.noRule);
      const made = await createFromLockedLine(tx, actor, line, {
        kind: rule.kind,
        counterAccountId: rule.counterAccountId,
        ruleId: rule.id,
        ruleText: ruleText(rule),
      });
      return { ok: true, message: M.applied(BANK_TRANSACTION_KIND_LABELS[rule.kind], rule.contains), ...made };
    });
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return refused as UseCaseResult<{ id: string; entryId: string }>;
    throw error;
  }
}

/** Makes the entries of every unmatched line of the statement a rule covers, and matches them; all or nothing. */
export async function applyRulesToStatement(
  db: Db,
  actor: AuditActor,
  input: { statementId: string },
): Promise<UseCaseResult<{ count: number }>> {
  const statementId = input.statementId.trim().toLowerCase();
  if (!isUuid(statementId)) return refuse("invalid", M.statementRequired, { statementId: M.statementRequired });
  let current = "";
  try {
    return await db.transaction(async (tx): Promise<UseCaseResult<{ count: number }>> => {
      const [statement] = await queryRows<{ account_id: string; file_name: string }>(
        tx,
        sql`select account_id, file_name from bank_statements where id = ${statementId}`,
      );
      if (!statement) return refuse("not-found", M.statementUnknown);
      const rules = await rulesForAccount(tx, statement.account_id);
      const lines = await lockStatementLines(tx, statementId);
      let count = 0;
      for (const line of lines) {
        if (line.matched > 0) continue;
        const rule = firstRuleFor(rules, line);
        if (!rule) continue;
        current = statementLineLabel(line);
        await createFromLockedLine(tx, actor, line, {
          kind: rule.kind,
          counterAccountId: rule.counterAccountId,
          ruleId: rule.id,
          ruleText: ruleText(rule),
        });
        count++;
      }
      if (count === 0) return { ok: true, message: M.noneApplies, count };
      await recordAudit(tx, actor, {
        action: "bank_statement.rules_applied",
        entityType: "bank_statement",
        entityId: statementId,
        summary: `Applied the bank rules to statement ${statement.file_name}: ${count} entr${count === 1 ? "y" : "ies"} made and matched`,
        changes: { count },
      });
      return { ok: true, message: M.appliedAll(count), count };
    });
  } catch (error) {
    const refused = refusalOf(error, current || undefined);
    if (refused) return refused as UseCaseResult<{ count: number }>;
    throw error;
  }
}
