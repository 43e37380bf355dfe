import { describe, expect, it } from "vitest";
import { isSlug, SLUG_MAX_LENGTH } from "./slug";

describe("isSlug", () => {
  it.each(["led-wall-p3", "annual-tech-summit-2024", "a", "x1"])("accepts %s", (slug) => {
    expect(isSlug(slug)).toBe(true);
  });

  it.each([
    "",
    "LED-wall",
    "led--wall",
    "-led",
    "led-",
    "led wall",
    "led_wall",
    "../etc/passwd",
    "led%20wall",
    "লাইট",
    "a".repeat(SLUG_MAX_LENGTH + 1),
  ])("refuses %j", (slug) => {
    expect(isSlug(slug)).toBe(false);
  });
});
