import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows, type DbOrTx } from "~/db/client.server";
import { isAccumulatedDepreciation } from "~/domain/accounting/chart-form";
import { writeHledgerJournal } from "~/domain/accounting/hledger.server";
import { addDays } from "~/domain/dashboard/periods";
import { balanceSheet, balanceSheetColumns, BALANCE_SHEET_LABELS } from "~/domain/reports/balance-sheet.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { cashFlow } from "~/domain/reports/cash-flow.server";
import { profitAndLoss } from "~/domain/reports/profit-and-loss.server";
import {
  fiscalYearOfDate,
  fiscalYearRange,
  rangePeriod,
  yearPeriod,
  type ReportPeriod,
} from "~/domain/reports/report-periods";
import type { Compared, ReportSection } from "~/domain/reports/statements";
import { trialBalance } from "~/domain/reports/trial-balance.server";
import { toPaisa } from "~/lib/money";

// The financial statements' proofs (issue 24), shared by the demo data's and the random book's tests:
// - the identities: the balance sheet balances in every column; the P&L's profit for a fiscal year is the change in
//   retained earnings plus the change in the two computed equity lines; the cash flow's net change is closing less
//   opening cash, and the cash accounts' change; the trial balance's debit and credit columns agree;
// - every figure against the posted lines read one by one (the reports read the month balances);
// - the totals against Debian's hledger reading the export (incomestatement, balancesheetequity).

const COLUMNS = ["current", "previous", "lastYear"] as const;

interface BookLine {
  accountId: string;
  type: string;
  /** An accumulated depreciation or amortisation account (a non-cash contra-asset). */
  accumulatedDepreciation: boolean;
  isCash: boolean;
  date: string;
  /** Debit less credit, paisa. */
  amount: bigint;
  yearEndClose: boolean;
}

/** Every posted line of the book, from journal_lines and journal_entries alone (no month balances). */
export async function readBook(db: DbOrTx): Promise<BookLine[]> {
  const rows = await queryRows<{
    account_id: string;
    type: string;
    name: string;
    is_cash: boolean;
    entry_date: string;
    amount: string;
    year_end_close: boolean;
  }>(
    db,
    sql`select l.account_id, a.type, a.name, a.payment_method is not null as is_cash, e.entry_date::text as entry_date,
               (l.debit - l.credit)::text as amount, e.source_type = 'year_end_close' as year_end_close
          from journal_lines l join journal_entries e on e.id = l.journal_entry_id
          join chart_of_accounts a on a.id = l.account_id
         where e.status = 'posted'`,
  );
  return rows.map((r) => ({
    accountId: r.account_id,
    type: r.type,
    accumulatedDepreciation: isAccumulatedDepreciation(r.name),
    isCash: r.is_cash,
    date: r.entry_date,
    amount: toPaisa(r.amount),
    yearEndClose: r.year_end_close,
  }));
}

/** Debits less credits by account of the lines that pass `keep`, zero left out. */
function byAccount(book: readonly BookLine[], keep: (l: BookLine) => boolean): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const l of book) if (keep(l)) sums.set(l.accountId, (sums.get(l.accountId) ?? 0n) + l.amount);
  for (const [id, v] of sums) if (v === 0n) sums.delete(id);
  return sums;
}

const natural = (type: string, v: bigint) => (type === "asset" || type === "expense" ? v : -v);
const p = (amount: string) => toPaisa(amount);
const sumWhere = (book: readonly BookLine[], keep: (l: BookLine) => boolean) =>
  book.reduce((s, l) => (keep(l) ? s + l.amount : s), 0n);

/** A section's account lines of one column, by account id, zero left out. */
function sectionColumn(section: ReportSection, column: (typeof COLUMNS)[number]): Map<string, bigint> {
  const m = new Map<string, bigint>();
  for (const l of section.lines)
    if (l.accountId && p(l.amounts[column]) !== 0n) m.set(l.accountId, p(l.amounts[column]));
  return m;
}

function expectedOfType(
  book: readonly BookLine[],
  types: readonly string[],
  keep: (l: BookLine) => boolean,
  sign: (l: BookLine, v: bigint) => bigint = (l, v) => natural(l.type, v),
): Map<string, bigint> {
  const typeOf = new Map(book.map((l) => [l.accountId, l]));
  const m = byAccount(book, (l) => types.includes(l.type) && keep(l));
  return new Map([...m].map(([id, v]) => [id, sign(typeOf.get(id)!, v)]));
}

/**
 * The four statements of a period, each identity checked and every account's figure compared with the lines.
 * Returns the statements.
 */
