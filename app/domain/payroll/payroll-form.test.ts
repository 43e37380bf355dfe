import { describe, expect, it } from "vitest";
import {
  parsePayrollMonth,
  parseProcessPayrollForm,
  parseUndoPayrollForm,
  PAYROLL_MESSAGES as M,
  readProcessPayrollForm,
  readUndoPayrollForm,
} from "./payroll-form";
import { partMonthNote, payrollListHref, payrollListState, undoBlocker } from "./payroll-page";

// Payroll's form rules as the browser and the server both run them (issue 25).

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};
const RUN = "7f8c1c64-3d5e-4d0c-9a3e-2f1b7a3c9e11";

describe("the payroll month", () => {
  it.each([
    ["2026-11", { ok: true, month: "2026-11" }],
    [" 2000-01 ", { ok: true, month: "2000-01" }],
    ["", { ok: false, message: M.monthRequired }],
    ["2026-13", { ok: false, message: M.monthInvalid }],
    ["2026-1", { ok: false, message: M.monthInvalid }],
    ["2026-11-01", { ok: false, message: M.monthInvalid }],
    ["1999-12", { ok: false, message: M.monthOutOfRange }],
    [["2026-01", "2026-02"], { ok: false, message: M.monthOnce }],
    [42, { ok: false, message: M.monthRequired }],
  ])("reads %j", (value, expected) => {
    expect(parsePayrollMonth(value)).toEqual(expected);
  });

  it("reads the Process Payroll form, a repeated month as a list the rule refuses", () => {
    expect(readProcessPayrollForm(form([["month", "2026-10"]]))).toEqual({ month: "2026-10" });
    expect(readProcessPayrollForm(form([]))).toEqual({ month: "" });
    const twice = readProcessPayrollForm(
      form([
        ["month", "2026-10"],
        ["month", "2026-09"],
      ]),
    );
    expect(parseProcessPayrollForm(twice)).toEqual({ ok: false, errors: { month: M.monthOnce } });
  });
});

describe("the Undo form", () => {
  it("takes a run and a trimmed reason of up to 500 characters", () => {
    const values = readUndoPayrollForm(
      form([
        ["runId", RUN.toUpperCase()],
        ["reason", "  Wrong\r\nsalaries "],
      ]),
    );
    expect(parseUndoPayrollForm(values)).toEqual({ ok: true, input: { runId: RUN, reason: "Wrong\nsalaries" } });
    expect(parseUndoPayrollForm({ runId: RUN, reason: "x".repeat(500) }).ok).toBe(true);
  });

  it.each([
    [{ runId: "nope", reason: "Because" }, { form: M.runNotFound }],
    [{ runId: RUN, reason: " " }, { reason: M.reasonRequired }],
    [{ runId: RUN, reason: "x".repeat(501) }, { reason: M.reasonTooLong }],
    [{ runId: RUN, reason: "bad\u202Eidea" }, { reason: M.reasonControl }],
    [{ runId: RUN, reason: "Because", repeated: true }, { form: M.runNotFound }],
  ])("refuses %j", (values, errors) => {
    expect(parseUndoPayrollForm(values)).toEqual({ ok: false, errors });
  });
});

describe("the screen's state", () => {
  it("keeps the month and the search in the URL, the current month left out", () => {
    const state = payrollListState(new URLSearchParams("month=2026-10&q=%20Tanvir%20"), "2026-11");
    expect(state).toEqual({ month: "2026-10", q: "Tanvir", monthError: null });
    expect(payrollListHref(state, "2026-11")).toBe("/admin/accounts/payroll?month=2026-10&q=Tanvir");
    expect(payrollListHref({ month: "2026-11", q: "" }, "2026-11")).toBe("/admin/accounts/payroll");
    expect(payrollListState(new URLSearchParams("month=2026-13"), "2026-11")).toMatchObject({
      month: "2026-11",
      monthError: "Month must be a month, as YYYY-MM",
    });
    expect(payrollListState(new URLSearchParams(""), "2026-11").monthError).toBeNull();
  });

  it("says a part month's days, and why a run cannot be undone", () => {
    expect(partMonthNote(12, 30)).toBe("Paid for 12 of 30 days");
    expect(partMonthNote(30, 30)).toBeNull();
    expect(undoBlocker({ status: "processed", paid: 0, month: "2026-10" })).toBeNull();
    expect(undoBlocker({ status: "processed", paid: 2, month: "2026-10" })).toBe(M.somePaid("2026-10", 2));
    expect(undoBlocker({ status: "reversed", paid: 0, month: "2026-10" })).toBe(M.alreadyUndone("2026-10"));
  });
});
