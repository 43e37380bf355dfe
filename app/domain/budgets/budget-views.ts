import type { AccountType } from "../accounting/constants";
import type { ComparisonView } from "./budget-figures";
import type { BudgetType } from "./budget-form";

// What the budget screen receives from its loader (budgets.server.ts builds it): plain data, amounts as decimal
// strings. Browser-safe, so the screen's components can name these shapes.

export interface BudgetMonthView extends ComparisonView {
  /** The calendar month, 1-12. */
  month: number;
  /** "Jul 2026". */
  label: string;
}

export interface BudgetCardView {
  id: string;
  /** updated_at (ISO): the edit form's check against someone else's change. */
  version: string;
  fiscalYear: number;
  accountId: string;
  code: string;
  name: string;
  accountType: AccountType;
  accountActive: boolean;
  type: BudgetType;
  notes: string | null;
  year: ComparisonView;
  /** The fiscal year's months in order, with the phased budget of each. */
  months: BudgetMonthView[];
  monthsOver: number;
  /** The next fiscal year already has a budget for this account (Copy to next year would be refused). */
  nextYearTaken: boolean;
}

export interface BudgetYearView {
  fiscalYear: number;
  /** "2026-27". */
  label: string;
  from: string;
  to: string;
  /** The fiscal year's months in order: the calendar month, its label ("Jul 2026") and its first day. */
  months: { month: number; label: string; from: string }[];
  cards: BudgetCardView[];
  summary: {
    expense: { budget: string; actual: string; count: number };
    income: { budget: string; actual: string; count: number };
    overCount: number;
  };
}

export interface BudgetAccountChoice {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  isActive: boolean;
}
