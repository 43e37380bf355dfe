import { and, eq, like, sql } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Db, DbOrTx } from "../../db/client.server";
import { users, verifications } from "../../db/schema";
import { rateLimitKeyForAddress } from "../../lib/client-address";
import { getEnv } from "../../lib/env.server";
import { getLogger } from "../../lib/logger.server";
import {
  checkAllowance,
  describeRetry,
  RateLimitExceededError,
  requireAllowance,
  takeAllowance,
  type RateLimitRule,
} from "../../lib/rate-limit.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { enqueueEmail } from "../email/outbox.server";
import { wakeEmailSender } from "../email/sender.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { refuse, type Done, type Refused } from "../use-case";
import {
  findPasswordResetToken,
  getAuth,
  issuePasswordResetToken,
  RESET_TOKEN_IDENTIFIER_PATTERN,
} from "./auth.server";
import { passwordUserInputs, weakPasswordMessage } from "./password-strength.server";
import {
  parseForgotPasswordForm,
  parseResetPasswordForm,
  RESET_TOKEN_PATTERN,
  type ForgotPasswordValues,
  type ResetPasswordValues,
} from "./password-reset-form";
import {
  PASSWORD_RESET_LINK_SECONDS,
  PASSWORD_RESET_MESSAGES as M,
  RESET_PAGES,
  type ResetAudience,
} from "./password-reset";
import { isStaffRole, type UserRole } from "./roles";
import { recordPasswordSuccess } from "./sign-in-limits.server";

// Forgotten passwords (issue 20): "Forgot password?" on both sign-in pages e-mails a link, through the outbox, that
// works once, for one hour (better-auth's requestPasswordReset and resetPassword on our verifications table, the
// token stored as a hash: auth.server.ts). Every well-formed request gets the same answer, whether or not the
// address has an account, after the same work; the e-mail is made after the answer. The limits are the sign-in's
// kind (docs/decisions/0020):
// - per client address (PASSWORD_RESET_BUCKETS.address, SIGN_IN_RATE_LIMIT's count and window): requests and posts
//   of links that do not work; over it the forms answer 429 with Retry-After. Counted for every address typed, so
//   the refusal says nothing about accounts.
// - per e-mail address typed (account): at most PASSWORD_RESET_EMAILS_PER_HOUR requests an hour lead to an e-mail,
//   so nobody can fill a mailbox with links. Past it the answer is the same neutral one and no e-mail goes: a 429
//   there would let anyone keep a person from asking, and the links already sent still work.
// The link goes to the page of the user's audience (/admin/reset-password for staff, /customer/reset-password for a
// customer), whichever sign-in page asked; a page takes only its own audience's links. A deactivated user is sent
// nothing and cannot reset. A reset ends every session of the user, every other link of theirs, and a password that
// had to change.

export const PASSWORD_RESET_BUCKETS = {
  address: "password-reset:address",
  account: "password-reset:account",
} as const;

/** How many reset e-mails one address may be sent in an hour. */
export const PASSWORD_RESET_EMAILS_PER_HOUR = 3;

/** Where the request comes from (the audit line's and the address limit's). */
export interface ResetRequest {
  audience: ResetAudience;
  actor: Pick<AuditActor, "ipAddress" | "userAgent">;
}

function addressRule(request: ResetRequest): RateLimitRule {
  const { max, windowSeconds } = getEnv().signInRateLimit;
  const key = rateLimitKeyForAddress(request.actor.ipAddress ?? "");
  return { bucket: PASSWORD_RESET_BUCKETS.address, key, max, windowSeconds };
}

function accountRule(email: string): RateLimitRule {
  return {
    bucket: PASSWORD_RESET_BUCKETS.account,
    key: email,
    max: PASSWORD_RESET_EMAILS_PER_HOUR,
    windowSeconds: 3600,
  };
}

function tooMany(retryAfterSeconds: number): Refused {
  const message = M.tooManyRequests(describeRetry(retryAfterSeconds));
  return { ...refuse("too-many", message), retryAfterSeconds };
}

/** The audience whose pages reset this role's password. */
function audienceOf(role: UserRole): ResetAudience {
  return isStaffRole(role) ? "staff" : "customer";
}

const PAGE_NAME: Record<ResetAudience, string> = { staff: "the back office", customer: "the customer portal" };

/** The e-mailed link: the reset page of the user's own audience, with the token. */
export function passwordResetLink(audience: ResetAudience, token: string): string {
  return `${getEnv().publicUrl}${RESET_PAGES[audience].reset}?token=${encodeURIComponent(token)}`;
}

