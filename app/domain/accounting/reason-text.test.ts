import { describe, expect, it } from "vitest";
import { normalizeReason, reasonProblem } from "./reason-text";

// The one rule of a typed reason (a year reopened, a document voided, the lock date moved back): 3 to 500
// characters once trimmed, line breaks and tabs kept, no other control character and no direction control.

describe("reasonProblem", () => {
  it("keeps a reason trimmed, its line breaks as LF, tabs and Bengali allowed", () => {
    expect(normalizeReason("  Audit adjustment\r\nto June\r ")).toBe("Audit adjustment\nto June");
    expect(reasonProblem(normalizeReason("  Audit adjustment\r\nto June "))).toBeNull();
    expect(reasonProblem("নিরীক্ষা")).toBeNull();
    expect(reasonProblem("a\tb")).toBeNull();
  });

  it("counts characters, not UTF-16 units: 500 emoji pass, 501 do not", () => {
    expect(reasonProblem("🙂".repeat(500))).toBeNull();
    expect(reasonProblem("🙂".repeat(501))).toBe("long");
    expect(reasonProblem("🙂🙂🙂")).toBeNull();
  });

  it.each([
    ["", "required"],
    ["ab", "short"],
    ["x".repeat(501), "long"],
    ["bad\u202ereason", "control"],
    ["isolate\u2066d", "control"],
    ["bell\u0007", "control"],
    ["nul\u0000byte", "control"],
  ] as const)("finds %j %s", (reason, problem) => {
    expect(reasonProblem(reason)).toBe(problem);
  });
});
