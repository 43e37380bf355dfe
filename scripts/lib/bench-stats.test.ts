import { describe, expect, it } from "vitest";
import { median, percentile, summarize } from "./bench-stats";

describe("bench statistics", () => {
  it("takes the middle of an odd count and the mean of the two middles of an even one, in any order", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("reads a percentile by nearest rank", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => 20 - i); // 20 .. 1
    expect(percentile(twenty, 95)).toBe(19);
    expect(percentile(twenty, 100)).toBe(20);
    expect(percentile(twenty, 50)).toBe(10);
    expect(percentile([3, 1, 2], 95)).toBe(3);
  });

  it("summarizes runs", () => {
    expect(summarize([10, 30, 20, 40])).toEqual({ median: 25, p95: 40, max: 40, runs: 4 });
  });

  it("refuses no times and a percentile out of range", () => {
    expect(() => median([])).toThrow("median of no times");
    expect(() => percentile([], 50)).toThrow("percentile of no times");
    expect(() => percentile([1], 0)).toThrow("percentile must be in (0, 100], not 0");
  });
});