export async function checkStatements(db: DbOrTx, book: readonly BookLine[], period: ReportPeriod, startMonth: number) {
  const where = `${period.kind} ${period.from}..${period.to}`;
  const [pl, bs, cf, tb] = await Promise.all([
    profitAndLoss(db, period, startMonth),
    balanceSheet(db, period, startMonth),
    cashFlow(db, period, startMonth),
    trialBalance(db, period),
  ]);
  for (const column of COLUMNS) {
    const { from, to } = pl.columns[column];
    const inRange = (l: BookLine) => l.date >= from && l.date <= to;
    const upTo = (date: string) => (l: BookLine) => l.date <= date;
    const at = `${where}, ${column} ${from}..${to}`;

    // Profit & Loss: each account's movement without the year-end close entries.
    const movement = (l: BookLine) => inRange(l) && !l.yearEndClose;
    expect(sectionColumn(pl.income, column), `P&L income ${at}`).toEqual(expectedOfType(book, ["income"], movement));
    expect(sectionColumn(pl.expenses, column), `P&L expenses ${at}`).toEqual(
      expectedOfType(book, ["expense"], movement),
    );
    const profit = -sumWhere(book, (l) => (l.type === "income" || l.type === "expense") && movement(l));
    expect(p(pl.netProfit[column]), `P&L net profit ${at}`).toBe(profit);
    expect(p(pl.income.total[column]) - p(pl.expenses.total[column])).toBe(profit);

    // Balance sheet at the column's last day (today, in a period not ended: issue 37): it balances, and each account
    // is its lines' sum.
    const bsTo = bs.columns[column].to;
    expect(bsTo).toBe(balanceSheetColumns(period, startMonth, todayInDhaka())[column].to);
    expect(bs.difference[column], `balance sheet difference ${at}`).toBe("0.00");
    expect(p(bs.assets.total[column])).toBe(p(bs.liabilitiesAndEquity[column]));
    expect(sectionColumn(bs.assets, column), `assets ${at}`).toEqual(expectedOfType(book, ["asset"], upTo(bsTo)));
    expect(sectionColumn(bs.liabilities, column), `liabilities ${at}`).toEqual(
      expectedOfType(book, ["liability"], upTo(bsTo)),
    );
    expect(sectionColumn(bs.equity, column), `equity ${at}`).toEqual(expectedOfType(book, ["equity"], upTo(bsTo)));
    const yearStart = fiscalYearRange(fiscalYearOfDate(bsTo, startMonth), startMonth).from;
    const result = (keep: (l: BookLine) => boolean) =>
      -sumWhere(book, (l) => (l.type === "income" || l.type === "expense") && keep(l));
    const computed = (label: string) => p(bs.equity.lines.find((l) => l.label === label)!.amounts[column]);
    expect(computed(BALANCE_SHEET_LABELS.yearToDate), `year to date ${at}`).toBe(
      result((l) => l.date >= yearStart && l.date <= bsTo),
    );
    expect(computed(BALANCE_SHEET_LABELS.earlierYears), `earlier years ${at}`).toBe(result((l) => l.date < yearStart));

    // Cash flow: the net change is closing less opening cash, and the cash accounts' own change in the lines.
    const cashChange = sumWhere(book, (l) => l.isCash && inRange(l));
    expect(p(cf.netChange[column]), `cash flow net change ${at}`).toBe(cashChange);
    expect(p(cf.closingCash[column]) - p(cf.openingCash[column])).toBe(cashChange);
    expect(p(cf.openingCash[column])).toBe(sumWhere(book, (l) => l.isCash && l.date < from));
    expect(p(cf.netProfit[column])).toBe(profit);
    expect(p(cf.netOperating[column])).toBe(profit + p(cf.operating.total[column]));
    expect(p(cf.netChange[column])).toBe(
      p(cf.netOperating[column]) + p(cf.investing.total[column]) + p(cf.financing.total[column]),
    );
    const changes = new Map([
      ...sectionColumn(cf.operating, column),
      ...sectionColumn(cf.investing, column),
      ...sectionColumn(cf.financing, column),
    ]);
    // Depreciation and amortisation are non-cash, added back under operating activities (issue 37): an accumulated
    // depreciation account that moved is in operating, never in investing.
    for (const id of sectionColumn(cf.investing, column).keys())
      expect(
        book.some((l) => l.accountId === id && l.accumulatedDepreciation),
        `investing ${id} ${at}`,
      ).toBe(false);
    for (const id of new Set(book.filter((l) => l.accumulatedDepreciation && movement(l)).map((l) => l.accountId)))
      if (sumWhere(book, (l) => l.accountId === id && movement(l)) !== 0n)
        expect(sectionColumn(cf.operating, column).has(id), `depreciation ${id} in operating ${at}`).toBe(true);
    expect(changes, `cash flow changes ${at}`).toEqual(
      expectedOfType(
        book,
        ["asset", "liability", "equity"],
        (l) => !l.isCash && movement(l),
        (_, v) => -v,
      ),
    );
  }

  // Trial balance: the columns agree, and every account's figures are its lines'.
  expect(tb.totals.openingDebit, `trial balance opening ${where}`).toBe(tb.totals.openingCredit);
  expect(tb.totals.debits, `trial balance movements ${where}`).toBe(tb.totals.credits);
  expect(tb.totals.closingDebit, `trial balance closing ${where}`).toBe(tb.totals.closingCredit);
  const tbLines = new Map(tb.lines.map((l) => [l.accountId, [p(l.opening), p(l.debits), p(l.credits), p(l.closing)]]));
  const expected = new Map<string, bigint[]>();
  for (const l of book) {
    if (l.date > period.to) continue;
    const row = expected.get(l.accountId) ?? [0n, 0n, 0n, 0n];
    if (l.date < period.from) row[0]! += l.amount;
    else if (l.amount > 0n) row[1]! += l.amount;
    else row[2]! -= l.amount;
    row[3]! += l.amount;
    expected.set(l.accountId, row);
  }
  for (const [id, row] of expected) if (row.slice(0, 3).every((v) => v === 0n)) expected.delete(id);
  expect(tbLines, `trial balance lines ${where}`).toEqual(expected);
  return { pl, bs, cf, tb };
}

