import type { DbOrTx } from "../../db/client.server";
import { fromPaisa } from "../../lib/money";
import { fiscalYearMonths, fiscalYearRange, type ReportPeriod } from "./report-periods";
import { monthlyMovements, movementsByAccount, readTogether } from "./ledger-figures.server";
import {
  columnsOf,
  comparedOf,
  naturalSection,
  readColumns,
  reportAccounts,
  reportColumns,
} from "./statement-lines.server";
import type { ProfitAndLoss } from "./statements";

// Profit & Loss (issue 24): each income and expense account's movement over the period, the period before and the
// same period a year earlier, from the month balances; the year-end close entries left out (they only move a closed
// year's result to retained earnings: counted, every closed year's profit would read zero). Accounts with nothing
// in any column are left out, deactivated ones with a movement stay. With the months of the period's fiscal year,
// income and expenses, for the chart.

export async function profitAndLoss(db: DbOrTx, period: ReportPeriod, startMonth: number): Promise<ProfitAndLoss> {
  const columns = reportColumns(period, startMonth);
  const months = fiscalYearMonths(period.fiscalYear, startMonth);
  const [accounts, figures, byMonth] = await readTogether(
    db,
    () => reportAccounts(db),
    () => readColumns(db, columns, (p) => movementsByAccount(db, p, { excludeYearEndClose: true })),
    () => monthlyMovements(db, "all", fiscalYearRange(period.fiscalYear, startMonth), { excludeYearEndClose: true }),
  );
  const incomeAccounts = accounts.filter((a) => a.type === "income");
  const expenseAccounts = accounts.filter((a) => a.type === "expense");
  const income = naturalSection("income", "Income", incomeAccounts, figures);
  const expenses = naturalSection("expenses", "Expenses", expenseAccounts, figures);

  const monthTotal = (ids: readonly { id: string }[], key: string) =>
    ids.reduce((sum, a) => sum + (byMonth.get(a.id)?.get(key) ?? 0n), 0n);
  return {
    kind: "profit-and-loss",
    columns,
    income: income.section,
    expenses: expenses.section,
    netProfit: comparedOf(columnsOf((i) => income.total[i] - expenses.total[i])),
    monthly: months.map((m) => {
      const key = m.from.slice(0, 7);
      return {
        label: m.label,
        from: m.from,
        to: m.to,
        income: fromPaisa(-monthTotal(incomeAccounts, key)),
        expenses: fromPaisa(monthTotal(expenseAccounts, key)),
      };
    }),
  };
}
