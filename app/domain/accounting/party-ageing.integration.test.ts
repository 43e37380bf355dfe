import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { seedDemoBooks } from "~/db/seed/demo-books.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { listCustomers } from "~/domain/sales/customers.server";
import { CUSTOMER_LIST } from "~/domain/sales/customer-list";
import { parseList } from "~/lib/list-params";
import { fromPaisa, toPaisa } from "~/lib/money";
import { AGE_BUCKET_KEYS } from "./ageing";
import { createJournalEntry } from "./create-journal-entry.server";
import { partyAgeing } from "./party-ageing.server";
import { findParty, partyBalance, partyStatement } from "./party-ledger.server";

// One source for what each party owes (issue 36): the demo books (invoices, payments with VDS and AIT, credit notes,
// receivables and payables settled in part, a reversal), an unpaid payroll and a manual adjustment of a customer. The
// ageing of customers, suppliers and employees adds up to their control accounts' balances to the paisa; each party's
// buckets and on-account amount add up to their balance; a customer's balance is the same figure on the ageing, their
// statement, their balance and the Customers list.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const TODAY = "2026-11-25";
const A = (code: string) => seedId(`account:${code}`);

/** Debits less credits of accounts, by code. */
async function balanceOf(codes: string[]): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    getDb(),
    sql`select coalesce(sum(l.debit - l.credit), 0)::text as balance from journal_lines l
          join chart_of_accounts a on a.id = l.account_id
         where l.posted and a.code in (${sql.join(
           codes.map((c) => sql`${c}`),
           sql`, `,
         )})`,
  );
  return toPaisa(row!.balance);
}

let nadia: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  await seedDemoBooks(getDb(), { today: TODAY });
  expect(await processPayroll(getDb(), actor, { month: "2026-10" }, new Date(`${TODAY}T06:00:00Z`))).toMatchObject({
    ok: true,
  });
  const [customer] = await queryRows<{ id: string }>(
    getDb(),
    sql`select id from customers where name = 'Nadia Rahman'`,
  );
  nadia = customer!.id;
  const adjusted = await createJournalEntry(
    getDb(),
    {
      id: "",
      version: "",
      entryDate: "2026-11-20",
      reference: "JV-ADJ",
      description: "Discount allowed after the wedding",
      status: "posted",
      lines: [
        { accountId: A("6990"), debit: "750", credit: "", description: "", party: "" },
        { accountId: A("1300"), debit: "", credit: "750", description: "", party: `customer:${nadia}` },
      ],
    },
    actor,
  );
  expect(adjusted.ok).toBe(true);
});

describe("ageing by party, from the ledger", () => {
  it("adds up to the control accounts' balances to the paisa, and each party's columns to their balance", async () => {
    const cases = [
      ["customer", ["1300", "2300"], 1n],
      ["supplier", ["2000"], -1n],
      ["employee", ["2200"], -1n],
    ] as const;
    for (const [kind, codes, sign] of cases) {
      const ageing = await partyAgeing(getDb(), kind, TODAY);
      expect(ageing.rows.length, kind).toBeGreaterThan(1);
      expect(toPaisa(ageing.totals.total), kind).toBe(sign * (await balanceOf([...codes])));
      for (const row of ageing.rows) {
        const columns = [...AGE_BUCKET_KEYS, "onAccount"] as const;
        const sum = columns.reduce((s, c) => s + toPaisa(row.amounts[c]), 0n);
        expect(fromPaisa(sum), `${kind} ${row.name}`).toBe(row.amounts.total);
        expect(toPaisa(row.amounts.total), `${kind} ${row.name}`).toBe(
          sign * (await partyBalance(getDb(), { kind, id: row.id })),
        );
      }
      for (const key of [...AGE_BUCKET_KEYS, "onAccount"] as const)
        expect(toPaisa(ageing.totals[key])).toBe(ageing.rows.reduce((s, r) => s + toPaisa(r.amounts[key]), 0n));
    }
  });

  it("ages invoices and receivables by their due dates, and puts what no document explains on account", async () => {
    const ageing = await partyAgeing(getDb(), "customer", TODAY);
    // Every customer with an invoice still owed has it in a bucket by its due date.
    const owed = await queryRows<{ customer_id: string; due_date: string; open: string }>(
      getDb(),
      sql`select customer_id, due_date::text, (total - paid_amount - credited_amount)::text as open from invoices
           where status = 'issued' and total - paid_amount - credited_amount <> 0`,
    );
    expect(owed.length).toBeGreaterThan(0);
    for (const invoice of owed) {
      const row = ageing.rows.find((r) => r.id === invoice.customer_id)!;
      const buckets = AGE_BUCKET_KEYS.reduce((s, k) => s + toPaisa(row.amounts[k]), 0n);
      expect(buckets).toBeGreaterThanOrEqual(toPaisa(invoice.open));
    }
    // Nadia's ৳750 discount and her ৳10,000 advance are on account: no open document is behind them.
    const row = ageing.rows.find((r) => r.id === nadia)!;
    expect(row.amounts.onAccount).toBe(fromPaisa(-1_075_000n));
  });

  it("lists the employees owed October's salaries, each unpaid payslip in its bucket", async () => {
    const ageing = await partyAgeing(getDb(), "employee", TODAY);
    const slips = await queryRows<{ employee_id: string; net: string }>(
      getDb(),
      sql`select employee_id, net::text from payslips where status = 'pending'`,
    );
    expect(ageing.rows).toHaveLength(slips.length);
    for (const slip of slips) {
      const row = ageing.rows.find((r) => r.id === slip.employee_id)!;
      // Due on October 31: 25 days overdue on November 25.
      expect(row.amounts).toMatchObject({ "1-30": slip.net, onAccount: "0.00", total: slip.net });
      expect(row.oldestAge).toBe(25);
    }
  });

  it("gives each customer one balance: the ageing's, the statement's, the ledger's and the Customers list's", async () => {
    const ageing = await partyAgeing(getDb(), "customer", TODAY);
    const list = await listCustomers(
      getDb(),
      parseList(CUSTOMER_LIST, new URL("http://x/admin/customers?sort=name&dir=asc")),
      true,
    );
    for (const row of ageing.rows) {
      const party = (await findParty(getDb(), { kind: "customer", id: row.id }))!;
      const statement = await partyStatement(getDb(), party, { from: "2000-01-01", to: TODAY });
      expect(statement.closing, row.name).toBe(row.amounts.total);
      expect(fromPaisa(await partyBalance(getDb(), { kind: "customer", id: row.id })), row.name).toBe(
        row.amounts.total,
      );
      const listed = list.rows.find((r) => r.id === row.id);
      if (listed) expect(listed.money!.owes, row.name).toBe(row.amounts.total);
    }
    // A page of the largest balances: the same rows, largest first, and the same totals and count.
    const page = await partyAgeing(getDb(), "customer", TODAY, { limit: 3 });
    const largest = [...ageing.rows]
      .sort((a, b) => Math.abs(Number(b.amounts.total)) - Math.abs(Number(a.amounts.total)))
      .slice(0, 3);
    expect(page.rows).toEqual(largest);
    expect(page.totals).toEqual(ageing.totals);
    expect(page.count).toBe(ageing.rows.length);
    // One of them narrowed to itself, as a customer's page reads it.
    const one = await partyAgeing(getDb(), "customer", TODAY, { partyId: nadia });
    expect(one.rows).toEqual([ageing.rows.find((r) => r.id === nadia)]);
  });
});
