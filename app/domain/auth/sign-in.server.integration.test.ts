import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, rateLimitCounters, sessions, users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { createPasswordUser } from "./users.server";
import { signInStaff } from "./sign-in.server";
import { loadSession } from "./session.server";

const actor = { ipAddress: "203.0.113.9", userAgent: "vitest" };

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const signIn = (email: string, password: string, ipAddress = actor.ipAddress) =>
  signInStaff(getDb(), form({ email, password }), { headers: new Headers(), actor: { ...actor, ipAddress } });

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
    expect(outcome).toMatchObject({ ok: false, status: 401, formError: "Invalid email or password" });
    const counters = await getDb().select().from(rateLimitCounters);
    expect(counters.map((c) => c.bucket).sort()).toEqual(["sign-in:account", "sign-in:address"]);
  });

  it("refuses a customer with Unauthorized: Admin access required and leaves no session", async () => {
    const outcome = await signIn("cust@example.com", "customer-pass");
    expect(outcome).toMatchObject({ ok: false, status: 403, formError: "Unauthorized: Admin access required" });
    const [cust] = await getDb().select().from(users).where(eq(users.email, "cust@example.com"));
    expect(await getDb().$count(sessions, eq(sessions.userId, cust!.id))).toBe(0);
  });

  it("refuses a deactivated user like a wrong password", async () => {
    const outcome = await signIn("gone@example.com", "gone-password");
    expect(outcome).toMatchObject({ ok: false, status: 401, formError: "Invalid email or password" });
  });

  it("blocks an account after 5 failures, from any address, and says when to retry", async () => {
    for (let i = 0; i < getEnv().signInRateLimit.max; i++) await signIn("rafiq@example.com", "wrong-password", `198.51.100.${i}`);
    const outcome = await signIn("rafiq@example.com", "staff-password", "192.0.2.200");
    expect(outcome).toMatchObject({ ok: false, status: 429 });
    if (outcome.ok) return;
    expect(outcome.formError).toMatch(/^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/);
  });

  it("blocks an address after 5 failures on different accounts", async () => {
    for (let i = 0; i < getEnv().signInRateLimit.max; i++) await signIn(`nobody${i}@example.com`, "wrong-password");
    const outcome = await signIn("rafiq@example.com", "staff-password");
    expect(outcome).toMatchObject({ ok: false, status: 429 });
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