/**
 * The P&L's profit for a fiscal year (year-end close entries left out) equals the change over the year, on the
 * balance sheet, of retained earnings and of the two computed lines (the year's profit, earlier years' result).
 * Retained earnings must move only by the year-end close for this to hold (the tests post nothing else there).
 */
export async function checkYearIdentity(
  db: DbOrTx,
  fiscalYear: number,
  startMonth: number,
  retainedEarningsId: string,
): Promise<{ profit: bigint; retainedChange: bigint }> {
  const period = yearPeriod(fiscalYear, startMonth);
  const bs = await balanceSheet(db, period, startMonth);
  // A year not ended: its balance sheet is as at today, so the profit is the year's up to today.
  const asAt = bs.columns.current.to;
  const pl = await profitAndLoss(
    db,
    asAt < period.to ? rangePeriod(period.from, asAt, startMonth) : period,
    startMonth,
  );
  // The balance sheet's current column is at the year's last day, its previous column at the day before it began.
  expect(bs.columns.previous.to).toBe(addDays(period.from, -1));
  const change = (line: { amounts: Compared } | undefined) =>
    line ? p(line.amounts.current) - p(line.amounts.previous) : 0n;
  const retainedChange = change(bs.equity.lines.find((l) => l.accountId === retainedEarningsId));
  const computedChange =
    change(bs.equity.lines.find((l) => l.label === BALANCE_SHEET_LABELS.yearToDate)) +
    change(bs.equity.lines.find((l) => l.label === BALANCE_SHEET_LABELS.earlierYears));
  const profit = p(pl.netProfit.current);
  expect(retainedChange + computedChange, `P&L profit of ${fiscalYear} = Δ retained earnings + Δ result lines`).toBe(
    profit,
  );
  return { profit, retainedChange };
}

// ------------------------------------------------------------------------------------------- hledger

/** The export as a journal file in `dir`. */
export async function exportJournal(db: DbOrTx, dir: string): Promise<string> {
  const file = path.join(dir, "ledger.journal");
  let journal = "";
  await writeHledgerJournal(db, (chunk) => {
    journal += chunk;
  });
  writeFileSync(file, journal);
  return file;
}

interface HledgerAmount {
  acommodity: string;
  aquantity: { decimalMantissa: number; decimalPlaces: number };
}
interface HledgerReport {
  cbrSubreports: [string, { prTotals: { prrTotal: HledgerAmount[] } }, boolean][];
  cbrTotals: { prrTotal: HledgerAmount[] };
}

/** An hledger amount in paisa, exactly (from its decimal mantissa). */
function paisaOf(amounts: readonly HledgerAmount[]): bigint {
  let total = 0n;
  for (const a of amounts) {
    expect(a.acommodity).toBe("BDT");
    const { decimalMantissa, decimalPlaces } = a.aquantity;
    expect(Number.isSafeInteger(decimalMantissa)).toBe(true);
    expect(decimalPlaces).toBeLessThanOrEqual(2);
    total += BigInt(decimalMantissa) * 10n ** BigInt(2 - decimalPlaces);
  }
  return total;
}

