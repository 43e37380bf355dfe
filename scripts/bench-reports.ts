// `npm run bench:reports`: the financial statements at 1,000,000 journal lines over three years (issue 24). Seeds a
// database of its own (a temporary PGlite data directory, or with DATABASE_URL / BENCH_DATABASE_URL set to a
// PostgreSQL server, or --postgres, a fresh `bench_reports_<pid>` database on that server, dropped after) in bulk
// SQL, as bench:ledger does: 500,000 posted entries of two lines each over the three years before today (income
// received and invoiced, expenses paid and billed, customers' receipts, suppliers paid, equipment bought, a loan,
// drawings), the book's triggers set aside for the load and the month balances built after from the lines; a check
// proves the book balanced and the month table equal to the lines. Then the last whole fiscal year but one is
// closed (a year-end close entry through the ledger), and each statement is called as the reports screen calls it
// (profit-and-loss.server.ts and the others; server time = the function's time) for the last whole fiscal year
// (with its comparison columns), this month, and a year-long date range that starts and ends mid-month (the
// slowest shape: partial months read from the lines). Prints the median, p95 and max of BENCH_RUNS runs (default
// 15) after 2 warm-ups; exits 1 when a fiscal year's median is over the bar: 300 ms on PostgreSQL, 1 s on PGlite.
//
//   --scale=<f>      seed f times as many entries (0.1 for a quick check)
//   --keep / --reuse=<name>   keep the database, or time one a --keep run left
import { setDatabase, type Database } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { seedId } from "../app/db/seed/ids";
import { seedDatabase } from "../app/db/seed/seed.server";
import { addDays } from "../app/domain/dashboard/periods";
import { balanceSheet } from "../app/domain/reports/balance-sheet.server";
import { cashFlow } from "../app/domain/reports/cash-flow.server";
import { fiscalYearStartMonth } from "../app/domain/reports/ledger-figures.server";
import { profitAndLoss } from "../app/domain/reports/profit-and-loss.server";
import {
  fiscalYearName,
  fiscalYearOfDate,
  monthPeriod,
  rangePeriod,
  yearPeriod,
  type ReportPeriod,
} from "../app/domain/reports/report-periods";
import { trialBalance } from "../app/domain/reports/trial-balance.server";
import { todayInDhaka } from "../app/lib/dhaka-time";
import { fromPaisa, toPaisa } from "../app/lib/money";
import { writeYearEndClose } from "../tests/support/year-end-close-fixture";
import { benchArgs } from "./lib/bench-args";
import { benchDatabase } from "./lib/bench-database";
import { summarize } from "./lib/bench-stats";

const args = benchArgs();
const serverUrl = args.serverUrl ?? process.env.DATABASE_URL;
const { scale: SCALE, runs: RUNS, warmups: WARMUPS, keep, reuse } = args;
const BAR_MS = serverUrl ? 300 : 1000;
const TODAY = todayInDhaka();

const ENTRIES = Math.max(10, Math.round(500_000 * SCALE));
const DAYS = 3 * 365;

const bench = benchDatabase({ prefix: "bench_reports", serverUrl, keep, reuse, poolSize: 10 });
let database: Database | undefined;
const raw = bench.raw;

const account = (code: string) => `'${seedId(`account:${code}`)}'::uuid`;
const pick = (codes: string[], expr: string) =>
  `(array[${codes.map(account).join(",")}])[1 + ((${expr}) % ${codes.length})]`;

const MONEY = ["1000", "1100", "1200", "1110", "1210"];
const INCOME = ["4000", "4100", "4300", "4500", "4900"];
const EXPENSE = ["5000", "5100", "5200", "6000", "6100", "6200", "6400", "6500", "6990"];

/**
 * Entry g's debit and credit accounts by kind (g % 20): 0-5 income received, 6-10 expenses paid, 11-12 invoiced
 * (receivable), 13 a customer's receipt, 14-15 a supplier's bill (payable), 16 a supplier paid, 17 equipment bought,
 * 18 the loan drawn or repaid, 19 drawings or VAT paid.
 */
