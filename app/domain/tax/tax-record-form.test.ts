import { describe, expect, it } from "vitest";
import { taxRecordLines } from "./tax-posting";
import {
  emptyTaxRecordForm,
  formatRate,
  liveTaxAmount,
  normalizeRate,
  parseTaxRecordForm,
  readTaxRecordForm,
  TAX_KINDS_OF,
  TAX_RATE_OPTIONS,
  TAX_RECORD_MESSAGES as M,
  taxAmountPaisa,
  type TaxRecordFormValues,
} from "./tax-record-form";
import {
  hasEnded,
  periodLabelOf,
  previousVatPeriod,
  recentVatPeriods,
  vatPeriodFromKey,
  vatPeriodOf,
} from "./vat-period";

// Add Tax Record's rules (issue 22; backoffice.md §5, §9): the type's kinds and rates, the exact tax arithmetic
// (taxable × rate / 100, half up to the paisa), the posting direction of each kind, and the VAT periods.

const ACCOUNT = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const valid: TaxRecordFormValues = {
  ...emptyTaxRecordForm("2026-04-10"),
  kind: "input_vat",
  accountId: ACCOUNT,
  taxableAmount: "10000",
  taxRate: "15",
  party: "Sound House Ltd",
};

describe("the tax amount", () => {
  it.each([
    // taxable paisa, rate, tax paisa
    [100n, "15.00", 15n], // ৳1.00 at 15% = ৳0.15
    [3n, "15.00", 0n], // 0.45 paisa rounds down
    [10n, "15.00", 2n], // 1.5 paisa rounds half up
    [1n, "50.00", 1n], // 0.5 paisa rounds up
    [33n, "7.50", 2n], // 2.475 → 2
    [34n, "7.50", 3n], // 2.55 → 3
    [20n, "7.50", 2n], // 1.5 → 2 (half up, not half even)
    [1_000_000n, "7.50", 75_000n],
    [99_999_999_999_999n, "100.00", 99_999_999_999_999n],
    [99_999_999_999_999n, "25.00", 25_000_000_000_000n], // 24,999,999,999,999.75 → half up
    [1_234_567n, "2.25", 27_778n], // 27,777.7575 → 27,778
    [200n, "0.01", 0n], // 0.02 paisa
    [5_000n, "0.01", 1n], // 0.5 paisa → 1
  ])("%s paisa at %s%% is %s paisa", (taxable, rate, tax) => {
    expect(taxAmountPaisa(taxable, rate)).toBe(tax);
  });

  it("is shown live as the dialog will store it, or not at all while a figure does not read", () => {
    expect(liveTaxAmount("11,500", "15")).toBe("1725.00");
    expect(liveTaxAmount("৳ 0.10", "15")).toBe("0.02");
    expect(liveTaxAmount("abc", "15")).toBeNull();
    expect(liveTaxAmount("100", "")).toBeNull();
    expect(liveTaxAmount("100", "101")).toBeNull();
  });

  it("reads rates as percentages from 0 to 100 with at most 2 decimals", () => {
    expect(normalizeRate("7.5")).toBe("7.50");
    expect(normalizeRate(" 15 % ")).toBe("15.00");
    expect(normalizeRate("100")).toBe("100.00");
    expect(normalizeRate("100.01")).toBeNull();
    expect(normalizeRate("2.555")).toBeNull();
    expect(normalizeRate("-1")).toBeNull();
    expect(formatRate("15.00")).toBe("15%");
    expect(formatRate("7.50")).toBe("7.5%");
    expect(formatRate("0.00")).toBe("0%");
    expect(formatRate("100.00")).toBe("100%");
  });
});

