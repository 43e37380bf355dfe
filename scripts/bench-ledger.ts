// `npm run bench:ledger`: the books' screens at 1,000,000 journal lines over three years (issue 21). Seeds a database
// of its own (a temporary PGlite data directory, or with BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
// or --postgres a fresh `bench_ledger_<pid>` database on that server, dropped after) in bulk SQL: 500,000 posted
// entries of two lines each over three years (income, expenses, receivables, payables, manual journals), 200,000 of
// them with their transaction document, the last 2,000 open items pending; each receivable's line names one of 5,000
// customers and each payable's one of 5,000 suppliers (issue 36). The book's triggers are set aside for
// the load (session_replication_role = replica) and the month and party balances built after from the lines, as the
// triggers would have; a check at the end proves the book balanced and the month table equal to the lines. Then it calls the
// real loaders with a signed-in administrator's request: the General Ledger (default, filters, search, last page),
// the Transactions screen with its cards (this month and three years), Payables & Receivables (its open items and the
// ageing of every customer, supplier and employee), a party's statement (the busiest customer's and supplier's), and
// an account's page (balance and lines with running balance) for the busiest account. Prints the median and p95 of 15 runs
// after 2 warm-ups; exits 1 when a median is over the bar: 100 ms on PostgreSQL, 250 ms on PGlite.
//
//   --scale=<f>      seed f times as many entries (0.1 for a quick check)
//   --only=<text>    time only the cases whose screen or case contains this text
//   --explain        EXPLAIN ANALYZE the queries of every case over the bar (or of all with --explain=all)
//   --keep / --reuse=<name>   as bench:backoffice
//   BENCH_RUNS=...   timed runs per case (default 15)
import { setDatabase, type Database } from "../app/db/client.server";
import { runMigrations } from "../app/db/migrate.server";
import { seedId } from "../app/db/seed/ids";
import { seedDatabase } from "../app/db/seed/seed.server";
import { PAYABLE_CATEGORIES, RECEIVABLE_CATEGORIES } from "../app/domain/accounting/constants";
import { createPasswordUser } from "../app/domain/auth/users.server";
import { todayInDhaka } from "../app/lib/dhaka-time";
import { benchArgs } from "./lib/bench-args";
import { benchDatabase } from "./lib/bench-database";
import { timeCases, type Loader } from "./lib/bench-loaders";
import { signIn } from "../tests/support/signed-in-request";

const {
  scale: SCALE,
  runs: RUNS,
  warmups: WARMUPS,
  serverUrl,
  barMs: BAR_MS,
  explain,
  keep,
  reuse,
  only,
} = benchArgs();
const TODAY = todayInDhaka();

const n = (count: number) => Math.max(10, Math.round(count * SCALE));
const ENTRIES = n(500_000);
const DOCUMENTS = n(200_000);
const OPEN_ITEMS = Math.min(2_000, DOCUMENTS);
const DAYS = 3 * 365;
/** Customers and suppliers (issue 36): each receivable's and payable's line names one of them. */
const PARTIES = n(10_000);
const CUSTOMERS = Math.ceil(PARTIES / 2);
const SUPPLIERS = PARTIES - CUSTOMERS;
const ADMIN_EMAIL = "bench.admin@example.com";
const PASSWORD = "bench-password-1";

const bench = benchDatabase({ prefix: "bench_ledger", serverUrl, keep, reuse, poolSize: 10 });
let database: Database | undefined;
const raw = bench.raw;

const account = (code: string) => `'${seedId(`account:${code}`)}'::uuid`;
const array = (codes: string[]) => `array[${codes.map(account).join(",")}]`;
const pick = (codes: string[], expr: string) => `(${array(codes)})[1 + ((${expr}) % ${codes.length})]`;
const texts = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;

const MONEY = ["1000", "1100", "1200", "1110", "1210"];
const INCOME = ["4000", "4100", "4300", "4500", "4900"];
const EXPENSE = ["5000", "5100", "5200", "6000", "6100", "6200", "6400", "6500", "6990"];