function resetEmailText(input: {
  name: string;
  email: string;
  audience: ResetAudience;
  link: string;
  company: string;
}) {
  const account = input.audience === "staff" ? "back-office account" : "customer account";
  return [
    `Hello ${input.name},`,
    "",
    `Someone asked to reset the password of your ${input.company} ${account} (${input.email}).`,
    "",
    "To choose a new password, open this link within one hour:",
    input.link,
    "",
    "The link works once. Setting a new password signs you out everywhere you are signed in.",
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ].join("\n");
}

export type RequestResetOutcome = (Done<{ delivery: Promise<void> }> | Refused) & { values: ForgotPasswordValues };

/**
 * "Forgot password?": answers at once, the same way whether or not the address has an account, and then, without
 * the answer waiting for it (`delivery`), e-mails a reset link if a user who may sign in has the address
 * (emailResetLink): the work for a known address (a token, an e-mail) is not the work for an unknown one, and an
 * answer that waited for it would tell them apart by its time. Refused as invalid (the e-mail field says why) or
 * too-many (this client address).
 */
export async function requestPasswordReset(
  db: Db,
  values: ForgotPasswordValues,
  request: ResetRequest,
): Promise<RequestResetOutcome> {
  const typed = { email: values.email.slice(0, 254) };
  const parsed = parseForgotPasswordForm(values);
  if (!parsed.ok) return { ...refuse("invalid", parsed.errors.email ?? M.failed, parsed.errors), values: typed };
  const { email } = parsed.input;
  const actor: AuditActor = { ...request.actor, userId: null, label: email };

  const allowance = await takeAllowance(db, addressRule(request));
  if (!allowance.allowed) {
    await recordAudit(db, actor, {
      action: "auth.password_reset_blocked",
      entityType: "user",
      summary: `Password reset refused: too many requests from this address (${PAGE_NAME[request.audience]})`,
    });
    return { ...tooMany(allowance.retryAfterSeconds), values: typed };
  }
  const delivery = emailResetLink(db, email, request.audience, actor).catch((error: unknown) => {
    getLogger().error({ err: error }, "password reset e-mail not queued");
  });
  return { ok: true, message: M.requested, values: typed, delivery };
}

/**
 * The e-mail of a reset request: within the address's cap, better-auth makes a token (for an unknown address, the
 * same lookups on a dummy), and the link goes to the outbox with its audit line in one transaction. A deactivated
 * user's token is dropped at once. Every outcome leaves an audit line.
 */
async function emailResetLink(db: Db, email: string, asked: ResetAudience, actor: AuditActor): Promise<void> {
  if (!(await takeAllowance(db, accountRule(email))).allowed) {
    await recordAudit(db, actor, {
      action: "auth.password_reset_refused",
      entityType: "user",
      summary: `Password reset link not sent: ${PASSWORD_RESET_EMAILS_PER_HOUR} already asked for this address in the last hour`,
    });
    return;
  }
  const issued = await issuePasswordResetToken(db, email);
  const [user] = issued
    ? await db
        .select({ id: users.id, name: users.name, role: users.role, deactivatedAt: users.deactivatedAt })
        .from(users)
        .where(eq(users.id, issued.userId))
    : [];
  if (!issued || !user) {
    await recordAudit(db, actor, {
      action: "auth.password_reset_requested",
      entityType: "user",
      summary: `Password reset asked on ${PAGE_NAME[asked]}'s page for an address with no account: nothing sent`,
    });
    return;
  }
  if (user.deactivatedAt) {
    await db.transaction(async (tx) => {
      await deleteResetTokens(tx, user.id);
      await recordAudit(tx, actor, {
        action: "auth.password_reset_refused",
        entityType: "user",
        entityId: user.id,
        summary: "Password reset link not sent: the account is deactivated",
      });
    });
    return;
  }
  const company = await getCompanySettings(db);
  const audience = audienceOf(user.role);
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      to: email,
      subject: `Reset your ${company.name} password`,
      text: resetEmailText({
        name: user.name,
        email,
        audience,
        link: passwordResetLink(audience, issued.token),
        company: company.name,
      }),
      kind: "user.password_reset",
      relatedType: "user",
      relatedId: user.id,
    });
    await recordAudit(tx, actor, {
      action: "auth.password_reset_requested",
      entityType: "user",
      entityId: user.id,
      summary: `Password reset link e-mailed (valid ${PASSWORD_RESET_LINK_SECONDS / 60} minutes, to ${PAGE_NAME[audience]}'s page)`,
    });
  });
  wakeEmailSender();
}

