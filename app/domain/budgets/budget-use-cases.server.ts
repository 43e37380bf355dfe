import { and, eq, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { budgetMonths, budgets, chartOfAccounts } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { ACCOUNT_TYPE_LABELS, FISCAL_YEAR_MAX } from "../accounting/constants";
import { fiscalYearStartMonth } from "../reports/ledger-figures.server";
import { fiscalYearName } from "../reports/report-periods";
import { refuse, refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import {
  BUDGET_MESSAGES as M,
  BUDGET_TYPE_LABELS,
  parseBudgetForm,
  type BudgetFormValues,
  type BudgetInput,
} from "./budget-form";

// Budgets kept (issue 24; backoffice.md §7: "insert budget then, if monthly, insert month details"): create, edit,
// copy to the next fiscal year and delete, each in one transaction with its audit line. A budget is set on an active
// income or expense account, one per account and fiscal year: checked first, to answer with the field's message, and
// by the database's unique constraint budgets_fiscal_year_account_unique, whose refusal (two saves at once) gets the
// same message. Monthly budgets store their twelve months by calendar month; annual ones store none.

/** The unique constraint on (fiscal_year, account_id). */
export const BUDGET_UNIQUE = "budgets_fiscal_year_account_unique";

export type BudgetResult = UseCaseResult<{ id: string; fiscalYear: number }>;

interface AccountRow {
  id: string;
  code: string;
  name: string;
  type: keyof typeof ACCOUNT_TYPE_LABELS;
  isActive: boolean;
}

async function accountOf(tx: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await tx
    .select({
      id: chartOfAccounts.id,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      type: chartOfAccounts.type,
      isActive: chartOfAccounts.isActive,
    })
    .from(chartOfAccounts)
    .where(eq(chartOfAccounts.id, id));
  return row ?? null;
}

/**
 * What is wrong with the budget's account and year against the book, by field; empty when nothing. `keptAccountId`:
 * the account the edited budget already has, which may stay on it after being deactivated.
 */
async function budgetProblems(
  tx: DbOrTx,
  input: BudgetInput,
  selfId: string | null,
  keptAccountId: string | null,
): Promise<{ errors: Record<string, string>; account: AccountRow | null }> {
  const account = await accountOf(tx, input.accountId);
  if (!account) return { errors: { accountId: M.accountUnknown }, account };
  if (account.type !== "income" && account.type !== "expense")
    return {
      errors: { accountId: M.accountWrongType(account.code, account.name, ACCOUNT_TYPE_LABELS[account.type]) },
      account,
    };
  if (!account.isActive && account.id !== keptAccountId)
    return { errors: { accountId: M.accountInactive(account.code, account.name) }, account };
  const [taken] = await tx
    .select({ id: budgets.id })
    .from(budgets)
    .where(
      and(
        eq(budgets.fiscalYear, input.fiscalYear),
        eq(budgets.accountId, input.accountId),
        selfId ? ne(budgets.id, selfId) : undefined,
      ),
    );
  if (taken) return { errors: { accountId: M.duplicate }, account };
  return { errors: {}, account };
}

async function writeMonths(tx: DbOrTx, budgetId: string, months: BudgetInput["months"]): Promise<void> {
  if (months.length === 0) return;
  await tx.insert(budgetMonths).values(months.map((m) => ({ budgetId, month: m.month, amount: m.amount })));
}

/** What the audit log keeps of a budget. */
function auditedOf(input: Pick<BudgetInput, "fiscalYear" | "accountId" | "type" | "amount" | "months" | "notes">) {
  return {
    fiscalYear: input.fiscalYear,
    accountId: input.accountId,
    type: input.type,
    amount: input.amount,
    months: Object.fromEntries(input.months.map((m) => [m.month, m.amount])),
    notes: input.notes,
  };
}

const budgetName = (account: Pick<AccountRow, "code" | "name">, fiscalYear: number, startMonth: number) =>
  `${account.code} - ${account.name}, FY ${fiscalYearName(fiscalYear, startMonth)}`;

/** Create Budget: the budget, then its months when monthly. */
export async function createBudget(db: Db, actor: AuditActor, values: BudgetFormValues): Promise<BudgetResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, () => M.createFailed, errors);
  const startMonth = await fiscalYearStartMonth(db);
  const parsed = parseBudgetForm({ ...values, id: "", version: "" }, { startMonth });
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<BudgetResult> => {
      const { errors, account } = await budgetProblems(tx, input, null, null);
      if (Object.keys(errors).length > 0) return failed("invalid", errors);
      const [row] = await tx
        .insert(budgets)
        .values({
          fiscalYear: input.fiscalYear,
          accountId: input.accountId,
          amount: input.amount,
          type: input.type,
          notes: input.notes,
          createdBy: actor.userId,
        })
        .returning({ id: budgets.id });
      await writeMonths(tx, row!.id, input.months);
      await recordAudit(tx, actor, {
        action: "budget.created",
        entityType: "budget",
        entityId: row!.id,
        summary: `Created the ${BUDGET_TYPE_LABELS[input.type].toLowerCase()} budget of ${budgetName(account!, input.fiscalYear, startMonth)}: ৳${input.amount}`,
        changes: auditedOf(input),
      });
      return { ok: true, message: M.created, id: row!.id, fiscalYear: input.fiscalYear };
    });
  } catch (error) {
    // Two saves of one account and year at once: the second meets the unique constraint.
    if (isUniqueViolation(error, BUDGET_UNIQUE)) return failed("invalid", { accountId: M.duplicate });
    throw error;
  }
}

