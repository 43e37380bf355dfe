import { describe, expect, it } from "vitest";
import { judgeSession } from "./session-lifetime";

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const STAFF = { idleSeconds: 12 * 3600, absoluteSeconds: 7 * 86_400 };
const CUSTOMER = { idleSeconds: 7 * 86_400, absoluteSeconds: 30 * 86_400 };
const signedInAt = new Date("2026-11-02T09:00:00Z");
const at = (ms: number) => new Date(signedInAt.getTime() + ms);
/** A session opened at signedInAt, last used at `used`, with the deadline `expires`. */
const session = (used: number, expires: number) => ({
  createdAt: signedInAt,
  lastUsedAt: at(used),
  expiresAt: at(expires),
});

describe("judgeSession", () => {
  it("brings a fresh session's long deadline in to the idle time", () => {
    expect(judgeSession(session(0, 30 * DAY), STAFF, at(1000))).toEqual({
      ended: false,
      expiresAt: at(1000 + 12 * HOUR),
      renew: true,
    });
  });

  it("ends a session unused for the idle time even when its stored deadline is later", () => {
    expect(judgeSession(session(0, 30 * DAY), STAFF, at(12 * HOUR - 1))).toMatchObject({ ended: false });
    expect(judgeSession(session(0, 30 * DAY), STAFF, at(12 * HOUR))).toEqual({ ended: true, reason: "idle" });
  });

  it("records a use at most once a minute", () => {
    expect(judgeSession(session(0, 12 * HOUR), STAFF, at(30_000))).toEqual({
      ended: false,
      expiresAt: at(12 * HOUR),
      renew: false,
    });
    expect(judgeSession(session(0, 12 * HOUR), STAFF, at(2 * HOUR))).toEqual({
      ended: false,
      expiresAt: at(14 * HOUR),
      renew: true,
    });
  });

  it("ends a session used all along at the absolute time, and never moves its deadline past it", () => {
    expect(judgeSession(session(7 * DAY - 4 * HOUR, 7 * DAY), STAFF, at(7 * DAY - 3 * HOUR))).toEqual({
      ended: false,
      expiresAt: at(7 * DAY),
      renew: true,
    });
    expect(judgeSession(session(7 * DAY - HOUR, 7 * DAY), STAFF, at(7 * DAY))).toEqual({
      ended: true,
      reason: "absolute",
    });
  });

  it("gives a customer's session its own times: 7 days idle, 30 in all", () => {
    expect(judgeSession(session(0, 30 * DAY), CUSTOMER, at(6 * DAY))).toMatchObject({ ended: false });
    expect(judgeSession(session(0, 30 * DAY), CUSTOMER, at(7 * DAY))).toEqual({ ended: true, reason: "idle" });
    expect(judgeSession(session(25 * DAY, 30 * DAY), CUSTOMER, at(29 * DAY))).toEqual({
      ended: false,
      expiresAt: at(30 * DAY),
      renew: true,
    });
    expect(judgeSession(session(29 * DAY, 30 * DAY), CUSTOMER, at(30 * DAY))).toEqual({
      ended: true,
      reason: "absolute",
    });
  });
});
