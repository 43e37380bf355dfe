import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { accountingSettings } from "../../db/schema";
import { toPaisa } from "../../lib/money";
import { totalsAt, type AccountTotals } from "../accounting/balances.server";
import { addDays } from "../dashboard/periods";
import type { DateRange } from "./report-periods";

// The figures every report and budget is built from (issue 24; DESIGN §10: computed from posted journal lines
// alone): movements of each account over a range and by month, read from account_month_balances where whole months
// allow it. Profit and loss leaves out the year-end close entries (source year_end_close): they only move a closed
// year's result to retained earnings, and counting them would make every closed year's profit zero. Amounts are
// paisa, debits minus credits.

/**
 * Runs independent reads side by side on the pool (a report's three columns at once), or one after another inside a
 * transaction, which is one connection (pg refuses a second query on a client still busy with one).
 */
export async function readTogether<T extends unknown[]>(
  db: DbOrTx,
  ...reads: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if (db instanceof PgTransaction) {
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as T;
  }
  return (await Promise.all(reads.map((read) => read()))) as T;
}

/** The month (1-12) fiscal years start in (Settings > Accounting; July when the install has no settings row). */
export async function fiscalYearStartMonth(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ startMonth: accountingSettings.fiscalYearStartMonth })
    .from(accountingSettings)
    .limit(1);
  return row?.startMonth ?? 7;
}

export interface MovementOptions {
  /** Leave out the year-end close entries (profit and loss, and what the budgets compare with). */
  excludeYearEndClose: boolean;
}

/** Debits minus credits of the year-end close entries' lines in a range, by account. */
async function yearEndCloseMovements(db: DbOrTx, range: DateRange): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ account_id: string; movement: string }>(
    db,
    sql`select l.account_id, sum(l.debit - l.credit)::text as movement
          from journal_entries e join journal_lines l on l.journal_entry_id = e.id
         where e.source_type = 'year_end_close' and e.status = 'posted'
           and e.entry_date between ${range.from}::date and ${range.to}::date
         group by l.account_id`,
  );
  return new Map(rows.map((r) => [r.account_id, toPaisa(r.movement)]));
}

/** Whether a date is its month's first day. */
const isMonthStart = (date: string) => date.endsWith("-01");
/** Whether a date is its month's last day. */
const isMonthEnd = (date: string) => addDays(date, 1).endsWith("-01");

/**
 * Each account's posted debits and credits up to and including `date`, all entries counted, by account id. At a
 * month's last day (every period but a date range ends on one, and starts the day after one) from
 * account_month_balances alone, a few rows per account; otherwise the rest of the month from the lines (totalsAt).
 */
export async function totalsOn(db: DbOrTx, date: string): Promise<Map<string, AccountTotals>> {
  if (!isMonthEnd(date)) return totalsAt(db, "all", date);
  const rows = await queryRows<{ account_id: string; debits: string; credits: string }>(
    db,
    sql`select b.account_id, sum(b.debit)::text as debits, sum(b.credit)::text as credits
          from account_month_balances b where b.month <= date_trunc('month', ${date}::date)
         group by b.account_id`,
  );
  return new Map(rows.map((r) => [r.account_id, { debits: toPaisa(r.debits), credits: toPaisa(r.credits) }]));
}

/**
 * Debits minus credits posted to each account within the range (both ends included), by account id; an account
 * without movement may be absent. Whole months are summed from account_month_balances; otherwise the totals at the
 * range's end less those before its start: a few dozen month rows per account, whatever the range.
 */
export async function movementsByAccount(
  db: DbOrTx,
  range: DateRange,
  options: MovementOptions,
): Promise<Map<string, bigint>> {
  const closing = () =>
    options.excludeYearEndClose ? yearEndCloseMovements(db, range) : Promise.resolve(new Map<string, bigint>());
  const movements = new Map<string, bigint>();
  if (isMonthStart(range.from) && isMonthEnd(range.to)) {
    const [rows, closed] = await readTogether(
      db,
      () =>
        queryRows<{ account_id: string; movement: string }>(
          db,
          sql`select b.account_id, sum(b.debit - b.credit)::text as movement from account_month_balances b
               where b.month between ${range.from}::date and ${range.to}::date group by b.account_id`,
        ),
      closing,
    );
    for (const r of rows) {
      const movement = toPaisa(r.movement) - (closed.get(r.account_id) ?? 0n);
      if (movement !== 0n) movements.set(r.account_id, movement);
    }
    return movements;
  }
  const [before, atEnd, closed] = await readTogether(
    db,
    () => totalsOn(db, addDays(range.from, -1)),
    () => totalsOn(db, range.to),
    closing,
  );
  for (const [id, end] of atEnd) {
    const start = before.get(id);
    const movement = end.debits - end.credits - (start ? start.debits - start.credits : 0n) - (closed.get(id) ?? 0n);
    if (movement !== 0n) movements.set(id, movement);
  }
  return movements;
}

/** Debits minus credits of every account up to and including `date`, all entries counted, by account id. */
export async function balancesOn(db: DbOrTx, date: string): Promise<Map<string, bigint>> {
  const totals = await totalsOn(db, date);
  return new Map([...totals].map(([id, t]) => [id, t.debits - t.credits]));
}

/**
 * Debits minus credits of each account in each calendar month of the range, by account id then "YYYY-MM"; the
 * range must be whole months (a fiscal year). Read from account_month_balances alone.
 */
export async function monthlyMovements(
  db: DbOrTx,
  accountIds: readonly string[] | "all",
  range: DateRange,
  options: MovementOptions,
): Promise<Map<string, Map<string, bigint>>> {
  if (accountIds !== "all" && accountIds.length === 0) return new Map();
  const of = (column: ReturnType<typeof sql.raw>) =>
    accountIds === "all"
      ? sql`true`
      : sql`${column} in (${sql.join(
          accountIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const closing = options.excludeYearEndClose
    ? sql`union all
        select l.account_id, to_char(e.entry_date, 'YYYY-MM') as month, -(l.debit - l.credit) as movement
          from journal_entries e join journal_lines l on l.journal_entry_id = e.id
         where e.source_type = 'year_end_close' and e.status = 'posted'
           and e.entry_date between ${range.from}::date and ${range.to}::date and ${of(sql.raw("l.account_id"))}`
    : sql``;
  const rows = await queryRows<{ account_id: string; month: string; movement: string }>(
    db,
    sql`select account_id, month, sum(movement)::text as movement from (
          select b.account_id, to_char(b.month, 'YYYY-MM') as month, b.debit - b.credit as movement
            from account_month_balances b
           where b.month between ${range.from}::date and ${range.to}::date and ${of(sql.raw("b.account_id"))}
          ${closing}
        ) m group by account_id, month`,
  );
  const result = new Map<string, Map<string, bigint>>();
  for (const r of rows) {
    const movement = toPaisa(r.movement);
    if (movement === 0n) continue;
    const months = result.get(r.account_id) ?? new Map<string, bigint>();
    months.set(r.month, movement);
    result.set(r.account_id, months);
  }
  return result;
}
