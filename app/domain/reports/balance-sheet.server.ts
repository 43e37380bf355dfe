import type { DbOrTx } from "../../db/client.server";
import { addDays } from "../dashboard/periods";
import { balancesOn, readTogether } from "./ledger-figures.server";
import { todayInDhaka } from "../../lib/dhaka-time";
import { fiscalYearOfDate, fiscalYearRange, yearEarlier, type ReportPeriod } from "./report-periods";
import {
  addColumns,
  columnsOf,
  comparedOf,
  naturalSection,
  readColumns,
  reportAccounts,
  reportColumns,
  sumOf,
  type Columns,
} from "./statement-lines.server";
import type { BalanceSheet, ReportColumns, ReportLine } from "./statements";

// The Balance Sheet (issue 24): every balance-sheet account's balance at the last day of the period, of the period
// before and of the same period a year earlier, all entries counted (the year-end close too), from the month
// balances. Income and expense accounts are not closed into equity until the year-end close, so equity shows their
// balances as two computed lines: the result of the fiscal year holding the date, up to the date (zero once that
// year is closed), and the result of earlier years not closed (income less expenses before the fiscal year's
// start). With them assets equal liabilities and equity in any balanced book, to the paisa.

export const BALANCE_SHEET_LABELS = {
  yearToDate: "Profit for the year to date",
  earlierYears: "Result of earlier years not closed",
} as const;

/**
 * The columns of a balance sheet: a period not ended yet is as at `today` (issue 37: a statement of a year not ended
 * is not as at its last day), and its year-earlier column as at the same day a year before, so the two compare.
 */
export function balanceSheetColumns(period: ReportPeriod, startMonth: number, today: string): ReportColumns {
  const columns = reportColumns(period, startMonth);
  if (!(period.from <= today && today < period.to)) return columns;
  const dayLastYear = yearEarlier(today);
  return {
    ...columns,
    current: { ...columns.current, to: today },
    lastYear: {
      ...columns.lastYear,
      to: dayLastYear < columns.lastYear.to ? dayLastYear : columns.lastYear.to,
    },
  };
}

export async function balanceSheet(
  db: DbOrTx,
  period: ReportPeriod,
  startMonth: number,
  today: string = todayInDhaka(),
): Promise<BalanceSheet> {
  const columns = balanceSheetColumns(period, startMonth, today);
  const yearStart = (date: string) => fiscalYearRange(fiscalYearOfDate(date, startMonth), startMonth).from;
  const [accounts, atDate, beforeYear] = await readTogether(
    db,
    () => reportAccounts(db),
    () => readColumns(db, columns, (p) => balancesOn(db, p.to)),
    () => readColumns(db, columns, (p) => balancesOn(db, addDays(yearStart(p.to), -1))),
  );
  const ofType = (...types: string[]) => accounts.filter((a) => types.includes(a.type));

  const assets = naturalSection("assets", "Assets", ofType("asset"), atDate);
  const liabilities = naturalSection("liabilities", "Liabilities", ofType("liability"), atDate);
  const equity = naturalSection("equity", "Equity", ofType("equity"), atDate);
  // Income less expenses: credits less debits of the income and expense accounts.
  const results = ofType("income", "expense");
  const toDate = sumOf(atDate, results);
  const earlier = sumOf(beforeYear, results);
  const yearToDate = columnsOf((i) => earlier[i] - toDate[i]);
  const earlierYears = columnsOf((i) => -earlier[i]);
  const computed = (label: string, values: Columns<bigint>): ReportLine => ({
    accountId: null,
    code: null,
    label,
    amounts: comparedOf(values),
    depth: 0,
  });
  const equityTotal = addColumns(equity.total, addColumns(yearToDate, earlierYears));
  const liabilitiesAndEquity = addColumns(liabilities.total, equityTotal);
  return {
    kind: "balance-sheet",
    period,
    asAtToday: columns.current.to === period.to ? null : columns.current.to,
    columns,
    assets: assets.section,
    liabilities: liabilities.section,
    equity: {
      ...equity.section,
      lines: [
        ...equity.section.lines,
        computed(BALANCE_SHEET_LABELS.yearToDate, yearToDate),
        computed(BALANCE_SHEET_LABELS.earlierYears, earlierYears),
      ],
      total: comparedOf(equityTotal),
    },
    liabilitiesAndEquity: comparedOf(liabilitiesAndEquity),
    difference: comparedOf(columnsOf((i) => assets.total[i] - liabilitiesAndEquity[i])),
  };
}