/** Entry g's kind: 0-3 income received, 4-7 expense paid, 8 a receivable, 9 a payable; every 50th a manual journal. */
const KIND = "(g % 10)";
const START = `(date '${TODAY}' - ${DAYS})`;

async function seed(): Promise<void> {
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    await bench.exec(text);
    console.log(`  ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };
  await seedDatabase(database!.db);
  await createPasswordUser(database!.db, {
    name: "Bench Administrator",
    email: ADMIN_EMAIL,
    password: PASSWORD,
    role: "admin",
  });

  const amount = `(((g::bigint * 7919) % 2500000) + 100)::numeric / 100`;
  const date = `${START} + (g % ${DAYS + 1})`;
  await step(
    `${ENTRIES.toLocaleString("en-US")} posted entries with ${(ENTRIES * 2).toLocaleString("en-US")} lines`,
    `set session_replication_role = replica;
     insert into customers (id, name, email)
       select md5('customer' || k)::uuid, 'Customer ' || k, 'customer' || k || '@example.com'
       from generate_series(0, ${CUSTOMERS - 1}) k;
     insert into suppliers (id, name) select md5('supplier' || k)::uuid, 'Supplier ' || k
       from generate_series(0, ${SUPPLIERS - 1}) k;
     insert into journal_entries (id, entry_date, reference_no, description, status, source_type, total, posted_at, created_at)
       select md5('entry' || g)::uuid, ${date},
         case when g % 50 = 0 then 'JV-' || g end,
         case when g % 50 = 0 then 'Manual journal ' || g
              when ${KIND} < 4 then 'Rental income from event ' || g
              when ${KIND} < 8 then 'Paid supplier bill ' || g
              when ${KIND} = 8 then 'Invoice to customer ' || g else 'Bill from supplier ' || g end,
         'posted',
         case when g % 50 = 0 then 'manual' when ${KIND} < 8 then 'transaction'
              when ${KIND} = 8 then 'receivable' else 'payable' end,
         ${amount}, now(), now() - (${ENTRIES} - g) * interval '1 second'
       from generate_series(1, ${ENTRIES}) g;
     insert into journal_lines (journal_entry_id, account_id, debit, credit, line_no, entry_date, posted, customer_id,
         supplier_id)
       select md5('entry' || g)::uuid,
         case when ${KIND} < 4 then ${pick(MONEY, "g / 10")} when ${KIND} < 8 then ${pick(EXPENSE, "g / 10")}
              when ${KIND} = 8 then ${account("1300")} else ${pick(EXPENSE, "g / 10")} end,
         ${amount}, 0, 0, ${date}, true,
         case when ${KIND} = 8 then md5('customer' || ((g / 10) % ${CUSTOMERS}))::uuid end, null
       from generate_series(1, ${ENTRIES}) g
       union all
       select md5('entry' || g)::uuid,
         case when ${KIND} < 4 then ${pick(INCOME, "g / 10")} when ${KIND} < 8 then ${pick(MONEY, "g / 10")}
              when ${KIND} = 8 then ${pick(INCOME, "g / 10")} else ${account("2000")} end,
         0, ${amount}, 1, ${date}, true, null,
         case when ${KIND} = 9 then md5('supplier' || ((g / 10) % ${SUPPLIERS}))::uuid end
       from generate_series(1, ${ENTRIES}) g;
     insert into transactions (id, date, type, category, description, amount, payment_method, reference, party, due_date,
         status, account_id, money_account_id, journal_entry_id, settled_amount)
       select md5('document' || g)::uuid, ${date},
         case when ${KIND} < 4 or ${KIND} = 8 then 'income' else 'expense' end,
         case when ${KIND} < 4 or ${KIND} = 8 then (${texts(RECEIVABLE_CATEGORIES)})[1 + (g / 10) % ${RECEIVABLE_CATEGORIES.length}]
              else (${texts(PAYABLE_CATEGORIES)})[1 + (g / 10) % ${PAYABLE_CATEGORIES.length}] end,
         case when ${KIND} < 4 then 'Rental income from event ' || g when ${KIND} < 8 then 'Paid supplier bill ' || g
              when ${KIND} = 8 then 'Invoice to customer ' || g else 'Bill from supplier ' || g end,
         ${amount}, (array['cash','bank','mobile_banking'])[1 + (g / 10) % 3], 'REF-' || g,
         case when ${KIND} >= 8 then 'Party ' || (g % 500) end,
         case when ${KIND} >= 8 then ${date} + 30 end,
         case when ${KIND} < 8 then 'completed' when g > ${DOCUMENTS - OPEN_ITEMS} then 'pending' else 'completed' end,
         null, null, md5('entry' || g)::uuid,
         case when ${KIND} >= 8 and g > ${DOCUMENTS - OPEN_ITEMS} then 0 else ${amount} end
       from generate_series(1, ${DOCUMENTS}) g where g % 50 <> 0;
     reset session_replication_role;`,
  );
  await step(
    "month balances from the lines",
    `insert into account_month_balances (account_id, month, debit, credit)
       select account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit)
         from journal_lines group by account_id, date_trunc('month', entry_date)`,
  );
  await step(
    "party balances from the lines",
    `insert into party_balances (account_id, party_kind, party_id, debit, credit)
       select account_id, case when customer_id is not null then 'customer' else 'supplier' end,
              coalesce(customer_id, supplier_id), sum(debit), sum(credit)
         from journal_lines where customer_id is not null or supplier_id is not null group by 1, 2, 3`,
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

// ------------------------------------------------------------------------------------------- cases

interface Case {
  screen: string;
  label: string;
  url: string;
  loaders: Loader[];
  params?: Record<string, string>;
}

async function buildCases(): Promise<Case[]> {
  const layout = (await import("../app/routes/admin/layout")).loader as Loader;
  const page = async (module: Promise<{ loader: unknown }>): Promise<Loader[]> => [
    layout,
    (await module).loader as Loader,
  ];
  const cash = seedId("account:1000");
  const ledger = await page(import("../app/routes/admin/accounts/ledger"));
  const transactions = await page(import("../app/routes/admin/accounts/transactions"));
  const payables = await page(import("../app/routes/admin/accounts/payables"));
  const accountPage = await page(import("../app/routes/admin/accounts/chart-account"));
  const statement = await page(import("../app/routes/admin/accounts/party-statement"));
  // The busiest customer and supplier (issue 36): every 10th entry's receivable or payable names one of them in turn.
  const [busiest] = await raw<{ customer: string; supplier: string }>(
    `select (select customer_id from journal_lines where customer_id is not null group by 1 order by count(*) desc, 1 limit 1)::text as customer,
            (select supplier_id from journal_lines where supplier_id is not null group by 1 order by count(*) desc, 1 limit 1)::text as supplier`,
  );
  const monthStart = `${TODAY.slice(0, 8)}01`;
  // References that exist at any scale and match one row: the last manual journal's (JV-g, g a multiple of 50) and
  // the last document's (REF-g, g not one); no larger number of either starts with theirs.
  const lastJournal = ENTRIES - (ENTRIES % 50);
  const lastDocument = DOCUMENTS % 50 === 0 ? DOCUMENTS - 1 : DOCUMENTS;
  const threeYears = `from=${new Date(Date.parse(TODAY) - DAYS * 86_400_000).toISOString().slice(0, 10)}&to=${TODAY}`;
  return [
    { screen: "General Ledger", label: "newest first", url: "/admin/accounts/ledger", loaders: ledger },
    {
      screen: "General Ledger",
      label: "account = Cash in Hand",
      url: `/admin/accounts/ledger?account=${cash}`,
      loaders: ledger,
    },
    {
      screen: "General Ledger",
      label: "source = manual",
      url: "/admin/accounts/ledger?source=manual",
      loaders: ledger,
    },
    {
      screen: "General Ledger",
      label: "this month",
      url: `/admin/accounts/ledger?from=${monthStart}&to=${TODAY}`,
      loaders: ledger,
    },
    {
      screen: "General Ledger",
      label: "search a reference",
      url: `/admin/accounts/ledger?q=JV-${lastJournal}`,
      loaders: ledger,
    },
    { screen: "General Ledger", label: "search a word", url: "/admin/accounts/ledger?q=supplier", loaders: ledger },
    { screen: "General Ledger", label: "last page", url: "/admin/accounts/ledger?page=last", loaders: ledger },
    { screen: "Transactions", label: "cards this month + list", url: "/admin/accounts", loaders: transactions },
    {
      screen: "Transactions",
      label: "cards over three years",
      url: `/admin/accounts?${threeYears}`,
      loaders: transactions,
    },
    {
      screen: "Transactions",
      label: "pending, by amount",
      url: "/admin/accounts?status=pending&sort=amount&dir=desc",
      loaders: transactions,
    },
    {
      screen: "Transactions",
      label: "search a reference, all time",
      url: `/admin/accounts?period=all&q=REF-${lastDocument}`,
      loaders: transactions,
    },
    { screen: "Transactions", label: "last page", url: "/admin/accounts?page=last", loaders: transactions },
    {
      screen: "Payables & Receivables",
      label: "open items with ageing",
      url: "/admin/accounts/payables",
      loaders: payables,
    },
    {
      screen: "Party statement",
      label: "the busiest customer, three years",
      url: `/admin/accounts/parties/customer/${busiest!.customer}/statement?${threeYears}`,
      loaders: statement,
      params: { kind: "customer", id: busiest!.customer },
    },
    {
      screen: "Party statement",
      label: "the busiest supplier, this month",
      url: `/admin/accounts/parties/supplier/${busiest!.supplier}/statement?from=${monthStart}&to=${TODAY}`,
      loaders: statement,
      params: { kind: "supplier", id: busiest!.supplier },
    },
    {
      screen: "Account",
      label: "Cash in Hand, this month",
      url: `/admin/accounts/chart/${cash}`,
      loaders: accountPage,
      params: { id: cash },
    },
    {
      screen: "Account",
      label: "Cash in Hand, three years",
      url: `/admin/accounts/chart/${cash}?${threeYears}`,
      loaders: accountPage,
      params: { id: cash },
    },
    {
      screen: "Account",
      label: "three years, last page",
      url: `/admin/accounts/chart/${cash}?${threeYears}&page=last`,
      loaders: accountPage,
      params: { id: cash },
    },
  ];
}

// ------------------------------------------------------------------------------------------- run

let failed = false;
try {
  database = await bench.open();
  setDatabase(database);
  const kind = database.kind === "postgres" ? "PostgreSQL" : "PGlite";
  console.log(`database: ${bench.describe()}`);
  if (!reuse) {
    await runMigrations(database);
    await seed();
    await raw("vacuum analyze");
  }
  const cookie = await signIn(ADMIN_EMAIL, PASSWORD, "staff");
  bench.captureQueries();
  const cases = (await buildCases()).filter((c) => !only || `${c.screen} ${c.label}`.toLowerCase().includes(only));
  console.log(
    `\n${kind}, ${(ENTRIES * 2).toLocaleString("en-US")} journal lines over three years (scale ${SCALE}): server time ` +
      `of the loaders, median and p95 of ${RUNS} runs after ${WARMUPS} warm-ups (bar: median under ${BAR_MS} ms)\n`,
  );
  const slow = await timeCases(
    { runs: RUNS, warmups: WARMUPS, capture: bench.capture, raw },
    cases.map((c) => ({ ...c, cookie })),
    { barMs: BAR_MS, explain },
  );
  failed = slow.length > 0;
} finally {
  await bench.cleanUp();
}
process.exit(failed ? 1 : 0);
