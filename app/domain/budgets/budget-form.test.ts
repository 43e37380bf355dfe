import { describe, expect, it } from "vitest";
import {
  allocationOf,
  BUDGET_FIELDS,
  BUDGET_MESSAGES as M,
  budgetMonthsOf,
  emptyBudgetForm,
  parseBudgetForm,
  readBudgetForm,
  typedFiscalYear,
  type BudgetFormValues,
} from "./budget-form";

// The Create Budget / Edit Budget form (backoffice.md §5, §9; issue 24): its own rules, the same in the browser and
// the action. Fiscal years start in July here (the default) unless a test says otherwise.

const ACCOUNT = "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const JULY = { startMonth: 7 };

const annual: BudgetFormValues = emptyBudgetForm(2026, { accountId: ACCOUNT, amount: "120000", notes: " Rent " });

/** A monthly budget of 1,200.00: 100.00 a month. */
const monthly: BudgetFormValues = {
  ...annual,
  type: "monthly",
  amount: "1200",
  month1: "100",
  month2: "100",
  month3: "100",
  month4: "100",
  month5: "100",
  month6: "100",
  month7: "100",
  month8: "100",
  month9: "100",
  month10: "100",
  month11: "100",
  month12: "100.00",
};

const errorsOf = (values: Partial<BudgetFormValues>, base: BudgetFormValues = annual, options = JULY) => {
  const result = parseBudgetForm({ ...base, ...values }, options);
  return result.ok ? {} : result.errors;
};