/** Ends every unused reset link of the user. */
async function deleteResetTokens(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, RESET_TOKEN_IDENTIFIER_PATTERN)));
}

/** What the reset page can do with a link: show the form, or say why not. */
export type ResetLinkState =
  | { state: "usable"; user: { id: string; name: string; email: string } }
  | { state: "invalid"; user?: { id: string; email: string } }
  | { state: "deactivated"; user: { id: string; email: string } };

/**
 * Whether `token` opens the reset form on this audience's page: unknown, expired, used and another audience's
 * links are "invalid" (the page does not say which), a deactivated user's "deactivated". Reads only.
 */
export async function resetLinkState(db: Db, token: string, audience: ResetAudience): Promise<ResetLinkState> {
  if (!RESET_TOKEN_PATTERN.test(token)) return { state: "invalid" };
  const found = await findPasswordResetToken(db, token);
  if (!found) return { state: "invalid" };
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      deactivatedAt: users.deactivatedAt,
      now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(users)
    .where(eq(users.id, found.userId));
  if (!user) return { state: "invalid" };
  if (found.expiresAt <= user.now || audienceOf(user.role) !== audience) return { state: "invalid", user };
  if (user.deactivatedAt) return { state: "deactivated", user };
  return { state: "usable", user };
}

export type ResetPasswordOutcome = Done<{ signInPath: string }> | Refused;

/**
 * Sets a new password with an e-mailed link: the change-password forms' rules (length, repeat, hard to guess with
 * the user's own name and address as inputs), then better-auth uses the link once and ends every session of the
 * user in one transaction; then the user's other links end, a password that had to change no longer must, and this
 * address counts as the account's own for the sign-in limits (the person proved they read its mail). Refused as
 * invalid (the fields say why; a link that does not work, on the whole form), forbidden (a deactivated user) or
 * too-many (this address posted too many links that do not work).
 */
export async function resetPasswordWithLink(
  db: Db,
  values: ResetPasswordValues,
  request: ResetRequest,
): Promise<ResetPasswordOutcome> {
  const parsed = parseResetPasswordForm(values);
  if (!parsed.ok) return refuse("invalid", Object.values(parsed.errors)[0] ?? M.failed, parsed.errors);
  const { token, newPassword } = parsed.input;
  const byAddress = addressRule(request);
  const limited = await checkAllowance(db, byAddress);
  if (!limited.allowed) return tooMany(limited.retryAfterSeconds);

  const link = await resetLinkState(db, token, request.audience);
  const actorOf = (user?: { id: string; email: string }): AuditActor => ({
    ...request.actor,
    userId: user?.id ?? null,
    label: user?.email ?? "anonymous",
  });
  const linkRefused = async (reason: string, user?: { id: string; email: string }) => {
    await db.transaction(async (tx) => {
      await requireAllowance(tx, byAddress).catch((error: unknown) => {
        if (!(error instanceof RateLimitExceededError)) throw error;
      });
      if (user)
        await recordAudit(tx, actorOf(user), {
          action: "auth.password_reset_refused",
          entityType: "user",
          entityId: user.id,
          summary: `Password not reset: ${reason}`,
        });
    });
    return refuse("invalid", M.linkInvalid, { form: M.linkInvalid });
  };
  if (link.state === "invalid") return linkRefused("the link has expired or belongs to another page", link.user);
  if (link.state === "deactivated") {
    await recordAudit(db, actorOf(link.user), {
      action: "auth.password_reset_refused",
      entityType: "user",
      entityId: link.user.id,
      summary: "Password not reset: the account is deactivated",
    });
    return refuse("forbidden", M.deactivated, { form: M.deactivated });
  }

  const { user } = link;
  const weak = weakPasswordMessage(newPassword, await passwordUserInputs(db, user));
  if (weak) return refuse("invalid", weak, { newPassword: weak });

  try {
    await getAuth(db).api.resetPassword({ body: { newPassword, token } });
  } catch (error) {
    // Used by another request a moment ago (the library consumes a token once, under a lock), or expired meanwhile.
    if (error instanceof APIError) return linkRefused("the link was used or expired meanwhile", user);
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
    await deleteResetTokens(tx, user.id);
    await recordPasswordSuccess(tx, { email: user.email, clientAddress: request.actor.ipAddress ?? "" });
    await recordAudit(tx, actorOf(user), {
      action: "auth.password_reset",
      entityType: "user",
      entityId: user.id,
      summary: "Reset their password with an e-mailed link; every session ended",
    });
  });
  return { ok: true, message: M.done, signInPath: RESET_PAGES[request.audience].signIn };
}
