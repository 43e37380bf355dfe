import { describe, expect, it } from "vitest";
import { addDays, dashboardPeriods, fillWeeks, lastWeekStarts, mondayOf, monthOf, weekLabel } from "./periods";

describe("mondayOf", () => {
  it("gives the Monday of the week, Monday itself included, Sunday ending the week", () => {
    expect(mondayOf("2026-11-30")).toBe("2026-11-30"); // a Monday
    expect(mondayOf("2026-12-02")).toBe("2026-11-30"); // Wednesday
    expect(mondayOf("2026-12-06")).toBe("2026-11-30"); // Sunday
    expect(mondayOf("2026-12-07")).toBe("2026-12-07");
  });

  it("crosses a year", () => {
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });
});

describe("monthOf", () => {
  it("gives the month's first day and the next month's", () => {
    expect(monthOf("2026-12-01")).toEqual({ start: "2026-12-01", next: "2027-01-01" });
    expect(monthOf("2028-02-29")).toEqual({ start: "2028-02-01", next: "2028-03-01" });
  });
});

describe("lastWeekStarts", () => {
  it("lists 12 Mondays, oldest first, ending with the current week", () => {
    const weeks = lastWeekStarts("2026-12-02", 12);
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toBe("2026-11-30");
    expect(weeks[0]).toBe("2026-09-14");
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]).toBe(addDays(weeks[i - 1]!, 7));
  });
});

describe("fillWeeks", () => {
  const weeks = ["2026-11-16", "2026-11-23", "2026-11-30"];

  it("gives every week, zero where nothing was found, in the weeks' order", () => {
    expect(
      fillWeeks(weeks, [
        { weekStart: "2026-11-30", requests: 4, approvals: 1 },
        { weekStart: "2026-11-16", requests: 2 },
      ]),
    ).toEqual([
      { weekStart: "2026-11-16", requests: 2, approvals: 0 },
      { weekStart: "2026-11-23", requests: 0, approvals: 0 },
      { weekStart: "2026-11-30", requests: 4, approvals: 1 },
    ]);
  });

  it("adds rows of the same week (requests and approvals come from separate rows) and ignores other weeks", () => {
    expect(
      fillWeeks(weeks, [
        { weekStart: "2026-11-23", requests: 3 },
        { weekStart: "2026-11-23", approvals: 2 },
        { weekStart: "2026-11-09", requests: 9, approvals: 9 },
      ]),
    ).toEqual([
      { weekStart: "2026-11-16", requests: 0, approvals: 0 },
      { weekStart: "2026-11-23", requests: 3, approvals: 2 },
      { weekStart: "2026-11-30", requests: 0, approvals: 0 },
    ]);
  });

  it("gives all zeros for an empty database", () => {
    expect(fillWeeks(weeks, []).every((w) => w.requests === 0 && w.approvals === 0)).toBe(true);
  });
});

describe("weekLabel", () => {
  it("names a week by its Monday", () => {
    expect(weekLabel("2026-11-30")).toBe("Nov 30");
    expect(weekLabel("2027-01-04")).toBe("Jan 4");
  });
});

describe("dashboardPeriods", () => {
  it("judges today, the month and the weeks in Dhaka: 18:30 UTC on 30 November is 1 December there", () => {
    const periods = dashboardPeriods(new Date("2026-11-30T18:30:00Z"), 12);
    expect(periods.today).toBe("2026-12-01");
    expect(periods.month).toEqual({ start: "2026-12-01", next: "2027-01-01" });
    expect(periods.weekStarts.at(-1)).toBe("2026-11-30");
  });

  it("a Sunday evening in UTC is already Monday, a new week, in Dhaka", () => {
    const periods = dashboardPeriods(new Date("2026-12-06T19:00:00Z"), 12);
    expect(periods.today).toBe("2026-12-07");
    expect(periods.weekStarts.at(-1)).toBe("2026-12-07");
  });
});
