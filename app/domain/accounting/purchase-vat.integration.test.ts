// A purchase entered with VAT (issue 22; DESIGN §10 "purchase with VAT"): a completed expense and a payable whose
// amount includes VAT post Dr expense (gross − VAT), Dr input VAT / Cr money or payable (gross), write their input VAT
// row of the tax register, and count in the VAT return's input VAT and the purchase register. Only at 15% with the
// supplier's 13-digit BIN, typed or on its record (issue 37): at 7.5% or 5% the expense takes the whole amount and no
// row is written; at 15% without a BIN it is refused, naming the BIN, and nothing is written. A closed VAT period
// refuses one, naming the date, and nothing is written. Reversing its entry in the General Ledger takes the row out
// of the register; refused (nothing written) while the purchase's VAT period is closed, or dated in a closed one.
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb } from "~/db/client.server";
import { journalLines, taxRecords, transactions } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { insertSupplier } from "~/domain/purchases/suppliers.server";
import { closeVatPeriod } from "~/domain/tax/close-vat-period.server";
import { VAT_PERIOD_MESSAGES } from "~/domain/tax/vat-period-lock.server";
import { purchaseRegister, registerTotals, vatReturnFigures } from "~/domain/tax/vat-return.server";
import { createMoneyDocument } from "./create-money-document.server";
import { loadTransactionDetails } from "./transaction-details.server";
import { MONEY_DOCUMENT_MESSAGES, type MoneyDocumentFormValues } from "./money-document-form";
import { REVERSE_MESSAGES, reverseEntry } from "./reverse-entry.server";

const A = (code: string) => seedId(`account:${code}`);
const BANK = A("1100");
const VAT_INPUT = A("1410");
const PAYABLE = A("2000");
const MAINTENANCE = A("5100");

const actor: AuditActor = { userId: null, label: "accountant@example.com", ipAddress: null, userAgent: null };
const TABLES = [
  "transactions",
  "tax_records",
  "journal_entries",
  "journal_lines",
  "audit_log",
  "vat_periods",
  "suppliers",
] as const;

function purchase(change: Partial<MoneyDocumentFormValues> = {}): MoneyDocumentFormValues {
  return {
    date: "2025-05-10",
    type: "expense",
    category: "Maintenance",
    description: "Generator service",
    amount: "11500",
    paymentMethod: "bank",
    moneyAccountId: BANK,
    reference: "PS-2025-118",
    status: "completed",
    party: "Power Solutions Ltd",
    dueDate: "",
    vatRate: "15",
    partyBin: "000123456-0101",
    ...change,
  };
}

const linesOf = (entryId: string) =>
  getDb()
    .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .where(eq(journalLines.journalEntryId, entryId))
    .orderBy(asc(journalLines.lineNo));

const taxRowsOf = (transactionId: string) =>
  getDb()
    .select()
    .from(taxRecords)
    .where(and(eq(taxRecords.sourceType, "transaction"), eq(taxRecords.sourceId, transactionId)));

