import { describe, expect, it } from "vitest";
import {
  closeBlockerOf,
  closingDescription,
  parseCloseYearForm,
  parseReopenYearForm,
  readCloseYearForm,
  readReopenYearForm,
  reopeningDescription,
  YEAR_END_MESSAGES as M,
} from "./year-end-close-form";

// Year-end close's forms (issue 24): Close year names a fiscal year by its first calendar year and may carry the
// result its confirmation showed; Reopen needs the close and a reason of 3 to 500 characters. What stops Close year
// on the screen, in the order the use case refuses.

const ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

describe("the Close year form", () => {
  it("reads the fiscal year and the result confirmed", () => {
    const form = new FormData();
    form.set("intent", "close");
    form.set("fiscalYear", "2025");
    form.set("result", "-1234.50");
    expect(readCloseYearForm(form)).toEqual({ fiscalYear: "2025", result: "-1234.50" });
    expect(parseCloseYearForm(readCloseYearForm(form))).toEqual({
      ok: true,
      input: { fiscalYear: 2025, result: "-1234.50" },
    });
    expect(parseCloseYearForm({ fiscalYear: " 2024 ", result: "" })).toEqual({
      ok: true,
      input: { fiscalYear: 2024, result: null },
    });
  });

  it.each([
    ["empty", ""],
    ["not a year", "FY25"],
    ["a fiscal year's name", "2025-26"],
    ["before 2000", "1999"],
    ["five digits", "20250"],
  ])("refuses a fiscal year %s", (_name, fiscalYear) => {
    expect(parseCloseYearForm({ fiscalYear, result: "" })).toEqual({
      ok: false,
      errors: { fiscalYear: M.fiscalYearRequired },
    });
  });

  it.each(["1,000.00", "12.345", "abc", "--5"])("refuses a confirmed result %j", (result) => {
    expect(parseCloseYearForm({ fiscalYear: "2025", result })).toEqual({
      ok: false,
      errors: { result: M.resultInvalid },
    });
  });
});

describe("the Reopen form", () => {
  it("keeps a reason of 3 to 500 characters, trimmed, line breaks and Bengali allowed", () => {
    const form = new FormData();
    form.set("closeId", ID.toUpperCase());
    form.set("reason", "  Audit adjustment\r\nto June ");
    expect(parseReopenYearForm(readReopenYearForm(form))).toEqual({
      ok: true,
      input: { closeId: ID, reason: "Audit adjustment\nto June" },
    });
    expect(parseReopenYearForm({ closeId: ID, reason: "নিরীক্ষা" }).ok).toBe(true);
    expect(parseReopenYearForm({ closeId: ID, reason: "x".repeat(500) }).ok).toBe(true);
  });

  it.each([
    ["", M.reasonRequired],
    [" \n ", M.reasonRequired],
    ["ab", M.reasonShort],
    ["x".repeat(501), M.reasonLong],
    ["bad\u202ereason", M.reasonControl],
    ["bell\u0007", M.reasonControl],
  ])("refuses the reason %j", (reason, message) => {
    expect(parseReopenYearForm({ closeId: ID, reason })).toEqual({ ok: false, errors: { reason: message } });
  });

  it("needs the close it reopens", () => {
    expect(parseReopenYearForm({ closeId: "2025", reason: "Fine reason" })).toEqual({
      ok: false,
      errors: { closeId: M.closeRequired },
    });
  });
});

describe("what stops Close year", () => {
  const year = { name: "2025-26", to: "2026-06-30", ended: true, accountsMoved: 4 };
  it("says nothing for an ended year with movement and no lock, nor for a closed one", () => {
    expect(closeBlockerOf(year, false, null)).toBeNull();
    expect(closeBlockerOf(year, false, "2026-06-29")).toBeNull();
    expect(closeBlockerOf({ ...year, ended: false }, true, null)).toBeNull();
  });
  it("names a year not ended, then the lock date, then nothing to close", () => {
    expect(closeBlockerOf({ ...year, ended: false, accountsMoved: 0 }, false, "2026-07-01")).toBe(
      M.notEnded("2025-26", "2026-06-30"),
    );
    expect(closeBlockerOf({ ...year, accountsMoved: 0 }, false, "2026-06-30")).toBe(
      M.locked("2025-26", "2026-06-30", "2026-06-30"),
    );
    expect(closeBlockerOf({ ...year, accountsMoved: 0 }, false, null)).toBe(M.nothingToClose("2025-26"));
  });
  it("describes the entries as the ledger lists them", () => {
    expect(closingDescription("2025-26")).toBe("Year-end close FY 2025-26");
    expect(reopeningDescription("2025-26", "x".repeat(600))).toHaveLength(500);
  });
});
