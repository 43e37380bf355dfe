import { describe, expect, it } from "vitest";
import {
  formatCataloguePrice,
  formatMonthYear,
  formatLongDate,
  formatMoney,
  formatShortDate,
  formatTime,
  shortLocation,
} from "./format";

describe("money", () => {
  it("shows catalogue prices in taka with en-US grouping and no decimals", () => {
    expect(formatCataloguePrice("10000.00")).toBe("৳10,000");
    expect(formatCataloguePrice(800)).toBe("৳800");
    expect(formatCataloguePrice("1234567.49")).toBe("৳1,234,567");
  });
  it("shows exact amounts with 2 decimals", () => {
    expect(formatMoney("25000")).toBe("৳25,000.00");
    expect(formatMoney("0.1")).toBe("৳0.10");
  });
});

describe("dates", () => {
  it("writes month name, day, year without shifting the calendar date", () => {
    expect(formatLongDate("2024-12-15")).toBe("December 15, 2024");
    expect(formatLongDate("2024-01-01")).toBe("January 1, 2024");
  });
  it("writes MMM dd, yyyy", () => {
    expect(formatShortDate("2025-03-05")).toBe("Mar 05, 2025");
  });
  it("writes times on a 12-hour clock", () => {
    expect(formatTime("18:30:00")).toBe("6:30 PM");
    expect(formatTime("00:05")).toBe("12:05 AM");
    expect(formatTime("12:00")).toBe("12:00 PM");
  });
  it("keeps the location up to the first comma", () => {
    expect(shortLocation("Laboni Beach, Cox's Bazar")).toBe("Laboni Beach");
    expect(shortLocation("Dhaka")).toBe("Dhaka");
  });
});

describe("formatMonthYear", () => {
  it("names the month and the year", () => {
    expect(formatMonthYear("2027-09")).toBe("September 2027");
    expect(formatMonthYear("2026-01")).toBe("January 2026");
  });
});
