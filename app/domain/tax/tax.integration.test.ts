// Tax Management's writes (issue 22; DESIGN §10): a hand-typed tax record of each kind posting in its direction, the
// VAT return's figures and registers (output VAT from an invoice's row less a credit note's, input VAT, VDS only with
// its certificate dated in the period), closing a period (its entry, the lock, no second close, none before it ends,
// none overlapping), deposits, every refusal with its field's message and nothing written, and a document and a
// close at once on PostgreSQL. A record whose tax is 0 (a zero-rated supply) kept without an entry; a month whose
// credit notes exceed its invoices closed with negative output VAT, its net carried forward; a deposit of income tax
// withheld; two deposits of one challan at once on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import {
  accountingSettings,
  auditLog,
  chartOfAccounts,
  customerPayments,
  customers,
  journalLines,
  taxDeposits,
  taxRecords,
  vatPeriods,
} from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { balanceAt } from "~/domain/accounting/balances.server";
import { twoLines } from "~/domain/accounting/journal";
import { LEDGER_MESSAGES, postEntry } from "~/domain/accounting/ledger.server";
import { MONEY_DOCUMENT_MESSAGES } from "~/domain/accounting/money-document-form";
import type { AuditActor } from "~/domain/audit/audit.server";
import { insertSupplier } from "~/domain/purchases/suppliers.server";
import { fromPaisa } from "~/lib/money";
import { closeVatPeriod } from "./close-vat-period.server";
import { createTaxRecord } from "./create-tax-record.server";
import { recordTaxDeposit } from "./record-tax-deposit.server";
import { TAX_DEPOSIT_MESSAGES, VAT_CLOSE_MESSAGES, type TaxDepositFormValues } from "./tax-filing-form";
import { TAX_RECORD_MESSAGES as M, type TaxRecordFormValues } from "./tax-record-form";
import { writeTaxRecords } from "./tax-register.server";
import { taxReportCsv, taxReportData } from "./tax-report.server";
import { vatPeriodOf } from "./vat-period";
import { VAT_PERIOD_MESSAGES } from "./vat-period-lock.server";
import {
  purchaseRegister,
  recentTaxDeposits,
  registerTotals,
  salesRegister,
  vatReturnFigures,
} from "./vat-return.server";

const A = (code: string) => seedId(`account:${code}`);
const CASH = A("1000");
const BANK = A("1100");
const RECEIVABLE = A("1300");
const AIT = A("1400");
const VAT_INPUT = A("1410");
const VDS = A("1420");
const PAYABLE = A("2000");
const VAT_PAYABLE = A("2100");
const WITHHOLDING = A("2120");
const OTHER_TAX = A("6950");

const actor: AuditActor = { userId: null, label: "accountant@example.com", ipAddress: null, userAgent: null };
const TABLES = [
  "tax_records",
  "journal_entries",
  "journal_lines",
  "audit_log",
  "vat_periods",
  "tax_deposits",
  "suppliers",
] as const;

function record(change: Partial<TaxRecordFormValues> = {}): TaxRecordFormValues {
  return {
    taxType: "vat",
    kind: "input_vat",
    date: "2025-03-10",
    accountId: PAYABLE,
    taxableAmount: "10000",
    taxRate: "15",
    reference: "BILL-1",
    description: "",
    party: "Sound House Ltd",
    partyBin: "000123456-0101",
    ...change,
  };
}

/** Debits less credits on an account, all dates. */
const balance = (account: string) => balanceAt(getDb(), account, null);

let customerId: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  const [c] = await getDb()
    .insert(customers)
    .values({ name: "Grameen Events Ltd", bin: "001234567-0202", vatWithholding: true })
    .returning({ id: customers.id });
  customerId = c!.id;
});

/** A customer payment with VDS (a fixture: H3's use case records these), its certificate dated `certificateDate`. */
async function paymentWithVds(date: string, vds: string, certificateDate: string | null, certificateNo = "VDS-1") {
  const entryId = await getDb().transaction((tx) =>
    postEntry(tx, {
      date,
      description: "payment fixture",
      source: { type: "customer_payment" },
      lines: twoLines(VDS, RECEIVABLE, BigInt(Math.round(Number(vds) * 100))),
      party: { kind: "customer", id: customerId },
      createdBy: null,
    }),
  );
  const [row] = await getDb()
    .insert(customerPayments)
    .values({
      customerId,
      date,
      method: "bank_transfer",
      moneyAccountId: BANK,
      received: "0",
      vdsAmount: vds,
      total: vds,
      vdsCertificateNo: certificateDate ? certificateNo : null,
      vdsCertificateDate: certificateDate,
      journalEntryId: entryId,
    })
    .returning({ id: customerPayments.id });
  // The payment's own register row: dated by the payment, counted only through its certificate.
  await writeTaxRecords(getDb(), [
    {
      date,
      kind: "vat_withheld",
      accountId: VDS,
      rate: "15.00",
      taxableAmount: (Number(vds) / 0.15).toFixed(2),
      taxAmount: vds,
      reference: null,
      description: null,
      source: { type: "customer_payment", id: row!.id },
      journalEntryId: entryId,
      createdBy: null,
    },
  ]);
}

