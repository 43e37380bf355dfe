import { describe, expect, it } from "vitest";
import { ACCOUNT_DELAY_MAX_SECONDS, accountDelaySeconds } from "./sign-in-limits";

describe("accountDelaySeconds", () => {
  it("lets the first failures pass without any wait", () => {
    for (let failures = 0; failures < 5; failures++) expect(accountDelaySeconds(failures, 5)).toBe(0);
  });

  it("doubles the wait from 1 second with each failure from the threshold on", () => {
    expect([5, 6, 7, 8, 9].map((n) => accountDelaySeconds(n, 5))).toEqual([1, 2, 4, 8, 16]);
  });

  it("never waits longer than 5 minutes, however many failures", () => {
    expect(ACCOUNT_DELAY_MAX_SECONDS).toBe(300);
    expect(accountDelaySeconds(13, 5)).toBe(256);
    expect(accountDelaySeconds(14, 5)).toBe(300);
    expect(accountDelaySeconds(10_000, 5)).toBe(300);
  });
});
