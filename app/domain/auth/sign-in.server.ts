import { eq, sql } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Db, DbOrTx } from "../../db/client.server";
import { sessions, users } from "../../db/schema";
import { formText } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { describeRetry } from "../../lib/rate-limit.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type Done, type Refused } from "../use-case";
import { getAuth } from "./auth.server";
import { SIGN_IN_MESSAGES, signInSchema } from "./forms";
import { STAFF_ROLES, type UserRole } from "./roles";
import {
  recordPasswordFailure,
  recordPasswordSuccess,
  releasePasswordAttempt,
  reservePasswordAttempt,
  type SignInLimit,
} from "./sign-in-limits.server";

/** What the audit line says of each limit that refused a sign-in. */
const LIMIT_SUMMARY: Record<SignInLimit, string> = {
  "account-address": "account from this address",
  address: "address",
  account: "account slowed down",
};

/** The message of a password attempt refused by the limits. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Please try again ${describeRetry(retryAfterSeconds)}.`;
}

/** Refused: invalid (the fields say why), unauthenticated, forbidden (another audience's) or too-many; with what
 * was typed, the password excepted. */
export type SignInOutcome = Done<{ userId: string; setCookies: string[] }> | SignInRefused;
export type SignInRefused = Refused & { values: { email: string } };

/** Who may sign in through a sign-in page, and what one who may not is told. */
export interface SignInAudience {
  roles: readonly UserRole[];
  /** The refusal shown to a user with the right password but another role. */
  refusal: string;
  /** The audit line's summary of that refusal. */
  refusalSummary: string;
  /** What a signed-in user is told. */
  welcome: string;
}

/** The back office's sign-in (/admin/login). */
export const STAFF_SIGN_IN: SignInAudience = {
  roles: STAFF_ROLES,
  refusal: SIGN_IN_MESSAGES.notStaff,
  refusalSummary: "Sign-in refused: no back-office role",
  welcome: SIGN_IN_MESSAGES.welcome,
};

/** The customer portal's sign-in (/customer/login): customers only; staff use the back office. */
export const CUSTOMER_SIGN_IN: SignInAudience = {
  roles: ["customer"],
  refusal: "Unauthorized: Customer access required",
  refusalSummary: "Sign-in refused: not a customer (customer portal)",
  welcome: "Welcome back!",
};

type SignInRequest = { headers: Headers; actor: Omit<AuditActor, "userId" | "label"> };

/** Signs a staff user in (backoffice.md §2 Admin login); see signIn. */
export function signInStaff(db: Db, form: FormData, request: SignInRequest): Promise<SignInOutcome> {
  return signIn(db, form, request, STAFF_SIGN_IN);
}

/** Signs a customer in to the portal (backoffice.md §2 Customer Login); see signIn. */
export function signInCustomer(db: Db, form: FormData, request: SignInRequest): Promise<SignInOutcome> {
  return signIn(db, form, request, CUSTOMER_SIGN_IN);
}

/**
 * Signs a user in: checks the form, reserves a password check within the limits on failed attempts or refuses
 * (the account from this address, this address, or the account's slow-down for an address new to it:
 * sign-in-limits.ts; one count for every sign-in page and password form), asks better-auth to check the password
 * and open a session, and refuses a user whose role is not among the audience's or a deactivated one (their new
 * session is ended at once). Every outcome is written to the audit log; only failures count against the limits
 * (a right password gives its reservation back).
 */
export async function signIn(
  db: Db,
  form: FormData,
  request: SignInRequest,
  audience: SignInAudience,
): Promise<SignInOutcome> {
  const rawEmail = formText(form, "email");
  const values = { email: typeof rawEmail === "string" ? rawEmail.slice(0, 254) : "" };
  const parsed = signInSchema.safeParse({ email: rawEmail, password: formText(form, "password") });
  if (!parsed.success) return { ...refuseFields("invalid", (reason) => reason, fieldErrors(parsed.error)), values };

  const email = parsed.data.email.toLowerCase();
  const actor = (userId: string | null): AuditActor => ({ ...request.actor, userId, label: email });
  const attempt = { email, clientAddress: request.actor.ipAddress ?? "" };

  const refusal = await reservePasswordAttempt(db, attempt);
  if (refusal) {
    await recordAudit(db, actor(null), {
      action: "auth.sign_in_blocked",
      entityType: "user",
      summary: `Sign-in refused: too many failed attempts (${LIMIT_SUMMARY[refusal.limit]})`,
    });
    return {
      ...refuse("too-many", tooManyAttemptsMessage(refusal.retryAfterSeconds)),
      values,
      retryAfterSeconds: refusal.retryAfterSeconds,
    };
  }

  const failed = async (reason: string, userId: string | null = null): Promise<SignInOutcome> => {
    await db.transaction(async (tx) => {
      await recordPasswordFailure(tx, attempt);
      await recordAudit(tx, actor(userId), {
        action: "auth.sign_in_failed",
        entityType: "user",
        entityId: userId ?? undefined,
        summary: reason,
      });
    });
    return { ...refuse("unauthenticated", SIGN_IN_MESSAGES.invalidCredentials), values };
  };

  let result;
  try {
    result = await getAuth(db).api.signInEmail({
      body: { email, password: parsed.data.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError) return failed("Sign-in failed: wrong e-mail or password");
    throw error;
  }

  const userId = result.response.user.id;
  const [user] = await db
    .select({ role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId));
  const endNewSession = (tx: DbOrTx) => tx.delete(sessions).where(eq(sessions.token, result.response.token));
  if (!user || user.deactivatedAt) {
    await endNewSession(db);
    return failed("Sign-in refused: the account is deactivated", userId);
  }
  if (!audience.roles.includes(user.role)) {
    await db.transaction(async (tx) => {
      await endNewSession(tx);
      // The password was right: not a failure.
      await releasePasswordAttempt(tx, attempt);
      await recordAudit(tx, actor(userId), {
        action: "auth.sign_in_refused",
        entityType: "user",
        entityId: userId,
        summary: audience.refusalSummary,
      });
    });
    return { ...refuse("forbidden", audience.refusal), values };
  }

  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(users.id, userId));
    await releasePasswordAttempt(tx, attempt);
    await recordPasswordSuccess(tx, attempt);
    await recordAudit(tx, actor(userId), {
      action: "auth.sign_in",
      entityType: "user",
      entityId: userId,
      summary: "Signed in",
    });
  });
  return { ok: true, message: audience.welcome, userId, setCookies: result.headers.getSetCookie() };
}
