import { describe, expect, it } from "vitest";
import {
  BUSINESS_DATE_MAX,
  BUSINESS_DATE_MIN,
  businessDateProblem,
  isBusinessDate,
  isBusinessMonth,
  isRealDate,
} from "./business-date";
import { isCalendarDate } from "./list-params";

describe("the business date range", () => {
  it("takes both ends and refuses the day either side", () => {
    expect(isBusinessDate(BUSINESS_DATE_MIN)).toBe(true);
    expect(isBusinessDate(BUSINESS_DATE_MAX)).toBe(true);
    expect(isBusinessDate("1999-12-31")).toBe(false);
    expect(isBusinessDate("2100-01-01")).toBe(false);
  });

  it("refuses the dates a probe posts: 9999-12-31, 0000-01-01, +275760-09-13, and no real date", () => {
    for (const value of ["9999-12-31", "0000-01-01", "+275760-09-13", "275760-09-13", "2027-02-30", "", "2027-1-01"])
      expect(isBusinessDate(value), value).toBe(false);
    expect(isRealDate("9999-12-31")).toBe(true);
    expect(isRealDate("0000-01-01")).toBe(false);
  });

  it("is the check every form and list filter uses (isCalendarDate)", () => {
    expect(isCalendarDate("2099-12-31")).toBe(true);
    expect(isCalendarDate("9999-12-31")).toBe(false);
    expect(isCalendarDate("1999-12-31")).toBe(false);
  });

  it("names the field: no date at all, or a date outside the range", () => {
    expect(businessDateProblem("Entry date", "2027-03-01")).toBeNull();
    expect(businessDateProblem("Entry date", "9999-12-31")).toBe(
      "Entry date must be between 1 Jan 2000 and 31 Dec 2099",
    );
    expect(businessDateProblem("Lock date", "+275760-09-13")).toBe("Lock date must be a date");
    expect(businessDateProblem("Date", "1999-12-31", "Date is not a date")).toBe(
      "Date must be between 1 Jan 2000 and 31 Dec 2099",
    );
  });

  it("takes a month of the range only", () => {
    expect(isBusinessMonth("2000-01")).toBe(true);
    expect(isBusinessMonth("2099-12")).toBe(true);
    expect(isBusinessMonth("9999-12")).toBe(false);
    expect(isBusinessMonth("0000-01")).toBe(false);
    expect(isBusinessMonth("1999-12")).toBe(false);
    expect(isBusinessMonth("2027-13")).toBe(false);
  });
});
