import { describe, expect, it } from "vitest";
import { isSlug, SLUG_MAX_LENGTH, slugFromName } from "./slug";

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

describe("slugFromName", () => {
  it.each([
    ["LED Wall P3", "led-wall-p3"],
    ["LED Wall P3.9 (Outdoor)", "led-wall-p3-9-outdoor"],
    ["  Moving Head   Beam 230  ", "moving-head-beam-230"],
    ["Sound & Light Package", "sound-and-light-package"],
    ["Café Crème Table", "cafe-creme-table"],
    ["Ångström Über Truss", "angstrom-uber-truss"],
    ["--Fog__Machine--", "fog-machine"],
    ["100% Cotton Drape!", "100-cotton-drape"],
    ["ＦＵＬＬ ＷＩＤＴＨ Ｐ３", "full-width-p3"],
  ])("makes %j into %j", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
    expect(isSlug(slug)).toBe(true);
  });

  it.each(["", "   ", "!!!", "লাইট সেট", "灯光"])("gives the fallback for %j", (name) => {
    expect(slugFromName(name)).toBe("item");
    expect(slugFromName(name, "event")).toBe("event");
  });

  it("keeps Latin words beside other scripts", () => {
    expect(slugFromName("মঞ্চ Stage 2")).toBe("stage-2");
  });

  it("cuts a long name at a hyphen, never leaving one at the end", () => {
    const slug = slugFromName("Professional Outdoor Line Array Speaker System With Subwoofers And Amplifier Rack");
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toBe("professional-outdoor-line-array-speaker-system-with-subwoofers-and-amplifier");
    expect(isSlug(slug)).toBe(true);
  });

  it("cuts a long single word at the limit", () => {
    expect(slugFromName("a".repeat(200))).toBe("a".repeat(80));
    expect(slugFromName("x".repeat(30) + " " + "y".repeat(100), "item", 40)).toBe("x".repeat(30));
    expect(slugFromName("x".repeat(10) + " " + "y".repeat(100), "item", 40)).toBe(
      `${"x".repeat(10)}-${"y".repeat(29)}`,
    );
  });

  it("always gives a slug isSlug accepts, whatever the name", () => {
    for (const name of ["a - b", "a--b", "Ünïcödé", "1.2.3", "x".repeat(500), "a-".repeat(100), "tab\tname\nline"])
      expect(isSlug(slugFromName(name))).toBe(true);
  });
});
