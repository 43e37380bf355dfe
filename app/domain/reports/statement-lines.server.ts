import { asc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts } from "../../db/schema";
import { fromPaisa } from "../../lib/money";
import { naturalBalance } from "../accounting/balances.server";
import type { AccountType, CashFlowActivity, PaymentMethod } from "../accounting/constants";
import { readTogether } from "./ledger-figures.server";
import { previousPeriod, samePeriodLastYear, type ReportPeriod } from "./report-periods";
import type { Compared, ReportColumns, ReportLine, ReportSection } from "./statements";

// What the four statements share (issue 24): the chart as the reports show it (by code, each account's depth under
// its parents), the three columns a report compares, and a section of account lines built from one figure per
// account and column. Figures are paisa, debits minus credits, until a line turns them into the section's sign.

export interface ReportAccount {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  /** 0 at the top of the chart, 1 under a parent, and so on. */
  depth: number;
  paymentMethod: PaymentMethod | null;
  cashFlowActivity: CashFlowActivity | null;
  isActive: boolean;
}

/** Every account of the chart, by code, with its depth under its parents (parent_id). */
export async function reportAccounts(db: DbOrTx): Promise<ReportAccount[]> {
  const rows = await db
    .select({
      id: chartOfAccounts.id,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      type: chartOfAccounts.type,
      parentId: chartOfAccounts.parentId,
      paymentMethod: chartOfAccounts.paymentMethod,
      cashFlowActivity: chartOfAccounts.cashFlowActivity,
      isActive: chartOfAccounts.isActive,
    })
    .from(chartOfAccounts)
    .orderBy(asc(chartOfAccounts.code));
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const depthOf = (id: string): number => {
    let depth = 0;
    // The chart forbids an account being its own parent; a longer loop is cut at the chart's size.
    for (let parent = parentOf.get(id); parent && depth < rows.length; parent = parentOf.get(parent)) depth++;
    return depth;
  };
  return rows.map(({ parentId: _parentId, ...r }) => ({ ...r, depth: depthOf(r.id) }));
}

/** The report's period, the one just before and the same period a year earlier. */
export function reportColumns(period: ReportPeriod, startMonth: number): ReportColumns {
  return {
    current: period,
    previous: previousPeriod(period, startMonth),
    lastYear: samePeriodLastYear(period, startMonth),
  };
}

/** Three figures, one per column, in COLUMN_KEYS order. */
export type Columns<T> = readonly [T, T, T];

/** A read per column, the three side by side (one after another inside a transaction). */
export function readColumns<T>(
  db: DbOrTx,
  columns: ReportColumns,
  read: (period: ReportPeriod) => Promise<T>,
): Promise<[T, T, T]> {
  return readTogether<[T, T, T]>(
    db,
    () => read(columns.current),
    () => read(columns.previous),
    () => read(columns.lastYear),
  );
}

/** A value per column, from the column's index. */
export function columnsOf<T>(f: (index: 0 | 1 | 2) => T): [T, T, T] {
  return [f(0), f(1), f(2)];
}

export function comparedOf(values: Columns<bigint>): Compared {
  return { current: fromPaisa(values[0]), previous: fromPaisa(values[1]), lastYear: fromPaisa(values[2]) };
}

export const addColumns = (a: Columns<bigint>, b: Columns<bigint>): [bigint, bigint, bigint] => [
  a[0] + b[0],
  a[1] + b[1],
  a[2] + b[2],
];

/** The sum of each column over some accounts' figures. */
export function sumOf(
  figures: Columns<Map<string, bigint>>,
  accounts: readonly ReportAccount[],
): [bigint, bigint, bigint] {
  return columnsOf((i) => accounts.reduce((sum, a) => sum + (figures[i].get(a.id) ?? 0n), 0n));
}

/** A line per account with a figure other than zero in some column (deactivated accounts included). */
export function accountLines(
  accounts: readonly ReportAccount[],
  figures: Columns<Map<string, bigint>>,
  /** The figure as the line shows it, from debits minus credits. */
  shown: (account: ReportAccount, debitMinusCredit: bigint) => bigint,
  label: (account: ReportAccount) => string = (a) => a.name,
): { lines: ReportLine[]; total: [bigint, bigint, bigint] } {
  const lines: ReportLine[] = [];
  let total: [bigint, bigint, bigint] = [0n, 0n, 0n];
  for (const account of accounts) {
    const values = columnsOf((i) => shown(account, figures[i].get(account.id) ?? 0n));
    if (values.every((v) => v === 0n)) continue;
    total = addColumns(total, values);
    lines.push({
      accountId: account.id,
      code: account.code,
      label: label(account),
      amounts: comparedOf(values),
      depth: account.depth,
    });
  }
  return { lines, total };
}

/** A section of account lines in their natural sign (assets and expenses debit, the rest credit positive). */
export function naturalSection(
  key: string,
  title: string,
  accounts: readonly ReportAccount[],
  figures: Columns<Map<string, bigint>>,
): { section: ReportSection; total: [bigint, bigint, bigint] } {
  const { lines, total } = accountLines(accounts, figures, (a, v) => naturalBalance(a.type, v));
  return { section: { key, title, lines, total: comparedOf(total) }, total };
}