const MAY = { start: "2025-05-01", end: "2025-05-31" };

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("a purchase entered with VAT", () => {
  let paidId: string;
  let paidEntry: string;

  it("a completed expense: Dr expense gross − VAT, Dr input VAT / Cr bank gross, and its input VAT row", async () => {
    const result = await createMoneyDocument(getDb(), actor, "transaction", purchase());
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    paidId = result.id;
    paidEntry = result.entryId;
    expect(await linesOf(result.entryId)).toEqual([
      { accountId: MAINTENANCE, debit: "10000.00", credit: "0.00" },
      { accountId: VAT_INPUT, debit: "1500.00", credit: "0.00" },
      { accountId: BANK, debit: "0.00", credit: "11500.00" },
    ]);
    const [doc] = await getDb().select().from(transactions).where(eq(transactions.id, result.id));
    expect(doc).toMatchObject({ amount: "11500.00", status: "completed", party: "Power Solutions Ltd" });
    const rows = await taxRowsOf(result.id);
    expect(rows).toHaveLength(1);
    expect((await loadTransactionDetails(getDb(), result.id))!.vat).toEqual({
      rate: "15.00",
      value: "10000.00",
      vat: "1500.00",
      partyBin: "0001234560101",
    });
    expect(rows[0]).toMatchObject({
      transactionDate: "2025-05-10",
      kind: "input_vat",
      taxType: "vat",
      accountId: MAINTENANCE,
      taxRate: "15.00",
      taxableAmount: "10000.00",
      taxAmount: "1500.00",
      referenceNo: "PS-2025-118",
      party: "Power Solutions Ltd",
      partyBin: "0001234560101",
      sourceType: "transaction",
      sourceId: result.id,
      journalEntryId: result.entryId,
    });
  });

  it("a payable at 7.5%: its VAT (৳69.77 of ৳1,000) is not claimable, so the expense takes the whole amount", async () => {
    const result = await createMoneyDocument(
      getDb(),
      actor,
      "payable",
      purchase({
        date: "2025-05-20",
        amount: "1000",
        vatRate: "7.5",
        partyBin: "000123456-0101",
        status: "pending",
        moneyAccountId: "",
        dueDate: "2025-06-20",
        reference: "SUP-77",
        party: "Clean Co",
      }),
    );
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(await linesOf(result.entryId)).toEqual([
      { accountId: MAINTENANCE, debit: "1000.00", credit: "0.00" },
      { accountId: PAYABLE, debit: "0.00", credit: "1000.00" },
    ]);
    expect(await taxRowsOf(result.id)).toEqual([]);
    expect((await loadTransactionDetails(getDb(), result.id))!.vat).toBeNull();
  });

  it("a completed expense at 5% without a BIN: the whole amount is the expense, no input VAT", async () => {
    const result = await createMoneyDocument(
      getDb(),
      actor,
      "transaction",
      purchase({ date: "2025-05-21", amount: "1050", vatRate: "5", partyBin: "", reference: "TRUNC-5" }),
    );
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(await linesOf(result.entryId)).toEqual([
      { accountId: MAINTENANCE, debit: "1050.00", credit: "0.00" },
      { accountId: BANK, debit: "0.00", credit: "1050.00" },
    ]);
    expect(await taxRowsOf(result.id)).toEqual([]);
  });

  it.each([
    ["a completed expense", "transaction", {}],
    ["a payable naming a new supplier", "payable", { status: "pending", moneyAccountId: "", party: "No Bin Traders" }],
  ] as const)(
    "refuses %s at 15%% without the supplier's BIN, naming the BIN, and writes nothing",
    async (_l, kind, change) => {
      const before = await tableFingerprint(TABLES);
      const result = await createMoneyDocument(getDb(), actor, kind, purchase({ partyBin: "", ...change }));
      expect(result).toMatchObject({
        ok: false,
        refusal: "invalid",
        errors: { partyBin: MONEY_DOCUMENT_MESSAGES.vatBinRequired },
      });
      expect(MONEY_DOCUMENT_MESSAGES.vatBinRequired).toMatch(
        /^Supplier's BIN is required to claim VAT at 15%.*Mushak-6\.3/,
      );
      expect(await tableFingerprint(TABLES)).toEqual(before);
    },
  );

  it("refuses a BIN of 9 digits at 15%: the claim wants the 13 its Mushak-6.3 prints", async () => {
    const before = await tableFingerprint(TABLES);
    const result = await createMoneyDocument(getDb(), actor, "transaction", purchase({ partyBin: "000123456" }));
    expect(result).toMatchObject({ ok: false, errors: { partyBin: MONEY_DOCUMENT_MESSAGES.vatBinRequired } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("claims at 15% with the BIN on the supplier's record when none is typed, and keeps it on the row", async () => {
    await getDb().transaction((tx) => insertSupplier(tx, actor, { name: "Rigging House", bin: "0004567890303" }));
    const result = await createMoneyDocument(
      getDb(),
      actor,
      "payable",
      purchase({
        date: "2025-05-22",
        party: "  rigging house ",
        partyBin: "",
        status: "pending",
        moneyAccountId: "",
        amount: "2300",
        reference: "RH-1",
      }),
    );
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(await linesOf(result.entryId)).toEqual([
      { accountId: MAINTENANCE, debit: "2000.00", credit: "0.00" },
      { accountId: VAT_INPUT, debit: "300.00", credit: "0.00" },
      { accountId: PAYABLE, debit: "0.00", credit: "2300.00" },
    ]);
    expect(await taxRowsOf(result.id)).toMatchObject([
      { taxRate: "15.00", taxableAmount: "2000.00", taxAmount: "300.00", partyBin: "0004567890303" },
    ]);
  });

  it("a 0% purchase: two lines and a register row with VAT 0", async () => {
    const result = await createMoneyDocument(
      getDb(),
      actor,
      "transaction",
      purchase({ date: "2025-05-25", vatRate: "0", amount: "500" }),
    );
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(await linesOf(result.entryId)).toEqual([
      { accountId: MAINTENANCE, debit: "500.00", credit: "0.00" },
      { accountId: BANK, debit: "0.00", credit: "500.00" },
    ]);
    expect(await taxRowsOf(result.id)).toMatchObject([{ taxRate: "0.00", taxableAmount: "500.00", taxAmount: "0.00" }]);
  });

  it("an expense without VAT writes no tax row, and income is unchanged", async () => {
    const plain = await createMoneyDocument(getDb(), actor, "transaction", purchase({ vatRate: "", partyBin: "" }));
    expect(plain).toMatchObject({ ok: true });
    if (plain.ok) {
      expect(await linesOf(plain.entryId)).toHaveLength(2);
      expect(await taxRowsOf(plain.id)).toEqual([]);
    }
    const income = await createMoneyDocument(
      getDb(),
      actor,
      "transaction",
      purchase({ type: "income", category: "Equipment Rental", vatRate: "", partyBin: "" }),
    );
    expect(income).toMatchObject({ ok: true });
    if (income.ok) {
      expect(await linesOf(income.entryId)).toEqual([
        { accountId: BANK, debit: "11500.00", credit: "0.00" },
        { accountId: A("4000"), debit: "0.00", credit: "11500.00" },
      ]);
      expect(await taxRowsOf(income.id)).toEqual([]);
    }
  });

  it("is in the VAT return's input VAT and in the purchase register of its period", async () => {
    // The reduced-rate purchases are in neither: their VAT is in their cost.
    const figures = await vatReturnFigures(getDb(), MAY);
    expect(figures.inputVat).toBe("1800.00");
    const register = await purchaseRegister(getDb(), MAY);
    expect(register.map((r) => [r.date, r.party, r.bin, r.reference, r.value, r.vat, r.rate])).toEqual([
      ["2025-05-10", "Power Solutions Ltd", "0001234560101", "PS-2025-118", "10000.00", "1500.00", "15.00"],
      ["2025-05-22", "rigging house", "0004567890303", "RH-1", "2000.00", "300.00", "15.00"],
      ["2025-05-25", "Power Solutions Ltd", "0001234560101", "PS-2025-118", "500.00", "0.00", "0.00"],
    ]);
    expect(registerTotals(register).vat).toBe(figures.inputVat);
  });

  it("reversing its entry keeps its row and takes the VAT back with an opposite row, out of the return", async () => {
    const [original] = await taxRowsOf(paidId);
    const result = await reverseEntry(getDb(), actor, { entryId: paidEntry, date: "2025-05-28" });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    // The record is kept (nothing posted is deleted); the reversal's row undoes it in the reversal's period.
    expect(await taxRowsOf(paidId)).toEqual([original]);
    const taken = await getDb().select().from(taxRecords).where(eq(taxRecords.sourceId, original!.id));
    expect(taken).toMatchObject([
      {
        sourceType: "reversal",
        transactionDate: "2025-05-28",
        kind: original!.kind,
        taxRate: "15.00",
        taxableAmount: "-10000.00",
        taxAmount: "-1500.00",
        journalEntryId: result.reversalId,
      },
    ]);
    const [doc] = await getDb().select().from(transactions).where(eq(transactions.id, paidId));
    expect(doc!.status).toBe("cancelled");
    const figures = await vatReturnFigures(getDb(), MAY);
    expect(figures.inputVat).toBe("300.00");
    expect(registerTotals(await purchaseRegister(getDb(), MAY)).vat).toBe(figures.inputVat);
  });
});

describe("a closed VAT period", () => {
  let juneId: string;
  let juneEntry: string;

  beforeAll(async () => {
    const june = await createMoneyDocument(getDb(), actor, "transaction", purchase({ date: "2025-06-15" }));
    if (!june.ok) throw new Error(june.message);
    juneId = june.id;
    juneEntry = june.entryId;
    // The June return: the purchase's input VAT set off against VAT payable, the period locked.
    const closed = await closeVatPeriod(getDb(), actor, { period: "2025-06" }, "2025-07-05");
    expect(closed).toMatchObject({ ok: true });
  });

  it.each([
    ["a completed expense", "transaction", {}],
    ["a payable", "payable", { status: "pending", moneyAccountId: "" }],
  ] as const)("refuses %s with VAT dated in it, naming the date, and writes nothing", async (_label, kind, change) => {
    const before = await tableFingerprint(TABLES);
    const result = await createMoneyDocument(getDb(), actor, kind, purchase({ date: "2025-06-20", ...change }));
    const message = VAT_PERIOD_MESSAGES.closed("2025-06-01", "2025-06-30");
    expect(result).toMatchObject({ ok: false, errors: { date: message } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("still takes an expense without VAT dated in it (only VAT-bearing documents are locked)", async () => {
    const result = await createMoneyDocument(
      getDb(),
      actor,
      "transaction",
      purchase({ date: "2025-06-20", vatRate: "", partyBin: "" }),
    );
    expect(result).toMatchObject({ ok: true });
  });

  it("takes a reduced-rate purchase dated in it: its VAT is a cost, no VAT line or register row", async () => {
    const result = await createMoneyDocument(
      getDb(),
      actor,
      "transaction",
      purchase({ date: "2025-06-21", vatRate: "7.5" }),
    );
    expect(result).toMatchObject({ ok: true });
  });

  it("refuses reversing a purchase whose VAT was in it, and writes nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const result = await reverseEntry(getDb(), actor, { entryId: juneEntry, date: "2025-07-10" });
    const message = REVERSE_MESSAGES.vatPeriodClosed("2025-06-15", "2025-06-01", "2025-06-30");
    expect(result).toMatchObject({ ok: false, refusal: "conflict", message, errors: { date: message } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect(await taxRowsOf(juneId)).toHaveLength(1);
  });

  it("refuses a reversal dated inside it, naming the date, and writes nothing", async () => {
    const may = await createMoneyDocument(getDb(), actor, "transaction", purchase({ date: "2025-05-30" }));
    if (!may.ok) throw new Error(may.message);
    // May is still open; the reversal's own date falls in the closed June.
    const before = await tableFingerprint(TABLES);
    const result = await reverseEntry(getDb(), actor, { entryId: may.entryId, date: "2025-06-10" });
    expect(result).toMatchObject({
      ok: false,
      errors: { date: VAT_PERIOD_MESSAGES.closed("2025-06-01", "2025-06-30") },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});
