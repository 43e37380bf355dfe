import { describe, expect, it } from "vitest";
import { todayInDhaka } from "./dhaka-time";

describe("todayInDhaka", () => {
  it("is already tomorrow in Dhaka when it is late evening in UTC", () => {
    expect(todayInDhaka(new Date("2026-11-21T18:30:00Z"))).toBe("2026-11-22");
    expect(todayInDhaka(new Date("2026-11-21T17:59:00Z"))).toBe("2026-11-21");
  });
});
