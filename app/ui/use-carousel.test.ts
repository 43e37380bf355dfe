import { describe, expect, it } from "vitest";
import { wrapIndex } from "./use-carousel";

describe("wrapIndex", () => {
  it("wraps past either end", () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(2, 4)).toBe(2);
    expect(wrapIndex(-5, 4)).toBe(3);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});
