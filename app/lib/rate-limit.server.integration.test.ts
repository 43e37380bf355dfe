import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/db/client.server";
import { rateLimitCounters } from "~/db/schema";
import { getEnv, loadEnv, setEnv } from "./env.server";
import {
  checkAllowance,
  deleteExpiredCounters,
  describeRetry,
  giveBackUse,
  holdFor,
  publicFormRule,
  RateLimitExceededError,
  requireAllowance,
  takeAllowance,
  type RateLimitRule,
} from "./rate-limit.server";

const rule = (key: string, overrides: Partial<RateLimitRule> = {}): RateLimitRule => ({
  bucket: "test:form",
  key,
  max: 2,
  windowSeconds: 60,
  ...overrides,
});

async function counter(bucket: string, key: string) {
  const [row] = await getDb()
    .select()
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.key, key)));
  return row;
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe("holdFor", () => {
  it("refuses its key until the hold ends, and a shorter hold does not shorten a longer one", async () => {
    const db = getDb();
    const t = new Date("2030-02-01T10:00:00Z");
    const held = { bucket: "test:hold", key: "k", max: 1, windowSeconds: 1 };
    await holdFor(db, "test:hold", "k", 8, t);
    expect(await checkAllowance(db, held, at(t, 3000))).toEqual({ allowed: false, retryAfterSeconds: 5 });
    await holdFor(db, "test:hold", "k", 2, at(t, 3000));
    expect(await checkAllowance(db, held, at(t, 3000))).toEqual({ allowed: false, retryAfterSeconds: 5 });
    await holdFor(db, "test:hold", "k", 30, at(t, 3000));
    expect(await checkAllowance(db, held, at(t, 3000))).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await checkAllowance(db, held, at(t, 33_000))).allowed).toBe(true);
  });
});

