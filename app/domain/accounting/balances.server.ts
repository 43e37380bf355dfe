import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { fromPaisa, toPaisa } from "../../lib/money";
import { addDays } from "../dashboard/periods";
import type { AccountType } from "./constants";

// Balances, from posted journal lines alone (DESIGN §10): every screen and report reads them here. Up to the end of
// the last whole month they come from account_month_balances (kept by the database when an entry is posted), the
// rest of the month from the lines, so an account's balance reads a few dozen rows at 1 million lines.
// Amounts are paisa (bigint); a balance is debits minus credits, as assets and expenses read it.

/** Debits minus credits of an account's posted lines up to and including `date` (all of them when null). */
export async function balanceAt(db: DbOrTx, accountId: string, date: string | null): Promise<bigint> {
  const balances = await balancesAt(db, [accountId], date);
  return balances.get(accountId) ?? 0n;
}

/**
 * Debits minus credits of each account's posted lines up to and including `date` (all when null), by account id;
 * an account without postings is absent.
 */
export async function balancesAt(
  db: DbOrTx,
  accountIds: readonly string[] | "all",
  date: string | null,
): Promise<Map<string, bigint>> {
  const totals = await totalsAt(db, accountIds, date);
  return new Map([...totals].map(([id, t]) => [id, t.debits - t.credits]));
}

export interface AccountTotals {
  debits: bigint;
  credits: bigint;
}

/**
 * Each account's posted debits and credits up to and including `date` (all when null), by account id: whole months
 * from account_month_balances, the rest of `date`'s month from the lines.
 */
export async function totalsAt(
  db: DbOrTx,
  accountIds: readonly string[] | "all",
  date: string | null,
): Promise<Map<string, AccountTotals>> {
  if (accountIds !== "all" && accountIds.length === 0) return new Map();
  const ids =
    accountIds === "all"
      ? null
      : sql.join(
          accountIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
  const monthAccounts = ids ? sql`b.account_id in (${ids})` : sql`true`;
  const lineAccounts = ids ? sql`l.account_id in (${ids})` : sql`true`;
  const rows = await queryRows<{ account_id: string; debits: string; credits: string }>(
    db,
    date === null
      ? sql`select b.account_id, sum(b.debit)::text as debits, sum(b.credit)::text as credits
              from account_month_balances b where ${monthAccounts} group by b.account_id`
      : sql`select account_id, sum(debit)::text as debits, sum(credit)::text as credits from (
              select b.account_id, b.debit, b.credit from account_month_balances b
               where ${monthAccounts} and b.month < date_trunc('month', ${date}::date)
              union all
              select l.account_id, l.debit, l.credit from journal_lines l
               where l.posted and ${lineAccounts}
                 and l.entry_date >= date_trunc('month', ${date}::date) and l.entry_date <= ${date}::date
            ) t group by account_id`,
  );
  return new Map(rows.map((r) => [r.account_id, { debits: toPaisa(r.debits), credits: toPaisa(r.credits) }]));
}

export interface AccountPeriod {
  /** Balance before `from` (debits minus credits). */
  opening: bigint;
  debits: bigint;
  credits: bigint;
  /** Balance at the end of `to`. */
  closing: bigint;
}

/**
 * An account's opening balance, movements and closing balance over a date range (both ends included): the totals
 * at its end less those before its start, so a range of years reads a few dozen month rows, not its lines.
 */
export async function accountPeriod(
  db: DbOrTx,
  accountId: string,
  range: { from: string; to: string },
): Promise<AccountPeriod> {
  const zero: AccountTotals = { debits: 0n, credits: 0n };
  const [before, atEnd] = await Promise.all([
    totalsAt(db, [accountId], addDays(range.from, -1)),
    totalsAt(db, [accountId], range.to),
  ]);
  const start = before.get(accountId) ?? zero;
  const end = atEnd.get(accountId) ?? zero;
  const opening = start.debits - start.credits;
  const debits = end.debits - start.debits;
  const credits = end.credits - start.credits;
  return { opening, debits, credits, closing: opening + debits - credits };
}

/** A balance as the account's type reads it: credits minus debits for liabilities, equity and income. */
export function naturalBalance(type: AccountType, debitMinusCredit: bigint): bigint {
  return type === "asset" || type === "expense" ? debitMinusCredit : -debitMinusCredit;
}

export interface AccountLine {
  entryId: string;
  entryDate: string;
  referenceNo: string | null;
  description: string;
  lineDescription: string | null;
  sourceType: string;
  sourceId: string | null;
  debit: string;
  credit: string;
  /** Debits minus credits after this line, from the account's first posting. */
  runningBalance: string;
}

/**
 * One page of an account's posted lines in a date range, newest first, each with the balance after it: the
 * account's real balance at each line. The page is found in the order of journal_lines_posted_account_date_idx
 * (date, then when written) reading the index alone; the balance after its first line is the balance at that
 * line's date (month table and part month) less that day's later lines. No read grows with the range or the page.
 */
export async function accountLines(
  db: DbOrTx,
  accountId: string,
  range: { from: string; to: string },
  page: { limit: number; offset: number },
): Promise<{ lines: AccountLine[]; total: number }> {
  const inRange = sql`l.posted and l.account_id = ${accountId} and l.entry_date between ${range.from}::date and ${range.to}::date`;
  const [[counted], onPage] = await Promise.all([
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from journal_lines l where ${inRange}`),
    queryRows<{ id: string; entry_date: string }>(
      db,
      sql`select l.id, l.entry_date::text as entry_date from journal_lines l where ${inRange}
           order by l.entry_date desc, l.created_at desc, l.id desc limit ${page.limit} offset ${page.offset}`,
    ),
  ]);
  const first = onPage[0];
  if (!first) return { total: counted?.total ?? 0, lines: [] };
  const ids = sql.join(
    onPage.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const [atDate, [laterThatDay], rows] = await Promise.all([
    balanceAt(db, accountId, first.entry_date),
    queryRows<{ sum: string }>(
      db,
      sql`select coalesce(sum(l.debit - l.credit), 0)::text as sum from journal_lines l, journal_lines f
           where f.id = ${first.id} and l.posted and l.account_id = ${accountId} and l.entry_date = f.entry_date
             and (l.created_at, l.id) > (f.created_at, f.id)`,
    ),
    queryRows<{
      entry_id: string;
      entry_date: string;
      reference_no: string | null;
      description: string;
      line_description: string | null;
      source_type: string;
      source_id: string | null;
      debit: string;
      credit: string;
    }>(
      db,
      sql`select e.id as entry_id, l.entry_date::text as entry_date, e.reference_no, e.description,
                 l.description as line_description, e.source_type, e.source_id, l.debit::text as debit, l.credit::text as credit
            from journal_lines l join journal_entries e on e.id = l.journal_entry_id
           where l.id in (${ids})
           order by l.entry_date desc, l.created_at desc, l.id desc`,
    ),
  ]);
  let balance = atDate - toPaisa(laterThatDay?.sum ?? "0");
  const lines = rows.map((r) => {
    const line: AccountLine = {
      entryId: r.entry_id,
      entryDate: r.entry_date,
      referenceNo: r.reference_no,
      description: r.description,
      lineDescription: r.line_description,
      sourceType: r.source_type,
      sourceId: r.source_id,
      debit: r.debit,
      credit: r.credit,
      runningBalance: fromPaisa(balance),
    };
    balance -= toPaisa(r.debit) - toPaisa(r.credit);
    return line;
  });
  return { total: counted?.total ?? 0, lines };
}