/** Runs hledger with JSON output; null when hledger is not installed (outside CI). */
function hledger(file: string, args: readonly string[]): Record<string, bigint> | null {
  let json: string;
  try {
    json = execFileSync("hledger", ["-f", file, ...args, "-O", "json"], { encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !process.env.CI) return null;
    throw error;
  }
  const report = JSON.parse(json) as HledgerReport;
  const totals: Record<string, bigint> = { net: paisaOf(report.cbrTotals.prrTotal) };
  for (const [name, sub] of report.cbrSubreports) totals[name] = paisaOf(sub.prTotals.prrTotal);
  return totals;
}

/**
 * Our totals for each period against hledger's, to the paisa: incomestatement over the period without the year-end
 * close entries (revenues, expenses, net); balancesheetequity at the balance sheet's day (assets, liabilities; equity plus
 * the income and expense accounts' all-time net, which hledger leaves out of the balance sheet, against our equity
 * with its computed lines). Returns false when hledger is absent.
 */
export async function checkAgainstHledger(
  db: DbOrTx,
  file: string,
  periods: readonly ReportPeriod[],
  startMonth: number,
): Promise<boolean> {
  for (const period of periods) {
    const end = addDays(period.to, 1);
    const income = hledger(file, ["incomestatement", "-b", period.from, "-e", end, "not:tag:source=year_end_close"]);
    if (!income) return false;
    const [pl, bs] = await Promise.all([profitAndLoss(db, period, startMonth), balanceSheet(db, period, startMonth)]);
    // The balance sheet's own day: the period's end, or today in a period not ended (issue 37).
    const sheetEnd = addDays(bs.columns.current.to, 1);
    const sheet = hledger(file, ["balancesheetequity", "-e", sheetEnd])!;
    const allTime = hledger(file, ["incomestatement", "-e", sheetEnd])!;
    const where = `${period.kind} ${period.from}..${period.to}`;
    expect(
      {
        revenues: p(pl.income.total.current),
        expenses: p(pl.expenses.total.current),
        net: p(pl.netProfit.current),
      },
      `hledger incomestatement ${where}`,
    ).toEqual({ revenues: income.Revenues, expenses: income.Expenses, net: income.net });
    expect(
      {
        assets: p(bs.assets.total.current),
        liabilities: p(bs.liabilities.total.current),
        equity: p(bs.equity.total.current),
      },
      `hledger balancesheetequity ${where}`,
    ).toEqual({ assets: sheet.Assets, liabilities: sheet.Liabilities, equity: sheet.Equity! + allTime.net! });
  }
  return true;
}

/** Each account's balance as hledger computes it (all postings, or before `end`); null where hledger is absent. */
export function hledgerBalances(file: string, end: string | null): Map<string, bigint> | null {
  return hledgerBalanceReport(file, ["--flat", ...(end ? ["-e", end] : [])]);
}

/**
 * Each party's balance as hledger computes it from the postings' `party` tags (issue 36), by tag value
 * (`customer-<id>`, hledgerPartyTag); null where hledger is absent.
 */
export function hledgerPartyBalances(file: string): Map<string, bigint> | null {
  return hledgerBalanceReport(file, ["tag:party", "--pivot", "party"]);
}

/** hledger's `balance` report (with `args`: a query, dates) as a map of account name to paisa; null where hledger is absent. */
export function hledgerBalanceReport(file: string, args: readonly string[]): Map<string, bigint> | null {
  let csv: string;
  try {
    csv = execFileSync("hledger", ["-f", file, "balance", "-E", "-N", "-O", "csv", ...args], { encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !process.env.CI) return null;
    throw error;
  }
  const balances = new Map<string, bigint>();
  for (const line of csv.trim().split("\n").slice(1)) {
    const [account, amount] = JSON.parse(`[${line}]`) as [string, string];
    const number = amount
      .replace(/ ?BDT ?/, "")
      .replace(/,/g, "")
      .trim();
    balances.set(account, number === "0" ? 0n : toPaisa(number));
  }
  return balances;
}

/**
 * The kept party balances (party_balances, issue 36) against the posted lines they sum, per account and party: the
 * rows that differ, none when the triggers kept them right (a row emptied by a merge counts as none).
 */
export async function partyBalanceDrift(db: DbOrTx): Promise<unknown[]> {
  return queryRows(
    db,
    sql`with l as (
          select account_id,
                 case when customer_id is not null then 'customer' when supplier_id is not null then 'supplier'
                      else 'employee' end as party_kind,
                 coalesce(customer_id, supplier_id, employee_id) as party_id, sum(debit) as d, sum(credit) as c
            from journal_lines where posted and num_nonnulls(customer_id, supplier_id, employee_id) = 1 group by 1, 2, 3),
        k as (select account_id, party_kind, party_id, debit as d, credit as c from party_balances
               where debit <> 0 or credit <> 0)
        select account_id, party_kind, party_id, l.d as line_debit, k.d as kept_debit, l.c as line_credit, k.c as kept_credit
          from l full join k using (account_id, party_kind, party_id)
         where l.d is distinct from k.d or l.c is distinct from k.c`,
  );
}