describe("a hand-typed tax record", () => {
  it.each([
    ["output_vat", "vat", RECEIVABLE, VAT_PAYABLE, "debit-chosen"],
    ["input_vat", "vat", PAYABLE, VAT_INPUT, "debit-tax"],
    ["vat_withheld", "vat", RECEIVABLE, VDS, "debit-tax"],
    ["ait", "income_tax", RECEIVABLE, AIT, "debit-tax"],
    ["income_tax_withheld", "income_tax", PAYABLE, WITHHOLDING, "debit-chosen"],
    ["other", "other", CASH, OTHER_TAX, "debit-tax"],
  ] as const)("%s posts its tax to its own account, balanced", async (kind, taxType, chosen, taxAccount, direction) => {
    const before = { chosen: await balance(chosen), tax: await balance(taxAccount) };
    const result = await createTaxRecord(
      getDb(),
      actor,
      record({
        kind,
        taxType,
        accountId: chosen,
        // Input VAT is claimed only at the standard rate (issue 37).
        taxRate: taxType === "income_tax" ? "10" : kind === "input_vat" ? "15" : "7.5",
        date: "2024-11-05",
        taxableAmount: "1234.56",
      }),
    );
    expect(result).toMatchObject({ ok: true, message: M.added });
    if (!result.ok) return;
    // 1234.56 × 7.5% = 92.592 → 92.59; × 15% = 185.184 → 185.18; × 10% = 123.456 → 123.46.
    const amount = taxType === "income_tax" ? 12_346n : kind === "input_vat" ? 18_518n : 9_259n;
    const sign = direction === "debit-tax" ? 1n : -1n;
    expect((await balance(taxAccount)) - before.tax).toBe(sign * amount);
    expect((await balance(chosen)) - before.chosen).toBe(-sign * amount);
    const [row] = await getDb().select().from(taxRecords).where(eq(taxRecords.id, result.id));
    expect(row).toMatchObject({
      kind,
      taxType,
      accountId: chosen,
      sourceType: "manual",
      journalEntryId: result.entryId,
      taxAmount: fromPaisa(amount),
    });
    const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, result.entryId!));
    expect(lines).toHaveLength(2);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(audit!.action).toBe("tax_record.created");
  });

  it("claims input VAT with the BIN on the supplier's record when none is typed, and keeps it on the row", async () => {
    await getDb().transaction((tx) => insertSupplier(tx, actor, { name: "Truss Makers Ltd", bin: "0007654320101" }));
    const before = await balance(VAT_INPUT);
    const result = await createTaxRecord(
      getDb(),
      actor,
      record({ party: "Truss Makers Ltd", partyBin: "", date: "2024-11-06", taxableAmount: "2000" }),
    );
    expect(result).toMatchObject({ ok: true, message: M.added });
    if (!result.ok) return;
    expect((await balance(VAT_INPUT)) - before).toBe(30_000n);
    const [row] = await getDb().select().from(taxRecords).where(eq(taxRecords.id, result.id));
    expect(row).toMatchObject({ kind: "input_vat", taxAmount: "300.00", partyBin: "0007654320101" });
  });
});

