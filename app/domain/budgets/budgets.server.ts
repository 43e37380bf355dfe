import { and, asc, count, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { budgetMonths, budgets, chartOfAccounts } from "../../db/schema";
import { fromPaisa, toPaisa } from "../../lib/money";
import type { AccountType } from "../accounting/constants";
import { monthlyMovements } from "../reports/ledger-figures.server";
import { fiscalYearMonths, fiscalYearName, fiscalYearRange } from "../reports/report-periods";
import { actualOf, budgetFigures, comparisonView, phaseBudget, summarize } from "./budget-figures";
import { emptyBudgetForm, monthField, type BudgetFormValues, type BudgetType } from "./budget-form";
import type { BudgetAccountChoice, BudgetYearView } from "./budget-views";

export type { BudgetAccountChoice, BudgetYearView };

// What the budget screen reads (issue 24): one fiscal year's budgets with their accounts, each against the ledger's
// actual for the year and by month (monthlyMovements, year-end close entries left out), the totals above the cards,
// the years that have budgets, and the accounts a budget may be set on.

interface StoredBudget {
  id: string;
  fiscalYear: number;
  accountId: string;
  amount: string;
  type: BudgetType;
  notes: string | null;
  updatedAt: Date;
  code: string;
  name: string;
  accountType: AccountType;
  accountActive: boolean;
}

const budgetColumns = {
  id: budgets.id,
  fiscalYear: budgets.fiscalYear,
  accountId: budgets.accountId,
  amount: budgets.amount,
  type: budgets.type,
  notes: budgets.notes,
  updatedAt: budgets.updatedAt,
  code: chartOfAccounts.code,
  name: chartOfAccounts.name,
  accountType: chartOfAccounts.type,
  accountActive: chartOfAccounts.isActive,
};

/** The stored months of these budgets: budget id → calendar month → paisa. */
async function storedMonthsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Map<number, bigint>>> {
  const byBudget = new Map<string, Map<number, bigint>>();
  if (ids.length === 0) return byBudget;
  const rows = await db
    .select({ budgetId: budgetMonths.budgetId, month: budgetMonths.month, amount: budgetMonths.amount })
    .from(budgetMonths)
    .where(inArray(budgetMonths.budgetId, [...ids]));
  for (const row of rows) {
    const months = byBudget.get(row.budgetId) ?? new Map<number, bigint>();
    months.set(row.month, toPaisa(row.amount));
    byBudget.set(row.budgetId, months);
  }
  return byBudget;
}

/** One fiscal year's budgets (by account code), each against the ledger, and the year's totals. */
export async function budgetYear(db: DbOrTx, fiscalYear: number, startMonth: number): Promise<BudgetYearView> {
  const range = fiscalYearRange(fiscalYear, startMonth);
  const months = fiscalYearMonths(fiscalYear, startMonth);
  const rows: StoredBudget[] = await db
    .select(budgetColumns)
    .from(budgets)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, budgets.accountId))
    .where(eq(budgets.fiscalYear, fiscalYear))
    .orderBy(asc(chartOfAccounts.code));
  const accountIds = [...new Set(rows.map((r) => r.accountId))];
  const [stored, movements, nextYear] = await Promise.all([
    storedMonthsOf(
      db,
      rows.map((r) => r.id),
    ),
    monthlyMovements(db, accountIds, range, { excludeYearEndClose: true }),
    accountIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ accountId: budgets.accountId })
          .from(budgets)
          .where(and(eq(budgets.fiscalYear, fiscalYear + 1), inArray(budgets.accountId, accountIds))),
  ]);
  const taken = new Set(nextYear.map((r) => r.accountId));
  const fiscalMonths = months.map((m) => m.month);
  const computed = rows.map((row) => {
    const byMonth = movements.get(row.accountId);
    const figures = budgetFigures({
      accountType: row.accountType,
      total: toPaisa(row.amount),
      phased: phaseBudget(toPaisa(row.amount), row.type, stored.get(row.id) ?? new Map(), fiscalMonths),
      actualByMonth: months.map((m) => actualOf(row.accountType, byMonth?.get(m.from.slice(0, 7)) ?? 0n)),
    });
    return { row, figures };
  });
  const summary = summarize(computed.map((c) => ({ accountType: c.row.accountType, figures: c.figures })));
  return {
    fiscalYear,
    label: fiscalYearName(fiscalYear, startMonth),
    from: range.from,
    to: range.to,
    months: months.map((m) => ({ month: m.month, label: m.label, from: m.from })),
    cards: computed.map(({ row, figures }) => ({
      id: row.id,
      version: row.updatedAt.toISOString(),
      fiscalYear: row.fiscalYear,
      accountId: row.accountId,
      code: row.code,
      name: row.name,
      accountType: row.accountType,
      accountActive: row.accountActive,
      type: row.type,
      notes: row.notes,
      year: comparisonView(figures),
      months: figures.months.map((m, i) => ({
        ...comparisonView(m),
        month: months[i]!.month,
        label: months[i]!.label,
      })),
      monthsOver: figures.monthsOver,
      nextYearTaken: taken.has(row.accountId),
    })),
    summary: {
      expense: {
        budget: fromPaisa(summary.expense.budget),
        actual: fromPaisa(summary.expense.actual),
        count: summary.expense.count,
      },
      income: {
        budget: fromPaisa(summary.income.budget),
        actual: fromPaisa(summary.income.actual),
        count: summary.income.count,
      },
      overCount: summary.overCount,
    },
  };
}