const KIND = "(g % 20)";
const DEBIT = `case when ${KIND} < 6 then ${pick(MONEY, "g / 20")} when ${KIND} < 11 then ${pick(EXPENSE, "g / 20")}
  when ${KIND} < 13 then ${account("1300")} when ${KIND} = 13 then ${pick(MONEY, "g / 20")}
  when ${KIND} < 16 then ${pick(EXPENSE, "g / 20")} when ${KIND} = 16 then ${account("2000")}
  when ${KIND} = 17 then ${pick(["1500", "1520", "1530"], "g / 20")}
  when ${KIND} = 18 then (case when g % 40 = 18 then ${account("1100")} else ${account("2400")} end)
  else (case when g % 40 = 19 then ${account("3200")} else ${account("2100")} end) end`;
const CREDIT = `case when ${KIND} < 6 then ${pick(INCOME, "g / 20")} when ${KIND} < 11 then ${pick(MONEY, "g / 20")}
  when ${KIND} < 13 then ${pick(INCOME, "g / 20")} when ${KIND} = 13 then ${account("1300")}
  when ${KIND} < 16 then ${account("2000")} when ${KIND} = 16 then ${pick(MONEY, "g / 20")}
  when ${KIND} = 17 then ${account("1100")}
  when ${KIND} = 18 then (case when g % 40 = 18 then ${account("2400")} else ${account("1100")} end)
  else ${pick(MONEY, "g / 20")} end`;