describe("a hand-typed record whose tax is 0", () => {
  const september = vatPeriodOf("2024-09", 1);
  const BOOKS = ["journal_entries", "journal_lines"] as const;

  it.each([
    ["a zero-rated sale at 0%", { taxableAmount: "50000", taxRate: "0", reference: "ZR-1" }, "50000.00", "0.00"],
    ["an amount too small to carry a paisa of VAT", { taxableAmount: "0.03", reference: "ZR-2" }, "0.03", "15.00"],
  ] as const)("%s is kept without posting: no entry, audited, in the register", async (_n, change, taxable, rate) => {
    const books = await tableFingerprint(BOOKS);
    const before = await vatReturnFigures(getDb(), september);
    const result = await createTaxRecord(
      getDb(),
      actor,
      record({
        kind: "output_vat",
        accountId: RECEIVABLE,
        date: "2024-09-10",
        party: "Export Buyer Ltd",
        partyBin: "",
        ...change,
      }),
    );
    expect(result).toMatchObject({ ok: true, message: M.addedUnposted, entryId: null });
    if (!result.ok) return;
    expect(await tableFingerprint(BOOKS)).toEqual(books);
    const [row] = await getDb().select().from(taxRecords).where(eq(taxRecords.id, result.id));
    expect(row).toMatchObject({
      kind: "output_vat",
      sourceType: "manual",
      journalEntryId: null,
      taxableAmount: taxable,
      taxRate: rate,
      taxAmount: "0.00",
    });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(audit).toMatchObject({ action: "tax_record.created", entityType: "tax_record" });
    expect(audit!.summary).toContain("nothing posted");
    // In the sales register with VAT 0; the return's output VAT does not move.
    const sales = await salesRegister(getDb(), september);
    expect(sales.find((r) => r.id === result.id)).toMatchObject({
      reference: change.reference,
      party: "Export Buyer Ltd",
      value: taxable,
      vat: "0.00",
    });
    expect(await vatReturnFigures(getDb(), september)).toEqual(before);
  });

  it("lists both in the sales register's CSV, and the VAT column still adds up to the return", async () => {
    const csv = taxReportCsv(await taxReportData(getDb(), september), "sales");
    expect(csv).toContain("Export Buyer Ltd,,,ZR-1,2024-09-10,50000.00,0%,0.00\r\n");
    expect(csv).toContain("Total,,,,,50000.03,,0.00\r\n");
  });

  it("obeys the lock date like one that posts", async () => {
    await getDb().update(accountingSettings).set({ lockDate: "2024-09-30" });
    try {
      const before = await tableFingerprint(TABLES);
      const result = await createTaxRecord(
        getDb(),
        actor,
        record({ kind: "output_vat", accountId: RECEIVABLE, taxRate: "0", date: "2024-09-15" }),
      );
      expect(result).toMatchObject({ ok: false, errors: { date: LEDGER_MESSAGES.locked("2024-09-30") } });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    } finally {
      await getDb().update(accountingSettings).set({ lockDate: null });
    }
  });

  it("the database keeps a hand-typed record without an entry only when its tax is 0", async () => {
    const row = (taxAmount: string) => ({
      date: "2024-09-20",
      kind: "output_vat" as const,
      accountId: RECEIVABLE,
      rate: "15.00",
      taxableAmount: "100.00",
      taxAmount,
      reference: null,
      description: null,
      source: { type: "manual" as const, id: null },
      journalEntryId: null,
      createdBy: null,
    });
    const before = await tableFingerprint(TABLES);
    const refused = await getDb()
      .transaction((tx) => writeTaxRecords(tx, [row("15.00")]))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(violatedConstraint(refused)).toBe("tax_records_manual_posted_check");
    expect(await tableFingerprint(TABLES)).toEqual(before);
    const ids = await getDb().transaction((tx) => writeTaxRecords(tx, [row("0.00")]));
    expect(ids).toHaveLength(1);
    await getDb().delete(taxRecords).where(eq(taxRecords.id, ids[0]!));
  });
});

describe("a month whose credit notes took back more VAT than its invoices charged", () => {
  const august = vatPeriodOf("2024-08", 1);

  beforeAll(async () => {
    // An invoice of July credited in August: the month's output VAT is negative.
    await writeTaxRecords(getDb(), [
      {
        date: "2024-08-06",
        kind: "output_vat",
        accountId: VAT_PAYABLE,
        rate: "15.00",
        taxableAmount: "-10000.00",
        taxAmount: "-1500.00",
        reference: "CN-2024-25-000009",
        description: null,
        party: "Grameen Events Ltd",
        source: { type: "credit_note", id: crypto.randomUUID() },
        journalEntryId: null,
        createdBy: null,
      },
    ]);
    const input = await createTaxRecord(
      getDb(),
      actor,
      record({ kind: "input_vat", accountId: PAYABLE, taxableAmount: "2000", date: "2024-08-12" }),
    );
    expect(input.ok).toBe(true);
  });

  it("closes with negative output VAT, its net a credit carried forward", async () => {
    const before = { payable: await balance(VAT_PAYABLE), input: await balance(VAT_INPUT) };
    const result = await closeVatPeriod(getDb(), actor, { period: "2024-08" }, "2024-09-05");
    expect(result).toMatchObject({ ok: true, message: VAT_CLOSE_MESSAGES.closed("August 2024", "-1800.00") });
    expect(VAT_CLOSE_MESSAGES.closed("August 2024", "-1800.00")).toContain("৳1,800.00 carried forward");
    if (!result.ok) return;
    const [period] = await getDb().select().from(vatPeriods).where(eq(vatPeriods.id, result.id));
    expect(period).toMatchObject({ outputVat: "-1500.00", inputVat: "300.00", vdsCredit: "0.00" });
    expect(period!.netPayable).toBe("-1800.00");
    // Input VAT is still set off against VAT payable; the credit stays there for the next return.
    expect((await balance(VAT_PAYABLE)) - before.payable).toBe(30_000n);
    expect((await balance(VAT_INPUT)) - before.input).toBe(-30_000n);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(audit!.summary).toContain("net ৳-1,800.00 (to carry forward)");
    const report = await taxReportData(getDb(), august);
    expect(report.closed).not.toBeNull();
    // Mushak-9.1: the credit notes are a decreasing adjustment (note 31); the net (34 = 50) is the credit, and the
    // closing balance (65) carries it to the next return.
    const csv = taxReportCsv(report, "return");
    expect(csv).toContain("6. Decreasing adjustments (VAT),31,Issuance of credit notes,,,1500.00\r\n");
    expect(csv).toContain(
      "7. Net tax calculation,34,Net payable VAT for the tax period (9C - 23B + 28 - 33),,,-1800.00\r\n",
    );
    expect(csv).toContain("7. Net tax calculation,50,Net payable VAT for treasury deposit,,,-1800.00\r\n");
    expect(csv).toContain("10. Closing balance,65,Closing balance (VAT) (58 - 50),,,1800.00\r\n");
  });
});

