import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { customers, journalEntries, journalLines, vatPeriods } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { balanceAt } from "~/domain/accounting/balances.server";
import type { JournalSource } from "~/domain/accounting/constants";
import { twoLines } from "~/domain/accounting/journal";
import { assertEntryWritable } from "~/domain/accounting/journal-entry-rules.server";
import { postEntry, PostingRefused } from "~/domain/accounting/ledger.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { closeVatPeriod } from "./close-vat-period.server";
import { createTaxRecord } from "./create-tax-record.server";
import { recordTaxDeposit } from "./record-tax-deposit.server";
import { netVatText } from "./tax-filing-form";
import type { TaxRecordFormValues } from "./tax-record-form";
import { writeTaxRecords } from "./tax-register.server";
import { taxReportCsv, taxReportData } from "./tax-report.server";
import { vatPeriodOf } from "./vat-period";
import { VAT_PERIOD_MESSAGES } from "./vat-period-lock.server";
import { closedVatPeriods, vatReturnFigures } from "./vat-return.server";

// Issue 37, money errors 1 and 2. October closed at −৳2,340 "to carry forward"; November's return still asked
// ৳25,500 and October's credit stayed to carry forward for ever. The credit of a return comes into the next one
// (Mushak-9.1's previous closing balance), so what is asked to pay is what VAT payable holds in the ledger. And a
// month whose input VAT is negative (a purchase reversed after its month) closes, its set-off entry balanced.

const A = (code: string) => seedId(`account:${code}`);
const BANK = A("1100");
const RECEIVABLE = A("1300");
const VAT_INPUT = A("1410");
const VDS = A("1420");
const PAYABLE = A("2000");
const VAT_PAYABLE = A("2100");
const actor: AuditActor = { userId: null, label: "accountant@example.com", ipAddress: null, userAgent: null };

/** What VAT payable holds (credits less debits), in paisa. */
const vatPayable = async () => -(await balanceAt(getDb(), VAT_PAYABLE, null));

function typed(change: Partial<TaxRecordFormValues>): TaxRecordFormValues {
  return {
    taxType: "vat",
    kind: "input_vat",
    date: "2026-10-10",
    accountId: PAYABLE,
    taxableAmount: "15600",
    taxRate: "15",
    reference: "BILL-1",
    description: "",
    party: "Sound House Ltd",
    partyBin: "000123456-0101",
    ...change,
  };
}

let customerName: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  const [customer] = await getDb()
    .insert(customers)
    .values({ name: "Grameen Events Ltd", bin: "001234567-0202", vatWithholding: true })
    .returning({ name: customers.name });
  customerName = customer!.name;
});

describe("a VAT credit carried forward", () => {
  it("comes into the next return, which then asks what VAT payable holds, and is marked carried", async () => {
    // October: purchases only, ৳2,340 of input VAT: a credit.
    expect((await createTaxRecord(getDb(), actor, typed({}))).ok).toBe(true);
    const october = await closeVatPeriod(getDb(), actor, { period: "2026-10" }, "2026-11-05");
    expect(october).toMatchObject({ ok: true });

    // November: ৳25,500 of output VAT. Its return brings October's credit in.
    const sale = typed({
      kind: "output_vat",
      date: "2026-11-20",
      accountId: RECEIVABLE,
      taxableAmount: "170000",
      reference: "INV-1",
      party: customerName,
      partyBin: "001234567-0202",
    });
    expect((await createTaxRecord(getDb(), actor, sale)).ok).toBe(true);
    const november = vatPeriodOf("2026-11", 1);
    expect(await vatReturnFigures(getDb(), november)).toEqual({
      outputVat: "25500.00",
      inputVat: "0.00",
      vdsCredit: "0.00",
      carriedIn: "2340.00",
      netPayable: "23160.00",
    });
    const closed = await closeVatPeriod(getDb(), actor, { period: "2026-11" }, "2026-12-07");
    expect(closed).toMatchObject({ ok: true });
    if (!closed.ok || !october.ok) return;

    // What the return asks is what the ledger owes the treasury, to the paisa.
    expect(await vatPayable()).toBe(2_316_000n);
    const periods = await closedVatPeriods(getDb());
    const [nov, oct] = periods;
    expect(nov).toMatchObject({ label: "November 2026", carriedIn: "2340.00", netPayable: "23160.00" });
    expect(oct).toMatchObject({ label: "October 2026", netPayable: "-2340.00", carriedInto: "November 2026" });
    expect(netVatText(oct!.netPayable, oct!.carriedInto)).toBe("৳-2,340.00 (carried to November 2026)");
    // A closed return keeps what it brought forward; October's credit comes into no later one again.
    expect((await vatReturnFigures(getDb(), november)).carriedIn).toBe("2340.00");
    expect((await vatReturnFigures(getDb(), vatPeriodOf("2026-12", 1))).carriedIn).toBe("0.00");
    const report = await taxReportData(getDb(), november);
    expect(taxReportCsv(report, "return")).toContain(
      "7. Net tax calculation,52,Closing balance of the last tax period (VAT),,,2340.00\r\n",
    );

    // Paying what it asks leaves VAT payable at nothing.
    const deposit = (amount: string, challanNo: string) =>
      recordTaxDeposit(getDb(), actor, {
        kind: "vat",
        challanNo,
        date: "2026-12-07",
        amount,
        moneyAccountId: BANK,
        vatPeriodId: closed.id,
        notes: "",
      });
    expect(await deposit("23160.00", "TR-2")).toMatchObject({ ok: true });
    expect(await vatPayable()).toBe(0n);
    expect((await closedVatPeriods(getDb()))[0]).toMatchObject({ netPayable: "23160.00", deposited: "23160.00" });
    // The return names the challan (note 58) and closes at nothing (note 65).
    const paid = (await taxReportData(getDb(), november)).form;
    expect(paid.deposits).toEqual([{ challanNo: "TR-2", date: "2026-12-07", amount: "23160.00" }]);
    expect(paid).toMatchObject({ netPayable: "23160.00", deposited: "23160.00", closingBalance: "0.00" });
  });
});

