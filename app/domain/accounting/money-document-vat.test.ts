import { describe, expect, it } from "vitest";
import { entryTotals, type EntryLine } from "./journal";
import {
  MONEY_DOCUMENT_MESSAGES as M,
  parseMoneyDocumentForm,
  readMoneyDocumentForm,
  type MoneyDocumentFormValues,
  type MoneyDocumentKind,
} from "./money-document-form";
import { completedTransactionLines, openItemLines, withInputVat } from "./posting-rules";

// A purchase entered with VAT (issue 22): the form's rules (the rate's choices, the supplier required with VAT, a
// BIN of 9 or 13 digits, no VAT on income) and the posting rule that splits the input VAT off the expense.

const ACCOUNT = "3b8f2e1c-0d7a-4c55-9f0e-2a6b1c3d4e5f";
const EXPENSE: MoneyDocumentFormValues = {
  date: "2026-05-10",
  type: "expense",
  category: "Maintenance",
  description: "Generator service",
  amount: "11500",
  paymentMethod: "bank",
  moneyAccountId: ACCOUNT,
  reference: "BILL-42",
  status: "completed",
  party: "Power Solutions Ltd",
  dueDate: "",
  vatRate: "15",
  partyBin: "000123456-0101",
};

const parse = (change: Partial<MoneyDocumentFormValues>, kind: MoneyDocumentKind = "transaction") =>
  parseMoneyDocumentForm({ ...EXPENSE, ...change }, kind);
const errorsOf = (change: Partial<MoneyDocumentFormValues>, kind: MoneyDocumentKind = "transaction") => {
  const result = parse(change, kind);
  return result.ok ? {} : result.errors;
};

describe("an expense entered with VAT", () => {
  it("keeps the rate and the BIN as digits; the amount stays the gross", () => {
    const result = parse({});
    expect(result.ok && result.input).toMatchObject({
      amount: "11500.00",
      party: "Power Solutions Ltd",
      vat: { rate: "15", partyBin: "0001234560101" },
    });
  });

  it.each(["15", "7.5", "5", "0"])("accepts the rate %s", (vatRate) => {
    const result = parse({ vatRate });
    expect(result.ok && result.input.vat).toEqual({ rate: vatRate, partyBin: "0001234560101" });
  });

  it.each(["10", "7.50", "15%", "-15", "abc"])("refuses the rate %j", (vatRate) => {
    expect(errorsOf({ vatRate })).toEqual({ vatRate: M.vatRateInvalid });
  });

  it("has no VAT when none is chosen, or when the field is absent (forms before it)", () => {
    const none = parse({ vatRate: "", partyBin: "" });
    expect(none.ok && none.input.vat).toBeNull();
    const { vatRate: _r, partyBin: _b, ...older } = EXPENSE;
    const absent = parseMoneyDocumentForm(older);
    expect(absent.ok && absent.input.vat).toBeNull();
  });

  it("keeps a BIN of 9 digits, and none", () => {
    expect(parse({ partyBin: "123456789" })).toMatchObject({ ok: true, input: { vat: { partyBin: "123456789" } } });
    expect(parse({ partyBin: " " })).toMatchObject({ ok: true, input: { vat: { partyBin: null } } });
  });

  it.each(["12345", "1234567890", "12345678901234", "12345678A", "123 456 78"])("refuses the BIN %j", (partyBin) => {
    expect(errorsOf({ partyBin })).toEqual({ partyBin: M.binInvalid });
  });

  it("refuses a BIN too long for its column with the same message", () => {
    expect(errorsOf({ partyBin: "1".repeat(21) })).toEqual({ partyBin: M.binInvalid });
  });

  it("requires the supplier with VAT on a transaction (optional without)", () => {
    expect(errorsOf({ party: " " })).toEqual({ party: M.vatPartyRequired });
    expect(errorsOf({ party: " ", vatRate: "0" })).toEqual({ party: M.vatPartyRequired });
    expect(parse({ party: "", vatRate: "", partyBin: "" }).ok).toBe(true);
  });

  it.each(["7.5", "5"])(
    "does not require the supplier at %s%%: its VAT is a cost, in no purchase register",
    (vatRate) => {
      expect(parse({ party: "", vatRate, partyBin: "" }).ok).toBe(true);
    },
  );

  it("asks a payable for its supplier in the payable's words", () => {
    expect(errorsOf({ party: "", status: "pending", moneyAccountId: "" }, "payable")).toEqual({
      party: M.partyRequired.payable,
    });
  });

  it("takes VAT on a payable", () => {
    const result = parse({ status: "pending", moneyAccountId: "", vatRate: "7.5" }, "payable");
    expect(result.ok && result.input).toMatchObject({ type: "expense", status: "pending", vat: { rate: "7.5" } });
  });

  it("refuses VAT on income: an income transaction and a receivable", () => {
    expect(errorsOf({ type: "income", category: "Sales" })).toEqual({ vatRate: M.vatOnIncome });
    expect(
      errorsOf({ type: "income", category: "Sales", status: "pending", moneyAccountId: "" }, "receivable"),
    ).toMatchObject({
      vatRate: M.vatOnIncome,
    });
  });

  it("refuses a BIN without a rate", () => {
    expect(errorsOf({ vatRate: "" })).toEqual({ partyBin: M.binWithoutVat });
  });

  it("reads the rate and the BIN from the form", () => {
    const form = new FormData();
    form.set("vatRate", "5");
    form.set("partyBin", "123456789");
    expect(readMoneyDocumentForm(form, "payable")).toMatchObject({ vatRate: "5", partyBin: "123456789" });
  });
});

describe("withInputVat", () => {
  const sides = (lines: EntryLine[]) => lines.map((l) => [l.accountId, l.debit, l.credit]);

  it("a completed expense: Dr expense gross − VAT, Dr input VAT / Cr money gross", () => {
    const lines = withInputVat(
      completedTransactionLines("expense", 11_500n, { category: "expense", money: "bank" }),
      "expense",
      1_500n,
      "vat-input",
    );
    expect(sides(lines)).toEqual([
      ["expense", 10_000n, 0n],
      ["vat-input", 1_500n, 0n],
      ["bank", 0n, 11_500n],
    ]);
    const totals = entryTotals(lines);
    expect(totals.debits).toBe(totals.credits);
  });

  it("a payable: Cr payable gross", () => {
    const lines = withInputVat(
      openItemLines("expense", 10_000n, { category: "expense", payable: "payable" }),
      "expense",
      1_304n,
      "vat-input",
    );
    expect(sides(lines)).toEqual([
      ["expense", 8_696n, 0n],
      ["vat-input", 1_304n, 0n],
      ["payable", 0n, 10_000n],
    ]);
  });

  it("leaves the lines alone for a VAT of 0", () => {
    const lines = completedTransactionLines("expense", 99n, { category: "expense", money: "bank" });
    expect(withInputVat(lines, "expense", 0n, "vat-input")).toEqual(lines);
  });

  it("refuses a VAT not less than the category's debit", () => {
    const lines = completedTransactionLines("expense", 99n, { category: "expense", money: "bank" });
    expect(() => withInputVat(lines, "expense", 99n, "vat-input")).toThrow(/category's larger debit/);
  });
});