/** Edit: any field, the months replaced (none kept when it becomes annual); refused when someone changed it since. */
export async function updateBudget(db: Db, actor: AuditActor, values: BudgetFormValues): Promise<BudgetResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) => refuseFields(refusal, M.updateFailed, errors);
  const startMonth = await fiscalYearStartMonth(db);
  const parsed = parseBudgetForm(values, { startMonth, needsId: true });
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<BudgetResult> => {
      const [before] = await tx.select().from(budgets).where(eq(budgets.id, input.id)).for("update");
      if (!before) return failed("not-found", { form: M.notFound });
      if (input.version !== before.updatedAt.toISOString()) return failed("conflict", { form: M.changedMeanwhile });
      const { errors, account } = await budgetProblems(tx, input, input.id, before.accountId);
      if (Object.keys(errors).length > 0) return failed("invalid", errors);
      const beforeMonths = await tx
        .select({ month: budgetMonths.month, amount: budgetMonths.amount })
        .from(budgetMonths)
        .where(eq(budgetMonths.budgetId, input.id));
      await tx
        .update(budgets)
        .set({
          fiscalYear: input.fiscalYear,
          accountId: input.accountId,
          amount: input.amount,
          type: input.type,
          notes: input.notes,
          updatedAt: new Date(),
        })
        .where(eq(budgets.id, input.id));
      await tx.delete(budgetMonths).where(eq(budgetMonths.budgetId, input.id));
      await writeMonths(tx, input.id, input.months);
      const changes = diffFields(
        auditedOf({ ...before, months: beforeMonths.sort((a, b) => a.month - b.month) }),
        auditedOf(input),
      );
      await recordAudit(tx, actor, {
        action: "budget.updated",
        entityType: "budget",
        entityId: input.id,
        summary: `Updated the budget of ${budgetName(account!, input.fiscalYear, startMonth)}${
          Object.keys(changes).length ? `: ${Object.keys(changes).join(", ")}` : ""
        }`,
        changes,
      });
      return { ok: true, message: M.updated, id: input.id, fiscalYear: input.fiscalYear };
    });
  } catch (error) {
    if (isUniqueViolation(error, BUDGET_UNIQUE)) return failed("invalid", { accountId: M.duplicate });
    throw error;
  }
}

/**
 * Copy to next year: the same account, type, amount, months and notes in fiscal year + 1. Refused when that year has
 * a budget for the account already, when it would pass 2050, and when the account is deactivated (or no longer an
 * income or expense account).
 */
