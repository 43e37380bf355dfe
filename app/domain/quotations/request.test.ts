import { describe, expect, it } from "vitest";
import { todayInDhaka } from "~/lib/dhaka-time";
import { QUOTATION_MESSAGES, quotationRequestSchemaFor } from "./request";

const request = (event_date: string) => ({
  name: "Farhana Rahman",
  email: "farhana@example.com",
  phone: "+880 1711-555000",
  event_name: "Rahman Wedding Reception",
  event_date,
  event_time: "18:30",
  event_location: "Bashundhara Convention Center, Dhaka",
  items: [{ productId: "3f1c1a52-7d6f-4a53-9a0e-1b2b8d6f7a10", quantity: 1 }],
  idempotencyKey: "5b0f0a8e-2d7c-4e1b-8f3a-9c6d2e1f0a4b",
});

function eventDateError(today: string, eventDate: string): string | undefined {
  const result = quotationRequestSchemaFor(today).safeParse(request(eventDate));
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === "event_date")?.message;
}

describe("the quotation request's event date", () => {
  it("refuses yesterday with the message on the event date, and accepts today and later", () => {
    expect(eventDateError("2026-11-23", "2026-11-22")).toBe(QUOTATION_MESSAGES.eventDatePast);
    expect(QUOTATION_MESSAGES.eventDatePast).toBe("Event date cannot be in the past");
    expect(eventDateError("2026-11-23", "2025-12-31")).toBe(QUOTATION_MESSAGES.eventDatePast);
    expect(eventDateError("2026-11-23", "2026-11-23")).toBeUndefined();
    expect(eventDateError("2026-11-23", "2026-11-24")).toBeUndefined();
    expect(eventDateError("2026-11-23", "2027-01-05")).toBeUndefined();
  });

  it("judges the past by the date in Dhaka (UTC+6), not by UTC", () => {
    // 18:30 UTC on the 21st is already 00:30 on the 22nd in Dhaka: the 21st has passed there.
    const dhakaAfterMidnight = todayInDhaka(new Date("2026-11-21T18:30:00Z"));
    expect(eventDateError(dhakaAfterMidnight, "2026-11-21")).toBe(QUOTATION_MESSAGES.eventDatePast);
    expect(eventDateError(dhakaAfterMidnight, "2026-11-22")).toBeUndefined();
    // 17:59 UTC is 23:59 in Dhaka: still the 21st.
    const dhakaBeforeMidnight = todayInDhaka(new Date("2026-11-21T17:59:00Z"));
    expect(eventDateError(dhakaBeforeMidnight, "2026-11-21")).toBeUndefined();
  });

  it("reports a malformed or impossible date as such, not as past", () => {
    expect(eventDateError("2026-11-23", "20/12/2026")).toMatch(/real date/);
    expect(eventDateError("2026-11-23", "2025-02-30")).toMatch(/real date/);
    expect(eventDateError("2026-11-23", "")).toBe(QUOTATION_MESSAGES.eventDateRequired);
  });

  it("follows the day it is given, also after an earlier day's check", () => {
    expect(eventDateError("2026-11-22", "2026-11-22")).toBeUndefined();
    expect(eventDateError("2026-11-23", "2026-11-22")).toBe(QUOTATION_MESSAGES.eventDatePast);
    expect(eventDateError("2026-11-22", "2026-11-22")).toBeUndefined();
  });
});
