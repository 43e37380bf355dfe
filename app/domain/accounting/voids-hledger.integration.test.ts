// The books after voids (issue 36, "Proof"): with open payables and receivables and tax withheld from two suppliers in
// the book, a supplier payment, a customer's receipt, a withholding challan shared among the suppliers and a typed
// output VAT record are posted, then each is voided or reversed (one payment from the General Ledger). Every account's
// balance and every party's is back where it was before them, to the paisa, and Debian's hledger, reading our export,
// finds the same balances per account and per party (its `party` tags).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJournal, hledgerBalances, hledgerPartyBalances } from "../../../tests/support/report-checks";
import { getDb, queryRows } from "~/db/client.server";
import { chartOfAccounts, users } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { fromPaisa, toPaisa } from "~/lib/money";
import type { AuditActor } from "../audit/audit.server";
import { createTaxRecord } from "../tax/create-tax-record.server";
import { recordTaxDeposit } from "../tax/record-tax-deposit.server";
import { reverseTaxDeposit } from "../tax/reverse-tax-deposit.server";
import { reverseTaxRecord } from "../tax/reverse-tax-record.server";
import type { TaxRecordFormValues } from "../tax/tax-record-form";
import { balancesAt } from "./balances.server";
import { createMoneyDocument } from "./create-money-document.server";
import { hledgerAccountName, hledgerPartyTag } from "./hledger.server";
import { reverseEntry } from "./reverse-entry.server";
import { settleOpenItem } from "./settle-open-item.server";
import { voidSettlement } from "./void-settlement.server";

const BANK = seedId("account:1100");
const RECEIVABLE = seedId("account:1300");
const PAYABLE = seedId("account:2000");
let actor: AuditActor;
let dir: string;

function taxRecord(change: Partial<TaxRecordFormValues>): TaxRecordFormValues {
  return {
    taxType: "income_tax",
    kind: "income_tax_withheld",
    date: "2025-11-03",
    accountId: PAYABLE,
    taxableAmount: "10000",
    taxRate: "10",
    reference: "",
    description: "",
    party: "Banani Trucks",
    partyBin: "",
    ...change,
  };
}

async function ok<T extends { ok: boolean; message: string }>(result: Promise<T>): Promise<T & { ok: true }> {
  const done = await result;
  if (!done.ok) throw new Error(done.message);
  return done as T & { ok: true };
}

const openItem = (kind: "payable" | "receivable", party: string, amount: string) =>
  ok(
    createMoneyDocument(getDb(), actor, kind, {
      date: "2025-11-01",
      type: kind === "payable" ? "expense" : "income",
      category: kind === "payable" ? "Transportation" : "Equipment Rental",
      description: "",
      amount,
      paymentMethod: "bank",
      moneyAccountId: "",
      reference: "",
      status: "pending",
      party,
      dueDate: "2025-11-30",
    }),
  );

const settle = (id: string, amount: string) =>
  ok(
    settleOpenItem(getDb(), actor, {
      id,
      date: "2025-11-05",
      paymentMethod: "bank",
      moneyAccountId: BANK,
      amount,
      reference: "",
    }),
  );

/** Every party's balance (debits less credits) by its hledger tag, zero left out. */
async function partyBalances(): Promise<Map<string, string>> {
  const rows = await queryRows<{ kind: "customer" | "supplier" | "employee"; id: string; balance: string }>(
    getDb(),
    sql`select case when customer_id is not null then 'customer' when supplier_id is not null then 'supplier'
                    else 'employee' end as kind,
               coalesce(customer_id, supplier_id, employee_id) as id, sum(debit - credit)::text as balance
          from journal_lines where posted and num_nonnulls(customer_id, supplier_id, employee_id) = 1
         group by 1, 2`,
  );
  return new Map(
    rows
      .filter((r) => toPaisa(r.balance) !== 0n)
      .map((r) => [hledgerPartyTag(r.kind, r.id), fromPaisa(toPaisa(r.balance))]),
  );
}

