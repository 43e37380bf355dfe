import { isNotNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { chartOfAccounts } from "../../db/schema";
import { fromPaisa, sumPaisa, toPaisa } from "../../lib/money";
import { balancesAt } from "./balances.server";
import { wholeMonths, type LedgerSummary } from "./transaction-list";

// The Transactions screen's cards (backoffice.md §2; issue 21), from the ledger alone (DESIGN §10: the screens'
// totals never come from the documents): over a period, Total Income is the credits less the debits posted to income
// accounts, Total Expenses the debits less the credits posted to expense accounts, and Current Balance what the cash,
// bank and wallet accounts (payment_method set) hold at the period's end. The year-end close entries are left out of
// income and expenses, as in the Profit & Loss (issue 24). Whole months are read from
// account_month_balances (a few rows per account), only the period's partial months from the lines.

/** Debits less credits posted to the income and expense accounts within the period, by type. */
async function movementsByType(
  db: DbOrTx,
  period: { from: string | null; to: string | null },
): Promise<{ income: bigint; expense: bigint }> {
  const months = wholeMonths(period);
  const within = (column: SQL, bounds: { start: string | null; end: string | null }) =>
    sql.join(
      [
        bounds.start === null ? sql`true` : sql`${column} >= ${bounds.start}::date`,
        bounds.end === null ? sql`true` : sql`${column} < ${bounds.end}::date`,
      ],
      sql` and `,
    );
  const monthRows = months ? within(sql`b.month`, months) : sql`false`;
  // The lines only of the partial months at the period's two ends, each a date range the index reads directly.
  const lineDate = sql`l.entry_date`;
  const between = (start: string | null, endBefore: string | null, endOn: string | null) =>
    sql.join(
      [
        start === null ? sql`true` : sql`${lineDate} >= ${start}::date`,
        endBefore === null ? sql`true` : sql`${lineDate} < ${endBefore}::date`,
        endOn === null ? sql`true` : sql`${lineDate} <= ${endOn}::date`,
      ],
      sql` and `,
    );
  const partial: SQL[] = [];
  if (!months) partial.push(between(period.from, null, period.to));
  else {
    if (period.from !== null && months.start !== null && period.from < months.start)
      partial.push(between(period.from, months.start, null));
    if (period.to !== null && months.end !== null && months.end <= period.to)
      partial.push(between(months.end, null, period.to));
  }
  const closingInPeriod = sql.join(
    [
      period.from === null ? sql`true` : sql`e.entry_date >= ${period.from}::date`,
      period.to === null ? sql`true` : sql`e.entry_date <= ${period.to}::date`,
    ],
    sql` and `,
  );
  const inPartialMonths = partial.length > 0 ? sql`(${sql.join(partial, sql` or `)})` : sql`false`;
  const rows = await queryRows<{ type: "income" | "expense"; movement: string }>(
    db,
    sql`with accounts as (select id, type from chart_of_accounts where type in ('income', 'expense'))
        select a.type, coalesce(sum(x.movement), 0)::text as movement from (
          select b.account_id, b.debit - b.credit as movement from account_month_balances b
           where b.account_id in (select id from accounts) and ${monthRows}
          union all
          select l.account_id, l.debit - l.credit from journal_lines l
           where l.posted and l.account_id in (select id from accounts) and ${inPartialMonths}
          union all
          -- The year-end close entries only move a closed year's result to retained earnings: taken back out, as the
          -- Profit & Loss leaves them out (ADR 0028), so the cards and the statements agree.
          select l.account_id, -(l.debit - l.credit) from journal_entries e join journal_lines l on l.journal_entry_id = e.id
           where e.source_type = 'year_end_close' and e.status = 'posted' and l.account_id in (select id from accounts)
             and ${closingInPeriod}
        ) x join accounts a on a.id = x.account_id
        group by a.type`,
  );
  const of = (type: "income" | "expense") => toPaisa(rows.find((r) => r.type === type)?.movement ?? "0");
  return { income: of("income"), expense: of("expense") };
}

/** The cash, bank and wallet accounts, active or not (a deactivated one still holds what it holds). */
async function moneyAccountIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: chartOfAccounts.id })
    .from(chartOfAccounts)
    .where(isNotNull(chartOfAccounts.paymentMethod));
  return rows.map((r) => r.id);
}

/** The cards over `period`; Current Balance at `balanceDate` (balanceDateOf: the period's end, or today). */
export async function ledgerSummary(
  db: DbOrTx,
  period: { from: string | null; to: string | null },
  balanceDate: string,
): Promise<LedgerSummary> {
  const [movements, balances] = await Promise.all([
    movementsByType(db, period),
    moneyAccountIds(db).then((ids) => balancesAt(db, ids, balanceDate)),
  ]);
  return {
    // Income is earned on the credit side.
    income: fromPaisa(-movements.income),
    expenses: fromPaisa(movements.expense),
    balance: fromPaisa(sumPaisa([...balances.values()])),
  };
}