describe("takeAllowance", () => {
  it("allows `max` uses per key in a window that starts with the first, then refuses with the wait", async () => {
    const db = getDb();
    const t = new Date("2030-01-01T10:00:00Z");
    expect(await takeAllowance(db, rule("1.1.1.1"), t)).toEqual({ allowed: true, retryAfterSeconds: 0, used: 1 });
    expect(await takeAllowance(db, rule("1.1.1.1"), at(t, 1))).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      used: 2,
    });
    expect(await takeAllowance(db, rule("1.1.1.1"), at(t, 10_000))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // A refused call takes nothing.
    expect((await counter("test:form", "1.1.1.1"))!.count).toBe(2);
    // Another key and another bucket count apart.
    expect((await takeAllowance(db, rule("2.2.2.2"), t)).allowed).toBe(true);
    expect((await takeAllowance(db, rule("1.1.1.1", { bucket: "test:other" }), t)).allowed).toBe(true);
    // Once the window is over a new one starts with this use.
    expect((await takeAllowance(db, rule("1.1.1.1"), at(t, 60_000))).allowed).toBe(true);
    const renewed = await counter("test:form", "1.1.1.1");
    expect(renewed).toMatchObject({ count: 1, windowStartedAt: at(t, 60_000), windowEndsAt: at(t, 120_000) });
  });

  it("uses the database's clock when no moment is given", async () => {
    const db = getDb();
    const r = rule("clock", { max: 1, windowSeconds: 600 });
    expect((await takeAllowance(db, r)).allowed).toBe(true);
    const refused = await takeAllowance(db, r);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it("gives the last use to exactly one of several callers at the same moment", async () => {
    const db = getDb();
    const r = rule("race", { max: 3 });
    await takeAllowance(db, r);
    const results = await Promise.all(Array.from({ length: 8 }, () => takeAllowance(db, r)));
    expect(results.filter((a) => a.allowed)).toHaveLength(2);
    expect((await counter("test:form", "race"))!.count).toBe(3);
  });
});

describe("requireAllowance in a transaction", () => {
  it("gives the use back when the transaction rolls back", async () => {
    const db = getDb();
    const r = rule("rollback", { max: 1 });
    await expect(
      db.transaction(async (tx) => {
        await requireAllowance(tx, r);
        throw new Error("the store failed");
      }),
    ).rejects.toThrow("the store failed");
    expect(await checkAllowance(db, r)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await counter("test:form", "rollback")).toBeUndefined();
  });

  it("lets one of two transactions taking the last use commit, and rolls back the other", async () => {
    const db = getDb();
    const r = rule("last-slot", { max: 1 });
    const attempt = (n: number) =>
      db.transaction(async (tx) => {
        await requireAllowance(tx, r);
        return n;
      });
    const outcomes = await Promise.allSettled([attempt(1), attempt(2), attempt(3)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(rejected).toHaveLength(2);
    for (const o of rejected) {
      expect(o.reason).toBeInstanceOf(RateLimitExceededError);
      expect((o.reason as RateLimitExceededError).bucket).toBe("test:form");
      expect((o.reason as RateLimitExceededError).retryAfterSeconds).toBeGreaterThan(0);
    }
  });
});

describe("giveBackUse", () => {
  it("gives back one use of the running window, deletes the last, and leaves an ended window alone", async () => {
    const db = getDb();
    const t = new Date("2030-03-01T10:00:00Z");
    await takeAllowance(db, rule("give"), t);
    await takeAllowance(db, rule("give"), t);
    expect((await takeAllowance(db, rule("give"), t)).allowed).toBe(false);
    await giveBackUse(db, "test:form", "give", at(t, 1000));
    expect(await counter("test:form", "give")).toMatchObject({ count: 1 });
    expect(await takeAllowance(db, rule("give"), at(t, 1000))).toMatchObject({ allowed: true, used: 2 });
    await giveBackUse(db, "test:form", "give", at(t, 1000));
    await giveBackUse(db, "test:form", "give", at(t, 1000));
    expect(await counter("test:form", "give")).toBeUndefined();
    await giveBackUse(db, "test:form", "give", at(t, 1000));
    expect(await counter("test:form", "give")).toBeUndefined();

    await takeAllowance(db, rule("ended"), t);
    await takeAllowance(db, rule("ended"), t);
    await giveBackUse(db, "test:form", "ended", at(t, 61_000));
    expect(await counter("test:form", "ended")).toMatchObject({ count: 2 });
  });
});

describe("checkAllowance", () => {
  it("answers without taking a use", async () => {
    const db = getDb();
    const t = new Date("2030-02-01T10:00:00Z");
    const r = rule("check", { max: 1 });
    expect(await checkAllowance(db, r, t)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await checkAllowance(db, r, t)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await takeAllowance(db, r, t);
    expect(await checkAllowance(db, r, at(t, 15_000))).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await checkAllowance(db, r, at(t, 60_000))).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect((await counter("test:form", "check"))!.count).toBe(1);
  });
});

describe("expired counters", () => {
  it("are deleted when a new window starts, and current ones kept", async () => {
    const db = getDb();
    const t = new Date("2030-03-01T10:00:00Z");
    await takeAllowance(db, rule("old", { bucket: "test:cleanup" }), t);
    await takeAllowance(db, rule("current", { bucket: "test:cleanup", windowSeconds: 3600 }), t);
    // An hour minus a second later, a new key's first use clears the ended window of "old".
    await takeAllowance(db, rule("new", { bucket: "test:cleanup" }), at(t, 3_599_000));
    expect(await counter("test:cleanup", "old")).toBeUndefined();
    expect(await counter("test:cleanup", "current")).toBeDefined();
    expect(await counter("test:cleanup", "new")).toBeDefined();
  });

  it("skips counters another transaction holds instead of waiting for them", async () => {
    const db = getDb();
    const t = new Date("2030-04-01T10:00:00Z");
    await takeAllowance(db, rule("held", { bucket: "test:held" }), t);
    const later = at(t, 120_000);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx
        .select()
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.bucket, "test:held"), eq(rateLimitCounters.key, "held")))
        .for("update");
      locked();
      await released;
    });
    await isLocked;
    // PGlite has one connection, which the holder has; PostgreSQL runs the clean-up on another one meanwhile.
    if (getDatabase().kind === "postgres") {
      await deleteExpiredCounters(db, later);
      expect(await counter("test:held", "held")).toBeDefined();
    }
    release();
    await holder;
    await deleteExpiredCounters(db, later);
    expect(await counter("test:held", "held")).toBeUndefined();
  });
});

describe("publicFormRule", () => {
  const saved = getEnv();
  afterEach(() => setEnv(saved));

  it("applies FORM_RATE_LIMIT per form and client, an IPv6 client by its /64", () => {
    setEnv(loadEnv({ ...process.env, DATA_DIR: saved.dataDir, AUTH_SECRET: "x".repeat(32), FORM_RATE_LIMIT: "4/300" }));
    expect(publicFormRule("contact", "2001:db8::1")).toEqual({
      bucket: "form:contact",
      key: "2001:0db8:0000:0000::/64",
      max: 4,
      windowSeconds: 300,
    });
    expect(publicFormRule("quotation-cart", "::ffff:192.0.2.7", 10)).toEqual({
      bucket: "form:quotation-cart",
      key: "192.0.2.7",
      max: 40,
      windowSeconds: 300,
    });
  });
});

describe("describeRetry", () => {
  it("words the wait for people", () => {
    expect(describeRetry(40)).toBe("in 40 seconds");
    // The sign-in's shortest wait.
    expect(describeRetry(1)).toBe("in 1 second");
    expect(describeRetry(600)).toBe("in 10 minutes");
  });
});
