import { describe, expect, it } from "vitest";
import { timeAgo } from "./relative-time";

const now = new Date("2026-12-01T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("timeAgo", () => {
  it("says just now under a minute, and for a moment slightly in the future", () => {
    expect(timeAgo(ago(0), now)).toBe("just now");
    expect(timeAgo(ago(59), now)).toBe("just now");
    expect(timeAgo(ago(-30), now)).toBe("just now");
  });

  it("counts minutes, hours, days, weeks, months and years, rounded down", () => {
    expect(timeAgo(ago(60), now)).toBe("1 minute ago");
    expect(timeAgo(ago(59 * 60 + 59), now)).toBe("59 minutes ago");
    expect(timeAgo(ago(3600), now)).toBe("1 hour ago");
    expect(timeAgo(ago(2 * 3600 - 1), now)).toBe("1 hour ago");
    expect(timeAgo(ago(23 * 3600), now)).toBe("23 hours ago");
    expect(timeAgo(ago(24 * 3600), now)).toBe("1 day ago");
    expect(timeAgo(ago(3 * 86400 + 5000), now)).toBe("3 days ago");
    expect(timeAgo(ago(7 * 86400), now)).toBe("1 week ago");
    expect(timeAgo(ago(29 * 86400), now)).toBe("4 weeks ago");
    expect(timeAgo(ago(30 * 86400), now)).toBe("1 month ago");
    expect(timeAgo(ago(364 * 86400), now)).toBe("12 months ago");
    expect(timeAgo(ago(2 * 365 * 86400), now)).toBe("2 years ago");
  });

  it("takes ISO strings as the loader sends them", () => {
    expect(timeAgo("2026-12-01T11:00:00.000Z", "2026-12-01T12:00:00.000Z")).toBe("1 hour ago");
  });

  it("refuses an invalid time instead of printing NaN", () => {
    expect(() => timeAgo("yesterday", now)).toThrow("timeAgo needs two valid times");
  });
});
