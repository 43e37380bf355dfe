import { describe, expect, it } from "vitest";
import { leaveDays } from "./leave-form";
import { dhakaDateTime, toDhakaInput } from "~/lib/dhaka-time";

describe("due dates in Dhaka time", () => {
  it("reads a datetime-local value as Dhaka time (UTC+6) and writes it back the same", () => {
    const due = dhakaDateTime("2027-01-10T09:30");
    expect(due?.toISOString()).toBe("2027-01-10T03:30:00.000Z");
    expect(toDhakaInput(due!)).toBe("2027-01-10T09:30");
    // Just after midnight in Dhaka is the previous day in UTC.
    expect(dhakaDateTime("2027-03-01T00:15")?.toISOString()).toBe("2027-02-28T18:15:00.000Z");
  });

  it("refuses what is not a real date and time", () => {
    for (const bad of ["2027-02-30T10:00", "2027-01-10", "2027-01-10T24:00", "2027-01-10T10:60", "tomorrow", ""])
      expect(dhakaDateTime(bad)).toBeNull();
  });
});

describe("leaveDays", () => {
  it("counts the first and the last day, across months and a leap day", () => {
    expect(leaveDays("2026-12-28", "2026-12-30")).toBe(3);
    expect(leaveDays("2027-01-05", "2027-01-05")).toBe(1);
    expect(leaveDays("2028-02-28", "2028-03-01")).toBe(3);
  });
});
