import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { getEnv, loadEnv, setEnv } from "~/lib/env.server";
import { signedInUser, sessionOf } from "../../../tests/support/signed-in-request";

// Sessions end after their role's idle time and absolute time (STAFF_SESSION_TIMEOUT 12h/7d,
// CUSTOMER_SESSION_TIMEOUT 7d/30d), judged by the server on every request's session lookup. Time is moved by
// dating the session row back, never by waiting.

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Dates the session back: opened `openedAgo` seconds ago, last used `usedAgo` seconds ago. */
async function ageSession(userId: string, openedAgo: number, usedAgo: number) {
  await getDb()
    .update(sessions)
    .set({
      createdAt: sql`now() - make_interval(secs => ${openedAgo})`,
      updatedAt: sql`now() - make_interval(secs => ${usedAgo})`,
    })
    .where(eq(sessions.userId, userId));
}

const sessionRows = (userId: string) => getDb().select().from(sessions).where(eq(sessions.userId, userId));

const saved = getEnv();
afterEach(() => setEnv(saved));

beforeAll(() => {
  expect(saved.staffSession).toEqual({ idleSeconds: 12 * HOUR, absoluteSeconds: 7 * DAY });
  expect(saved.customerSession).toEqual({ idleSeconds: 7 * DAY, absoluteSeconds: 30 * DAY });
});

describe("a back-office session", () => {
  it("holds a new session to 12 hours idle at once, whatever the cookie's age", async () => {
    const staff = await signedInUser("staff");
    expect(await sessionOf(staff.cookie)).not.toBeNull();
    const [row] = await sessionRows(staff.id);
    const left = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(left).toBeGreaterThan(12 * HOUR - 60);
    expect(left).toBeLessThanOrEqual(12 * HOUR);
  });

  it("lives on while used: 6 days old, 11 hours idle", async () => {
    const staff = await signedInUser("staff");
    await ageSession(staff.id, 6 * DAY, 11 * HOUR);
    expect((await sessionOf(staff.cookie))?.user.id).toBe(staff.id);
    // The use is recorded: it has another 12 hours from now.
    const [row] = await sessionRows(staff.id);
    expect(Date.now() - row!.updatedAt.getTime()).toBeLessThan(60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(12 * HOUR * 1000 - 60_000);
  });

  it("ends after 12 hours idle, and the row goes", async () => {
    const staff = await signedInUser("admin");
    await ageSession(staff.id, 13 * HOUR, 12 * HOUR + 1);
    expect(await sessionOf(staff.cookie)).toBeNull();
    expect(await sessionRows(staff.id)).toEqual([]);
  });

  it("ends 7 days after sign-in however recently used, and never renews past that", async () => {
    const staff = await signedInUser("accountant");
    await ageSession(staff.id, 7 * DAY - 2 * HOUR, 30 * 60);
    expect(await sessionOf(staff.cookie)).not.toBeNull();
    const [row] = await sessionRows(staff.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * DAY * 1000);
    await ageSession(staff.id, 7 * DAY, 60);
    expect(await sessionOf(staff.cookie)).toBeNull();
  });

  it("follows STAFF_SESSION_TIMEOUT", async () => {
    setEnv(
      loadEnv({
        ...process.env,
        DATA_DIR: saved.dataDir,
        AUTH_SECRET: saved.authSecret,
        STAFF_SESSION_TIMEOUT: "30m/8h",
      }),
    );
    const staff = await signedInUser("staff");
    await ageSession(staff.id, 40 * 60, 29 * 60);
    expect(await sessionOf(staff.cookie)).not.toBeNull();
    await ageSession(staff.id, 40 * 60, 31 * 60);
    expect(await sessionOf(staff.cookie)).toBeNull();
  });
});

describe("a customer's session", () => {
  it("lives through 6 days idle, where a back-office one would have ended", async () => {
    const customer = await signedInUser("customer");
    await ageSession(customer.id, 20 * DAY, 6 * DAY);
    expect((await sessionOf(customer.cookie))?.user.role).toBe("customer");
  });

  it("ends after 7 days idle", async () => {
    const customer = await signedInUser("customer");
    await ageSession(customer.id, 8 * DAY, 7 * DAY + 1);
    expect(await sessionOf(customer.cookie)).toBeNull();
  });

  it("ends 30 days after sign-in however recently used", async () => {
    const customer = await signedInUser("customer");
    await ageSession(customer.id, 30 * DAY, HOUR);
    expect(await sessionOf(customer.cookie)).toBeNull();
  });

  it("follows CUSTOMER_SESSION_TIMEOUT", async () => {
    setEnv(
      loadEnv({
        ...process.env,
        DATA_DIR: saved.dataDir,
        AUTH_SECRET: saved.authSecret,
        CUSTOMER_SESSION_TIMEOUT: "1d/2d",
      }),
    );
    const customer = await signedInUser("customer");
    await ageSession(customer.id, 2 * DAY, HOUR);
    expect(await sessionOf(customer.cookie)).toBeNull();
  });
});