async function seed(): Promise<void> {
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    await bench.exec(text);
    console.log(`  ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };
  await seedDatabase(database!.db);
  const amount = `(((g::bigint * 7919) % 2500000) + 100)::numeric / 100`;
  const date = `(date '${TODAY}' - ${DAYS}) + (g % ${DAYS + 1})`;
  await step(
    `${ENTRIES.toLocaleString("en-US")} posted entries with ${(ENTRIES * 2).toLocaleString("en-US")} lines`,
    `set session_replication_role = replica;
     insert into journal_entries (id, entry_date, description, status, source_type, total, posted_at, created_at)
       select md5('entry' || g)::uuid, ${date}, 'Bench entry ' || g, 'posted',
         case when ${KIND} < 11 then 'transaction' when ${KIND} < 13 then 'receivable' when ${KIND} < 16 then 'payable'
              when ${KIND} in (13, 16) then 'settlement' else 'manual' end,
         ${amount}, now(), now() - (${ENTRIES} - g) * interval '1 second'
       from generate_series(1, ${ENTRIES}) g;
     insert into journal_lines (journal_entry_id, account_id, debit, credit, line_no, entry_date, posted)
       select md5('entry' || g)::uuid, ${DEBIT}, ${amount}, 0, 0, ${date}, true from generate_series(1, ${ENTRIES}) g
       union all
       select md5('entry' || g)::uuid, ${CREDIT}, 0, ${amount}, 1, ${date}, true from generate_series(1, ${ENTRIES}) g;
     reset session_replication_role;`,
  );
  await step(
    "month balances from the lines",
    `insert into account_month_balances (account_id, month, debit, credit)
       select account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit)
         from journal_lines group by account_id, date_trunc('month', entry_date)`,
  );
  const [check] = await raw<{ debits: string; credits: string; drift: number; lines: number }>(
    `select (select sum(debit) from journal_lines)::text as debits, (select sum(credit) from journal_lines)::text as credits,
            (select count(*)::int from journal_lines) as lines,
            (select count(*)::int from (select account_id, sum(debit - credit) from journal_lines group by account_id
              except select account_id, sum(debit - credit) from account_month_balances group by account_id) d) as drift`,
  );
  if (check!.debits !== check!.credits || check!.drift !== 0)
    throw new Error(`the seeded book is wrong: ${JSON.stringify(check)}`);
  console.log(`  checked: ${check!.lines.toLocaleString("en-US")} lines, balanced, month balances equal to the lines`);
}

interface Case {
  report: string;
  label: string;
  /** A fiscal year: its median must stay under the bar. */
  barred: boolean;
  run: () => Promise<unknown>;
}

function casesFor(period: ReportPeriod, label: string, barred: boolean, startMonth: number): Case[] {
  const db = database!.db;
  return [
    { report: "Profit & Loss", label, barred, run: () => profitAndLoss(db, period, startMonth) },
    { report: "Balance Sheet", label, barred, run: () => balanceSheet(db, period, startMonth) },
    { report: "Cash Flow", label, barred, run: () => cashFlow(db, period, startMonth) },
    { report: "Trial Balance", label, barred, run: () => trialBalance(db, period) },
  ];
}

/** The statements agree at this size too: a wrong fast answer is no answer. */
async function checkAnswers(period: ReportPeriod, startMonth: number): Promise<void> {
  const db = database!.db;
  const [pl, bs, cf, tb] = await Promise.all([
    profitAndLoss(db, period, startMonth),
    balanceSheet(db, period, startMonth),
    cashFlow(db, period, startMonth),
    trialBalance(db, period),
  ]);
  const problems: string[] = [];
  for (const column of ["current", "previous", "lastYear"] as const) {
    if (bs.difference[column] !== "0.00") problems.push(`balance sheet ${column} off by ${bs.difference[column]}`);
    const change = toPaisa(cf.closingCash[column]) - toPaisa(cf.openingCash[column]);
    if (change !== toPaisa(cf.netChange[column])) problems.push(`cash flow ${column} does not reconcile`);
    if (pl.netProfit[column] !== cf.netProfit[column]) problems.push(`net profit ${column} differs`);
  }
  if (tb.totals.debits !== tb.totals.credits || tb.totals.closingDebit !== tb.totals.closingCredit)
    problems.push("trial balance columns differ");
  if (problems.length > 0) throw new Error(`${period.label}: ${problems.join("; ")}`);
  console.log(
    `  ${period.label}: income ৳${pl.income.total.current}, profit ৳${pl.netProfit.current}, assets ৳${bs.assets.total.current}, ` +
      `net change in cash ৳${cf.netChange.current}; balanced, reconciled`,
  );
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

let failed = false;
try {
  database = await bench.open();
  setDatabase(database);
  const kind = database.kind === "postgres" ? "PostgreSQL" : "PGlite";
  console.log(`database: ${bench.describe()}`);
  const startMonth = await (async () => {
    if (!reuse) {
      await runMigrations(database!);
      await seed();
    }
    return fiscalYearStartMonth(database!.db);
  })();
  const lastWholeYear = fiscalYearOfDate(TODAY, startMonth) - 1;
  if (!reuse) {
    const t0 = performance.now();
    const result = await writeYearEndClose(lastWholeYear - 1, startMonth);
    console.log(
      `  FY ${fiscalYearName(lastWholeYear - 1, startMonth)} closed: its result, ৳${fromPaisa(result ?? 0n)}, moved to retained earnings ` +
        `(${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    await raw("vacuum analyze");
  }
  const year = yearPeriod(lastWholeYear, startMonth);
  const month = monthPeriod(TODAY, startMonth);
  const range = rangePeriod(addDays(year.from, 14), addDays(year.to, 14), startMonth);
  await checkAnswers(year, startMonth);
  await checkAnswers(range, startMonth);
  const cases = [
    ...casesFor(year, `${year.label} (vs FY ${fiscalYearName(lastWholeYear - 1, startMonth)})`, true, startMonth),
    ...casesFor(month, `${month.label}`, false, startMonth),
    ...casesFor(range, `${range.label}`, false, startMonth),
  ];
  console.log(
    `\n${kind}, ${(ENTRIES * 2).toLocaleString("en-US")} journal lines over three years (scale ${SCALE}): server time ` +
      `of each statement (its three columns), median, p95 and max of ${RUNS} runs after ${WARMUPS} warm-ups ` +
      `(bar: a fiscal year's median under ${BAR_MS} ms)\n`,
  );
  console.log("| Report | Period | Median | p95 | Max |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  const slow: string[] = [];
  for (const c of cases) {
    for (let i = 0; i < WARMUPS; i++) await c.run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await c.run();
      times.push(performance.now() - t0);
    }
    const t = summarize(times);
    const over = c.barred && t.median > BAR_MS;
    if (over) slow.push(`${c.report}, ${c.label}`);
    console.log(
      `| ${c.report} | ${c.label} | ${over ? `**${ms(t.median)}**` : ms(t.median)} | ${ms(t.p95)} | ${ms(t.max)} |`,
    );
  }
  console.log(
    slow.length > 0
      ? `\n${slow.length} fiscal year report(s) over ${BAR_MS} ms: ${slow.join("; ")}`
      : `\nOK: every fiscal year report's median under ${BAR_MS} ms`,
  );
  failed = slow.length > 0;
} finally {
  await bench.cleanUp();
}
process.exit(failed ? 1 : 0);
