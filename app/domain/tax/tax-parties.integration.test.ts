import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { chartOfAccounts } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { loadAccountingSettings, saveAccountingSettings } from "~/domain/accounting/accounting-settings.server";
import { ACCOUNTING_SETTINGS_MESSAGES } from "~/domain/accounting/accounting-settings-form";
import { postEntry } from "~/domain/accounting/ledger.server";
import { twoLines } from "~/domain/accounting/journal";
import type { AuditActor } from "~/domain/audit/audit.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { closeVatPeriod } from "./close-vat-period.server";
import { createTaxRecord } from "./create-tax-record.server";
import { recordTaxDeposit } from "./record-tax-deposit.server";
import { TAX_DEPOSIT_MESSAGES } from "./tax-filing-form";
import { TAX_RECORD_MESSAGES, type TaxRecordFormValues } from "./tax-record-form";

// Tax on the party ledgers (issue 36): a hand-typed tax record on a control account names its party, a VAT close
// credits each customer's VDS with their own certificates, and one withholding tax challan is shared among the
// people it was withheld from, oldest first, never beyond what is owed. Settings > Accounting keeps a control role's
// new account by party, or says why it cannot.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const A = (code: string) => seedId(`account:${code}`);
const TABLES = ["tax_records", "journal_entries", "journal_lines", "audit_log", "tax_deposits", "customers"] as const;

const record = (change: Partial<TaxRecordFormValues>): TaxRecordFormValues => ({
  taxType: "vat",
  kind: "vat_withheld",
  date: "2025-04-10",
  accountId: A("1300"),
  taxableAmount: "10000",
  taxRate: "15",
  reference: "",
  description: "",
  party: "",
  partyBin: "",
  ...change,
});

/** Each line of the entry on `code`: its amounts and the name of its party. */
async function linesOn(entryId: string, code: string) {
  return queryRows<{ name: string; debit: string; credit: string }>(
    getDb(),
    sql`select coalesce(c.name, s.name, e.name) as name, l.debit::text, l.credit::text from journal_lines l
          join chart_of_accounts a on a.id = l.account_id
          left join customers c on c.id = l.customer_id left join suppliers s on s.id = l.supplier_id
          left join employees e on e.id = l.employee_id
         where l.journal_entry_id = ${entryId} and a.code = ${code} order by l.line_no, 1`,
  );
}

let employeeName: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  const [employee] = await queryRows<{ name: string }>(getDb(), sql`select name from employees order by name limit 1`);
  employeeName = employee!.name;
});

