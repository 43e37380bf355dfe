import os from "node:os";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEnv, setEnv } from "./env.server";
import { describeRetry, resetRateLimits, takeFormSubmission } from "./rate-limit.server";

beforeEach(() => {
  setEnv(loadEnv({ DATA_DIR: os.tmpdir(), AUTH_SECRET: "x".repeat(32), FORM_RATE_LIMIT: "2/60" }));
  resetRateLimits();
});
afterEach(() => resetRateLimits());

describe("takeFormSubmission", () => {
  it("allows the configured number per address and window, then refuses with the wait", () => {
    const t = 1_000_000;
    expect(takeFormSubmission("contact", "1.1.1.1", t).allowed).toBe(true);
    expect(takeFormSubmission("contact", "1.1.1.1", t + 1).allowed).toBe(true);
    expect(takeFormSubmission("contact", "1.1.1.1", t + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // Another address and another form count apart.
    expect(takeFormSubmission("contact", "2.2.2.2", t).allowed).toBe(true);
    expect(takeFormSubmission("quotation", "1.1.1.1", t).allowed).toBe(true);
    // A new window starts afresh.
    expect(takeFormSubmission("contact", "1.1.1.1", t + 60_000).allowed).toBe(true);
  });

  it("words the wait for people", () => {
    expect(describeRetry(40)).toBe("in 40 seconds");
    expect(describeRetry(600)).toBe("in 10 minutes");
  });
});
