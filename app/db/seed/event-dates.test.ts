import { describe, expect, it } from "vitest";
import { sampleEventDate } from "./event-dates";

describe("sampleEventDate", () => {
  it("moves an upcoming event to its next month and day after today", () => {
    expect(sampleEventDate("2024-12-15", "upcoming", "2026-11-23")).toBe("2026-12-15");
    expect(sampleEventDate("2024-08-25", "upcoming", "2026-11-23")).toBe("2027-08-25");
    expect(sampleEventDate("2024-07-10", "upcoming", "2026-11-23")).toBe("2027-07-10");
  });

  it("never dates an upcoming event today: it is after the day of the first start", () => {
    expect(sampleEventDate("2024-11-23", "upcoming", "2026-11-23")).toBe("2027-11-23");
  });

  it("moves a completed event to its last month and day before today", () => {
    expect(sampleEventDate("2023-11-12", "completed", "2026-11-23")).toBe("2026-11-12");
    expect(sampleEventDate("2023-10-28", "completed", "2026-01-05")).toBe("2025-10-28");
    expect(sampleEventDate("2023-11-23", "completed", "2026-11-23")).toBe("2025-11-23");
  });

  it("keeps 29 February where the year has one and uses the 28th where it has not", () => {
    expect(sampleEventDate("2024-02-29", "upcoming", "2027-03-01")).toBe("2028-02-29");
    expect(sampleEventDate("2024-02-29", "upcoming", "2026-01-10")).toBe("2026-02-28");
    expect(sampleEventDate("2024-02-29", "completed", "2026-01-10")).toBe("2025-02-28");
  });
});
