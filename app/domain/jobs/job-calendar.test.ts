import { describe, expect, it } from "vitest";
import {
  calendarNavigation,
  dayLabel,
  dayOfJob,
  JOB_CALENDAR_MESSAGES,
  readCalendarRequest,
  takesOutLabel,
} from "./job-calendar";

const read = (query: string, today = "2027-03-10") => readCalendarRequest(new URLSearchParams(query), today);

describe("readCalendarRequest", () => {
  it("shows this month by default, as a Monday-to-Sunday grid around it", () => {
    // March 2027 starts on a Monday and ends on a Wednesday.
    expect(read("")).toEqual({
      view: "month",
      month: "2027-03",
      date: "2027-03-01",
      from: "2027-03-01",
      to: "2027-04-04",
      today: "2027-03-10",
      errors: {},
    });
    // February 2027 starts on a Monday and ends on a Sunday: four whole weeks.
    expect(read("month=2027-02")).toMatchObject({ from: "2027-02-01", to: "2027-02-28" });
    // June 2027 starts on a Tuesday.
    expect(read("month=2027-06")).toMatchObject({ from: "2027-05-31", to: "2027-07-04" });
  });

  it("shows the week, Monday to Sunday, holding the day asked for (today by default)", () => {
    expect(read("show=week&date=2027-03-31")).toMatchObject({
      view: "week",
      date: "2027-03-31",
      from: "2027-03-29",
      to: "2027-04-04",
      errors: {},
    });
    expect(read("show=week")).toMatchObject({ from: "2027-03-08", to: "2027-03-14" });
  });

  it("names what it cannot read and shows the default instead", () => {
    expect(read("month=2027-13")).toMatchObject({ month: "2027-03", errors: { month: JOB_CALENDAR_MESSAGES.month } });
    // The year 9999's last weeks would end in the year 10000, which the database cannot read: named, not a 500.
    expect(read("month=9999-12")).toMatchObject({ month: "2027-03", errors: { month: JOB_CALENDAR_MESSAGES.month } });
    expect(read("show=week&date=9999-12-31")).toMatchObject({
      date: "2027-03-10",
      errors: { date: JOB_CALENDAR_MESSAGES.date },
    });
    // Months outside the business dates (2000-2099) are named too; the range's last is shown.
    expect(read("month=9998-12")).toMatchObject({ month: "2027-03", errors: { month: JOB_CALENDAR_MESSAGES.month } });
    expect(read("month=1999-12")).toMatchObject({ month: "2027-03", errors: { month: JOB_CALENDAR_MESSAGES.month } });
    expect(read("month=2099-12")).toEqual(expect.objectContaining({ month: "2099-12", errors: {} }));
    expect(read("show=year")).toMatchObject({ view: "month", errors: { show: JOB_CALENDAR_MESSAGES.show } });
    expect(read("show=week&date=2027-02-29")).toMatchObject({
      from: "2027-03-08",
      errors: { date: JOB_CALENDAR_MESSAGES.date },
    });
  });
});

describe("calendarNavigation", () => {
  it("goes a month back and on, across years", () => {
    expect(calendarNavigation(read("month=2027-01"))).toMatchObject({
      title: "January 2027",
      previous: "/admin/jobs/calendar?month=2026-12",
      next: "/admin/jobs/calendar?month=2027-02",
      today: "/admin/jobs/calendar?month=2027-03",
      week: "/admin/jobs/calendar?show=week&date=2027-01-01",
    });
    expect(calendarNavigation(read("")).week).toBe("/admin/jobs/calendar?show=week&date=2027-03-10");
  });

  it("goes a week back and on, and to the week's month", () => {
    expect(calendarNavigation(read("show=week&date=2027-03-31"))).toMatchObject({
      title: "Mar 29, 2027 – Apr 04, 2027",
      previous: "/admin/jobs/calendar?show=week&date=2027-03-22",
      next: "/admin/jobs/calendar?show=week&date=2027-04-05",
      today: "/admin/jobs/calendar?show=week&date=2027-03-10",
      month: "/admin/jobs/calendar?month=2027-03",
    });
  });
});

describe("labels", () => {
  it("shortens what a job takes out", () => {
    const items = [
      { name: "LED wall", quantity: 4 },
      { name: "Truss", quantity: 8 },
    ];
    expect(takesOutLabel({ units: 12, items })).toBe("12 units: LED wall ×4, Truss ×8");
    expect(
      takesOutLabel({ units: 15, items: [...items, { name: "Mixer", quantity: 1 }, { name: "Cable", quantity: 2 }] }),
    ).toBe("15 units: LED wall ×4, Truss ×8, Mixer ×1, +1 more");
    expect(takesOutLabel({ units: 1, items: [{ name: "Mixer", quantity: 1 }] })).toBe("1 unit: Mixer ×1");
    expect(takesOutLabel({ units: 0, items: [] })).toBe("Nothing to take");
  });

  it("names days", () => {
    expect(dayLabel("2027-03-29")).toBe("Mon 29 Mar");
    expect(dayOfJob({ startDate: "2027-03-30", endDate: "2027-04-02" }, "2027-04-01")).toBe("Day 3 of 4");
    expect(dayOfJob({ startDate: "2027-03-30", endDate: "2027-03-30" }, "2027-03-30")).toBeNull();
  });
});
