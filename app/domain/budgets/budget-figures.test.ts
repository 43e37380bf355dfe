import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/format";
import { actualOf, budgetFigures, compare, phaseBudget, summarize, varianceWords } from "./budget-figures";

// Budget against actual (issue 24): an annual budget phased evenly with the paisa left over on the year's last month,
// a monthly one as stored by calendar month, and what each comparison says.

const JULY_START = [7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6];
const none = new Map<number, bigint>();

describe("phasing a budget over the fiscal year", () => {
  it("spreads an annual budget evenly, the remainder on the last month, adding up to the total", () => {
    const phased = phaseBudget(100_000n, "annual", none, JULY_START);
    expect(phased).toEqual([...Array<bigint>(11).fill(8_333n), 8_337n]);
    expect(phased.reduce((a, b) => a + b, 0n)).toBe(100_000n);
    expect(phaseBudget(120_000n, "annual", none, JULY_START)).toEqual(Array<bigint>(12).fill(10_000n));
    expect(phaseBudget(5n, "annual", none, JULY_START)).toEqual([...Array<bigint>(11).fill(0n), 5n]);
    expect(phaseBudget(0n, "annual", none, JULY_START)).toEqual(Array<bigint>(12).fill(0n));
  });

  it("ignores stored months on an annual budget", () => {
    expect(phaseBudget(1_200n, "annual", new Map([[7, 1_200n]]), JULY_START)).toEqual(Array<bigint>(12).fill(100n));
  });

  it("takes a monthly budget's stored calendar months in the fiscal year's order, 0 where none is stored", () => {
    const stored = new Map<number, bigint>([
      [7, 700n],
      [1, 100n],
      [6, 600n],
    ]);
    expect(phaseBudget(1_400n, "monthly", stored, JULY_START)).toEqual([
      700n,
      0n,
      0n,
      0n,
      0n,
      0n,
      100n,
      0n,
      0n,
      0n,
      0n,
      600n,
    ]);
    // A January start reads the same calendar months in calendar order: each amount stays on its month.
    expect(phaseBudget(1_400n, "monthly", stored, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toEqual([
      100n,
      0n,
      0n,
      0n,
      0n,
      600n,
      700n,
      0n,
      0n,
      0n,
      0n,
      0n,
    ]);
  });
});

describe("budget against actual", () => {
  it("counts an expense account's debits less credits, an income account's credits less debits", () => {
    expect(actualOf("expense", 5_000n)).toBe(5_000n);
    expect(actualOf("expense", -200n)).toBe(-200n);
    expect(actualOf("income", -5_000n)).toBe(5_000n);
  });

  it("gives the variance (actual less budget) and the percentage used to one decimal", () => {
    expect(compare("expense", 10_000n, 2_500n)).toEqual({
      budget: 10_000n,
      actual: 2_500n,
      variance: -7_500n,
      percentUsed: 25,
      over: false,
    });
    expect(compare("expense", 30_000n, 10_000n).percentUsed).toBe(33.3);
    expect(compare("expense", 30_000n, 20_000n).percentUsed).toBe(66.7);
    expect(compare("expense", 0n, 0n).percentUsed).toBeNull();
  });

  it("marks an expense account over budget only when its actual passes the budget", () => {
    expect(compare("expense", 10_000n, 10_000n).over).toBe(false);
    expect(compare("expense", 10_000n, 10_001n).over).toBe(true);
    expect(compare("expense", 0n, 1n).over).toBe(true);
    // Earning more than budgeted is not over budget.
    expect(compare("income", 10_000n, 20_000n).over).toBe(false);
  });

  it("compares the year with the total and each month with its phased budget, counting the months over", () => {
    const phased = phaseBudget(120_000n, "annual", none, JULY_START);
    const actualByMonth = [12_000n, 9_000n, 10_000n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 10_001n];
    const figures = budgetFigures({ accountType: "expense", total: 120_000n, phased, actualByMonth });
    expect(figures).toMatchObject({ budget: 120_000n, actual: 41_001n, variance: -78_999n, over: false });
    expect(figures.months.map((m) => m.over)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(figures.monthsOver).toBe(2);
    expect(figures.months[0]).toMatchObject({ budget: 10_000n, actual: 12_000n, variance: 2_000n, percentUsed: 120 });
  });

  it("sums expense and income budgets apart, and counts the expense accounts over budget", () => {
    const summary = summarize([
      { accountType: "expense", figures: compare("expense", 10_000n, 12_000n) },
      { accountType: "expense", figures: compare("expense", 5_000n, 1_000n) },
      { accountType: "income", figures: compare("income", 50_000n, 70_000n) },
    ]);
    expect(summary).toEqual({
      expense: { budget: 15_000n, actual: 13_000n, count: 2 },
      income: { budget: 50_000n, actual: 70_000n, count: 1 },
      overCount: 1,
    });
  });

  it("says the variance in words, by the account's kind", () => {
    expect(varianceWords("expense", 25_000n, formatMoney)).toEqual({ text: "৳250.00 over budget", tone: "bad" });
    expect(varianceWords("expense", -100_000n, formatMoney)).toEqual({ text: "৳1,000.00 left", tone: "good" });
    expect(varianceWords("income", 30_000n, formatMoney)).toEqual({ text: "৳300.00 above budget", tone: "good" });
    expect(varianceWords("income", -12_000n, formatMoney)).toEqual({
      text: "৳120.00 below budget",
      tone: "neutral",
    });
    expect(varianceWords("expense", 0n, formatMoney)).toEqual({ text: "On budget", tone: "neutral" });
  });
});
