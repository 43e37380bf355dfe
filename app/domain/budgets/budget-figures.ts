import { fromPaisa, roundedShare } from "../../lib/money";
import type { AccountType } from "../accounting/constants";
import type { BudgetType } from "./budget-form";

// Budget against actual (issue 24), the rules alone: how a budget is spread over the fiscal year's months, and what
// the screen says of each budget and month. Amounts are paisa. "Actual" is from the ledger: an expense account's
// debits less credits, an income account's credits less debits, over the fiscal year, leaving out the year-end
// close entries (they only move a closed year's result to retained earnings). Browser-safe.

/**
 * The budget of each month of the fiscal year, in its order (`fiscalMonths`: the calendar months 1-12, its first
 * month first). A monthly budget's stored months (by calendar month, absent = 0); an annual budget spread evenly,
 * the paisa left over on the year's last month, so the twelve always add up to the total.
 */
export function phaseBudget(
  total: bigint,
  type: BudgetType,
  storedMonths: ReadonlyMap<number, bigint>,
  fiscalMonths: readonly number[],
): bigint[] {
  if (type === "monthly") return fiscalMonths.map((m) => storedMonths.get(m) ?? 0n);
  const count = BigInt(fiscalMonths.length);
  const each = total / count;
  return fiscalMonths.map((_, i) => (i === fiscalMonths.length - 1 ? total - each * (count - 1n) : each));
}

/** An account's movement (debits less credits) as its budget counts it: income the other way round. */
export function actualOf(accountType: AccountType, debitsLessCredits: bigint): bigint {
  return accountType === "income" ? -debitsLessCredits : debitsLessCredits;
}

/** Whether a budget of this account's type is over when its actual passes it: expense accounts only. */
export const overCounts = (accountType: AccountType) => accountType === "expense";

export interface Comparison {
  budget: bigint;
  actual: bigint;
  /** Actual less budget: spent (or earned) beyond the budget when positive, left of it when negative. */
  variance: bigint;
  /** Actual as a percentage of the budget, to one decimal, rounded half up; null when the budget is 0. */
  percentUsed: number | null;
  /** An expense account's actual above its budget. */
  over: boolean;
}

export function compare(accountType: AccountType, budget: bigint, actual: bigint): Comparison {
  return {
    budget,
    actual,
    variance: actual - budget,
    percentUsed: budget === 0n ? null : Number(roundedShare(actual, 1000n, budget)) / 10,
    over: overCounts(accountType) && actual > budget,
  };
}

export interface BudgetFigures extends Comparison {
  /** Each month of the fiscal year in its order. */
  months: Comparison[];
  /** How many months are over (expense accounts). */
  monthsOver: number;
}

/**
 * A budget against its account's actual: for the year (the budget's total against the year's actual) and by month
 * (the phased budget against the month's actual). `actualByMonth` is in the fiscal year's order, already signed by
 * actualOf.
 */
export function budgetFigures(input: {
  accountType: AccountType;
  total: bigint;
  phased: readonly bigint[];
  actualByMonth: readonly bigint[];
}): BudgetFigures {
  const months = input.phased.map((budget, i) => compare(input.accountType, budget, input.actualByMonth[i] ?? 0n));
  const actual = input.actualByMonth.reduce((sum, a) => sum + a, 0n);
  return {
    ...compare(input.accountType, input.total, actual),
    months,
    monthsOver: months.filter((m) => m.over).length,
  };
}

export interface BudgetSummary {
  expense: { budget: bigint; actual: bigint; count: number };
  income: { budget: bigint; actual: bigint; count: number };
  /** Expense budgets whose actual for the year is over the budget. */
  overCount: number;
}

/**
 * The year's totals above the cards: expense budgets and income budgets apart (a sum of both would mean nothing),
 * and how many expense accounts are over their budget.
 */
export function summarize(cards: readonly { accountType: AccountType; figures: Comparison }[]): BudgetSummary {
  const summary: BudgetSummary = {
    expense: { budget: 0n, actual: 0n, count: 0 },
    income: { budget: 0n, actual: 0n, count: 0 },
    overCount: 0,
  };
  for (const card of cards) {
    const side = card.accountType === "income" ? summary.income : summary.expense;
    side.budget += card.figures.budget;
    side.actual += card.figures.actual;
    side.count += 1;
    if (card.figures.over) summary.overCount += 1;
  }
  return summary;
}

/** A comparison as the screen receives it: amounts as decimal strings ("1200.50", "-35.00"). */
export interface ComparisonView {
  budget: string;
  actual: string;
  variance: string;
  percentUsed: number | null;
  over: boolean;
}

export function comparisonView(c: Comparison): ComparisonView {
  return {
    budget: fromPaisa(c.budget),
    actual: fromPaisa(c.actual),
    variance: fromPaisa(c.variance),
    percentUsed: c.percentUsed,
    over: c.over,
  };
}

/**
 * What a budget's variance says, in words: "৳250.00 over budget", "৳1,000.00 left", "৳300.00 above budget",
 * "৳120.00 below budget", "On budget". Expense budgets are spent; income budgets are earned.
 */
export function varianceWords(
  accountType: AccountType,
  variance: bigint,
  format: (amount: string) => string,
): { text: string; tone: "good" | "bad" | "neutral" } {
  if (variance === 0n) return { text: "On budget", tone: "neutral" };
  const amount = format(fromPaisa(variance < 0n ? -variance : variance));
  if (accountType === "income")
    return variance > 0n
      ? { text: `${amount} above budget`, tone: "good" }
      : { text: `${amount} below budget`, tone: "neutral" };
  return variance > 0n ? { text: `${amount} over budget`, tone: "bad" } : { text: `${amount} left`, tone: "good" };
}
