import { describe, expect, it } from "vitest";
import { codeFromScan, defaultChargeDescription, parseCount, parseDispatchForm } from "./job-forms";

describe("codeFromScan", () => {
  it("reads an item's code from a scanned or typed text: trimmed and lower-cased", () => {
    expect(codeFromScan("moving-head-beam")).toBe("moving-head-beam");
    expect(codeFromScan("  Moving-Head-Beam\n")).toBe("moving-head-beam");
  });
  it("refuses nothing, blanks and texts with spaces inside (not a code)", () => {
    expect(codeFromScan("")).toBeNull();
    expect(codeFromScan("   ")).toBeNull();
    expect(codeFromScan("two words")).toBeNull();
    expect(codeFromScan("x".repeat(201))).toBeNull();
  });
});

describe("the forms' counts", () => {
  it("reads whole numbers, 0 or more; blank as the default", () => {
    expect(parseCount("")).toBe(0);
    expect(parseCount(" 3 ")).toBe(3);
    expect(parseCount("", 1)).toBe(1);
    expect(parseCount("1.5")).toBeNull();
    expect(parseCount("-1")).toBeNull();
    expect(parseCount("1e3")).toBeNull();
  });
  it("dispatch by code sends 1 unit when no quantity is typed, and needs a code", () => {
    expect(parseDispatchForm({ mode: "code", code: "Truss", quantity: " ", lines: {} })).toEqual({
      ok: true,
      input: { mode: "code", code: "truss", quantity: 1 },
    });
    expect(parseDispatchForm({ mode: "code", code: " ", quantity: "", lines: {} })).toEqual({
      ok: false,
      errors: { code: "Item code is required" },
    });
    expect(parseDispatchForm({ mode: "lines", code: "", quantity: "", lines: { a: "0", b: "" } })).toEqual({
      ok: false,
      errors: { form: "Enter how many units of at least one line leave" },
    });
    expect(parseDispatchForm({ mode: "", code: "", quantity: "", lines: {} })).toEqual({
      ok: false,
      errors: { form: "Choose what to dispatch" },
    });
  });
  it("a check-in charge's default description names the units, the item and the job", () => {
    expect(defaultChargeDescription("damage", 2, "LED Wall", "JOB-000042")).toBe("Damage to 2 × LED Wall (JOB-000042)");
    expect(defaultChargeDescription("loss", 1, "Mic", "JOB-000001")).toBe("Loss of 1 × Mic (JOB-000001)");
  });
});