describe("the budget form", () => {
  it("starts annual, in the year given, every month at 0 (backoffice.md §9)", () => {
    const empty = emptyBudgetForm(2026);
    expect(empty).toMatchObject({ fiscalYear: "2026", type: "annual", amount: "", accountId: "", notes: "" });
    for (let m = 1; m <= 12; m++) expect(empty[`month${m}` as keyof BudgetFormValues]).toBe("0");
  });

  it("reads every field as typed", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(monthly)) form.set(k, v);
    form.set("stray", "x");
    expect(readBudgetForm(form)).toEqual(monthly);
    expect(Object.keys(readBudgetForm(new FormData()))).toEqual([...BUDGET_FIELDS]);
  });

  it("gives an annual budget with no months to store, notes trimmed", () => {
    expect(parseBudgetForm({ ...annual, month7: "-5" }, JULY)).toEqual({
      ok: true,
      input: {
        id: "",
        version: "",
        fiscalYear: 2026,
        accountId: ACCOUNT,
        type: "annual",
        amount: "120000.00",
        months: [],
        notes: "Rent",
      },
    });
    expect(parseBudgetForm({ ...annual, notes: "  " }, JULY)).toMatchObject({ ok: true, input: { notes: null } });
  });

  it("gives a monthly budget's twelve calendar months in the fiscal year's order", () => {
    const parsed = parseBudgetForm({ ...monthly, month7: "100.5", month8: "99.50" }, JULY);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.input.months.map((m) => m.month)).toEqual([7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6]);
    expect(parsed.input.months.slice(0, 2)).toEqual([
      { month: 7, amount: "100.50" },
      { month: 8, amount: "99.50" },
    ]);
    // With a January start the same months come in calendar order.
    const january = parseBudgetForm(monthly, { startMonth: 1 });
    expect(january.ok && january.input.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("labels the months by the fiscal year typed (Jul 2026 ... Jun 2027), by name alone without one", () => {
    expect(budgetMonthsOf(2026, 7).map((m) => m.label)).toEqual([
      "Jul 2026",
      "Aug 2026",
      "Sep 2026",
      "Oct 2026",
      "Nov 2026",
      "Dec 2026",
      "Jan 2027",
      "Feb 2027",
      "Mar 2027",
      "Apr 2027",
      "May 2027",
      "Jun 2027",
    ]);
    expect(budgetMonthsOf(2026, 7)[0]).toEqual({ month: 7, field: "month7", label: "Jul 2026" });
    expect(
      budgetMonthsOf(null, 7)
        .map((m) => m.label)
        .slice(0, 2),
    ).toEqual(["Jul", "Aug"]);
    expect(typedFiscalYear(" 2030 ")).toBe(2030);
    expect(typedFiscalYear("2051")).toBeNull();
    expect(typedFiscalYear("20x6")).toBeNull();
  });

  it("refuses a fiscal year that is missing, not a number or outside 2024-2050", () => {
    expect(errorsOf({ fiscalYear: "" })).toEqual({ fiscalYear: M.fiscalYearRequired });
    expect(errorsOf({ fiscalYear: "abc" })).toEqual({ fiscalYear: M.fiscalYearNotNumber });
    expect(errorsOf({ fiscalYear: "2026.5" })).toEqual({ fiscalYear: M.fiscalYearNotNumber });
    expect(errorsOf({ fiscalYear: "-2026" })).toEqual({ fiscalYear: M.fiscalYearNotNumber });
    expect(errorsOf({ fiscalYear: "2023" })).toEqual({ fiscalYear: M.fiscalYearRange });
    expect(errorsOf({ fiscalYear: "2051" })).toEqual({ fiscalYear: M.fiscalYearRange });
    expect(errorsOf({ fiscalYear: "2024" })).toEqual({});
    expect(errorsOf({ fiscalYear: "2050" })).toEqual({});
  });

  it("refuses a missing account and one that is not an id from the list", () => {
    expect(errorsOf({ accountId: "" })).toEqual({ accountId: M.accountRequired });
    expect(errorsOf({ accountId: "6100" })).toEqual({ accountId: M.accountInvalid });
  });

  it("refuses a budget type other than annual or monthly", () => {
    expect(errorsOf({ type: "weekly" })).toEqual({ type: M.typeInvalid });
    expect(errorsOf({ type: "" })).toEqual({ type: M.typeInvalid });
  });

  it("refuses a Total Amount that is missing, negative, of 3 decimals, too big or not plain digits", () => {
    expect(errorsOf({ amount: "" })).toEqual({ amount: "Total Amount is required" });
    expect(errorsOf({ amount: "-1" })).toEqual({ amount: "Total Amount must be 0 or more" });
    expect(errorsOf({ amount: "10.005" })).toEqual({ amount: "Total Amount can have at most 2 decimals" });
    expect(errorsOf({ amount: "1000000000000" })).toEqual({
      amount: "Total Amount must be at most ৳99,999,999.99",
    });
    expect(errorsOf({ amount: "100000000" })).toEqual({
      amount: "Total Amount must be at most ৳99,999,999.99",
    });
    expect(errorsOf({ amount: "1e5" })).toEqual({
      amount: "Total Amount must be an amount in taka, e.g. 1500 or 1500.50",
    });
    // 0 is a budget too (min 0), and ৳ with thousands separators is read.
    expect(errorsOf({ amount: "0" })).toEqual({});
    expect(parseBudgetForm({ ...annual, amount: "৳1,20,000.5" }, JULY)).toMatchObject({
      input: { amount: "120000.50" },
    });
  });

  it("refuses months that do not add up to the Total Amount, naming the allocation", () => {
    expect(errorsOf({ month3: "150" }, monthly)).toEqual({
      months: M.monthsMismatch("1250.00", "1200.00"),
    });
    expect(M.monthsMismatch("1250.00", "1200.00")).toBe(
      "The months add up to ৳1,250.00, not the Total Amount of ৳1,200.00: they must be equal",
    );
    // One paisa off is off.
    expect(Object.keys(errorsOf({ month12: "100.01" }, monthly))).toEqual(["months"]);
  });

  it("refuses a month that is negative, missing, of 3 decimals or not an amount, named by its label", () => {
    expect(errorsOf({ month8: "-1", month9: "-1" }, monthly)).toEqual({
      month8: "Aug 2026 must be 0 or more",
      month9: "Sep 2026 must be 0 or more",
    });
    expect(errorsOf({ month1: "" }, monthly)).toEqual({ month1: M.monthRequired("Jan 2027") });
    expect(errorsOf({ month1: "1.234" }, monthly)).toEqual({ month1: "Jan 2027 can have at most 2 decimals" });
    expect(errorsOf({ month1: "ten" }, monthly)).toEqual({
      month1: "Jan 2027 must be an amount in taka, e.g. 1500 or 1500.50",
    });
    // A month field not posted at all is refused the same way.
    const { month5: _missing, ...withoutMay } = monthly;
    expect(parseBudgetForm(withoutMay as BudgetFormValues, JULY)).toEqual({
      ok: false,
      errors: { month5: "May 2027 is required" },
    });
  });

  it("lists the months' messages in the fiscal year's order after the fields above them", () => {
    const errors = errorsOf({ amount: "", month1: "-1", month7: "-1", accountId: "" }, monthly);
    expect(Object.keys(errors)).toEqual(["accountId", "amount", "month7", "month1"]);
  });

  it("refuses notes of more than 1,000 characters and control characters, keeping line breaks", () => {
    expect(errorsOf({ notes: "x".repeat(1001) })).toEqual({ notes: M.notesTooLong });
    expect(errorsOf({ notes: "x".repeat(1000) })).toEqual({});
    expect(errorsOf({ notes: "bad\u0007bell" })).toEqual({ notes: M.notesControl });
    expect(errorsOf({ notes: "flip\u202eit" })).toEqual({ notes: M.notesControl });
    expect(parseBudgetForm({ ...annual, notes: "Line one\r\nLine two\tবাজেট" }, JULY)).toMatchObject({
      input: { notes: "Line one\r\nLine two\tবাজেট" },
    });
  });

  it("asks an edit for the budget's id", () => {
    expect(parseBudgetForm(annual, { ...JULY, needsId: true })).toEqual({
      ok: false,
      errors: { id: M.idRequired },
    });
    expect(parseBudgetForm({ ...annual, id: ACCOUNT.toUpperCase() }, { ...JULY, needsId: true })).toMatchObject({
      ok: true,
      input: { id: ACCOUNT },
    });
  });

  it("keeps the running Total Allocated as typed, and says when the months match the total", () => {
    expect(allocationOf(monthly)).toEqual({ allocated: 120_000n, total: 120_000n, matches: true });
    expect(allocationOf({ ...monthly, month1: "abc" })).toEqual({
      allocated: 110_000n,
      total: 120_000n,
      matches: false,
    });
    expect(allocationOf({ ...monthly, amount: "" })).toEqual({ allocated: 120_000n, total: null, matches: false });
    expect(allocationOf(emptyBudgetForm(2026, { amount: "0" }))).toMatchObject({ allocated: 0n, matches: true });
  });
});