describe("the VAT return of a month", () => {
  const january = vatPeriodOf("2025-01", 1);
  const invoiceId = crypto.randomUUID();

  beforeAll(async () => {
    // An invoice's output VAT row and a credit note's negative one (fixtures: H1's use cases write these).
    await writeTaxRecords(getDb(), [
      {
        date: "2025-01-05",
        kind: "output_vat",
        accountId: VAT_PAYABLE,
        rate: "15.00",
        taxableAmount: "100000.00",
        taxAmount: "15000.00",
        reference: "INV-2024-25-000001",
        description: null,
        party: "Grameen Events Ltd",
        partyBin: "001234567-0202",
        source: { type: "invoice", id: invoiceId },
        journalEntryId: null,
        createdBy: null,
      },
      {
        date: "2025-01-20",
        kind: "output_vat",
        accountId: VAT_PAYABLE,
        rate: "15.00",
        taxableAmount: "-10000.00",
        taxAmount: "-1500.00",
        reference: "CN-2024-25-000001",
        description: null,
        party: "Grameen Events Ltd",
        partyBin: "001234567-0202",
        source: { type: "credit_note", id: crypto.randomUUID() },
        journalEntryId: null,
        createdBy: null,
      },
    ]);
    // Typed: output VAT on a sale not invoiced here, input VAT on a purchase, a VDS certificate typed by hand.
    for (const values of [
      record({ kind: "output_vat", accountId: CASH, taxableAmount: "2000", date: "2025-01-25", party: "Walk-in" }),
      record({ kind: "input_vat", accountId: PAYABLE, taxableAmount: "20000", date: "2025-01-15" }),
      record({
        kind: "vat_withheld",
        accountId: RECEIVABLE,
        taxableAmount: "4000",
        date: "2025-01-28",
        party: "Grameen Events Ltd",
      }),
    ])
      expect((await createTaxRecord(getDb(), actor, values)).ok).toBe(true);
    // VDS: counted with a certificate dated in January; not one dated in February, nor one without a certificate.
    await paymentWithVds("2024-12-20", "900.00", "2025-01-12", "VDS-JAN");
    await paymentWithVds("2025-01-22", "450.00", "2025-02-03", "VDS-FEB");
    await paymentWithVds("2025-01-23", "300.00", null);
  });

  it("counts output less credit notes, input, VDS with its certificate, and the credit brought forward", async () => {
    // Output: 15,000 − 1,500 + 300 = 13,800. Input: 3,000. VDS: 900 (certificate) + 600 (typed) = 1,500. August
    // 2024's credit of 1,800 comes in (issue 37): 13,800 − 3,000 − 1,500 − 1,800 = 7,500.
    expect(await vatReturnFigures(getDb(), january)).toEqual({
      outputVat: "13800.00",
      inputVat: "3000.00",
      vdsCredit: "1500.00",
      carriedIn: "1800.00",
      netPayable: "7500.00",
    });
    expect((await vatReturnFigures(getDb(), vatPeriodOf("2025-02", 1))).vdsCredit).toBe("450.00");
  });

  it("lists the sales and purchase registers, adding up to the return", async () => {
    const sales = await salesRegister(getDb(), january);
    expect(sales.map((r) => [r.reference, r.party, r.value, r.vat])).toEqual([
      ["INV-2024-25-000001", "Grameen Events Ltd", "100000.00", "15000.00"],
      ["CN-2024-25-000001", "Grameen Events Ltd", "-10000.00", "-1500.00"],
      ["BILL-1", "Walk-in", "2000.00", "300.00"],
    ]);
    expect(registerTotals(sales).vat).toBe("13800.00");
    const purchases = await purchaseRegister(getDb(), january);
    expect(purchases.map((r) => [r.party, r.bin, r.reference, r.value, r.vat])).toEqual([
      ["Sound House Ltd", "000123456-0101", "BILL-1", "20000.00", "3000.00"],
    ]);
    const csv = taxReportCsv(await taxReportData(getDb(), january), "sales");
    expect(
      csv.startsWith(
        "\uFEFFBuyer,Buyer BIN,Buyer address,Invoice / credit note,Date,Value before VAT,VAT rate,VAT\r\n",
      ),
    ).toBe(true);
    expect(csv).toContain("CN-2024-25-000001,2025-01-20,-10000.00,15%,-1500.00\r\n");
    expect(csv).toContain("Total,,,,,92000.00,,13800.00\r\n");
    const figures = taxReportCsv(await taxReportData(getDb(), january), "return");
    expect(figures).toContain("7. Net tax calculation,52,Closing balance of the last tax period (VAT),,,1800.00\r\n");
    expect(figures).toContain("7. Net tax calculation,50,Net payable VAT for treasury deposit,,,7500.00\r\n");
  });

  it("closes once the month is over: its entry offsets input VAT and VDS, and the month is locked", async () => {
    const before = { payable: await balance(VAT_PAYABLE), input: await balance(VAT_INPUT), vds: await balance(VDS) };
    const early = await closeVatPeriod(getDb(), actor, { period: "2025-01" }, "2025-01-31");
    expect(early).toMatchObject({
      ok: false,
      errors: { period: VAT_CLOSE_MESSAGES.notEnded("January 2025", "2025-01-31") },
    });

    const result = await closeVatPeriod(getDb(), actor, { period: "2025-01" }, "2025-02-10");
    expect(result).toMatchObject({ ok: true, message: VAT_CLOSE_MESSAGES.closed("January 2025", "7500.00") });
    if (!result.ok) return;
    expect((await balance(VAT_PAYABLE)) - before.payable).toBe(450_000n); // Dr 4,500
    expect((await balance(VAT_INPUT)) - before.input).toBe(-300_000n);
    expect((await balance(VDS)) - before.vds).toBe(-150_000n);
    const [period] = await getDb().select().from(vatPeriods).where(eq(vatPeriods.id, result.id));
    expect(period).toMatchObject({
      periodStart: "2025-01-01",
      periodEnd: "2025-01-31",
      outputVat: "13800.00",
      inputVat: "3000.00",
      vdsCredit: "1500.00",
      carriedIn: "1800.00",
      netPayable: "7500.00",
      journalEntryId: result.entryId,
    });

    // A VAT record dated in it is refused now; an income tax one is not VAT and still goes in.
    const snapshot = await tableFingerprint(TABLES);
    const refused = await createTaxRecord(getDb(), actor, record({ date: "2025-01-31" }));
    expect(refused).toMatchObject({
      ok: false,
      errors: { date: VAT_PERIOD_MESSAGES.closed("2025-01-01", "2025-01-31") },
      message: M.failed(VAT_PERIOD_MESSAGES.closed("2025-01-01", "2025-01-31")),
    });
    expect(await tableFingerprint(TABLES)).toEqual(snapshot);
    const ait = await createTaxRecord(
      getDb(),
      actor,
      record({ taxType: "income_tax", kind: "ait", accountId: RECEIVABLE, taxRate: "5", date: "2025-01-31" }),
    );
    expect(ait.ok).toBe(true);

    // Closed once only.
    const again = await closeVatPeriod(getDb(), actor, { period: "2025-01" }, "2025-03-01");
    expect(again).toMatchObject({ ok: false, errors: { period: VAT_CLOSE_MESSAGES.alreadyClosed("January 2025") } });
  });

  it("refuses a quarter overlapping a closed month", async () => {
    await getDb().update(accountingSettings).set({ vatPeriodMonths: 3 });
    try {
      const before = await tableFingerprint(TABLES);
      const result = await closeVatPeriod(getDb(), actor, { period: "2025-02" }, "2025-04-05");
      expect(result).toMatchObject({ ok: false, errors: { period: VAT_CLOSE_MESSAGES.overlaps("January 2025") } });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    } finally {
      await getDb().update(accountingSettings).set({ vatPeriodMonths: 1 });
    }
  });

  it("closes a month with nothing to offset without an entry", async () => {
    const result = await closeVatPeriod(getDb(), actor, { period: "2023-03" }, "2025-02-10");
    expect(result).toMatchObject({ ok: true, entryId: null });
  });
});

