import { eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { APIError } from "better-auth/api";
import type { Db } from "../../db/client.server";
import { sessions, users } from "../../db/schema";
import { fieldErrors } from "../../lib/form-errors";
import { describeRetry } from "../../lib/rate-limit.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { getAuth } from "./auth.server";
import { SIGN_IN_MESSAGES, signInSchema } from "./forms";
import { STAFF_ROLES, type UserRole } from "./roles";
import {
  passwordAttemptRefusal,
  recordPasswordFailure,
  recordPasswordSuccess,
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

export type SignInOutcome =
  | { ok: true; userId: string; setCookies: string[] }
  | {
      ok: false;
      status: 400 | 401 | 403 | 429;
      formError?: string;
      errors?: Record<string, string>;
      /** What was typed, the password excepted. */
      values: { email: string };
      retryAfterSeconds?: number;
    };

function text(form: FormData, name: string): unknown {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** Who may sign in through a sign-in page, and what one who may not is told. */
export interface SignInAudience {
  roles: readonly UserRole[];
  /** The refusal shown to a user with the right password but another role. */
  refusal: string;
  /** The audit line's summary of that refusal. */
  refusalSummary: string;
}

/** The back office's sign-in (/admin/login). */
export const STAFF_SIGN_IN: SignInAudience = {
  roles: STAFF_ROLES,
  refusal: SIGN_IN_MESSAGES.notStaff,
  refusalSummary: "Sign-in refused: no back-office role",
};

/** The customer portal's sign-in (/customer/login): customers only; staff use the back office. */
export const CUSTOMER_SIGN_IN: SignInAudience = {
  roles: ["customer"],
  refusal: "Unauthorized: Customer access required",
  refusalSummary: "Sign-in refused: not a customer (customer portal)",
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
 * Signs a user in: checks the form, refuses while the limits on failed attempts hold (the account from this
 * address, this address, or the account's slow-down for an address new to it: sign-in-limits.ts; one count for
 * every sign-in page and password form), asks better-auth to check the password and open a session, and
 * refuses a user whose role is not among the audience's or a deactivated one (their new session is ended at
 * once). Every outcome is written to the audit log; only failures count against the limits.
 */
export async function signIn(
  db: Db,
  form: FormData,
  request: SignInRequest,
  audience: SignInAudience,
): Promise<SignInOutcome> {
  const rawEmail = text(form, "email");
  const values = { email: typeof rawEmail === "string" ? rawEmail.slice(0, 254) : "" };
  const parsed = signInSchema.safeParse({ email: rawEmail, password: text(form, "password") });
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error), values };

  const email = parsed.data.email.toLowerCase();
  const actor = (userId: string | null): AuditActor => ({ ...request.actor, userId, label: email });
  const attempt = { email, clientAddress: request.actor.ipAddress ?? "" };

  const refusal = await passwordAttemptRefusal(db, attempt);
  if (refusal) {
    await recordAudit(db, actor(null), {
      action: "auth.sign_in_blocked",
      entityType: "user",
      summary: `Sign-in refused: too many failed attempts (${LIMIT_SUMMARY[refusal.limit]})`,
    });
    return {
      ok: false,
      status: 429,
      formError: tooManyAttemptsMessage(refusal.retryAfterSeconds),
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
    return { ok: false, status: 401, formError: SIGN_IN_MESSAGES.invalidCredentials, values };
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
  const endNewSession = () => db.delete(sessions).where(eq(sessions.token, result.response.token));
  if (!user || user.deactivatedAt) {
    await endNewSession();
    return failed("Sign-in refused: the account is deactivated", userId);
  }
  if (!audience.roles.includes(user.role)) {
    await endNewSession();
    await recordAudit(db, actor(userId), {
      action: "auth.sign_in_refused",
      entityType: "user",
      entityId: userId,
      summary: audience.refusalSummary,
    });
    return { ok: false, status: 403, formError: audience.refusal, values };
  }

  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(users.id, userId));
    await recordPasswordSuccess(tx, attempt);
    await recordAudit(tx, actor(userId), {
      action: "auth.sign_in",
      entityType: "user",
      entityId: userId,
      summary: "Signed in",
    });
  });
  return { ok: true, userId, setCookies: result.headers.getSetCookie() };
}

/** A refused sign-in as both sign-in pages answer it: the messages, the e-mail as typed, Retry-After when limited. */
export function signInRefusal(outcome: Extract<SignInOutcome, { ok: false }>) {
  const headers: HeadersInit = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
  return data(
    {
      errors: outcome.errors ?? {},
      formError: outcome.formError ?? null,
      values: outcome.values,
      toast: outcome.formError ? { type: "error" as const, message: outcome.formError } : null,
    },
    { status: outcome.status, headers },
  );
}

/**
 * The `headers` of the sign-in and password routes: their action's Retry-After reaches the answer, the page's
 * and its data request's (`.data`) alike; React Router passes only an action's cookies on by itself.
 */
export function passRetryAfter({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