async function accountBalances(): Promise<Map<string, string>> {
  const ours = await balancesAt(getDb(), "all", null);
  return new Map([...ours].filter(([, b]) => b !== 0n).map(([id, b]) => [id, fromPaisa(b)]));
}

let before: { accounts: Map<string, string>; parties: Map<string, string> };

beforeAll(async () => {
  await seedDatabase(getDb());
  dir = mkdtempSync(path.join(os.tmpdir(), "utsab-voids-hledger-"));
  const [user] = await getDb()
    .insert(users)
    .values({ name: "Nasrin Accountant", email: "nasrin.hledger@example.com", role: "accountant" })
    .returning({ id: users.id });
  actor = { userId: user!.id, label: "nasrin.hledger@example.com", ipAddress: null, userAgent: null };

  // What stands: a supplier's bill, a customer's receivable, tax withheld from two suppliers.
  const bill = await openItem("payable", "Banani Trucks", "12000.00");
  const rental = await openItem("receivable", "Nadia Rahman", "7500.00");
  const other = await openItem("payable", "Sound House Ltd", "900.00");
  await ok(createTaxRecord(getDb(), actor, taxRecord({})));
  await ok(createTaxRecord(getDb(), actor, taxRecord({ party: "Sound House Ltd", taxableAmount: "5000" })));
  before = { accounts: await accountBalances(), parties: await partyBalances() };

  // What is taken back: each posted, then voided or reversed.
  const paid = await settle(bill.id, "12000.00");
  const received = await settle(rental.id, "2500.00");
  const otherPaid = await settle(other.id, "900.00");
  const challan = await ok(
    recordTaxDeposit(getDb(), actor, {
      kind: "withholding_tax",
      challanNo: "TDS-NOV",
      date: "2025-11-06",
      amount: "1500",
      moneyAccountId: BANK,
      vatPeriodId: "",
      notes: "",
    }),
  );
  const vat = await ok(
    createTaxRecord(
      getDb(),
      actor,
      taxRecord({
        taxType: "vat",
        kind: "output_vat",
        accountId: RECEIVABLE,
        taxRate: "15",
        party: "Nadia Rahman",
        date: "2025-11-04",
      }),
    ),
  );
  const reason = "Taken back for the proof";
  await ok(voidSettlement(getDb(), actor, { id: paid.settlementId, date: "2025-11-10", reason }));
  await ok(voidSettlement(getDb(), actor, { id: received.settlementId, date: "2025-11-10", reason }));
  await ok(reverseEntry(getDb(), actor, { entryId: otherPaid.entryId, date: "2025-11-10" }));
  await ok(reverseTaxDeposit(getDb(), actor, { id: challan.id, date: "2025-11-11", reason }));
  await ok(reverseTaxRecord(getDb(), actor, { id: vat.id, date: "2025-11-12", reason }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the book after voids and reversals", () => {
  it("has every account's and every party's balance back where it was before them", async () => {
    expect(before.parties.size).toBe(3);
    expect(await accountBalances()).toEqual(before.accounts);
    expect(await partyBalances()).toEqual(before.parties);
  });

  it("agrees with hledger, reading the export: every account and every party, to the paisa", async () => {
    const file = await exportJournal(getDb(), dir);
    const theirs = hledgerBalances(file, null);
    if (!theirs) return;
    const names = new Map(
      (await getDb().select().from(chartOfAccounts)).map((a) => [hledgerAccountName(a.code, a.name), a.id]),
    );
    const compared = new Map<string, string>();
    for (const [name, amount] of theirs) if (amount !== 0n) compared.set(names.get(name)!, fromPaisa(amount));
    expect(compared).toEqual(await accountBalances());

    const parties = hledgerPartyBalances(file)!;
    expect(new Map([...parties].filter(([, b]) => b !== 0n).map(([tag, b]) => [tag, fromPaisa(b)]))).toEqual(
      await partyBalances(),
    );
  });
});