describe("the tax record form", () => {
  it("offers the spec's rates and the kinds of each type", () => {
    expect(TAX_RATE_OPTIONS.vat.map((o) => o.value)).toEqual(["15", "7.5", "0"]);
    expect(TAX_RATE_OPTIONS.income_tax.map((o) => o.value)).toEqual(["0", "5", "10", "15", "20", "25"]);
    expect(TAX_RATE_OPTIONS.income_tax[1]!.label).toBe("5% (3,00,001-4,00,000)");
    expect(TAX_KINDS_OF.vat).toEqual(["output_vat", "input_vat", "vat_withheld"]);
    expect(TAX_KINDS_OF.income_tax).toEqual(["ait", "income_tax_withheld"]);
    expect(emptyTaxRecordForm("2026-04-10", "other").taxRate).toBe("0");
    expect(emptyTaxRecordForm("2026-04-10").taxRate).toBe("15");
  });

  it("reads the form; Other has its one kind whatever was posted", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid, taxType: "other", kind: "input_vat" })) form.set(k, v);
    expect(readTaxRecordForm(form)).toEqual({ ...valid, taxType: "other", kind: "other" });
  });

  it("works the tax amount out exactly and keeps what was typed", () => {
    const parsed = parseTaxRecordForm({ ...valid, taxableAmount: "1,234.56", taxRate: "7.5", kind: "output_vat" });
    expect(parsed).toEqual({
      ok: true,
      input: {
        taxType: "vat",
        kind: "output_vat",
        date: "2026-04-10",
        accountId: ACCOUNT,
        taxableAmount: "1234.56",
        taxRate: "7.50",
        taxAmount: "92.59", // 92.592
        reference: null,
        description: null,
        party: "Sound House Ltd",
        partyBin: null,
      },
    });
    const other = parseTaxRecordForm({ ...valid, taxType: "other", kind: "other", taxRate: "2.25", party: "" });
    expect(other.ok && other.input.taxAmount).toBe("225.00");
  });

  it.each<[string, Partial<TaxRecordFormValues>, string]>([
    ["a zero-rated sale (0% VAT)", { kind: "output_vat", taxRate: "0", party: "" }, "0.00"],
    ["income tax at the 0% slab", { taxType: "income_tax", kind: "income_tax_withheld", taxRate: "0" }, "0.00"],
    ["a taxable amount too small to carry a paisa of VAT", { taxableAmount: "0.03" }, "0.00"],
    ["an other tax at 0%", { taxType: "other", kind: "other", taxRate: "0" }, "0.00"],
  ])("keeps a record whose tax is 0: %s", (_name, change, taxAmount) => {
    const parsed = parseTaxRecordForm({ ...valid, ...change });
    expect(parsed).toMatchObject({ ok: true, input: { taxAmount } });
  });

  it.each<[string, Partial<TaxRecordFormValues>, string, string]>([
    ["no type", { taxType: "" }, "taxType", M.typeRequired],
    ["an unknown type", { taxType: "customs" }, "taxType", M.typeRequired],
    ["no kind", { kind: "" }, "kind", M.kindRequired("vat")],
    ["a kind of another type", { kind: "ait" }, "kind", M.kindOfOtherType("vat")],
    [
      "an income tax kind missing",
      { taxType: "income_tax", kind: "", taxRate: "5" },
      "kind",
      M.kindRequired("income_tax"),
    ],
    ["no date", { date: "" }, "date", M.dateRequired],
    ["a date that does not exist", { date: "2026-02-30" }, "date", M.dateInvalid],
    ["no account", { accountId: "" }, "accountId", M.accountRequired],
    ["no taxable amount", { taxableAmount: "" }, "taxableAmount", "Taxable amount is required"],
    ["a negative taxable amount", { taxableAmount: "-5" }, "taxableAmount", "Taxable amount must be 0 or more"],
    ["three decimals", { taxableAmount: "10.555" }, "taxableAmount", "Taxable amount can have at most 2 decimals"],
    ["a zero taxable amount", { taxableAmount: "0" }, "taxableAmount", M.zeroTaxable],
    ["no rate", { taxRate: "" }, "taxRate", M.rateRequired],
    ["a VAT rate not offered", { taxRate: "10" }, "taxRate", M.rateNotOffered("vat")],
    [
      "an income tax rate not offered",
      { taxType: "income_tax", kind: "ait", taxRate: "7.5" },
      "taxRate",
      M.rateNotOffered("income_tax"),
    ],
    ["an other rate over 100", { taxType: "other", taxRate: "120", party: "" }, "taxRate", M.rateInvalid],
    ["an other rate with 3 decimals", { taxType: "other", taxRate: "1.125" }, "taxRate", M.rateInvalid],
    ["input VAT without its supplier", { party: " " }, "party", M.partyRequired],
    // Input VAT is claimed only at the standard rate (issue 37): a reduced rate's VAT is part of a purchase's cost.
    ["input VAT at the reduced rate", { taxRate: "7.5" }, "taxRate", M.inputVatReducedRate("7.50")],
    [
      "a reference too long",
      { reference: "x".repeat(101) },
      "reference",
      "Reference No. must be at most 100 characters",
    ],
  ])("refuses %s, naming the field", (_name, change, field, message) => {
    const parsed = parseTaxRecordForm({ ...valid, ...change });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[field]).toBe(message);
  });

  it("says why input VAT at 7.5% is refused, and where such a purchase goes instead", () => {
    expect(M.inputVatReducedRate("7.50")).toBe(
      "VAT at 7.5% is not claimable as input VAT: the VAT & SD Act credits input VAT only at the standard rate (15%), so VAT at a reduced or truncated rate is part of the cost. Enter the purchase as an expense or payable with its VAT rate instead: its whole amount is then the cost",
    );
    expect(M.inputVatBinRequired).toMatch(/^Supplier's BIN is required for input VAT: .*Mushak-6\.3.*13-digit BIN/);
  });

  it("leaves the BIN to the use case (it may be on the supplier's record), and keeps VAT at 7.5% of other kinds", () => {
    expect(parseTaxRecordForm({ ...valid, partyBin: "" }).ok).toBe(true);
    expect(parseTaxRecordForm({ ...valid, taxRate: "0", partyBin: "" }).ok).toBe(true);
    expect(parseTaxRecordForm({ ...valid, kind: "output_vat", taxRate: "7.5" }).ok).toBe(true);
    expect(parseTaxRecordForm({ ...valid, kind: "vat_withheld", taxRate: "7.5" }).ok).toBe(true);
  });
});

