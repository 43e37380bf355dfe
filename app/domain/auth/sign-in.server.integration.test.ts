import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { auditLog, rateLimitCounters, sessions, users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { createPasswordUser } from "./users.server";
import { changeOwnPassword } from "./account.server";
import { getAuth } from "./auth.server";
import { signInCustomer, signInStaff, type SignInOutcome } from "./sign-in.server";
import { loadSession } from "./session.server";
import { SIGN_IN_BUCKETS } from "./sign-in-limits.server";

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

/** Seconds left of the account's slow-down (0 when none holds). */
async function accountWaitSeconds(): Promise<number> {
  const [row] = await queryRows<{ seconds: number }>(
    getDb(),
    sql`select ceil(extract(epoch from window_ends_at - now()))::int as seconds from rate_limit_counters
        where bucket = 'sign-in:account-wait' and window_ends_at > now()`,
  );
  return row?.seconds ?? 0;
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

  it("counts only wrong passwords: a right one gives back the attempt it reserved", async () => {
    const signInCounts = () =>
      getDb()
        .select({ bucket: rateLimitCounters.bucket, key: rateLimitCounters.key, count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.bucket} in ('sign-in:address', 'sign-in:account', 'sign-in:account-address')`)
        .orderBy(rateLimitCounters.bucket);
    expect(await signIn("rafiq@example.com", "wrong-password")).toMatchObject({ refusal: "unauthenticated" });
    expect(await signIn("rafiq@example.com", "staff-password")).toMatchObject({ ok: true });
    // The failure stays on the account and the address; the success forgave the pair's.
    const afterSuccess = [
      { bucket: "sign-in:account", key: "rafiq@example.com", count: 1 },
      { bucket: "sign-in:address", key: actor.ipAddress, count: 1 },
    ];
    expect(await signInCounts()).toEqual(afterSuccess);
    // A customer's right password on the staff page is refused, and not counted either.
    expect(await signIn("cust@example.com", "customer-pass")).toMatchObject({ refusal: "forbidden" });
    expect(await signInCounts()).toEqual(afterSuccess);
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
      expect(await signIn("rafiq@example.com", "wrong-password", `198.51.100.${i}`)).toMatchObject({
        refusal: "unauthenticated",
      });
      // How long an attempt from an address new to the account must wait now.
      waits.push(await accountWaitSeconds());
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

// Issue 38, finding 1: the limits were checked before a failure was counted, so guesses sent at once all passed
// the check (30 at once: 29 wrong passwords checked and the right one accepted). Each test sends 49 wrong
// passwords at once, then the right one as soon as the limit's attempts are counted, while the wrong passwords
// are still being checked, and counts the passwords better-auth was asked to check.
describe("guesses sent at once", () => {
  /** The highest count of the limit's counters: attempts counted (reserved) so far. */
  async function counted(bucket: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql`select coalesce(max(count), 0)::int as n from rate_limit_counters where bucket = ${bucket}`,
    );
    return row?.n ?? 0;
  }

  /** Sends every wrong guess at once, and the right one once `bucket` has counted `max`; the outcomes. */
  async function guessAtOnce<T>(
    wrong: (i: number) => Promise<T>,
    right: () => Promise<T>,
    bucket: string,
    max: number,
  ): Promise<{ wrong: T[]; right: T }> {
    const pending = Array.from({ length: 49 }, (_, i) => wrong(i));
    await expect.poll(() => counted(bucket), { timeout: 20_000 }).toBeGreaterThanOrEqual(max);
    const last = right();
    return { wrong: await Promise.all(pending), right: await last };
  }

  const refusals = (outcomes: SignInOutcome[], refusal: string) =>
    outcomes.filter((o) => !o.ok && o.refusal === refusal).length;

  it("on the back office's sign-in, from one address: at most the limit's passwords checked, the right one refused", async () => {
    const { max } = getEnv().signInRateLimit;
    const checks = vi.spyOn(getAuth(getDb()).api, "signInEmail");
    const { wrong, right } = await guessAtOnce(
      () => signIn("rafiq@example.com", "wrong-password", "198.51.100.60"),
      () => signIn("rafiq@example.com", "staff-password", "198.51.100.60"),
      SIGN_IN_BUCKETS.accountAddress,
      max,
    );
    expect(checks).toHaveBeenCalledTimes(max);
    expect(refusals(wrong, "unauthenticated")).toBe(max);
    expect(refusals(wrong, "too-many")).toBe(49 - max);
    expect(right).toMatchObject({ ok: false, refusal: "too-many" });
    const lines = (action: string) =>
      getDb().$count(auditLog, and(eq(auditLog.action, action), eq(auditLog.ipAddress, "198.51.100.60")));
    expect(await lines("auth.sign_in_failed")).toBe(max);
    expect(await lines("auth.sign_in_blocked")).toBe(50 - max);
    expect(await lines("auth.sign_in")).toBe(0);
  });

  it("on the customer portal's sign-in, from one address over many accounts: at most the address's limit checked", async () => {
    const { max } = getEnv().signInAddressRateLimit;
    const checks = vi.spyOn(getAuth(getDb()).api, "signInEmail");
    const portal = (email: string, password: string) =>
      signInCustomer(getDb(), form({ email, password }), {
        headers: new Headers(),
        actor: { ...actor, ipAddress: "198.51.100.61" },
      });
    const { wrong, right } = await guessAtOnce(
      (i) => portal(`nobody${i}@example.com`, "wrong-password"),
      () => portal("cust@example.com", "customer-pass"),
      SIGN_IN_BUCKETS.address,
      max,
    );
    expect(checks).toHaveBeenCalledTimes(max);
    expect(refusals(wrong, "unauthenticated")).toBe(max);
    expect(right).toMatchObject({ ok: false, refusal: "too-many" });
  });

  it("on one account from many new addresses: the account's wait holds after the limit's failures", async () => {
    const { max } = getEnv().signInRateLimit;
    const checks = vi.spyOn(getAuth(getDb()).api, "signInEmail");
    const { wrong, right } = await guessAtOnce(
      (i) => signIn("rafiq@example.com", "wrong-password", `198.51.101.${i}`),
      () => signIn("rafiq@example.com", "staff-password", "192.0.2.210"),
      SIGN_IN_BUCKETS.account,
      max,
    );
    expect(checks).toHaveBeenCalledTimes(max);
    expect(refusals(wrong, "unauthenticated")).toBe(max);
    expect(right).toMatchObject({ ok: false, refusal: "too-many", retryAfterSeconds: 1 });
  });

  it("on the change-password form: at most the limit's current passwords checked, the right one refused", async () => {
    const { max } = getEnv().signInRateLimit;
    const email = "pat@example.com";
    await createPasswordUser(getDb(), { name: "Pat", email, password: "pat-password", role: "customer" });
    const signedIn = await signInCustomer(getDb(), form({ email, password: "pat-password" }), {
      headers: new Headers(),
      actor,
    });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const headers = new Headers({ cookie: cookieHeader(signedIn.setCookies) });
    const session = await loadSession(new Request("http://localhost/customer", { headers }));
    const user = session!.user;
    const checks = vi.spyOn(getAuth(getDb()).api, "changePassword");
    const change = (currentPassword: string) =>
      changeOwnPassword(
        getDb(),
        form({ currentPassword, newPassword: "a-much-better-pass", confirmPassword: "a-much-better-pass" }),
        { headers, user, actor: { ...actor, ipAddress: "198.51.100.62", userId: user.id, label: email } },
      );
    const { wrong, right } = await guessAtOnce(
      () => change("not-my-password"),
      () => change("pat-password"),
      SIGN_IN_BUCKETS.accountAddress,
      max,
    );
    expect(checks).toHaveBeenCalledTimes(max);
    expect(wrong.filter((o) => !o.ok && o.refusal === "invalid")).toHaveLength(max);
    expect(wrong.filter((o) => !o.ok && o.refusal === "too-many")).toHaveLength(49 - max);
    expect(right).toMatchObject({ ok: false, refusal: "too-many" });
    expect(await getDb().$count(auditLog, eq(auditLog.action, "auth.password_changed"))).toBe(0);
  });
});