describe("a closed VAT period in the database", () => {
  // October 2026 was closed above.
  const CASH = A("1000");
  const RENT = A("6100");
  const entry = (lines: [string, string], source: JournalSource = "manual") =>
    getDb().transaction((tx) =>
      postEntry(tx, {
        date: "2026-10-15",
        description: "dated inside October",
        source: { type: source },
        lines: twoLines(lines[0], lines[1], 10_000n),
        createdBy: null,
      }),
    );

  it("refuses a posted line on a VAT account dated inside it, by the posting code and by the database", async () => {
    await expect(entry([CASH, VAT_PAYABLE])).rejects.toEqual(
      new PostingRefused({ date: VAT_PERIOD_MESSAGES.closed("2026-10-01", "2026-10-31") }),
    );
    // A General Ledger entry, even a draft, is told on its own date field.
    await expect(
      getDb().transaction((tx) => assertEntryWritable(tx, "2026-10-15", twoLines(CASH, VAT_PAYABLE, 10_000n))),
    ).rejects.toEqual(new PostingRefused({ entryDate: VAT_PERIOD_MESSAGES.closed("2026-10-01", "2026-10-31") }));
    // Whatever writes it straight into the tables, the commit is refused.
    const raw = await getDb()
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(journalEntries)
          .values({
            entryDate: "2026-10-15",
            description: "typed into the table",
            status: "posted",
            sourceType: "manual",
            total: "100.00",
            postedAt: new Date(),
          })
          .returning({ id: journalEntries.id });
        await tx.insert(journalLines).values([
          { journalEntryId: row!.id, accountId: CASH, debit: "100.00", credit: "0", lineNo: 0 },
          { journalEntryId: row!.id, accountId: VAT_PAYABLE, debit: "0", credit: "100.00", lineNo: 1 },
        ]);
      })
      .then(
        () => null,
        (error: unknown) => violatedConstraint(error),
      );
    expect(raw).toBe("journal_entry_closed_vat_period");
  });

  it("lets through what carries no VAT, and a treasury deposit", async () => {
    expect(await entry([RENT, CASH])).toMatch(/^[0-9a-f-]{36}$/);
    expect(await entry([VAT_PAYABLE, BANK], "tax_deposit")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("a month whose input VAT is negative", () => {
  it("closes, with VDS in it too, its set-off entry balanced and its net as the ledger has it", async () => {
    // May 2025: a purchase with ৳1,500 of VAT, its reversal dated 2 June; and ৳600 of VDS certified in June.
    await writeTaxRecords(getDb(), [
      {
        date: "2025-06-02",
        kind: "input_vat",
        accountId: VAT_INPUT,
        rate: "15.00",
        taxableAmount: "-10000.00",
        taxAmount: "-1500.00",
        reference: "REV-BILL-9",
        description: null,
        party: "Sound House Ltd",
        source: { type: "reversal", id: crypto.randomUUID() },
        journalEntryId: null,
        createdBy: null,
      },
    ]);
    const certified = typed({
      kind: "vat_withheld",
      date: "2025-06-15",
      accountId: RECEIVABLE,
      taxableAmount: "4000",
      reference: "VDS-7",
      party: customerName,
      partyBin: "001234567-0202",
    });
    expect((await createTaxRecord(getDb(), actor, certified)).ok).toBe(true);
    const before = { payable: await vatPayable(), input: await balanceAt(getDb(), VAT_INPUT, null) };
    const result = await closeVatPeriod(getDb(), actor, { period: "2025-06" }, "2025-07-10");
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    const [row] = await getDb().select().from(vatPeriods).where(eq(vatPeriods.id, result.id));
    expect(row).toMatchObject({ outputVat: "0.00", inputVat: "-1500.00", vdsCredit: "600.00", netPayable: "900.00" });
    const lines = await getDb()
      .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, result.entryId!));
    expect(lines).toEqual(
      expect.arrayContaining([
        { accountId: VAT_PAYABLE, debit: "0.00", credit: "900.00" },
        { accountId: VAT_INPUT, debit: "1500.00", credit: "0.00" },
        { accountId: VDS, debit: "0.00", credit: "600.00" },
      ]),
    );
    expect(lines).toHaveLength(3);
    expect((await vatPayable()) - before.payable).toBe(90_000n);
    expect((await balanceAt(getDb(), VAT_INPUT, null)) - before.input).toBe(150_000n);
  });
});
