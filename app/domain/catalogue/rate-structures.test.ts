import { describe, expect, it } from "vitest";
import { NAME_TEXT_MESSAGES } from "../../lib/name-text";
import {
  chargeableDays,
  chargeText,
  DAILY_RATE_STRUCTURE,
  EMPTY_RATE_STRUCTURE_FORM,
  isPricePerDay,
  lineDays,
  parseRateStructureForm,
  rentalLength,
} from "./rate-structures";

const money = (a: string) => `৳${a}`;
// A week charged as 3 days, a further week as 3.
const THREE_DAY_WEEK = { daysCharged: [1, 2, 3, 3, 3, 3, 3], extraWeekDays: 3 };
// A weekend rate: 1 day for up to 3 days, 4 for a week, 4 per further week.
const WEEKEND = { daysCharged: [1, 1, 1, 2, 3, 4, 4], extraWeekDays: 4 };

describe("chargeableDays", () => {
  it.each([
    [1, 1],
    [2, 2],
    [7, 7],
    [9, 9],
    [14, 14],
    [30, 30],
  ])("the default charges every day: %i days → %i", (length, days) => {
    expect(chargeableDays(length, DAILY_RATE_STRUCTURE)).toBe(days);
  });

  it.each([
    [1, 1],
    [2, 2],
    [7, 3],
    // 9 days: the first week (3) and 2 days of the next, at the 2-day figure but at most a further week.
    [9, 5],
    [14, 6],
    [15, 7],
    [21, 9],
  ])("3 days a week: %i days → %i", (length, days) => {
    expect(chargeableDays(length, THREE_DAY_WEEK)).toBe(days);
  });

  it.each([
    [1, 1],
    [2, 1],
    [7, 4],
    [9, 5],
    // A partial further week of 6 days costs the table's 4, never more than a further week (4).
    [13, 8],
    [14, 8],
  ])("weekend rate: %i days → %i", (length, days) => {
    expect(chargeableDays(length, WEEKEND)).toBe(days);
  });

  it("never charges less for a longer rental", () => {
    for (const s of [DAILY_RATE_STRUCTURE, THREE_DAY_WEEK, WEEKEND])
      for (let n = 2; n <= 60; n++) expect(chargeableDays(n, s)).toBeGreaterThanOrEqual(chargeableDays(n - 1, s));
  });

  it("refuses a rental of no days", () => {
    expect(() => chargeableDays(0, DAILY_RATE_STRUCTURE)).toThrow("a rental lasts at least 1 day, not 0");
  });
});

describe("rentalLength", () => {
  it("counts both ends", () => {
    expect(rentalLength("2026-12-18", "2026-12-19")).toBe(2);
    expect(rentalLength("2026-12-18", null)).toBe(1);
    expect(rentalLength("2026-12-18", "2026-12-18")).toBe(1);
    expect(rentalLength("2026-12-28", "2027-01-05")).toBe(9);
    // Across the spring change of some time zones: days, not hours.
    expect(rentalLength("2027-03-27", "2027-04-02")).toBe(7);
  });
});

describe("a line's days", () => {
  it("multiplies only prices per day", () => {
    expect(isPricePerDay("sqm/day")).toBe(true);
    expect(isPricePerDay("event")).toBe(false);
    expect(isPricePerDay("hour")).toBe(false);
    expect(lineDays("sqm/day", 2, null)).toBe(2);
    expect(lineDays("sqm/day", 9, THREE_DAY_WEEK)).toBe(5);
    expect(lineDays("event", 9, THREE_DAY_WEEK)).toBeNull();
  });

  it("says the rate and the days", () => {
    expect(chargeText({ quantity: 24, unitPrice: "5,000.00", priceUnit: "sqm/day", days: 2 }, money)).toBe(
      "24 sqm × ৳5,000.00 × 2 days",
    );
    expect(chargeText({ quantity: 3, unitPrice: "10", priceUnit: "unit/day", days: 1 }, money)).toBe("3 × ৳10 × 1 day");
    expect(chargeText({ quantity: 1, unitPrice: "900", priceUnit: "event", days: null }, money)).toBe("1 × ৳900");
    expect(chargeText({ quantity: 2, unitPrice: "6500", priceUnit: "set/day", days: 9 }, money)).toBe(
      "2 sets × ৳6500 × 9 days",
    );
    expect(chargeText({ quantity: 1, unitPrice: "1200", priceUnit: "meter/day", days: 3 }, money)).toBe(
      "1 meter × ৳1200 × 3 days",
    );
    // A revision sent before rental pricing by period: no unit, no days.
    expect(chargeText({ quantity: 2, unitPrice: "900" }, money)).toBe("2 × ৳900");
  });
});

describe("the rate structure form", () => {
  const values = {
    ...EMPTY_RATE_STRUCTURE_FORM,
    name: "3-day week",
    days: ["1", "2", "3", "3", "3", "3", "3"],
    extraWeekDays: "3",
  };

  it("reads a structure", () => {
    expect(parseRateStructureForm(values)).toEqual({
      ok: true,
      input: { name: "3-day week", daysCharged: [1, 2, 3, 3, 3, 3, 3], extraWeekDays: 3 },
    });
  });

  it.each([
    [{ name: "  " }, "name", "Name is required"],
    [{ name: "a\u202ebc" }, "name", "Name cannot contain right-to-left or other direction control characters"],
    [{ name: "a\nbc" }, "name", "Name contains characters that are not allowed"],
    [{ name: "\u200b\u200b" }, "name", "Name must contain visible letters or digits, not only invisible characters"],
    [{ name: "3-day week\u200b" }, "name", NAME_TEXT_MESSAGES.invisibleInside("Name")],
    [{ name: "3-day\u00adweek" }, "name", NAME_TEXT_MESSAGES.invisibleInside("Name")],
    [{ name: "x".repeat(61) }, "name", "Name must be at most 60 characters"],
    [{ days: ["1", "3", "3", "3", "3", "3", "3"] }, "days.1", "Days charged for 2 days must be from 1 to 2"],
    [
      { days: ["1", "2", "1", "3", "3", "3", "3"] },
      "days.2",
      "Days charged for 3 days cannot be fewer than for 2 days",
    ],
    [{ days: ["0", "2", "3", "3", "3", "3", "3"] }, "days.0", "Days charged for 1 day must be from 1 to 1"],
    [
      { days: ["1", "2.5", "3", "3", "3", "3", "3"] },
      "days.1",
      "Days charged for 2 days must be a whole number of days",
    ],
    [{ extraWeekDays: "8" }, "extraWeekDays", "Days charged per further week must be from 1 to 7"],
    [{ extraWeekDays: "" }, "extraWeekDays", "Days charged per further week is required"],
  ])("refuses %j", (patch, key, message) => {
    const result = parseRateStructureForm({ ...values, ...patch });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[key]).toBe(message);
  });
});
