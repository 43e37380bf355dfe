import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import {
  accounts,
  auditLog,
  customers,
  emailOutbox,
  rateLimitCounters,
  sessions,
  users,
  verifications,
} from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { sessionOf, signIn } from "../../../tests/support/signed-in-request";
import {
  PASSWORD_RESET_BUCKETS,
  PASSWORD_RESET_EMAILS_PER_HOUR,
  requestPasswordReset,
  resetLinkState,
  resetPasswordWithLink,
  type ResetRequest,
} from "./password-reset.server";
import { PASSWORD_RESET_LINK_SECONDS, PASSWORD_RESET_MESSAGES, type ResetAudience } from "./password-reset";
import { createPasswordUser } from "./users.server";
import { getOutboxMessage } from "../email/outbox-admin.server";

const NEW_PASSWORD = "tangerine-kettle-orbit-42";

const from = (audience: ResetAudience, ipAddress = "198.51.100.7"): ResetRequest => ({
  audience,
  actor: { ipAddress, userAgent: "vitest" },
});
/** Asks for a link and waits for its e-mail (made after the answer); the answer without that promise. */
async function ask(email: string, audience: ResetAudience = "staff", ipAddress?: string) {
  const outcome = await requestPasswordReset(getDb(), { email }, from(audience, ipAddress));
  if (!outcome.ok) return outcome;
  const { delivery, ...answer } = outcome;
  await delivery;
  return answer;
}
const reset = (token: string, password = NEW_PASSWORD, audience: ResetAudience = "staff", ipAddress?: string) =>
  resetPasswordWithLink(
    getDb(),
    { token, newPassword: password, confirmPassword: password },
    from(audience, ipAddress),
  );

/** The reset e-mails waiting for an address, newest first. */
const mailsTo = (email: string) =>
  getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "user.password_reset")))
    .orderBy(desc(emailOutbox.createdAt));

/** The newest reset link e-mailed to `email`: its page and token. */
async function linkFor(email: string): Promise<{ path: string; token: string }> {
  const [mail] = await mailsTo(email);
  const url = new URL(/https?:\/\/\S+reset-password\?token=\S+/.exec(mail!.textBody)![0]);
  return { path: url.pathname, token: url.searchParams.get("token")! };
}

const auditOf = (action: string) =>
  getDb().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt));

let staff: { id: string; email: string };
let customer: { id: string; email: string };
let gone: { id: string; email: string };

async function user(name: string, email: string, role: "staff" | "customer" | "admin", mustChangePassword = false) {
  const { id } = await createPasswordUser(getDb(), {
    name,
    email,
    password: "old-password-1",
    role,
    mustChangePassword,
  });
  return { id, email };
}

beforeAll(async () => {
  // The company's name goes into the e-mail.
  await seedDatabase(getDb());
  staff = await user("Rina Staff", "rina@example.com", "staff", true);
  customer = await user("Karim Customer", "karim@example.com", "customer");
  gone = await user("Gone Staff", "gone@example.com", "staff");
  await getDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
});

beforeEach(async () => {
  await getDb().delete(rateLimitCounters);
});

