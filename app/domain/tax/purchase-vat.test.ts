import { describe, expect, it } from "vitest";
import { vatOn } from "../quotations/quote-form";
import { PURCHASE_VAT_RATES, splitVatInclusive, vatIncludedIn } from "./purchase-vat";

// The VAT part of a VAT-inclusive purchase (issue 22): gross × rate / (100 + rate), half up to the paisa, exact.

/** The same rounding by another road: quotient and remainder, up when the remainder is at least half. */
function reference(gross: bigint, rate: string): bigint {
  const r = BigInt(Math.round(Number(rate) * 100));
  const d = 10_000n + r;
  const q = (gross * r) / d;
  const rem = (gross * r) % d;
  return 2n * rem >= d ? q + 1n : q;
}

describe("vatIncludedIn", () => {
  it("takes 15 out of 115, exactly", () => {
    expect(vatIncludedIn(11_500n, "15")).toBe(1_500n);
    expect(splitVatInclusive("115", "15")).toEqual({ net: "100.00", vat: "15.00" });
  });

  it("rounds to the nearest paisa: ৳100 at 15% holds ৳13.04 (13.0434…)", () => {
    expect(splitVatInclusive("100", "15")).toEqual({ net: "86.96", vat: "13.04" });
  });

  it("rounds a fraction below a half down and above a half up", () => {
    // 19 paisa × 3/23 = 2.478 → 2; 4 paisa × 3/23 = 0.522 → 1.
    expect(vatIncludedIn(19n, "15")).toBe(2n);
    expect(vatIncludedIn(4n, "15")).toBe(1n);
  });

  it("rounds an exact half up (a rate where halves happen: 100%)", () => {
    expect(vatIncludedIn(1n, "100")).toBe(1n); // 0.5 → 1
    expect(vatIncludedIn(3n, "100")).toBe(2n); // 1.5 → 2
    expect(vatIncludedIn(4n, "100")).toBe(2n);
  });

  it("handles the reduced and truncated rates and zero", () => {
    expect(splitVatInclusive("10750", "7.5")).toEqual({ net: "10000.00", vat: "750.00" });
    expect(splitVatInclusive("1050", "5")).toEqual({ net: "1000.00", vat: "50.00" });
    expect(splitVatInclusive("1234.56", "0")).toEqual({ net: "1234.56", vat: "0.00" });
  });

  it("is exact at the largest amount a column holds (no floating point)", () => {
    // 999,999,999,999.99 × 15/115 = 130,434,782,608.6943… → 130,434,782,608.69
    expect(splitVatInclusive("999999999999.99", "15")).toEqual({
      net: "869565217391.30",
      vat: "130434782608.69",
    });
  });

  it("agrees with quotient-and-remainder rounding, and net + VAT is the amount, over many amounts and every rate", () => {
    for (const rate of PURCHASE_VAT_RATES) {
      for (let gross = 0n; gross < 5_000n; gross += 1n) {
        const vat = vatIncludedIn(gross, rate);
        expect(vat).toBe(reference(gross, rate));
        expect(vat).toBeLessThanOrEqual(gross);
      }
    }
  });

  it("gives a VAT within a paisa of the VAT on the value before it (vatOn)", () => {
    for (const rate of PURCHASE_VAT_RATES) {
      for (let gross = 1n; gross < 3_000n; gross += 7n) {
        const vat = vatIncludedIn(gross, rate);
        const diff = vatOn(gross - vat, rate) - vat;
        expect(diff >= -1n && diff <= 1n).toBe(true);
      }
    }
  });

  it("refuses a negative amount", () => {
    expect(() => vatIncludedIn(-1n, "15")).toThrow(/negative amount/);
  });
});
