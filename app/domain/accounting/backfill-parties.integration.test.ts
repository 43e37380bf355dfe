import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { seedDemoBooks } from "~/db/seed/demo-books.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { disburseSalaries } from "~/domain/payroll/disburse-salaries.server";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { reversePayrollRun } from "~/domain/payroll/reverse-payroll-run.server";
import { closeVatPeriod } from "~/domain/tax/close-vat-period.server";
import { createTaxRecord } from "~/domain/tax/create-tax-record.server";
import { recordTaxDeposit } from "~/domain/tax/record-tax-deposit.server";
import { getDatabase } from "~/db/client.server";
import { toPaisa } from "~/lib/money";
import { exportJournal, hledgerPartyBalances, partyBalanceDrift } from "../../../tests/support/report-checks";
import { backfillParties, UNIDENTIFIED_PARTY } from "./backfill-parties.server";
import { createJournalEntry } from "./create-journal-entry.server";
import { createMoneyDocument } from "./create-money-document.server";
import { hledgerPartyTag } from "./hledger.server";
import { reverseEntry } from "./reverse-entry.server";
import { settleOpenItem } from "./settle-open-item.server";
import { voidSettlement } from "./void-settlement.server";

// Books kept before party ledgers (issue 36): the demo books and a payroll, its payment and undo, VDS and a VAT
// close, withheld tax and its deposit, a reversed payable, a voided supplier payment and a manual journal, all posted
// with their parties; then brought back to how the books looked before (no line names a party, payroll runs, VAT
// closes and deposits one line per account, the control accounts unmarked, the suppliers gone). The migration must
// give every line back the party it had, but for the manual journal's (no document names it: the unidentified
// record's), and mark the accounts.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const TODAY = "2026-11-25";
const NOW = new Date("2026-11-25T06:00:00Z");
const A = (code: string) => seedId(`account:${code}`);
const CONTROL = ["1300", "1420", "2000", "2120", "2200", "2300"];
let dir: string;

/** Each control account's balance per party, by the party's name: "1300 customer Nadia Rahman" → paisa. */
async function partyBalances(): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ key: string; balance: string }>(
    getDb(),
    sql`select a.code || ' ' || case when l.customer_id is not null then 'customer ' || c.name
                 when l.supplier_id is not null then 'supplier ' || s.name else 'employee ' || e.name end as key,
               sum(l.debit - l.credit)::text as balance
          from journal_lines l join chart_of_accounts a on a.id = l.account_id
          left join customers c on c.id = l.customer_id left join suppliers s on s.id = l.supplier_id
          left join employees e on e.id = l.employee_id
         where l.posted and num_nonnulls(l.customer_id, l.supplier_id, l.employee_id) = 1
         group by 1`,
  );
  return new Map(rows.map((r) => [r.key, toPaisa(r.balance)]).filter(([, b]) => b !== 0n) as [string, bigint][]);
}

async function accountBalances(): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ code: string; balance: string }>(
    getDb(),
    sql`select a.code, sum(l.debit - l.credit)::text as balance from journal_lines l
          join chart_of_accounts a on a.id = l.account_id where l.posted group by a.code`,
  );
  return new Map(rows.map((r) => [r.code, toPaisa(r.balance)]));
}

/** The books as the code before issue 36 left them. */
async function asBeforePartyLedgers(): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`alter table journal_lines disable trigger journal_lines_immutable`);
    await tx.execute(sql`alter table journal_lines disable trigger journal_lines_party`);
    await tx.execute(sql`update journal_lines set customer_id = null, supplier_id = null, employee_id = null
                          where num_nonnulls(customer_id, supplier_id, employee_id) > 0`);
    // One line per control account in a payroll run (and its undo), a VAT close and a deposit, as they were posted.
    const groups = await queryRows<{ entry: string; account: string }>(
      tx,
      sql`select l.journal_entry_id as entry, l.account_id as account from journal_lines l
            join journal_entries e on e.id = l.journal_entry_id
            join chart_of_accounts a on a.id = l.account_id and a.party_kind is not null
           where e.source_type in ('payroll_run', 'vat_close', 'tax_deposit')
              or (e.source_type = 'reversal' and exists (select 1 from journal_entries o
                    where o.id = e.source_id and o.source_type = 'payroll_run'))
           group by 1, 2 having count(*) > 1`,
    );
    for (const { entry, account } of groups) {
      await tx.execute(sql`insert into journal_lines (journal_entry_id, account_id, debit, credit, description, line_no)
        select ${entry}, ${account}, sum(debit), sum(credit), 'As posted before party ledgers', min(line_no)
          from journal_lines where journal_entry_id = ${entry} and account_id = ${account}`);
      await tx.execute(sql`delete from journal_lines where journal_entry_id = ${entry} and account_id = ${account}
                             and description is distinct from 'As posted before party ledgers'`);
    }
    // The split lines' entries are checked now (balanced, their totals kept): a table with checks pending cannot be
    // altered.
    await tx.execute(sql`set constraints all immediate`);
    await tx.execute(sql`alter table journal_lines enable trigger journal_lines_party`);
    await tx.execute(sql`alter table journal_lines enable trigger journal_lines_immutable`);
    await tx.execute(sql`update chart_of_accounts set party_kind = null where party_kind is not null`);
    // Suppliers were free text: the records go (none is named anywhere now).
    await tx.execute(sql`delete from suppliers`);
  });
}