/** The fiscal years that have budgets, with how many each (for the year chooser). */
export async function budgetYears(db: DbOrTx): Promise<{ fiscalYear: number; count: number }[]> {
  return db
    .select({ fiscalYear: budgets.fiscalYear, count: count() })
    .from(budgets)
    .groupBy(budgets.fiscalYear)
    .orderBy(asc(budgets.fiscalYear));
}

/**
 * The accounts a budget may be set on: active income and expense accounts by code, and `keepId` (the account of the
 * budget being edited) whatever it has become, so its edit form still shows it.
 */
export async function budgetAccountChoices(db: DbOrTx, keepId?: string): Promise<BudgetAccountChoice[]> {
  return db
    .select({
      id: chartOfAccounts.id,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      type: chartOfAccounts.type,
      isActive: chartOfAccounts.isActive,
    })
    .from(chartOfAccounts)
    .where(
      or(
        and(eq(chartOfAccounts.isActive, true), inArray(chartOfAccounts.type, ["income", "expense"])),
        keepId ? eq(chartOfAccounts.id, keepId) : undefined,
      ),
    )
    .orderBy(asc(chartOfAccounts.code));
}

export interface StoredBudgetView {
  id: string;
  fiscalYear: number;
  accountId: string;
  code: string;
  name: string;
  accountType: AccountType;
  type: BudgetType;
  amount: string;
  notes: string | null;
  version: string;
}

/** One budget (for its Edit and Delete dialogs), or null when there is none with this id. */
export async function findBudget(
  db: DbOrTx,
  id: string,
): Promise<(StoredBudgetView & { months: Map<number, bigint> }) | null> {
  const [row] = await db
    .select(budgetColumns)
    .from(budgets)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, budgets.accountId))
    .where(eq(budgets.id, id));
  if (!row) return null;
  const months = (await storedMonthsOf(db, [id])).get(id) ?? new Map<number, bigint>();
  return {
    id: row.id,
    fiscalYear: row.fiscalYear,
    accountId: row.accountId,
    code: row.code,
    name: row.name,
    accountType: row.accountType,
    type: row.type,
    amount: row.amount,
    notes: row.notes,
    version: row.updatedAt.toISOString(),
    months,
  };
}

/** A stored budget as its Edit form shows it: every month's amount (0 where none is stored). */
export function budgetFormOf(budget: StoredBudgetView & { months: ReadonlyMap<number, bigint> }): BudgetFormValues {
  const values = emptyBudgetForm(budget.fiscalYear, {
    id: budget.id,
    version: budget.version,
    accountId: budget.accountId,
    type: budget.type,
    amount: budget.amount,
    notes: budget.notes ?? "",
  });
  for (const [month, amount] of budget.months) values[monthField(month)] = fromPaisa(amount);
  return values;
}

/** The form of the budget with this id as stored now, or null (an edit refused as stale shows it). */
export async function loadBudgetForm(db: DbOrTx, id: string): Promise<BudgetFormValues | null> {
  const budget = await findBudget(db, id);
  return budget ? budgetFormOf(budget) : null;
}
