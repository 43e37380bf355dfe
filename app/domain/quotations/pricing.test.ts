import { describe, expect, it } from "vitest";
import { fromPaisa, priceLines, toPaisa } from "./pricing";

describe("quotation pricing", () => {
  it("converts between decimal strings and paisa exactly", () => {
    expect(toPaisa("5000.00")).toBe(500000n);
    expect(toPaisa("0.1")).toBe(10n);
    expect(toPaisa("12")).toBe(1200n);
    expect(fromPaisa(10n)).toBe("0.10");
    expect(fromPaisa(123456789n)).toBe("1234567.89");
    expect(() => toPaisa("1.234")).toThrow();
    expect(() => toPaisa("abc")).toThrow();
  });

  it("totals lines without floating-point error", () => {
    // 0.1 + 0.2 is not 0.3 in floating point; here it is.
    expect(
      priceLines([
        { unitPrice: "0.10", quantity: 1 },
        { unitPrice: "0.20", quantity: 1 },
      ]).total,
    ).toBe("0.30");
    const { lines, total } = priceLines([
      { unitPrice: "5000.00", quantity: 32 },
      { unitPrice: "1500", quantity: 12 },
      { unitPrice: "19.99", quantity: 3 },
    ]);
    expect(lines.map((l) => l.total)).toEqual(["160000.00", "18000.00", "59.97"]);
    expect(total).toBe("178059.97");
  });
});
