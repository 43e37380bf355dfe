import { describe, expect, it } from "vitest";
import { daysInclusive, documentDate, documentDateRange, documentDay } from "./document-dates";

describe("document dates", () => {
  it("prints a calendar date as day, short month, year", () => {
    expect(documentDate("2026-11-30")).toBe("30 Nov 2026");
    expect(documentDate("2027-01-05")).toBe("5 Jan 2027");
    expect(() => documentDate("2026-13-01")).toThrow("not a calendar date: 2026-13-01");
    expect(() => documentDate("30/11/2026")).toThrow("not a calendar date: 30/11/2026");
  });

  it("takes a moment's day in Dhaka, not in UTC", () => {
    // 19:00 UTC on 30 Nov is 01:00 on 1 Dec in Dhaka (UTC+6).
    expect(documentDay(new Date("2026-11-30T19:00:00Z"))).toBe("1 Dec 2026");
    expect(documentDay(new Date("2026-11-30T17:59:59Z"))).toBe("30 Nov 2026");
  });

  it("prints a rental period with its length", () => {
    expect(documentDateRange("2026-12-15", null)).toBe("15 Dec 2026");
    expect(documentDateRange("2026-12-15", "2026-12-15")).toBe("15 Dec 2026");
    expect(documentDateRange("2026-12-15", "2026-12-17")).toBe("15 Dec 2026 to 17 Dec 2026 (3 days)");
    expect(documentDateRange("2026-12-31", "2027-01-01")).toBe("31 Dec 2026 to 1 Jan 2027 (2 days)");
    expect(daysInclusive("2028-02-28", "2028-03-01")).toBe(3);
  });
});