describe("what a tax record posts", () => {
  const tax = "tax";
  const chosen = "chosen";
  it.each([
    ["output_vat", chosen, tax],
    ["input_vat", tax, chosen],
    ["vat_withheld", tax, chosen],
    ["ait", tax, chosen],
    ["income_tax_withheld", chosen, tax],
    ["other", tax, chosen],
  ] as const)("%s: Dr %s / Cr %s", (kind, debit, credit) => {
    const lines = taxRecordLines(kind, 1725n, { tax, chosen });
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [debit, 1725n, 0n],
      [credit, 0n, 1725n],
    ]);
  });
});

describe("VAT periods", () => {
  it("are months, or the fiscal year's quarters", () => {
    expect(vatPeriodOf("2026-05-14", 1)).toEqual({
      key: "2026-05",
      start: "2026-05-01",
      end: "2026-05-31",
      months: 1,
      label: "May 2026",
    });
    expect(vatPeriodOf("2024-02-29", 1).end).toBe("2024-02-29");
    expect(vatPeriodOf("2026-08-01", 3)).toMatchObject({ key: "2026-07", start: "2026-07-01", end: "2026-09-30" });
    expect(vatPeriodOf("2026-12-31", 3)).toMatchObject({ key: "2026-10", end: "2026-12-31", label: "Oct – Dec 2026" });
    expect(vatPeriodOf("2027-03-15", 3)).toMatchObject({ key: "2027-01", end: "2027-03-31" });
    expect(vatPeriodOf("2027-06-30", 3)).toMatchObject({ key: "2027-04", start: "2027-04-01", end: "2027-06-30" });
  });

  it("step back over the year's turn, list the recent ones, and read from a URL", () => {
    expect(previousVatPeriod(vatPeriodOf("2026-01-10", 1)).key).toBe("2025-12");
    expect(previousVatPeriod(vatPeriodOf("2026-01-10", 3)).key).toBe("2025-10");
    expect(recentVatPeriods("2026-04-10", 3, 3).map((p) => p.key)).toEqual(["2026-04", "2026-01", "2025-10"]);
    expect(vatPeriodFromKey("2026-13", 1)).toBeNull();
    expect(vatPeriodFromKey("2026-05", 3)?.key).toBe("2026-04");
    expect(periodLabelOf("2026-04-01", "2026-06-30")).toBe("Apr – Jun 2026");
    expect(periodLabelOf("2026-04-01", "2026-04-30")).toBe("April 2026");
  });

  it("can be closed only once over", () => {
    const april = vatPeriodOf("2026-04-01", 1);
    expect(hasEnded(april, "2026-04-30")).toBe(false);
    expect(hasEnded(april, "2026-05-01")).toBe(true);
  });
});