export async function copyBudget(db: Db, actor: AuditActor, values: { id: string }): Promise<BudgetResult> {
  const failed = (refusal: Refusal, reason: string) => refuse(refusal, M.copyFailed(reason), { form: reason });
  const id = values.id.trim().toLowerCase();
  if (!isUuid(id)) return failed("invalid", M.idRequired);
  const startMonth = await fiscalYearStartMonth(db);
  try {
    return await db.transaction(async (tx): Promise<BudgetResult> => {
      const [source] = await tx.select().from(budgets).where(eq(budgets.id, id)).for("share");
      if (!source) return failed("not-found", M.notFound);
      const target = source.fiscalYear + 1;
      if (target > FISCAL_YEAR_MAX) return failed("invalid", M.copyBeyond(target));
      const account = (await accountOf(tx, source.accountId))!;
      if (account.type !== "income" && account.type !== "expense")
        return failed("invalid", M.accountWrongType(account.code, account.name, ACCOUNT_TYPE_LABELS[account.type]));
      if (!account.isActive) return failed("invalid", M.copyInactive(account.code, account.name));
      const [taken] = await tx
        .select({ id: budgets.id })
        .from(budgets)
        .where(and(eq(budgets.fiscalYear, target), eq(budgets.accountId, source.accountId)));
      if (taken) return failed("invalid", M.copyExists(fiscalYearName(target, startMonth), account.code, account.name));
      const months = await tx
        .select({ month: budgetMonths.month, amount: budgetMonths.amount })
        .from(budgetMonths)
        .where(eq(budgetMonths.budgetId, id));
      const [row] = await tx
        .insert(budgets)
        .values({
          fiscalYear: target,
          accountId: source.accountId,
          amount: source.amount,
          type: source.type,
          notes: source.notes,
          createdBy: actor.userId,
        })
        .returning({ id: budgets.id });
      await writeMonths(tx, row!.id, months);
      await recordAudit(tx, actor, {
        action: "budget.copied",
        entityType: "budget",
        entityId: row!.id,
        summary: `Copied the budget of ${budgetName(account, source.fiscalYear, startMonth)} to FY ${fiscalYearName(target, startMonth)}`,
        changes: {
          copiedFrom: id,
          ...auditedOf({ ...source, fiscalYear: target, months: months.sort((a, b) => a.month - b.month) }),
        },
      });
      return {
        ok: true,
        message: M.copied(fiscalYearName(target, startMonth)),
        id: row!.id,
        fiscalYear: target,
      };
    });
  } catch (error) {
    // The next year's budget for the account was saved at the same moment.
    if (isUniqueViolation(error, BUDGET_UNIQUE)) return failed("invalid", M.duplicate);
    throw error;
  }
}

/** Delete: the budget and its months (the ledger is not touched). */
export async function deleteBudget(db: Db, actor: AuditActor, values: { id: string }): Promise<BudgetResult> {
  const id = values.id.trim().toLowerCase();
  if (!isUuid(id)) return refuse("invalid", M.deleteFailed(M.idRequired), { id: M.idRequired });
  const startMonth = await fiscalYearStartMonth(db);
  return db.transaction(async (tx): Promise<BudgetResult> => {
    const [before] = await tx.select().from(budgets).where(eq(budgets.id, id)).for("update");
    if (!before) return refuse("not-found", M.deleteFailed(M.notFound), { form: M.notFound });
    const months = await tx
      .select({ month: budgetMonths.month, amount: budgetMonths.amount })
      .from(budgetMonths)
      .where(eq(budgetMonths.budgetId, id));
    const account = (await accountOf(tx, before.accountId))!;
    await tx.delete(budgets).where(eq(budgets.id, id));
    await recordAudit(tx, actor, {
      action: "budget.deleted",
      entityType: "budget",
      entityId: id,
      summary: `Deleted the budget of ${budgetName(account, before.fiscalYear, startMonth)}`,
      changes: auditedOf({ ...before, months: months.sort((a, b) => a.month - b.month) }),
    });
    return { ok: true, message: M.deleted, id, fiscalYear: before.fiscalYear };
  });
}