describe("asking for a reset link", () => {
  it("the outbox shows the e-mail with its token hidden; the stored message, which the sender reads, keeps it", async () => {
    await ask(customer.email, "customer");
    const [mail] = await mailsTo(customer.email);
    const { token } = await linkFor(customer.email);
    const shown = await getOutboxMessage(getDb(), mail!.id);
    expect(shown).toMatchObject({ linkHidden: true, subject: mail!.subject, to: customer.email });
    expect(shown!.textBody).toContain("/customer/reset-password?token=[hidden]");
    expect(shown!.textBody).not.toContain(token);
    expect(shown!.textBody.replace("[hidden]", token)).toBe(mail!.textBody);
  });

  it("e-mails a link to the back office's page through the outbox, valid one hour, with its audit line", async () => {
    const outcome = await ask("Rina@Example.com ");
    expect(outcome).toMatchObject({ ok: true, message: PASSWORD_RESET_MESSAGES.requested });
    const [mail] = await mailsTo(staff.email);
    expect(mail).toMatchObject({ subject: expect.stringMatching(/^Reset your .+ password$/), relatedId: staff.id });
    expect(mail!.textBody).toContain("Hello Rina Staff,");
    const link = await linkFor(staff.email);
    expect(link.path).toBe("/admin/reset-password");
    expect(mail!.textBody).toContain(`${getEnv().publicUrl}/admin/reset-password?token=${link.token}`);

    // better-auth's row, on our verifications table: only a hash of the token, expiring an hour after it was made.
    const [row] = await getDb().select().from(verifications).where(eq(verifications.value, staff.id));
    expect(row!.identifier).toMatch(/^reset-password:[0-9a-f]{64}$/);
    expect(row!.identifier).not.toContain(link.token);
    const lifetime = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(lifetime).toBeGreaterThan(PASSWORD_RESET_LINK_SECONDS - 5);
    expect(lifetime).toBeLessThanOrEqual(PASSWORD_RESET_LINK_SECONDS + 1);

    const [line] = await auditOf("auth.password_reset_requested");
    expect(line).toMatchObject({ entityId: staff.id, actorLabel: staff.email, actorUserId: null });
    expect(line!.summary).toMatch(/e-mailed/);
  });

  it("sends a customer's link to the portal's page, whichever sign-in page asked", async () => {
    await ask(customer.email, "staff");
    expect((await linkFor(customer.email)).path).toBe("/customer/reset-password");
  });

  it("answers an address with no account exactly as one with, queues no e-mail, and notes it", async () => {
    const known = await ask(customer.email, "customer");
    const before = await getDb().$count(emailOutbox);
    const unknown = await ask("nobody-here@example.com", "customer");
    expect(unknown).toEqual({ ...known, values: { email: "nobody-here@example.com" } });
    expect(await getDb().$count(emailOutbox)).toBe(before);
    const [line] = await auditOf("auth.password_reset_requested");
    expect(line).toMatchObject({ actorLabel: "nobody-here@example.com", entityId: null });
    expect(line!.summary).toMatch(/no account: nothing sent/);
  });

  it("sends a deactivated user nothing, with the same answer", async () => {
    const outcome = await ask(gone.email);
    expect(outcome).toMatchObject({ ok: true, message: PASSWORD_RESET_MESSAGES.requested });
    expect(await mailsTo(gone.email)).toEqual([]);
    expect(await getDb().$count(verifications, eq(verifications.value, gone.id))).toBe(0);
    expect((await auditOf("auth.password_reset_refused"))[0]).toMatchObject({
      entityId: gone.id,
      summary: "Password reset link not sent: the account is deactivated",
    });
  });

  it("names the e-mail field when it is wrong, and writes nothing", async () => {
    const tables = ["email_outbox", "audit_log", "verifications", "rate_limit_counters"];
    const before = await tableFingerprint(tables);
    const empty = await ask("");
    expect(empty).toMatchObject({ ok: false, refusal: "invalid", errors: { email: "Email is required" } });
    const wrong = await ask("not an address");
    expect(wrong).toMatchObject({
      ok: false,
      errors: { email: "Invalid email address" },
      values: { email: "not an address" },
    });
    expect(await tableFingerprint(tables)).toEqual(before);
  });

  it("sends at most a few e-mails an hour to one address, still with the neutral answer", async () => {
    const email = "many-links@example.com";
    await user("Many Links", email, "customer");
    for (let i = 0; i < PASSWORD_RESET_EMAILS_PER_HOUR; i++) {
      // From different client addresses, so only the e-mail address's own cap is at work.
      await getDb().delete(rateLimitCounters).where(eq(rateLimitCounters.bucket, PASSWORD_RESET_BUCKETS.address));
      expect(await ask(email, "customer", `192.0.2.${i + 1}`)).toMatchObject({ ok: true });
    }
    const capped = await ask(email, "customer", "192.0.2.99");
    expect(capped).toMatchObject({ ok: true, message: PASSWORD_RESET_MESSAGES.requested });
    expect(await mailsTo(email)).toHaveLength(PASSWORD_RESET_EMAILS_PER_HOUR);
    expect((await auditOf("auth.password_reset_refused"))[0]!.summary).toMatch(/already asked for this address/);
  });

  it("refuses a client address past the sign-in limit with 429's reason and Retry-After, for known and unknown addresses alike", async () => {
    const { max } = getEnv().signInRateLimit;
    for (let i = 0; i < max; i++)
      expect(await ask(`someone-${i}@example.com`, "staff", "203.0.113.77")).toMatchObject({ ok: true });
    const mailsBefore = await getDb().$count(emailOutbox);
    for (const email of [staff.email, "nobody-else@example.com"]) {
      const refused = await ask(email, "staff", "203.0.113.77");
      expect(refused).toMatchObject({ ok: false, refusal: "too-many", values: { email } });
      expect(refused.ok === false && refused.message).toMatch(
        /^Too many reset requests from this address\. Please try again in /,
      );
      expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(await getDb().$count(emailOutbox)).toBe(mailsBefore);
    expect((await auditOf("auth.password_reset_blocked"))[0]!.summary).toMatch(/too many requests/);
    // Another client address is not held back.
    expect(await ask(staff.email, "staff", "203.0.113.78")).toMatchObject({ ok: true });
  });
});

describe("setting a new password with the link", () => {
  it("sets the password once, ends every session and every other link, and clears a password that had to change", async () => {
    const staffSession = await signIn(staff.email, "old-password-1");
    expect(await sessionOf(staffSession)).not.toBeNull();
    await ask(staff.email);
    const first = await linkFor(staff.email);
    await ask(staff.email);
    const second = await linkFor(staff.email);
    expect(second.token).not.toBe(first.token);
    expect(await resetLinkState(getDb(), second.token, "staff")).toMatchObject({ state: "usable" });

    const done = await reset(second.token);
    expect(done).toEqual({ ok: true, message: PASSWORD_RESET_MESSAGES.done, signInPath: "/admin/login" });

    expect(await sessionOf(staffSession)).toBeNull();
    expect(await getDb().$count(sessions, eq(sessions.userId, staff.id))).toBe(0);
    await expect(signIn(staff.email, "old-password-1")).rejects.toThrow(/could not sign in/);
    await expect(signIn(staff.email, NEW_PASSWORD)).resolves.toMatch(/better-auth/);
    const [row] = await getDb().select().from(users).where(eq(users.id, staff.id));
    expect(row!.mustChangePassword).toBe(false);

    // Used once: the same link again, and the older one, no longer work.
    for (const token of [second.token, first.token]) {
      expect(await resetLinkState(getDb(), token, "staff")).toMatchObject({ state: "invalid" });
      expect(await reset(token, "another-fine-password-7")).toMatchObject({
        ok: false,
        refusal: "invalid",
        errors: { form: PASSWORD_RESET_MESSAGES.linkInvalid },
      });
    }
    expect(await getDb().$count(verifications, eq(verifications.value, staff.id))).toBe(0);
    await expect(signIn(staff.email, NEW_PASSWORD)).resolves.toMatch(/better-auth/);
    expect((await auditOf("auth.password_reset"))[0]).toMatchObject({
      actorUserId: staff.id,
      entityId: staff.id,
      summary: "Reset their password with an e-mailed link; every session ended",
    });
  });

  it("lets only one of two posts of the same link at once set a password", async () => {
    const email = "twice-at-once@example.com";
    await user("Twice At Once", email, "customer");
    await ask(email, "customer");
    const { token } = await linkFor(email);
    const outcomes = await Promise.all([
      reset(token, "first-racer-password-81", "customer"),
      reset(token, "second-racer-password-82", "customer"),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ errors: { form: PASSWORD_RESET_MESSAGES.linkInvalid } });
    const winner = outcomes[0]!.ok ? "first-racer-password-81" : "second-racer-password-82";
    await expect(signIn(email, winner, "customer")).resolves.toMatch(/better-auth/);
  });

  it("works for one hour: an expired link is refused and changes nothing", async () => {
    const email = "expiring@example.com";
    const { id } = await user("Expiring Customer", email, "customer");
    await ask(email, "customer");
    const { token } = await linkFor(email);
    // An hour later, as far as the link is concerned.
    await getDb()
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.value, id));
    const hash = async () => (await getDb().select().from(accounts).where(eq(accounts.userId, id)))[0]!.password;
    const before = await hash();
    expect(await resetLinkState(getDb(), token, "customer")).toMatchObject({ state: "invalid" });
    expect(await reset(token, NEW_PASSWORD, "customer")).toMatchObject({
      ok: false,
      errors: { form: PASSWORD_RESET_MESSAGES.linkInvalid },
    });
    expect(await hash()).toBe(before);
  });

  it("refuses a weak or mistyped password naming the field, and the link still works after", async () => {
    const email = "weak@example.com";
    await user("Weak Password", email, "customer");
    await ask(email, "customer");
    const { token } = await linkFor(email);
    const weak = await reset(token, "password1", "customer");
    expect(weak).toMatchObject({ ok: false, refusal: "invalid" });
    expect(weak.ok === false && weak.errors.newPassword).toMatch(/^New password is too easy to guess\./);
    const ownName = await reset(token, "weakpassword", "customer");
    expect(ownName.ok === false && ownName.errors.newPassword).toMatch(/^New password is too easy to guess\./);
    // The company of the customer record with this address (issue 38): "dhakafashionweek" passed before.
    await getDb().insert(customers).values({ name: "Weak Password", organisation: "Dhaka Fashion Week Ltd.", email });
    const ownCompany = await reset(token, "dhakafashionweek", "customer");
    expect(ownCompany.ok === false && ownCompany.errors.newPassword).toMatch(/^New password is too easy to guess\./);
    const short = await resetPasswordWithLink(
      getDb(),
      { token, newPassword: "short", confirmPassword: "shirt" },
      from("customer"),
    );
    expect(short).toMatchObject({
      ok: false,
      errors: {
        newPassword: "New password must be at least 8 characters",
        confirmPassword: "The two new passwords do not match",
      },
    });
    expect(await reset(token, NEW_PASSWORD, "customer")).toMatchObject({ ok: true, signInPath: "/customer/login" });
    await expect(signIn(email, NEW_PASSWORD, "customer")).resolves.toMatch(/better-auth/);
  });

  it("takes only its own audience's links: a customer's link on the back office's page does nothing", async () => {
    const email = "wrong-page@example.com";
    const { id } = await user("Wrong Page", email, "customer");
    await ask(email, "customer");
    const { token } = await linkFor(email);
    expect(await resetLinkState(getDb(), token, "staff")).toMatchObject({ state: "invalid" });
    expect(await reset(token, NEW_PASSWORD, "staff")).toMatchObject({
      ok: false,
      errors: { form: PASSWORD_RESET_MESSAGES.linkInvalid },
    });
    // Not used up by the wrong page.
    expect(await getDb().$count(verifications, eq(verifications.value, id))).toBe(1);
    expect(await resetLinkState(getDb(), token, "customer")).toMatchObject({ state: "usable" });
  });

  it("does not let a user deactivated since the e-mail reset into the back office", async () => {
    const email = "deactivated-later@example.com";
    const { id } = await user("Deactivated Later", email, "staff");
    await ask(email);
    const { token } = await linkFor(email);
    await getDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, id));
    expect(await resetLinkState(getDb(), token, "staff")).toMatchObject({ state: "deactivated" });
    expect(await reset(token)).toMatchObject({
      ok: false,
      refusal: "forbidden",
      errors: { form: PASSWORD_RESET_MESSAGES.deactivated },
    });
    await expect(signIn(email, NEW_PASSWORD)).rejects.toThrow(/could not sign in/);
    expect((await auditOf("auth.password_reset_refused"))[0]).toMatchObject({
      entityId: id,
      summary: "Password not reset: the account is deactivated",
    });
  });

  it("counts links that do not work against the client address, then answers 429 with Retry-After", async () => {
    const { max } = getEnv().signInRateLimit;
    for (let i = 0; i < max; i++)
      expect(await reset(`NoSuchToken${i}abcdefghijklm`, NEW_PASSWORD, "staff", "203.0.113.90")).toMatchObject({
        refusal: "invalid",
      });
    const limited = await reset("NoSuchTokenXabcdefghijklm", NEW_PASSWORD, "staff", "203.0.113.90");
    expect(limited).toMatchObject({ ok: false, refusal: "too-many" });
    expect(limited.ok === false && limited.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("refuses a missing or malformed token on the whole form without counting it", async () => {
    for (const token of ["", "not a token!"]) {
      expect(await reset(token)).toMatchObject({
        ok: false,
        refusal: "invalid",
        errors: { form: PASSWORD_RESET_MESSAGES.linkInvalid },
      });
    }
    expect(await getDb().$count(rateLimitCounters)).toBe(0);
  });
});
