import { describe, expect, it } from "vitest";
import { ageBucketOf, ageingTotals, ageOf, ageText, daysBetween, isOverdue } from "./ageing";

// The age of what is owed (issue 21): days past the due date, or since the date without one; Dhaka's today.

const TODAY = "2026-05-31";

describe("ageOf and ageBucketOf", () => {
  it("counts days past the due date, or since the date when there is none", () => {
    expect(ageOf({ date: "2026-01-01", dueDate: "2026-05-01" }, TODAY)).toBe(30);
    expect(ageOf({ date: "2026-05-01", dueDate: null }, TODAY)).toBe(30);
    expect(ageOf({ date: "2026-05-01", dueDate: "2026-06-10" }, TODAY)).toBe(-10);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
  });

  it.each([
    [-1, "notDue"],
    [0, "0-30"],
    [30, "0-30"],
    [31, "31-60"],
    [60, "31-60"],
    [61, "61-90"],
    [90, "61-90"],
    [91, "over90"],
    [4000, "over90"],
  ] as const)("puts an age of %i days in %s", (age, bucket) => {
    expect(ageBucketOf(age)).toBe(bucket);
  });
});

describe("isOverdue", () => {
  it("is a due date before today; due today or without a due date is not", () => {
    expect(isOverdue("2026-05-30", TODAY)).toBe(true);
    expect(isOverdue(TODAY, TODAY)).toBe(false);
    expect(isOverdue(null, TODAY)).toBe(false);
  });
});

describe("ageingTotals", () => {
  it("adds what is left by age, exactly", () => {
    const totals = ageingTotals(
      [
        { date: "2026-05-01", dueDate: "2026-06-30", left: "100.10" },
        { date: "2026-05-01", dueDate: "2026-05-31", left: "0.20" },
        { date: "2026-05-01", dueDate: null, left: "0.10" },
        { date: "2026-04-01", dueDate: "2026-04-20", left: "2.50" },
        { date: "2026-03-01", dueDate: "2026-03-15", left: "999999999999.99" },
        { date: "2026-01-01", dueDate: "2026-03-01", left: "7.00" },
        { date: "2025-01-01", dueDate: null, left: "1.01" },
      ],
      TODAY,
    );
    expect(totals).toEqual({
      notDue: "100.10",
      "0-30": "0.30",
      "31-60": "2.50",
      "61-90": "999999999999.99",
      over90: "8.01",
      total: "1000000000110.90",
    });
  });
});

describe("ageText", () => {
  it("says how a row stands", () => {
    expect(ageText({ date: "2026-05-01", dueDate: "2026-05-30" }, TODAY)).toBe("1 day overdue");
    expect(ageText({ date: "2026-05-01", dueDate: TODAY }, TODAY)).toBe("Due today");
    expect(ageText({ date: "2026-05-01", dueDate: "2026-06-05" }, TODAY)).toBe("Due in 5 days");
    expect(ageText({ date: "2026-05-21", dueDate: null }, TODAY)).toBe("10 days old");
  });
});