describe("a tax deposit", () => {
  const deposit = (change: Partial<TaxDepositFormValues> = {}): TaxDepositFormValues => ({
    kind: "vat",
    challanNo: "TR-2025-0001",
    date: "2025-02-14",
    amount: "7500",
    moneyAccountId: BANK,
    vatPeriodId: "",
    notes: "",
    ...change,
  });

  it("posts against VAT payable from the bank, once per challan and kind", async () => {
    const [january] = await getDb().select().from(vatPeriods).where(eq(vatPeriods.periodStart, "2025-01-01"));
    const before = { payable: await balance(VAT_PAYABLE), bank: await balance(BANK) };
    const result = await recordTaxDeposit(getDb(), actor, deposit({ vatPeriodId: january!.id }));
    expect(result).toMatchObject({ ok: true, message: TAX_DEPOSIT_MESSAGES.added("vat", "TR-2025-0001") });
    expect((await balance(VAT_PAYABLE)) - before.payable).toBe(750_000n);
    expect((await balance(BANK)) - before.bank).toBe(-750_000n);
    const [row] = await getDb().select().from(taxDeposits).where(eq(taxDeposits.challanNo, "TR-2025-0001"));
    expect(row).toMatchObject({ kind: "vat", amount: "7500.00", vatPeriodId: january!.id });

    // The same challan number for income tax is another challan.
    const incomeTax = await recordTaxDeposit(getDb(), actor, deposit({ kind: "income_tax", amount: "500" }));
    expect(incomeTax.ok).toBe(true);
  });

  it("pays income tax withheld from suppliers and employees: Dr withholding tax payable / Cr the bank", async () => {
    const before = {
      withholding: await balance(WITHHOLDING),
      bank: await balance(BANK),
      incomeTax: await balance(A("2110")),
      vat: await balance(VAT_PAYABLE),
    };
    // Withheld from a supplier's bill first: a deposit pays tax withheld from someone (issue 36).
    const withheld = await createTaxRecord(
      getDb(),
      actor,
      record({
        kind: "income_tax_withheld",
        taxType: "income_tax",
        taxRate: "10",
        taxableAmount: "12345",
        date: "2025-02-10",
      }),
    );
    expect(withheld.ok).toBe(true);
    before.withholding = await balance(WITHHOLDING);
    before.bank = await balance(BANK);
    // The same challan number as the VAT and the income tax deposits: a third kind, a third challan.
    const result = await recordTaxDeposit(
      getDb(),
      actor,
      deposit({ kind: "withholding_tax", amount: "1234.50", notes: "TDS on rent and salaries, January" }),
    );
    expect(result).toMatchObject({ ok: true, message: TAX_DEPOSIT_MESSAGES.added("withholding_tax", "TR-2025-0001") });
    if (!result.ok) return;
    expect((await balance(WITHHOLDING)) - before.withholding).toBe(123_450n);
    expect((await balance(BANK)) - before.bank).toBe(-123_450n);
    expect(await balance(A("2110"))).toBe(before.incomeTax);
    expect(await balance(VAT_PAYABLE)).toBe(before.vat);
    const [row] = await getDb().select().from(taxDeposits).where(eq(taxDeposits.id, result.id));
    expect(row).toMatchObject({ kind: "withholding_tax", amount: "1234.50", vatPeriodId: null });
    expect(row!.journalEntryId).toBe(result.entryId);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(audit).toMatchObject({ action: "tax_deposit.created" });
    expect(audit!.summary).toContain("Income tax withheld (TDS) deposit, challan TR-2025-0001");
    expect((await recentTaxDeposits(getDb())).find((d) => d.id === result.id)?.kind).toBe("withholding_tax");
  });
});

