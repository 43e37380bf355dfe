import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, rateLimitCounters, sessions, users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { createPasswordUser } from "./users.server";
import { signInStaff } from "./sign-in.server";
import { passwordAttemptRefusal } from "./sign-in-limits.server";
import { loadSession } from "./session.server";

const actor = { ipAddress: "203.0.113.9", userAgent: "vitest" };

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const signIn = (email: string, password: string, ipAddress = actor.ipAddress) =>
  signInStaff(getDb(), form({ email, password }), { headers: new Headers(), actor: { ...actor, ipAddress } });

/** Lets the account's slow-down pass, as if its wait had gone by (no sleeping). */
async function passTheAccountWait() {
  await getDb()
    .update(rateLimitCounters)
    .set({ windowStartedAt: sql`now() - interval '1 hour'`, windowEndsAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimitCounters.bucket, "sign-in:account-wait"));
}

function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

beforeAll(async () => {
  const db = getDb();
  await createPasswordUser(db, {
    name: "Rafiq",
    email: "rafiq@example.com",
    password: "staff-password",
    role: "staff",
  });
  await createPasswordUser(db, {
    name: "Cust",
    email: "cust@example.com",
    password: "customer-pass",
    role: "customer",
  });
  const gone = await createPasswordUser(db, {
    name: "Gone",
    email: "gone@example.com",
    password: "gone-password",
    role: "staff",
  });
  await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
});

beforeEach(async () => {
  await getDb().delete(rateLimitCounters);
});

describe("signInStaff", () => {
  it("opens a database session whose cookie loads the user", async () => {
    const outcome = await signIn("Rafiq@Example.com", "staff-password");
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const cookie = cookieHeader(outcome.setCookies);
    expect(outcome.setCookies.join("\n")).toMatch(/HttpOnly/i);
    expect(outcome.setCookies.join("\n")).toMatch(/SameSite=Lax/i);
    const session = await loadSession(new Request("http://localhost/admin", { headers: { cookie } }));
    expect(session?.user).toMatchObject({ email: "rafiq@example.com", role: "staff", mustChangePassword: false });
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, "auth.sign_in"));
    expect(row).toMatchObject({ actorLabel: "rafiq@example.com", ipAddress: "203.0.113.9" });
  });

  it("answers a wrong password with the spec's message and counts the failure", async () => {
    const outcome = await signIn("rafiq@example.com", "wrong-password");
    expect(outcome).toMatchObject({ ok: false, refusal: "unauthenticated", message: "Invalid email or password" });
    const counters = await getDb().select().from(rateLimitCounters);
    expect(counters.map((c) => c.bucket).sort()).toEqual([
      "sign-in:account",
      "sign-in:account-address",
      "sign-in:address",
    ]);
  });

  it("refuses a customer with Unauthorized: Admin access required and leaves no session", async () => {
    const outcome = await signIn("cust@example.com", "customer-pass");
    expect(outcome).toMatchObject({ ok: false, refusal: "forbidden", message: "Unauthorized: Admin access required" });
    const [cust] = await getDb().select().from(users).where(eq(users.email, "cust@example.com"));
    expect(await getDb().$count(sessions, eq(sessions.userId, cust!.id))).toBe(0);
  });

  it("refuses a deactivated user like a wrong password", async () => {
    const outcome = await signIn("gone@example.com", "gone-password");
    expect(outcome).toMatchObject({ ok: false, refusal: "unauthenticated", message: "Invalid email or password" });
  });

  it("refuses the account from one address after 5 failures there, and says when to retry", async () => {
    expect(await signIn("rafiq@example.com", "staff-password")).toMatchObject({ ok: true });
    const max = getEnv().signInRateLimit.max;
    for (let i = 0; i < max; i++) await signIn("rafiq@example.com", "wrong-password", "198.51.100.7");
    const outcome = await signIn("rafiq@example.com", "staff-password", "198.51.100.7");
    expect(outcome).toMatchObject({ ok: false, refusal: "too-many" });
    if (outcome.ok) return;
    expect(outcome.retryAfterSeconds).toBeGreaterThan(850);
    expect(outcome.message).toBe("Too many failed sign-in attempts. Please try again in 15 minutes.");
    // The account is not locked: its owner at their own address signs in at once.
    expect(await signIn("rafiq@example.com", "staff-password")).toMatchObject({ ok: true });
  });

  it("five wrong passwords from five addresses do not lock the account out; a new address is slowed down", async () => {
    // The owner signed in from their own address before: it is known to the account.
    expect(await signIn("rafiq@example.com", "staff-password")).toMatchObject({ ok: true });
    const max = getEnv().signInRateLimit.max;
    for (let i = 0; i < max; i++) await signIn("rafiq@example.com", "wrong-password", `198.51.100.${i}`);
    // From the known address, the right password gets in at once.
    expect(await signIn("rafiq@example.com", "staff-password")).toMatchObject({ ok: true });
    // From an address new to the account, the next attempt waits a second (not 15 minutes) ...
    const slowed = await signIn("rafiq@example.com", "staff-password", "192.0.2.200");
    expect(slowed).toMatchObject({
      ok: false,
      refusal: "too-many",
      retryAfterSeconds: 1,
      message: "Too many failed sign-in attempts. Please try again in 1 second.",
    });
    // ... and once that second has passed, the right password gets in.
    await passTheAccountWait();
    expect(await signIn("rafiq@example.com", "staff-password", "192.0.2.200")).toMatchObject({ ok: true });
  });

  it("makes a new address wait longer with each further failure: 1, 2, 4, 8 seconds", async () => {
    const max = getEnv().signInRateLimit.max;
    const waits: number[] = [];
    for (let i = 0; i < max + 3; i++) {
      await passTheAccountWait();
      expect(await signIn("rafiq@example.com", "wrong-password", `198.51.100.${i}`)).toMatchObject({ refusal: "unauthenticated" });
      // What an attempt from an address new to the account would be told now.
      const refusal = await passwordAttemptRefusal(getDb(), {
        email: "rafiq@example.com",
        clientAddress: "192.0.2.201",
      });
      waits.push(refusal?.retryAfterSeconds ?? 0);
      if (refusal) expect(refusal.limit).toBe("account");
    }
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8].slice(-waits.length));
  });

  it("refuses an address after four times the limit's failures over many accounts", async () => {
    const { max } = getEnv().signInAddressRateLimit;
    expect(max).toBe(4 * getEnv().signInRateLimit.max);
    for (let i = 0; i < max; i++) await signIn(`nobody${i}@example.com`, "wrong-password");
    const outcome = await signIn("rafiq@example.com", "staff-password");
    expect(outcome).toMatchObject({ ok: false, refusal: "too-many" });
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.summary, "Sign-in refused: too many failed attempts (address)"));
    expect(line?.actorLabel).toBe("rafiq@example.com");
  });

  it("names the field of a malformed form", async () => {
    expect(await signIn("", "")).toMatchObject({
      ok: false,
      errors: { email: "Email is required", password: "Password is required" },
    });
    expect(await signIn("nope", "12345")).toMatchObject({
      ok: false,
      errors: { email: "Invalid email address", password: "Password must be at least 6 characters" },
    });
  });
});
