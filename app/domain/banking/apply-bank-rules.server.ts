import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { isUuid } from "../../lib/list-params";
import type { ControlPartyKind } from "../accounting/constants";
import { PostingRefused } from "../accounting/ledger.server";
import { controlAccountKinds } from "../accounting/party-choices.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type UseCaseResult } from "../use-case";
import { firstRuleFor, partyWord, type BankRule } from "./bank-rule-form";
import { ruleHeldBack, rulesForAccount } from "./bank-rules.server";
import { BANK_TRANSACTION_KIND_LABELS } from "./constants";
import { createFromLockedLine, MatchRefused } from "./create-from-statement-line.server";
import { lockStatementLine, lockStatementLines, statementLineLabel } from "./match-statement-line.server";

// Rules applied (issue 23): "Create with rule" makes the entry of one statement line by its first covering rule (by
// creation; a rule whose kind does not fit the line's sign is skipped for it) and matches it; "Apply rules to all"
// does so for every unmatched line of a statement a rule covers, all in one transaction under the lines' row locks:
// a line the book refuses (a locked date, a deactivated account) refuses the whole, naming its row, and nothing is
// written. A rule whose account has become a control account since it was saved (issue 36: kept by its documents,
// and a rule names no party) makes nothing: its line is left unmatched, and the run says so.

export const APPLY_RULES_MESSAGES = {
  applied: (kind: string, contains: string) => `${kind} posted by the rule "${contains}" and matched`,
  appliedAll: (count: number, held?: HeldLines) =>
    `${count === 1 ? "Rules applied: 1 entry made and matched" : `Rules applied: ${count} entries made and matched`}${
      held ? `; ${heldText(held)}` : ""
    }`,
  noneApplies: "No unmatched line of this statement is covered by a rule",
  noneMade: (held: HeldLines) => `No entry made: ${heldText(held)}`,
  noRule: "No rule covers this line: create its entry by hand, or add a rule",
  lineRequired: "Choose the statement line",
  lineUnknown: "This statement line does not exist any more",
  statementRequired: "Choose the statement",
  statementUnknown: "This statement does not exist any more",
  rowRefused: (row: string, reason: string) => `Statement line ${row} could not be made an entry: ${reason}`,
} as const;

/** Lines a rule covers but may not make (its account is a control account now), and those accounts. */
export interface HeldLines {
  lines: number;
  /** "1300 Accounts Receivable" */
  accounts: string[];
  /** The kinds those accounts are kept by. */
  kinds: ControlPartyKind[];
}

function heldText(held: HeldLines): string {
  const one = held.lines === 1;
  const party = held.kinds.length === 1 ? partyWord(held.kinds[0]!) : "party";
  return `${held.lines} line${one ? "" : "s"} left unmatched: ${one ? "its rule posts" : "their rules post"} to ${held.accounts.join(
    ", ",
  )}, kept by ${party}: match ${one ? "it" : "them"} to the ${party}'s documents, or create ${
    one ? "its entry" : "their entries"
  } naming the ${party}`;
}

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
      const held = ruleHeldBack(rule, await controlAccountKinds(tx));
      if (held) return refuse("invalid", held, { form: held });
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
      const control = await controlAccountKinds(tx);
      const lines = await lockStatementLines(tx, statementId);
      let count = 0;
      const heldAccounts = new Set<string>();
      const heldKinds = new Set<ControlPartyKind>();
      let heldLines = 0;
      for (const line of lines) {
        if (line.matched > 0) continue;
        const rule = firstRuleFor(rules, line);
        if (!rule) continue;
        const kind = control[rule.counterAccountId];
        if (kind) {
          heldLines++;
          heldAccounts.add(rule.counterAccount);
          heldKinds.add(kind);
          continue;
        }
        current = statementLineLabel(line);
        await createFromLockedLine(tx, actor, line, {
          kind: rule.kind,
          counterAccountId: rule.counterAccountId,
          ruleId: rule.id,
          ruleText: ruleText(rule),
        });
        count++;
      }
      const held = heldLines > 0 ? { lines: heldLines, accounts: [...heldAccounts], kinds: [...heldKinds] } : undefined;
      if (count === 0) return { ok: true, message: held ? M.noneMade(held) : M.noneApplies, count };
      await recordAudit(tx, actor, {
        action: "bank_statement.rules_applied",
        entityType: "bank_statement",
        entityId: statementId,
        summary: `Applied the bank rules to statement ${statement.file_name}: ${count} entr${count === 1 ? "y" : "ies"} made and matched${
          held ? `, ${heldLines} left unmatched (a rule's account is kept by party)` : ""
        }`,
        changes: held ? { count, heldBack: heldLines } : { count },
      });
      return { ok: true, message: M.appliedAll(count, held), count };
    });
  } catch (error) {
    const refused = refusalOf(error, current || undefined);
    if (refused) return refused as UseCaseResult<{ count: number }>;
    throw error;
  }
}