describe("refusals: a field message, and nothing written", () => {
  let inactive: string;
  beforeAll(async () => {
    const [row] = await getDb()
      .insert(chartOfAccounts)
      .values({ code: "2990", name: "Old Suspense", type: "liability", isActive: false })
      .returning({ id: chartOfAccounts.id });
    inactive = row!.id;
  });

  const recordCases: [string, () => TaxRecordFormValues, string, () => string][] = [
    ["no type", () => record({ taxType: "" }), "taxType", () => M.typeRequired],
    ["a kind of another type", () => record({ kind: "ait" }), "kind", () => M.kindOfOtherType("vat")],
    ["no date", () => record({ date: "" }), "date", () => M.dateRequired],
    ["a date that does not exist", () => record({ date: "2025-02-29" }), "date", () => M.dateInvalid],
    ["no account", () => record({ accountId: "" }), "accountId", () => M.accountRequired],
    [
      "an account that does not exist",
      () => record({ accountId: crypto.randomUUID() }),
      "accountId",
      () => M.accountUnknown,
    ],
    [
      "a deactivated account",
      () => record({ accountId: inactive }),
      "accountId",
      () => LEDGER_MESSAGES.accountInactive("2990", "Old Suspense"),
    ],
    [
      "the tax's own account",
      () => record({ kind: "output_vat", accountId: VAT_PAYABLE }),
      "accountId",
      () => M.accountIsTaxOwn("2100", "VAT Payable"),
    ],
    [
      "a negative taxable amount",
      () => record({ taxableAmount: "-100" }),
      "taxableAmount",
      () => "Taxable amount must be 0 or more",
    ],
    [
      "a taxable amount that is no amount",
      () => record({ taxableAmount: "ten" }),
      "taxableAmount",
      () => "Taxable amount must be an amount in taka, e.g. 1500 or 1500.50",
    ],
    ["a VAT rate not offered", () => record({ taxRate: "12" }), "taxRate", () => M.rateNotOffered("vat")],
    ["a taxable amount of 0", () => record({ taxableAmount: "0", taxRate: "0" }), "taxableAmount", () => M.zeroTaxable],
    ["an other rate over 100", () => record({ taxType: "other", taxRate: "150" }), "taxRate", () => M.rateInvalid],
    ["input VAT without its supplier", () => record({ party: "" }), "party", () => M.partyRequired],
    // Input VAT only at 15% with the supplier's 13-digit BIN, typed or on its record (issue 37).
    ["input VAT at the reduced rate", () => record({ taxRate: "7.5" }), "taxRate", () => M.inputVatReducedRate("7.50")],
    [
      "input VAT without the supplier's BIN, typed or on a record",
      () => record({ party: "Unregistered Hire", partyBin: "" }),
      "partyBin",
      () => M.inputVatBinRequired,
    ],
    [
      "input VAT with a BIN of 9 digits",
      () => record({ partyBin: "000123456" }),
      "partyBin",
      () => M.inputVatBinRequired,
    ],
    [
      "a VAT record in a closed period",
      () => record({ date: "2025-01-15" }),
      "date",
      () => VAT_PERIOD_MESSAGES.closed("2025-01-01", "2025-01-31"),
    ],
  ];

  it.each(recordCases)("a tax record with %s", async (_name, values, field, message) => {
    const before = await tableFingerprint(TABLES);
    const result = await createTaxRecord(getDb(), actor, values());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field]).toBe(message());
    expect(result.message).toBe(M.failed(message()));
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("a tax record on or before the lock date", async () => {
    await getDb().update(accountingSettings).set({ lockDate: "2024-06-30" });
    try {
      const before = await tableFingerprint(TABLES);
      const result = await createTaxRecord(getDb(), actor, record({ date: "2024-06-30" }));
      expect(result).toMatchObject({ ok: false, errors: { date: LEDGER_MESSAGES.locked("2024-06-30") } });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    } finally {
      await getDb().update(accountingSettings).set({ lockDate: null });
    }
  });

  const depositCases: [string, () => TaxDepositFormValues, string, string][] = [
    ["no challan", () => ({ ...depositOf(), challanNo: " " }), "challanNo", TAX_DEPOSIT_MESSAGES.challanRequired],
    [
      "a challan already recorded",
      () => depositOf(),
      "challanNo",
      TAX_DEPOSIT_MESSAGES.challanTaken("vat", "TR-2025-0001"),
    ],
    [
      "an amount of 0",
      () => ({ ...depositOf(), challanNo: "X-1", amount: "0" }),
      "amount",
      TAX_DEPOSIT_MESSAGES.amountPositive,
    ],
    [
      "an unknown kind",
      () => ({ ...depositOf(), challanNo: "X-2", kind: "customs" }),
      "kind",
      TAX_DEPOSIT_MESSAGES.kindRequired,
    ],
    [
      "no bank account",
      () => ({ ...depositOf(), challanNo: "X-3", moneyAccountId: "" }),
      "moneyAccountId",
      TAX_DEPOSIT_MESSAGES.accountRequired,
    ],
    [
      "a cash account",
      () => ({ ...depositOf(), challanNo: "X-4", moneyAccountId: CASH }),
      "moneyAccountId",
      MONEY_DOCUMENT_MESSAGES.accountOfOtherMethod("bank"),
    ],
    [
      "a VAT period not closed",
      () => ({ ...depositOf(), challanNo: "X-5", vatPeriodId: crypto.randomUUID() }),
      "vatPeriodId",
      TAX_DEPOSIT_MESSAGES.periodUnknown,
    ],
    [
      "income tax naming a VAT period",
      () => ({ ...depositOf(), challanNo: "X-6", kind: "income_tax", vatPeriodId: crypto.randomUUID() }),
      "vatPeriodId",
      TAX_DEPOSIT_MESSAGES.periodNotVat,
    ],
    [
      "income tax withheld naming a VAT period",
      () => ({ ...depositOf(), challanNo: "X-7", kind: "withholding_tax", vatPeriodId: crypto.randomUUID() }),
      "vatPeriodId",
      TAX_DEPOSIT_MESSAGES.periodNotVat,
    ],
    [
      "a challan of income tax withheld already recorded",
      () => ({ ...depositOf(), kind: "withholding_tax" }),
      "challanNo",
      TAX_DEPOSIT_MESSAGES.challanTaken("withholding_tax", "TR-2025-0001"),
    ],
  ];
  function depositOf(): TaxDepositFormValues {
    return {
      kind: "vat",
      challanNo: "TR-2025-0001",
      date: "2025-02-14",
      amount: "100",
      moneyAccountId: BANK,
      vatPeriodId: "",
      notes: "",
    };
  }

  it.each(depositCases)("a deposit with %s", async (_name, values, field, message) => {
    const before = await tableFingerprint(TABLES);
    const result = await recordTaxDeposit(getDb(), actor, values());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("a close naming no period", async () => {
    const before = await tableFingerprint(TABLES);
    const result = await closeVatPeriod(getDb(), actor, { period: "January" }, "2025-03-01");
    expect(result).toMatchObject({ ok: false, errors: { period: VAT_CLOSE_MESSAGES.periodRequired } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("two deposits of one challan at once", () => {
  it.skipIf(process.env.DATABASE_URL === undefined)(
    "one is recorded, the other refused naming the challan, and the books hold one (PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      const challan = "RACE-2025-01";
      const bankBefore = await balance(BANK);
      const values = {
        kind: "income_tax",
        challanNo: challan,
        date: "2025-03-15",
        amount: "700",
        moneyAccountId: BANK,
        vatPeriodId: "",
        notes: "",
      };
      // A third connection holds the settings row: both deposits find the challan free, then wait at their
      // posting (the lock date, FOR SHARE) and go on together; the second to insert meets the unique constraint.
      const blocker = await pool.connect();
      let results: Awaited<ReturnType<typeof recordTaxDeposit>>[];
      try {
        await blocker.query("begin");
        await blocker.query("select id from accounting_settings for update");
        const both = Promise.all([recordTaxDeposit(getDb(), actor, values), recordTaxDeposit(getDb(), actor, values)]);
        for (;;) {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.n >= 2) break;
          await new Promise((r) => setImmediate(r));
        }
        await blocker.query("commit");
        results = await both;
      } finally {
        blocker.release();
      }
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const refused = results.find((r) => !r.ok);
      expect(refused).toMatchObject({
        ok: false,
        errors: { challanNo: TAX_DEPOSIT_MESSAGES.challanTaken("income_tax", challan) },
        message: TAX_DEPOSIT_MESSAGES.failed(TAX_DEPOSIT_MESSAGES.challanTaken("income_tax", challan)),
      });
      const rows = await getDb().select().from(taxDeposits).where(eq(taxDeposits.challanNo, challan));
      expect(rows).toHaveLength(1);
      const [entries] = await queryRows<{ n: number }>(
        getDb(),
        sql`select count(*)::int as n from journal_entries where source_type = 'tax_deposit' and description like ${`%challan ${challan}%`}`,
      );
      expect(entries!.n).toBe(1);
      expect((await balance(BANK)) - bankBefore).toBe(-70_000n);
      const audits = await getDb().select().from(auditLog).where(eq(auditLog.entityId, rows[0]!.id));
      expect(audits).toHaveLength(1);
    },
    60_000,
  );
});

describe("a VAT document and a close at once", () => {
  it.skipIf(process.env.DATABASE_URL === undefined)(
    "never leave a document inside a closed period uncounted (20 rounds, PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      let refusedCount = 0;
      for (let round = 0; round < 20; round++) {
        const key = `${2021 - Math.floor(round / 12)}-${String((round % 12) + 1).padStart(2, "0")}`;
        // A third connection holds the settings row so the document and the close both wait on it.
        const blocker = await pool.connect();
        try {
          await blocker.query("begin");
          await blocker.query("select id from accounting_settings for update");
          const both = Promise.all([
            createTaxRecord(
              getDb(),
              actor,
              record({
                kind: "output_vat",
                accountId: RECEIVABLE,
                date: `${key}-28`,
                taxableAmount: String(1000 + round),
              }),
            ),
            closeVatPeriod(getDb(), actor, { period: key }, "2025-06-01"),
          ]);
          for (;;) {
            const { rows } = await pool.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            );
            if (rows[0]!.n >= 2) break;
            await new Promise((r) => setImmediate(r));
          }
          await blocker.query("commit");
          const [doc, close] = await both;
          expect(close.ok).toBe(true);
          if (!doc.ok) {
            refusedCount++;
            expect(doc.errors.date).toMatch(/is closed/);
          }
        } finally {
          blocker.release();
        }
      }
      // Every closed period's output VAT is exactly what the register holds inside it.
      const drift = await queryRows<{ start: string }>(
        getDb(),
        sql`select p.period_start::text as start from vat_periods p
             where p.output_vat <> coalesce((select sum(t.tax_amount) from tax_records t
                   where t.kind = 'output_vat' and t.transaction_date between p.period_start and p.period_end), 0)`,
      );
      expect(drift).toEqual([]);
      // A refused document left nothing: the rows kept are the documents that went in.
      const [kept] = await queryRows<{ n: number }>(
        getDb(),
        sql`select count(*)::int as n from tax_records where kind = 'output_vat' and transaction_date between '2020-01-01' and '2021-12-31'`,
      );
      expect(kept!.n).toBe(20 - refusedCount);
    },
    180_000,
  );
});