describe("a hand-typed tax record on a control account", () => {
  it("is refused without its party, naming the field, and writes nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const result = await createTaxRecord(getDb(), actor, record({}));
    expect(result).toMatchObject({
      ok: false,
      errors: {
        party: TAX_RECORD_MESSAGES.controlPartyRequired("1420", "VAT Deducted at Source (VDS)", "customer"),
      },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("names the customer typed on both control lines, added when new", async () => {
    const result = await createTaxRecord(getDb(), actor, record({ party: "Summit Events Ltd" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await linesOn(result.entryId!, "1420")).toEqual([
      { name: "Summit Events Ltd", debit: "1500.00", credit: "0.00" },
    ]);
    expect(await linesOn(result.entryId!, "1300")).toEqual([
      { name: "Summit Events Ltd", debit: "0.00", credit: "1500.00" },
    ]);
  });

  it("names an employee only as one is named so: withheld from salaries payable", async () => {
    const values = record({
      taxType: "income_tax",
      kind: "income_tax_withheld",
      accountId: A("2200"),
      taxRate: "10",
      party: "Nobody Of That Name",
    });
    const before = await tableFingerprint(TABLES);
    expect(await createTaxRecord(getDb(), actor, values)).toMatchObject({
      ok: false,
      errors: { party: TAX_RECORD_MESSAGES.employeeUnknown("Nobody Of That Name") },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    const result = await createTaxRecord(getDb(), actor, { ...values, party: employeeName.toUpperCase() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await linesOn(result.entryId!, "2200")).toEqual([{ name: employeeName, debit: "1000.00", credit: "0.00" }]);
    expect(await linesOn(result.entryId!, "2120")).toEqual([{ name: employeeName, debit: "0.00", credit: "1000.00" }]);
  });
});

describe("a VAT close", () => {
  it("credits each customer's VDS with their own certificates", async () => {
    for (const [party, amount] of [
      ["Summit Events Ltd", "20000"],
      ["Bengal Weddings", "40000"],
      ["Summit Events Ltd", "2000"],
    ] as const)
      expect(
        (await createTaxRecord(getDb(), actor, record({ date: "2025-05-12", party, taxableAmount: amount }))).ok,
      ).toBe(true);
    const closed = await closeVatPeriod(getDb(), actor, { period: "2025-05" }, "2025-06-02");
    expect(closed.ok).toBe(true);
    if (!closed.ok) return;
    expect(await linesOn(closed.entryId!, "1420")).toEqual(
      expect.arrayContaining([
        { name: "Summit Events Ltd", debit: "0.00", credit: "3300.00" },
        { name: "Bengal Weddings", debit: "0.00", credit: "6000.00" },
      ]),
    );
    expect(await linesOn(closed.entryId!, "1420")).toHaveLength(2);
  });
});

describe("a withholding tax deposit", () => {
  const deposit = (amount: string, challanNo: string) =>
    recordTaxDeposit(getDb(), actor, {
      kind: "withholding_tax",
      challanNo,
      date: "2025-07-15",
      amount,
      moneyAccountId: A("1100"),
      vatPeriodId: "",
      notes: "",
    });

  beforeAll(async () => {
    for (const [party, date, amount] of [
      ["Karim Transport", "2025-07-01", "10000"],
      ["Padma Printers", "2025-07-05", "20000"],
    ] as const)
      expect(
        (
          await createTaxRecord(
            getDb(),
            actor,
            record({
              taxType: "income_tax",
              kind: "income_tax_withheld",
              accountId: A("2000"),
              taxRate: "10",
              date,
              party,
              taxableAmount: amount,
            }),
          )
        ).ok,
      ).toBe(true);
  });

  it("pays those withheld from, oldest first", async () => {
    // The employee's ৳1,000 withheld in April is the oldest; then Karim's ৳1,000; then ৳500 of Padma's ৳2,000.
    const result = await deposit("2500", "TDS-JUL-1");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await linesOn(result.entryId, "2120")).toEqual([
      { name: employeeName, debit: "1000.00", credit: "0.00" },
      { name: "Karim Transport", debit: "1000.00", credit: "0.00" },
      { name: "Padma Printers", debit: "500.00", credit: "0.00" },
    ]);
  });

  it("is refused beyond what is still owed, naming the amount, and writes nothing", async () => {
    const before = await tableFingerprint(TABLES);
    expect(await deposit("1500.01", "TDS-JUL-2")).toMatchObject({
      ok: false,
      errors: { amount: TAX_DEPOSIT_MESSAGES.moreThanWithheld("৳1,500.00", "2025-07-15") },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect((await deposit("1500", "TDS-JUL-2")).ok).toBe(true);
  });
});

describe("Settings > Accounting", () => {
  const save = async (roles: Record<string, string>) => {
    const page = await loadAccountingSettings(getDb());
    return saveAccountingSettings(getDb(), { ...page.values, roles: { ...page.values.roles, ...roles } }, actor);
  };

  it("refuses a control role on an account whose postings name no party, naming the role", async () => {
    // 1350 Advances to Suppliers, with a line that names no one.
    await getDb().transaction((tx) =>
      postEntry(tx, {
        date: "2025-08-01",
        description: "Advance paid",
        source: { type: "manual" },
        lines: twoLines(A("1350"), A("1100"), 10_000n),
        createdBy: null,
      }),
    );
    const result = await save({ receivable: A("1350") });
    expect(result).toMatchObject({
      ok: false,
      errors: {
        "role.receivable": ACCOUNTING_SETTINGS_MESSAGES.controlAccountUnnamedLines(
          "Accounts receivable",
          "1350",
          "Advances to Suppliers",
          "customer",
        ),
      },
    });
  });

  it("keeps a control role's new account by its kind of party", async () => {
    const [account] = await getDb()
      .insert(chartOfAccounts)
      .values({ code: "1310", name: "Receivable - Corporate", type: "asset" })
      .returning({ id: chartOfAccounts.id });
    expect(await save({ receivable: account!.id })).toMatchObject({ ok: true });
    const [marked] = await getDb().select().from(chartOfAccounts).where(eq(chartOfAccounts.id, account!.id));
    expect(marked!.partyKind).toBe("customer");
    // The cash account cannot keep customers.
    expect(await save({ receivable: A("1000") })).toMatchObject({
      ok: false,
      errors: {
        "role.receivable": ACCOUNTING_SETTINGS_MESSAGES.controlAccountMoney(
          "Accounts receivable",
          "1000",
          "Cash in Hand",
        ),
      },
    });
  });
});
