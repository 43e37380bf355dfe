import { describe, expect, it } from "vitest";
import { parseList } from "~/lib/list-params";
import {
  balanceAtLabel,
  balanceDateOf,
  periodChoices,
  periodOf,
  SUMMARY_CAPTIONS,
  TRANSACTION_LIST,
  wholeMonths,
} from "./transaction-list";

// The Transactions page's period (issue 21): this month by default, a month, a year, all time, or a typed range.

const TODAY = "2026-05-17";
const period = (query: string) => periodOf(parseList(TRANSACTION_LIST, `/admin/accounts?${query}`).filters, TODAY);

describe("periodOf", () => {
  it("is this month without a choice", () => {
    expect(period("")).toEqual({ from: "2026-05-01", to: "2026-05-31", label: "May 2026" });
  });

  it("is the month, year or all time the URL chooses", () => {
    expect(period("period=2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29", label: "February 2024" });
    expect(period("period=2025")).toEqual({ from: "2025-01-01", to: "2025-12-31", label: "2025" });
    expect(period("period=all")).toEqual({ from: null, to: null, label: "All time" });
  });

  it("is the typed range instead, open on a side left empty", () => {
    expect(period("period=all&from=2026-03-01&to=2026-03-15")).toEqual({
      from: "2026-03-01",
      to: "2026-03-15",
      label: "Mar 01, 2026 – Mar 15, 2026",
    });
    expect(period("from=2026-03-01")).toMatchObject({ from: "2026-03-01", to: null, label: "From Mar 01, 2026" });
    expect(period("to=2026-03-15")).toMatchObject({ from: null, to: "2026-03-15", label: "Up to Mar 15, 2026" });
  });

  it("falls back to this month for a period the URL cannot mean", () => {
    for (const bad of ["2026-13", "26-05", "always", "2026-5"]) expect(period(`period=${bad}`).label).toBe("May 2026");
    // Outside the business years, or longer than a month (issue 38: 0000-01-01 was read as 0000-01).
    for (const bad of ["0000-01-01", "0000-01", "9999", "1999-12", "2100"])
      expect(period(`period=${bad}`).label).toBe("May 2026");
  });
});

describe("periodChoices", () => {
  it("offers the 12 months before this one, this year and last, and all time", () => {
    const choices = periodChoices(TODAY);
    expect(choices[0]).toEqual({ value: "2026-04", label: "April 2026" });
    expect(choices[11]).toEqual({ value: "2025-05", label: "May 2025" });
    expect(choices.slice(12).map((c) => c.value)).toEqual(["2026", "2025", "all"]);
  });
});

describe("wholeMonths", () => {
  it("finds the whole months inside a period, to read from the month table", () => {
    expect(wholeMonths({ from: "2026-01-01", to: "2026-03-31" })).toEqual({ start: "2026-01-01", end: "2026-04-01" });
    expect(wholeMonths({ from: "2026-01-15", to: "2026-03-30" })).toEqual({ start: "2026-02-01", end: "2026-03-01" });
    expect(wholeMonths({ from: "2026-01-15", to: "2026-02-10" })).toBeNull();
    expect(wholeMonths({ from: null, to: "2026-02-28" })).toEqual({ start: null, end: "2026-03-01" });
    expect(wholeMonths({ from: "2024-02-02", to: null })).toEqual({ start: "2024-03-01", end: null });
  });
});

describe("SUMMARY_CAPTIONS", () => {
  it("say that Total Expenses leaves out equipment bought (an asset)", () => {
    expect(SUMMARY_CAPTIONS.expenses("November 2026")).toBe(
      "November 2026: expense accounts; equipment bought is an asset, not an expense",
    );
  });
});

describe("the day Current Balance is read at", () => {
  const today = "2026-11-27";
  it("is the period's end once it is over, and today for a period still running or all time", () => {
    expect(balanceDateOf({ to: "2026-10-31" }, today)).toBe("2026-10-31");
    expect(balanceDateOf({ to: "2026-11-30" }, today)).toBe(today);
    expect(balanceDateOf({ to: today }, today)).toBe(today);
    expect(balanceDateOf({ to: null }, today)).toBe(today);
  });

  it("never names a day to come", () => {
    expect(balanceAtLabel(balanceDateOf({ to: "2026-11-30" }, today), today)).toBe("today");
    expect(balanceAtLabel("2026-10-31", today)).toBe("at Oct 31, 2026");
  });
});
