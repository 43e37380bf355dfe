import { afterEach, describe, expect, it, vi } from "vitest";
import {
  cachedPublicData,
  clearLocalPublicData,
  invalidatePublicData,
  onPublicDataInvalidated,
  publicDataEntryCount,
  setInvalidationBroadcast,
} from "./cache.server";

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

  it("keeps the result of a query builder, not the builder: it runs once however often it is read", async () => {
    // Like a Drizzle query builder: a thenable that runs its query each time it is awaited.
    let runs = 0;
    const builder: PromiseLike<string[]> = {
      then(resolve, reject) {
        runs++;
        return Promise.resolve(["row"]).then(resolve, reject);
      },
    };
    for (let i = 0; i < 3; i++) expect(await cachedPublicData("builder", () => builder)).toEqual(["row"]);
    expect(runs).toBe(1);
  });

  it("shares one load between callers that ask at the same time", async () => {
    const load = vi.fn(async () => "once");
    expect(await Promise.all([cachedPublicData("same", load), cachedPublicData("same", load)])).toEqual([
      "once",
      "once",
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a miss", async () => {
    const load = vi.fn(async () => null);
    await cachedPublicData("product:unknown", load);
    await cachedPublicData("product:unknown", load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(publicDataEntryCount()).toBe(0);
  });

  it("keeps at most a thousand entries, dropping the least recently used", async () => {
    for (let i = 0; i < 1_500; i++) await cachedPublicData(`many:${i}`, async () => i);
    expect(publicDataEntryCount()).toBe(1_000);
    const load = vi.fn(async () => -1);
    expect(await cachedPublicData("many:1499", load)).toBe(1499);
    expect(await cachedPublicData("many:0", load)).toBe(-1);
  });
});

describe("invalidation", () => {
  it("tells listeners on every clear, and other servers only when the change is made here", async () => {
    const listener = vi.fn();
    const broadcast = vi.fn();
    const unsubscribe = onPublicDataInvalidated(listener);
    setInvalidationBroadcast(broadcast);
    try {
      invalidatePublicData();
      expect(listener).toHaveBeenCalledTimes(1);
      expect(broadcast).toHaveBeenCalledTimes(1);
      // What another server announced is cleared here, and not sent round again.
      clearLocalPublicData();
      expect(listener).toHaveBeenCalledTimes(2);
      expect(broadcast).toHaveBeenCalledTimes(1);
    } finally {
      unsubscribe();
      setInvalidationBroadcast(undefined);
    }
  });
});
