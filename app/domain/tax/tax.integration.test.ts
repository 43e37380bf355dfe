// Tax Management's writes (issue 22; DESIGN §10): a hand-typed tax record of each kind posting in its direction, the
// VAT return's figures and registers (output VAT from an invoice's row less a credit note's, input VAT, VDS only with
// its certificate dated in the period), closing a period (its entry, the lock, no second close, none before it ends,
// none overlapping), deposits, every refusal with its field's message and nothing written, and a document and a
// close at once on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
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
import { closeVatPeriod } from "./close-vat-period.server";
import { createTaxRecord } from "./create-tax-record.server";
import { recordTaxDeposit } from "./record-tax-deposit.server";
import { TAX_DEPOSIT_MESSAGES, VAT_CLOSE_MESSAGES, type TaxDepositFormValues } from "./tax-filing-form";
import { TAX_RECORD_MESSAGES as M, type TaxRecordFormValues } from "./tax-record-form";
import { writeTaxRecords } from "./tax-register.server";
import { taxReportCsv, taxReportData } from "./tax-report.server";
import { vatPeriodOf } from "./vat-period";
import { VAT_PERIOD_MESSAGES } from "./vat-period-lock.server";
import { purchaseRegister, registerTotals, salesRegister, vatReturnFigures } from "./vat-return.server";

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
const SALARIES_PAYABLE = A("2200");

const actor: AuditActor = { userId: null, label: "accountant@example.com", ipAddress: null, userAgent: null };
const TABLES = ["tax_records", "journal_entries", "journal_lines", "audit_log", "vat_periods", "tax_deposits"] as const;

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
    ["income_tax_withheld", "income_tax", SALARIES_PAYABLE, WITHHOLDING, "debit-chosen"],
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
        taxRate: taxType === "income_tax" ? "10" : "7.5",
        date: "2024-11-05",
        taxableAmount: "1234.56",
      }),
    );
    expect(result).toMatchObject({ ok: true, message: M.added });
    if (!result.ok) return;
    // 1234.56 × 7.5% = 92.592 → 92.59; × 10% = 123.456 → 123.46.
    const amount = taxType === "income_tax" ? 12_346n : 9_259n;
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
      taxAmount: taxType === "income_tax" ? "123.46" : "92.59",
    });
    const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, result.entryId));
    expect(lines).toHaveLength(2);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(audit!.action).toBe("tax_record.created");
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
      record({ kind: "vat_withheld", accountId: RECEIVABLE, taxableAmount: "4000", date: "2025-01-28", party: "" }),
    ])
      expect((await createTaxRecord(getDb(), actor, values)).ok).toBe(true);
    // VDS: counted with a certificate dated in January; not one dated in February, nor one without a certificate.
    await paymentWithVds("2024-12-20", "900.00", "2025-01-12", "VDS-JAN");
    await paymentWithVds("2025-01-22", "450.00", "2025-02-03", "VDS-FEB");
    await paymentWithVds("2025-01-23", "300.00", null);
  });

  it("counts output less credit notes, input, and VDS with its certificate", async () => {
    // Output: 15,000 − 1,500 + 300 = 13,800. Input: 3,000. VDS: 900 (certificate) + 600 (typed) = 1,500.
    expect(await vatReturnFigures(getDb(), january)).toEqual({
      outputVat: "13800.00",
      inputVat: "3000.00",
      vdsCredit: "1500.00",
      netPayable: "9300.00",
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
    expect(figures).toContain("Net VAT payable,9300.00\r\n");
  });

  it("closes once the month is over: its entry offsets input VAT and VDS, and the month is locked", async () => {
    const before = { payable: await balance(VAT_PAYABLE), input: await balance(VAT_INPUT), vds: await balance(VDS) };
    const early = await closeVatPeriod(getDb(), actor, { period: "2025-01" }, "2025-01-31");
    expect(early).toMatchObject({
      ok: false,
      errors: { period: VAT_CLOSE_MESSAGES.notEnded("January 2025", "2025-01-31") },
    });

    const result = await closeVatPeriod(getDb(), actor, { period: "2025-01" }, "2025-02-10");
    expect(result).toMatchObject({ ok: true, message: VAT_CLOSE_MESSAGES.closed("January 2025", "9300.00") });
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
      netPayable: "9300.00",
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
    amount: "9300",
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
    expect((await balance(VAT_PAYABLE)) - before.payable).toBe(930_000n);
    expect((await balance(BANK)) - before.bank).toBe(-930_000n);
    const [row] = await getDb().select().from(taxDeposits).where(eq(taxDeposits.challanNo, "TR-2025-0001"));
    expect(row).toMatchObject({ kind: "vat", amount: "9300.00", vatPeriodId: january!.id });

    // The same challan number for income tax is another challan.
    const incomeTax = await recordTaxDeposit(getDb(), actor, deposit({ kind: "income_tax", amount: "500" }));
    expect(incomeTax.ok).toBe(true);
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
    ["a zero rate", () => record({ taxRate: "0" }), "taxRate", () => M.zeroTax],
    ["an other rate over 100", () => record({ taxType: "other", taxRate: "150" }), "taxRate", () => M.rateInvalid],
    ["input VAT without its supplier", () => record({ party: "" }), "party", () => M.partyRequired],
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
      TAX_DEPOSIT_MESSAGES.periodOfIncomeTax,
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