let before: Map<string, bigint>;
let totals: Map<string, bigint>;
let manualCustomer: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "backfill-parties-"));
  await seedDatabase(getDb());
  await seedDemoBooks(getDb(), { today: TODAY });
  const ok = (result: { ok: boolean }, what: string) => expect(result.ok, what).toBe(true);

  // Payroll: September processed, paid and October processed; August processed and undone.
  for (const month of ["2026-08", "2026-09", "2026-10"])
    ok(await processPayroll(getDb(), actor, { month }, NOW), month);
  ok(
    await disburseSalaries(
      getDb(),
      actor,
      { month: "2026-09", moneyAccountId: A("1100"), date: "2026-09-30", payslipIds: [] },
      NOW,
    ),
    "disbursed",
  );
  const [august] = await queryRows<{ id: string }>(
    getDb(),
    sql`select id from payroll_runs where period_month = '2026-08-01'`,
  );
  ok(await reversePayrollRun(getDb(), actor, { runId: august!.id, reason: "Processed twice" }, NOW), "undone");

  // VDS certificates typed for two customers, closed in October's return.
  const taxRecord = (kind: string, taxType: string, accountId: string, party: string, taxableAmount: string) =>
    createTaxRecord(getDb(), actor, {
      taxType,
      kind,
      date: "2026-10-20",
      accountId,
      taxableAmount,
      taxRate: taxType === "vat" ? "15" : "10",
      reference: "",
      description: "",
      party,
      partyBin: "",
    });
  ok(await taxRecord("vat_withheld", "vat", A("1300"), "Nadia Rahman", "20000"), "vds 1");
  ok(await taxRecord("vat_withheld", "vat", A("1300"), "Radisson Blu Water Garden", "40000"), "vds 2");
  ok(await closeVatPeriod(getDb(), actor, { period: "2026-10" }, TODAY), "october closed");
  // Tax withheld from two suppliers' bills, and one challan paying more than the oldest withheld balance.
  ok(await taxRecord("income_tax_withheld", "income_tax", A("2000"), "Sound House Ltd", "10000"), "tds 1");
  ok(await taxRecord("income_tax_withheld", "income_tax", A("2000"), "Power Solutions", "5000"), "tds 2");
  ok(
    await recordTaxDeposit(getDb(), actor, {
      kind: "withholding_tax",
      challanNo: "TR-NOV-1",
      date: "2026-11-10",
      amount: "30000",
      moneyAccountId: A("1100"),
      vatPeriodId: "",
      notes: "",
    }),
    "deposit",
  );

  // A payable entered by mistake and reversed; a manual adjustment of a customer's balance.
  const payable = await createMoneyDocument(getDb(), actor, "payable", {
    date: "2026-11-02",
    type: "expense",
    category: "Maintenance",
    description: "Generator repair, entered twice",
    amount: "3300",
    paymentMethod: "bank",
    moneyAccountId: "",
    reference: "",
    status: "pending",
    party: "Power Solutions",
    dueDate: "",
  });
  ok(payable, "payable");
  if (!payable.ok) return;
  const [payableEntry] = await queryRows<{ id: string }>(
    getDb(),
    sql`select journal_entry_id as id from transactions where description = 'Generator repair, entered twice'`,
  );
  ok(await reverseEntry(getDb(), actor, { entryId: payableEntry!.id, date: "2026-11-03" }), "reversed");
  // A supplier paid, the payment voided (issue 36): the void's entry reverses the payment's, so its line mirrors it.
  const bill = await createMoneyDocument(getDb(), actor, "payable", {
    date: "2026-11-04",
    type: "expense",
    category: "Transportation",
    description: "Truck hire",
    amount: "2000",
    paymentMethod: "bank",
    moneyAccountId: "",
    reference: "",
    status: "pending",
    party: "Sound House Ltd",
    dueDate: "",
  });
  if (!bill.ok) throw new Error(bill.message);
  const paid = await settleOpenItem(getDb(), actor, {
    id: bill.id,
    date: "2026-11-05",
    paymentMethod: "bank",
    moneyAccountId: A("1100"),
    amount: "2000",
    reference: "",
  });
  if (!paid.ok) throw new Error(paid.message);
  ok(
    await voidSettlement(getDb(), actor, { id: paid.settlementId, date: "2026-11-06", reason: "Paid twice" }),
    "voided",
  );
  const [customer] = await queryRows<{ id: string }>(
    getDb(),
    sql`insert into customers (name) values ('Walk-in Adjustments') returning id`,
  );
  manualCustomer = customer!.id;
  ok(
    await createJournalEntry(
      getDb(),
      {
        id: "",
        version: "",
        entryDate: "2026-11-20",
        reference: "JV-ADJ",
        description: "Discount allowed after the event",
        status: "posted",
        lines: [
          { accountId: A("6990"), debit: "750", credit: "", description: "", party: "" },
          { accountId: A("1300"), debit: "", credit: "750", description: "", party: `customer:${manualCustomer}` },
        ],
      },
      actor,
    ),
    "manual",
  );

  before = await partyBalances();
  totals = await accountBalances();
  await asBeforePartyLedgers();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the party ledgers migration on books kept before it", () => {
  it("starts from books whose control accounts name no one", async () => {
    expect(await partyBalances()).toEqual(new Map());
    expect([...before.keys()].some((k) => k.startsWith("2200 employee"))).toBe(true);
    expect([...before.keys()].some((k) => k.startsWith("2120 employee"))).toBe(true);
    expect([...before.keys()].some((k) => k.startsWith("2120 supplier"))).toBe(true);
    expect(before.get("2300 customer Nadia Rahman")).toBe(-1_000_000n);
  });

  it("gives every line its document's party, splits what one line stood for, and marks the accounts", async () => {
    // At start-up, after the SQL migrations.
    await runMigrations(getDatabase());
    const marked = await queryRows<{ code: string; party_kind: string }>(
      getDb(),
      sql`select code, party_kind from chart_of_accounts where party_kind is not null order by code`,
    );
    expect(marked.map((a) => [a.code, a.party_kind])).toEqual([
      ["1300", "customer"],
      ["1420", "customer"],
      ["2000", "supplier"],
      ["2120", "any"],
      ["2200", "employee"],
      ["2300", "customer"],
    ]);
    expect(await accountBalances()).toEqual(totals);
    const after = await partyBalances();
    // The manual journal named its customer only on the form: no document says who, so it is the unidentified's.
    const expected = new Map(before);
    const adjusted = expected.get("1300 customer Walk-in Adjustments")!;
    expected.delete("1300 customer Walk-in Adjustments");
    expected.set(`1300 customer ${UNIDENTIFIED_PARTY}`, adjusted);
    expect(after).toEqual(expected);
    // What one line stood for is split again: October's VDS by customer, the deposit by those withheld from.
    const parts = async (source: string, code: string) =>
      queryRows<{ name: string }>(
        getDb(),
        sql`select coalesce(c.name, s.name, e.name) as name from journal_lines l
              join journal_entries j on j.id = l.journal_entry_id join chart_of_accounts a on a.id = l.account_id
              left join customers c on c.id = l.customer_id left join suppliers s on s.id = l.supplier_id
              left join employees e on e.id = l.employee_id
             where j.source_type = ${source} and a.code = ${code} order by 1`,
      );
    expect((await parts("vat_close", "1420")).map((p) => p.name)).toEqual(
      expect.arrayContaining(["Nadia Rahman", "Radisson Blu Water Garden"]),
    );
    expect((await parts("tax_deposit", "2120")).length).toBeGreaterThan(1);
    expect((await parts("payroll_run", "2200")).length).toBe(3 * 7);
    const unnamed = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from journal_lines l join chart_of_accounts a on a.id = l.account_id
           where a.code in (${sql.join(
             CONTROL.map((c) => sql`${c}`),
             sql`, `,
           )}) and l.posted
             and num_nonnulls(l.customer_id, l.supplier_id, l.employee_id) = 0`,
    );
    expect(unnamed[0]!.n).toBe(0);
    // The kept party balances are rebuilt from the lines as they now are.
    expect(await partyBalanceDrift(getDb())).toEqual([]);
    const [audit] = await queryRows<{ summary: string }>(
      getDb(),
      sql`select summary from audit_log where action = 'ledger.parties_backfilled'`,
    );
    expect(audit!.summary).toMatch(/^Party ledgers: \d+ control-account lines given their party \(1 to "Unidentified/);
  });

  it("does nothing at the next start", async () => {
    expect(await backfillParties(getDb())).toBeNull();
  });

  it("hledger finds each party's balance to the paisa", async () => {
    const ours = await queryRows<{ kind: "customer" | "employee" | "supplier"; id: string; balance: string }>(
      getDb(),
      sql`select case when customer_id is not null then 'customer' when supplier_id is not null then 'supplier'
                      else 'employee' end as kind,
                 coalesce(customer_id, supplier_id, employee_id) as id, sum(debit - credit)::text as balance
            from journal_lines where posted and num_nonnulls(customer_id, supplier_id, employee_id) = 1
           group by 1, 2`,
    );
    const theirs = hledgerPartyBalances(await exportJournal(getDb(), dir));
    if (!theirs) return;
    const expected = new Map(ours.map((r) => [hledgerPartyTag(r.kind, r.id), toPaisa(r.balance)]));
    expect(new Map([...theirs].filter(([, b]) => b !== 0n))).toEqual(
      new Map([...expected].filter(([, b]) => b !== 0n)),
    );
  });
});
