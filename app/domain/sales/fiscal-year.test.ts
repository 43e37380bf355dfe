import { describe, expect, it } from "vitest";
import { documentNumber, fiscalYearLabel, fiscalYearOf, fiscalYearRange } from "./fiscal-year";

describe("the fiscal year (July to June)", () => {
  it("starts on 1 July and ends on 30 June", () => {
    expect(fiscalYearOf("2026-06-30")).toBe(2025);
    expect(fiscalYearOf("2026-07-01")).toBe(2026);
    expect(fiscalYearOf("2027-01-15")).toBe(2026);
    expect(fiscalYearRange(2026)).toEqual({ start: "2026-07-01", end: "2027-06-30" });
  });

  it("is printed with both years, the century turning too", () => {
    expect(fiscalYearLabel(2026)).toBe("2026-27");
    expect(fiscalYearLabel(2099)).toBe("2099-00");
  });

  it("numbers documents per series in six digits", () => {
    expect(documentNumber("invoice", 2026, 123)).toBe("INV-2026-27-000123");
    expect(documentNumber("credit_note", 2025, 4)).toBe("CN-2025-26-000004");
    expect(documentNumber("invoice", 2026, 1_234_567)).toBe("INV-2026-27-1234567");
  });
});
