import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedPublicData, invalidatePublicData } from "./cache.server";

afterEach(() => {
  invalidatePublicData();
  vi.useRealTimers();
});

describe("cachedPublicData", () => {
  it("loads once, then serves the cached value until invalidated", async () => {
    const load = vi.fn(async () => "v1");
    expect(await cachedPublicData("k", load)).toBe("v1");
    expect(await cachedPublicData("k", load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
    invalidatePublicData();
    await cachedPublicData("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reloads after a minute", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => 1);
    await cachedPublicData("t", load);
    vi.advanceTimersByTime(61_000);
    await cachedPublicData("t", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failed load", async () => {
    await expect(cachedPublicData("f", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cachedPublicData("f", async () => "up")).toBe("up");
  });
});
