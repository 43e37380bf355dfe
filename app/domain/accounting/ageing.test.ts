import { describe, expect, it } from "vitest";
import { AGE_BUCKETS, ageBucketOf, ageOf, ageText, daysBetween } from "./ageing";

// The age of what is owed (issue 21): days past the due date, or since the date without one; Dhaka's today. The
// buckets and Overdue are applied in SQL, tested at their bounds in payables.integration.test.ts.

const TODAY = "2026-05-31";

describe("ageOf", () => {
  it("counts days past the due date, or since the date when there is none", () => {
    expect(ageOf({ date: "2026-01-01", dueDate: "2026-05-01" }, TODAY)).toBe(30);
    expect(ageOf({ date: "2026-05-01", dueDate: null }, TODAY)).toBe(30);
    expect(ageOf({ date: "2026-05-01", dueDate: "2026-06-10" }, TODAY)).toBe(-10);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
  });
});

describe("AGE_BUCKETS", () => {
  it("cover every age once, in order: not yet due up to 0 days (due today), then 1–30, 31–60, 61–90, over 90", () => {
    expect(AGE_BUCKETS.map((b) => [b.key, b.min, b.max])).toEqual([
      ["notDue", null, 0],
      ["1-30", 1, 30],
      ["31-60", 31, 60],
      ["61-90", 61, 90],
      ["over90", 91, null],
    ]);
  });
});

describe("ageBucketOf", () => {
  it.each([
    [-3, "notDue"],
    [0, "notDue"],
    [1, "1-30"],
    [30, "1-30"],
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

describe("ageText", () => {
  it("says how a row stands", () => {
    expect(ageText({ date: "2026-05-01", dueDate: "2026-05-30" }, TODAY)).toBe("1 day overdue");
    expect(ageText({ date: "2026-05-01", dueDate: TODAY }, TODAY)).toBe("Due today");
    expect(ageText({ date: "2026-05-01", dueDate: "2026-06-05" }, TODAY)).toBe("Due in 5 days");
    expect(ageText({ date: "2026-05-21", dueDate: null }, TODAY)).toBe("10 days old");
  });
});
