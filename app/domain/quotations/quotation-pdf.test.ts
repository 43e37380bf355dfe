import { describe, expect, it } from "vitest";
import { formatPercent } from "./quotation-pdf";

describe("formatPercent", () => {
  it("prints a VAT rate without trailing zeros", () => {
    expect(formatPercent("15.00")).toBe("15%");
    expect(formatPercent("7.50")).toBe("7.5%");
    expect(formatPercent("0")).toBe("0%");
    expect(formatPercent("0.00")).toBe("0%");
    expect(formatPercent("12.25")).toBe("12.25%");
    expect(() => formatPercent("fifteen")).toThrow("not a percentage: fifteen");
  });
});
