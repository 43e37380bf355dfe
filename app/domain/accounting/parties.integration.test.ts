import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { chartOfAccounts, customers, journalLines, suppliers } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { mergeCustomers } from "~/domain/sales/customers.server";
import { recordCustomerPayment } from "~/domain/sales/record-customer-payment.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { toPaisa } from "~/lib/money";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { exportJournal, hledgerPartyBalances, partyBalanceDrift } from "../../../tests/support/report-checks";
import { customerFor, insertIssuedInvoice } from "../../../tests/support/sales-document-fixtures";
import { createMoneyDocument } from "./create-money-document.server";
import { hledgerPartyTag } from "./hledger.server";
import { twoLines } from "./journal";
import { postDraft } from "./journal-entry-rules.server";
import { LEDGER_MESSAGES, postEntry, PostingRefused, writeEntry } from "./ledger.server";
import { settleOpenItem } from "./settle-open-item.server";

// Parties on the ledger (issue 36): a line on a control account carries its customer, supplier or employee, a line
// on another account none; the posting code refuses otherwise naming the line, and the database refuses whatever
// writes. Documents post their party; a customer merged moves their lines; hledger finds each party's balance.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const RECEIVABLE = seedId("account:1300");
const VAT_WITHHELD = seedId("account:1420");
const ADVANCES = seedId("account:2300");
const WITHHOLDING_PAYABLE = seedId("account:2120");
const PAYABLE = seedId("account:2000");
const SALARIES_PAYABLE = seedId("account:2200");
const RENTAL_INCOME = seedId("account:4000");
const today = todayInDhaka();
let dir: string;

/** The message and constraint of what the database threw. */
async function refusal(run: () => Promise<unknown>): Promise<{ constraint?: string }> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause ?? (error as { constraint?: string });
    return { constraint: cause.constraint };
  }
  throw new Error("not refused");
}

/** A line written straight to the table, as a hand-made query would. */
const rawLine = (entryId: string, accountId: string, party: { customerId?: string; employeeId?: string } = {}) =>
  getDb()
    .insert(journalLines)
    .values({ journalEntryId: entryId, accountId, debit: "10.00", credit: "0", ...party });

async function anyPostedEntry(): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    getDb(),
    sql`select id from journal_entries where status = 'posted' limit 1`,
  );
  return row!.id;
}

