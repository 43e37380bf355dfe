import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { queryRows } from "../../db/client.server";
import { bankRules } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import type { ControlPartyKind } from "../accounting/constants";
import { documentsOnlyRoleOf, LEDGER_MESSAGES } from "../accounting/ledger.server";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type UseCaseResult } from "../use-case";
import { activeBankAccount } from "./bank-accounts.server";
import {
  BANK_RULE_MESSAGES as M,
  parseBankRuleForm,
  type BankRule,
  type BankRuleFormValues,
  type BankRuleInput,
} from "./bank-rule-form";
import { checkCounterAccount } from "./post-bank-transaction.server";
import { BANK_TRANSACTION_KIND_LABELS, type BankTransactionKind } from "./constants";

// Bank rules kept (issue 23): add, edit, delete, each audited in its transaction. A rule is checked against the chart
// when saved (its bank account a bank or wallet account, its other side active, of the kind's sort and not a control
// account: issue 36); deleting one
// keeps the bank transactions it made: their rule_id is set null by the database.

export interface BankRuleRow extends BankRule {
  account: string | null;
  counterAccount: string;
  /** Bank transactions it made. */
  used: number;
  createdAt: string;
}

/** Every rule in the order they are tried (creation), with the accounts' names and how often each was used. */
export async function listBankRules(db: DbOrTx): Promise<BankRuleRow[]> {
  const rows = await queryRows<{
    id: string;
    account_id: string | null;
    contains: string;
    kind: BankTransactionKind;
    counter_account_id: string;
    account: string | null;
    counter_account: string;
    used: number;
    created_at: string;
  }>(
    db,
    sql`select r.id, r.account_id, r.contains, r.kind, r.counter_account_id,
          a.code || ' ' || a.name as account, c.code || ' ' || c.name as counter_account,
          (select count(*)::int from bank_transactions bt where bt.rule_id = r.id) as used,
          r.created_at::text as created_at
        from bank_rules r
        left join chart_of_accounts a on a.id = r.account_id
        join chart_of_accounts c on c.id = r.counter_account_id
        order by r.created_at, r.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    contains: r.contains,
    kind: r.kind,
    counterAccountId: r.counter_account_id,
    account: r.account,
    counterAccount: r.counter_account,
    used: r.used,
    createdAt: r.created_at,
  }));
}

/** The rules that may apply to `accountId`'s lines, in the order they are tried. */
export async function rulesForAccount(db: DbOrTx, accountId: string): Promise<BankRuleRow[]> {
  return (await listBankRules(db)).filter((r) => r.accountId === null || r.accountId === accountId);
}

/**
 * Why a rule may make no entry any more (issue 36): its account has become a control account since it was saved (a
 * rule names no party); null when it may. `control`: controlAccountKinds.
 */
export function ruleHeldBack(
  rule: Pick<BankRuleRow, "contains" | "counterAccountId" | "counterAccount">,
  control: Record<string, ControlPartyKind>,
): string | null {
  const kind = control[rule.counterAccountId];
  return kind ? M.heldBack(rule.contains, rule.counterAccount, kind) : null;
}

/** What is wrong with the rule against the chart and the other rules, by field; empty when nothing. */
async function ruleProblems(tx: DbOrTx, input: BankRuleInput, selfId: string | null): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (input.accountId) {
    const bank = await activeBankAccount(tx, input.accountId);
    if (!bank.ok) errors.accountId = bank.message;
  }
  const counter = await checkCounterAccount(tx, input.kind, input.counterAccountId);
  if (!counter.ok)
    errors.counterAccountId =
      counter.reason === "unknown"
        ? M.counterUnknown
        : counter.reason === "inactive"
          ? M.counterInactive(counter.account.code, counter.account.name)
          : M.counterWrongKind[input.kind];
  else if (counter.account.partyKind)
    errors.counterAccountId = M.counterControl(counter.account.code, counter.account.name, counter.account.partyKind);
  else {
    const locked = await documentsOnlyRoleOf(tx, input.counterAccountId);
    if (locked)
      errors.counterAccountId = LEDGER_MESSAGES.documentsOnly(counter.account.code, counter.account.name, locked);
  }
  const [taken] = await tx
    .select({ id: bankRules.id })
    .from(bankRules)
    .where(
      and(
        input.accountId ? eq(bankRules.accountId, input.accountId) : isNull(bankRules.accountId),
        sql`lower(${bankRules.contains}) = lower(${input.contains})`,
        selfId ? ne(bankRules.id, selfId) : undefined,
      ),
    );
  if (taken) errors.contains ??= M.containsTaken(input.contains);
  return errors;
}

const ruleText = (input: BankRuleInput) =>
  `"${input.contains}" → ${BANK_TRANSACTION_KIND_LABELS[input.kind].toLowerCase()}`;

export async function createBankRule(
  db: Db,
  actor: AuditActor,
  values: BankRuleFormValues,
): Promise<UseCaseResult<{ id: string }>> {
  const parsed = parseBankRuleForm({ ...values, id: "" });
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  return db.transaction(async (tx): Promise<UseCaseResult<{ id: string }>> => {
    const errors = await ruleProblems(tx, input, null);
    if (Object.keys(errors).length > 0) return refuseFields("invalid", M.failed, errors);
    const [row] = await tx
      .insert(bankRules)
      .values({
        accountId: input.accountId,
        contains: input.contains,
        kind: input.kind,
        counterAccountId: input.counterAccountId,
        createdBy: actor.userId,
      })
      .returning({ id: bankRules.id });
    await recordAudit(tx, actor, {
      action: "bank_rule.created",
      entityType: "bank_rule",
      entityId: row!.id,
      summary: `Added the bank rule ${ruleText(input)}`,
      changes: {
        accountId: input.accountId,
        contains: input.contains,
        kind: input.kind,
        counterAccountId: input.counterAccountId,
      },
    });
    return { ok: true, message: M.created(input.contains), id: row!.id };
  });
}

export async function updateBankRule(db: Db, actor: AuditActor, values: BankRuleFormValues): Promise<UseCaseResult> {
  const parsed = parseBankRuleForm(values, true);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  return db.transaction(async (tx): Promise<UseCaseResult> => {
    const [before] = await tx.select().from(bankRules).where(eq(bankRules.id, input.id)).for("update");
    if (!before) return refuse("not-found", M.unknown);
    const errors = await ruleProblems(tx, input, input.id);
    if (Object.keys(errors).length > 0) return refuseFields("invalid", M.failed, errors);
    const after = {
      accountId: input.accountId,
      contains: input.contains,
      kind: input.kind,
      counterAccountId: input.counterAccountId,
    };
    await tx
      .update(bankRules)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(bankRules.id, input.id));
    await recordAudit(tx, actor, {
      action: "bank_rule.updated",
      entityType: "bank_rule",
      entityId: input.id,
      summary: `Changed the bank rule ${ruleText(input)}`,
      changes: diffFields(before, after),
    });
    return { ok: true, message: M.updated(input.contains) };
  });
}

export async function deleteBankRule(db: Db, actor: AuditActor, values: { id: string }): Promise<UseCaseResult> {
  const id = values.id.trim().toLowerCase();
  if (!isUuid(id)) return refuse("invalid", M.failedDelete(M.idRequired), { id: M.idRequired });
  return db.transaction(async (tx): Promise<UseCaseResult> => {
    const [rule] = await tx.delete(bankRules).where(eq(bankRules.id, id)).returning();
    if (!rule) return refuse("not-found", M.failedDelete(M.unknown));
    await recordAudit(tx, actor, {
      action: "bank_rule.deleted",
      entityType: "bank_rule",
      entityId: id,
      summary: `Deleted the bank rule ${ruleText(rule)}; the bank transactions it made stay`,
      changes: {
        accountId: rule.accountId,
        contains: rule.contains,
        kind: rule.kind,
        counterAccountId: rule.counterAccountId,
      },
    });
    return { ok: true, message: M.deleted(rule.contains) };
  });
}

/** The rules in the order they are tried, for a pure check (firstRuleFor). */
export async function orderedRules(db: DbOrTx): Promise<BankRule[]> {
  return db
    .select({
      id: bankRules.id,
      accountId: bankRules.accountId,
      contains: bankRules.contains,
      kind: bankRules.kind,
      counterAccountId: bankRules.counterAccountId,
    })
    .from(bankRules)
    .orderBy(asc(bankRules.createdAt), asc(bankRules.id));
}
