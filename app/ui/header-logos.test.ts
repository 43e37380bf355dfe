import { describe, expect, it } from "vitest";
import {
  HEADER_LOGO_MAX,
  HEADER_LOGO_STEPS,
  headerLogoCount,
  headerLogoFrom,
  headerLogoReach,
  headerLogoSteps,
  HIDDEN_BELOW,
} from "./header-logos";

describe("how many logos the header shows", () => {
  it("shows two on a phone, three from 640 px and four from 1280 px", () => {
    expect([320, 375, 639, 640, 768, 1024, 1279, 1280, 1920].map(headerLogoCount)).toEqual([2, 2, 2, 3, 3, 3, 3, 4, 4]);
    expect(HEADER_LOGO_MAX).toBe(4);
    expect(headerLogoSteps()).toBe("2 on phones, 3 from 640 px wide, 4 from 1280 px wide");
  });

  it("names the narrowest window that shows each logo, and none for a logo after the fourth", () => {
    expect([0, 1, 2, 3, 4, 9].map(headerLogoFrom)).toEqual([0, 0, 640, 1280, null, null]);
    expect(headerLogoReach(1)).toBe("In the header on every screen");
    expect(headerLogoReach(2)).toBe("In the header on screens from 640 px wide");
    expect(headerLogoReach(4)).toBe("Not in the header, which shows the first 4 only");
  });

  it("hides each logo below its width with the Tailwind breakpoint of that width (sm 640, xl 1280)", () => {
    const breakpoint: Record<string, number> = { sm: 640, xl: 1280 };
    for (const step of HEADER_LOGO_STEPS) {
      const classes = HIDDEN_BELOW[step.fromWidth];
      expect(classes).toBeDefined();
      if (step.fromWidth === 0) expect(classes).toBe("");
      else {
        const [hidden, shown] = classes!.split(" ");
        expect(hidden).toBe("hidden");
        expect(breakpoint[shown!.replace(/:block$/, "")]).toBe(step.fromWidth);
      }
    }
  });
});