beforeAll(async () => {
  await seedDatabase(getDb());
  dir = mkdtempSync(path.join(os.tmpdir(), "parties-"));
  // The control accounts the documents below post to, marked while they have no lines yet.
  await getDb()
    .update(chartOfAccounts)
    .set({ partyKind: "customer" })
    .where(inArray(chartOfAccounts.id, [RECEIVABLE, ADVANCES, VAT_WITHHELD]));
  await getDb().update(chartOfAccounts).set({ partyKind: "employee" }).where(eq(chartOfAccounts.id, SALARIES_PAYABLE));
  await getDb().update(chartOfAccounts).set({ partyKind: "any" }).where(eq(chartOfAccounts.id, WITHHOLDING_PAYABLE));
  await getDb().update(chartOfAccounts).set({ partyKind: "supplier" }).where(eq(chartOfAccounts.id, PAYABLE));
  await getDb().transaction((tx) =>
    postEntry(tx, {
      date: today,
      description: "Cash sale",
      source: { type: "manual" },
      lines: twoLines(CASH, RENTAL_INCOME, 1_000_00n),
      createdBy: null,
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the database's rules", () => {
  it("refuses a party on a line of an account that is not a control account", async () => {
    const customerId = await customerFor(getDb(), "rules@example.com");
    expect(await refusal(async () => rawLine(await anyPostedEntry(), CASH, { customerId }))).toMatchObject({
      constraint: "journal_lines_party_on_control_account",
    });
  });

  it("refuses two parties on one line", async () => {
    const customerId = await customerFor(getDb(), "two@example.com");
    const employeeId = await insertEmployee("Two Parties");
    expect(
      await refusal(async () => rawLine(await anyPostedEntry(), RECEIVABLE, { customerId, employeeId })),
    ).toMatchObject({
      constraint: "journal_lines_one_party_check",
    });
  });

  it("refuses to make an account a control account while its posted lines name no party", async () => {
    await getDb().transaction(async (tx) => {
      await postEntry(tx, {
        date: today,
        description: "A line on the bank with no party",
        source: { type: "manual" },
        lines: twoLines(BANK, RENTAL_INCOME, 100n),
        createdBy: null,
      });
    });
    expect(
      await refusal(() =>
        getDb().update(chartOfAccounts).set({ partyKind: "customer" }).where(eq(chartOfAccounts.id, BANK)),
      ),
    ).toMatchObject({ constraint: "chart_of_accounts_party_kind_lines" });
  });

  it("on a control account: the posting code names the line without a party, the database refuses it too", async () => {
    const [account] = await getDb()
      .insert(chartOfAccounts)
      .values({ code: "1390", name: "Staff loans", type: "asset", partyKind: "employee" })
      .returning({ id: chartOfAccounts.id });
    const employeeId = await insertEmployee("Loan Taker");
    const customerId = await customerFor(getDb(), "not-an-employee@example.com");
    const post = (party?: { kind: "employee" | "customer"; id: string }) =>
      getDb().transaction((tx) =>
        postEntry(tx, {
          date: today,
          description: "A staff loan",
          source: { type: "manual" },
          ...(party ? { party } : {}),
          lines: twoLines(account!.id, CASH, 5_000_00n),
          createdBy: null,
        }),
      );

    await expect(post()).rejects.toEqual(
      new PostingRefused({ "lines.0.party": LEDGER_MESSAGES.partyMissing("1390", "Staff loans", "employee") }),
    );
    await expect(post({ kind: "customer", id: customerId })).rejects.toEqual(
      new PostingRefused({ "lines.0.party": LEDGER_MESSAGES.partyWrongKind("1390", "Staff loans", "employee") }),
    );
    const entryId = await post({ kind: "employee", id: employeeId });
    const lines = await getDb()
      .select({ accountId: journalLines.accountId, employeeId: journalLines.employeeId })
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, entryId));
    // The entry's party goes on the control account's line only, not on the cash line.
    expect(lines).toEqual(
      expect.arrayContaining([
        { accountId: account!.id, employeeId },
        { accountId: CASH, employeeId: null },
      ]),
    );
    expect(await refusal(() => rawLine(entryId, account!.id))).toMatchObject({
      constraint: "journal_lines_control_account_party",
    });

    // A draft (the General Ledger's) may lack it, but is refused at posting, naming the line.
    const draftId = await getDb().transaction((tx) =>
      writeEntry(
        tx,
        {
          date: today,
          description: "A staff loan, drafted",
          source: { type: "manual" },
          lines: twoLines(CASH, account!.id, 1_000_00n),
          createdBy: null,
        },
        "draft",
      ),
    );
    await expect(getDb().transaction((tx) => postDraft(tx, { id: draftId, entryDate: today }))).rejects.toEqual(
      new PostingRefused({ "lines.1.party": LEDGER_MESSAGES.partyMissing("1390", "Staff loans", "employee") }),
    );
  });
});

describe("documents post their party", () => {
  it("a customer's payment names them on the receivable; a payroll names each employee on salaries payable", async () => {
    const invoice = await insertIssuedInvoice("payer@example.com", { buyerName: "Payer One" });
    const paid = await recordCustomerPayment(getDb(), actor, {
      customerId: invoice.customerId,
      date: today,
      method: "bank_transfer",
      methodReference: "",
      moneyAccountId: BANK,
      received: "1000.00",
      vdsAmount: "",
      aitRate: "",
      notes: "",
      allocations: [{ invoiceId: invoice.id, amount: "1000.00" }],
    });
    expect(paid).toMatchObject({ ok: true });
    const receivable = await getDb()
      .select({ customerId: journalLines.customerId, credit: journalLines.credit })
      .from(journalLines)
      .where(sql`${journalLines.accountId} = ${RECEIVABLE} and ${journalLines.credit} > 0`);
    expect(receivable).toContainEqual({ customerId: invoice.customerId, credit: "1000.00" });

    const first = await insertEmployee("Rahim Uddin");
    const second = await insertEmployee("Karim Hossain");
    const run = await processPayroll(getDb(), actor, { month: "2026-10" }, new Date("2026-11-05T06:00:00Z"));
    expect(run).toMatchObject({ ok: true });
    if (!run.ok) return;
    const owed = await getDb()
      .select({ employeeId: journalLines.employeeId, credit: journalLines.credit })
      .from(journalLines)
      .where(sql`${journalLines.journalEntryId} = ${run.entryId} and ${journalLines.accountId} = ${SALARIES_PAYABLE}`);
    expect(owed.map((l) => l.employeeId)).toEqual(expect.arrayContaining([first, second]));
    expect(owed.every((l) => l.employeeId !== null)).toBe(true);
    const net = owed.reduce((sum, l) => sum + toPaisa(l.credit), 0n);
    expect(net).toBe(toPaisa(run.net));
  });

  it("a payable names its typed supplier (found or added), a receivable its customer, and each settlement the same", async () => {
    const bill = (party: string, type: "expense" | "income", amount: string) =>
      createMoneyDocument(getDb(), actor, type === "expense" ? "payable" : "receivable", {
        date: today,
        type,
        category: type === "expense" ? "Transportation" : "Equipment Rental",
        description: "",
        amount,
        paymentMethod: "bank",
        moneyAccountId: "",
        reference: "",
        status: "pending",
        party,
        dueDate: today,
      });
    const first = await bill("Banani Trucks", "expense", "12000.00");
    const second = await bill("  banani TRUCKS ", "expense", "3000.00");
    const owed = await bill("Nadia & Arif Wedding", "income", "309000.00");
    for (const created of [first, second, owed]) expect(created, JSON.stringify(created)).toMatchObject({ ok: true });
    if (!first.ok || !second.ok || !owed.ok) return;
    const named = await getDb()
      .select()
      .from(suppliers)
      .where(sql`lower(${suppliers.name}) = 'banani trucks'`);
    expect(named).toHaveLength(1);
    const partyLines = async (entryId: string) =>
      getDb()
        .select({ supplierId: journalLines.supplierId, customerId: journalLines.customerId })
        .from(journalLines)
        .where(
          sql`${journalLines.journalEntryId} = ${entryId} and num_nonnulls(${journalLines.supplierId}, ${journalLines.customerId}) = 1`,
        );
    expect(await partyLines(first.entryId)).toEqual([{ supplierId: named[0]!.id, customerId: null }]);
    expect(await partyLines(second.entryId)).toEqual([{ supplierId: named[0]!.id, customerId: null }]);
    const [customer] = await getDb().select().from(customers).where(eq(customers.name, "Nadia & Arif Wedding"));
    expect(await partyLines(owed.entryId)).toEqual([{ supplierId: null, customerId: customer!.id }]);

    const settled = await settleOpenItem(getDb(), actor, {
      id: first.id,
      date: today,
      paymentMethod: "bank",
      moneyAccountId: BANK,
      amount: "5000.00",
      reference: "",
    });
    expect(settled).toMatchObject({ ok: true });
    if (settled.ok) expect(await partyLines(settled.entryId)).toEqual([{ supplierId: named[0]!.id, customerId: null }]);
  });

  it("a merged customer's lines move to the kept record", async () => {
    const keep = await customerFor(getDb(), "keep@example.com", "Kept Customer");
    const duplicate = await customerFor(getDb(), "duplicate@example.com", "Duplicate Customer");
    await getDb().transaction((tx) =>
      postEntry(tx, {
        date: today,
        description: "Opening balance of the duplicate",
        source: { type: "manual" },
        party: { kind: "customer", id: duplicate },
        lines: twoLines(RECEIVABLE, RENTAL_INCOME, 2_500_00n),
        createdBy: null,
      }),
    );
    const merged = await mergeCustomers(getDb(), actor, { keepId: keep, duplicateId: duplicate }, "admin");
    expect(merged).toMatchObject({ ok: true });
    const lines = await getDb()
      .select({ customerId: journalLines.customerId })
      .from(journalLines)
      .where(eq(journalLines.customerId, duplicate));
    expect(lines).toEqual([]);
    const [{ n }] = (await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from journal_lines where customer_id = ${keep}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    // Nothing else of a posted line moves: not to a customer the duplicate was not merged into.
    const other = await customerFor(getDb(), "other@example.com");
    expect(
      await refusal(() =>
        getDb().update(journalLines).set({ customerId: other }).where(eq(journalLines.customerId, keep)),
      ),
    ).toMatchObject({ constraint: "journal_entry_posted_immutable" });
  });

  it("hledger, reading the export, finds each party's balance to the paisa", async () => {
    const ours = await queryRows<{ kind: "customer" | "employee" | "supplier"; id: string; balance: string }>(
      getDb(),
      sql`select case when customer_id is not null then 'customer' when supplier_id is not null then 'supplier'
                      else 'employee' end as kind,
                 coalesce(customer_id, supplier_id, employee_id) as id, sum(debit - credit)::text as balance
            from journal_lines where posted and num_nonnulls(customer_id, supplier_id, employee_id) = 1
           group by 1, 2`,
    );
    expect(ours.length).toBeGreaterThan(3);
    // The kept balances followed every posting and the merge (issue 36: party_balances).
    expect(await partyBalanceDrift(getDb())).toEqual([]);
    const file = await exportJournal(getDb(), dir);
    const theirs = hledgerPartyBalances(file);
    if (!theirs) return;
    const expected = new Map(ours.map((r) => [hledgerPartyTag(r.kind, r.id), toPaisa(r.balance)]));
    expect(new Map([...theirs].filter(([, b]) => b !== 0n))).toEqual(
      new Map([...expected].filter(([, b]) => b !== 0n)),
    );
  });
});
