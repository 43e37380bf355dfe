import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "../../db/client.server";
import { accounts, sessions, users, verifications } from "../../db/schema";
import { getEnv, type Env } from "../../lib/env.server";
import { PASSWORD_RESET_LINK_SECONDS } from "./password-reset";

/** better-auth's verification identifier of a password-reset token: this prefix, then the token. */
const RESET_IDENTIFIER_PREFIX = "reset-password:";

/**
 * How a reset token's identifier is stored: its SHA-256, so a copy of the database resets no password, behind the
 * same prefix, so a user's other links can be found and ended once one is used (password-reset.server.ts).
 */
async function storedResetIdentifier(identifier: string): Promise<string> {
  return RESET_IDENTIFIER_PREFIX + createHash("sha256").update(identifier, "utf8").digest("hex");
}

/**
 * Hands the token better-auth's requestPasswordReset made to the use case that asked for it (issuePasswordResetToken
 * below): the library gives it only to its sendResetPassword hook, and our use case e-mails it itself, through the
 * outbox, in its own transaction with the audit line.
 */
const issuedResetTokens = new AsyncLocalStorage<{ issued: { userId: string; token: string } | null }>();

function createAuth(db: Db) {
  const env = getEnv();
  return betterAuth({
    appName: "Utsab Events",
    baseURL: env.publicUrl,
    secret: env.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an administrator (staff) or by sending a quotation (customers), never by sign-up.
      disableSignUp: true,
      // The sign-in form accepts the spec's 6; new passwords are held to 8 by our own schema (passwords.ts).
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Forgotten passwords (password-reset.server.ts): a link valid one hour, used once, that ends every session.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const slot = issuedResetTokens.getStore();
        if (slot) slot.issued = { userId: user.id, token };
      },
    },
    verification: {
      storeIdentifier: { default: "plain", overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: storedResetIdentifier } } },
    },
    session: {
      // A new session (and its cookie) lasts as long as the longest absolute timeout; each request's lookup
      // (session.server.ts) then holds it to its role's idle and absolute times and moves it on with use, so
      // the library's own renewal, which would push it past the absolute time, is off.
      expiresIn: Math.max(env.staffSession.absoluteSeconds, env.customerSession.absoluteSeconds),
      disableSessionRefresh: true,
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, required: false },
        mustChangePassword: { type: "boolean", input: false, required: false },
        deactivatedAt: { type: "date", input: false, required: false },
      },
    },
    // Failed sign-ins are limited in our own table, shared by every app server (sign-in.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: env.publicUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    telemetry: { enabled: false },
    // Wrong passwords are expected traffic; the audit log records them.
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per database and configuration: a server has one of each; tests set a configuration per file and
// share a worker's database between files (tests/setup/reusable-pglite.ts), so an instance made under another
// configuration (secret, address, session times) is made again.
const instances = new WeakMap<Db, { env: Env; auth: Auth }>();

export function getAuth(db: Db): Auth {
  const env = getEnv();
  const made = instances.get(db);
  if (made?.env === env) return made.auth;
  const auth = createAuth(db);
  instances.set(db, { env, auth });
  return auth;
}

/**
 * Asks better-auth for a password-reset token for the user with this e-mail address (requestPasswordReset: one
 * lookup, and for an unknown address the same work done on a dummy, so both take about as long): the user's id and
 * the token, or null when no user has the address. Nothing is sent.
 */
export async function issuePasswordResetToken(
  db: Db,
  email: string,
): Promise<{ userId: string; token: string } | null> {
  const slot: { issued: { userId: string; token: string } | null } = { issued: null };
  await issuedResetTokens.run(slot, () => getAuth(db).api.requestPasswordReset({ body: { email } }));
  return slot.issued;
}

/** The user a password-reset token was issued to and when it stops working, without using it; null if unknown. */
export async function findPasswordResetToken(
  db: Db,
  token: string,
): Promise<{ userId: string; expiresAt: Date } | null> {
  const context = await getAuth(db).$context;
  const row = await context.internalAdapter.findVerificationValue(RESET_IDENTIFIER_PREFIX + token);
  return row ? { userId: row.value, expiresAt: new Date(row.expiresAt) } : null;
}

/** The stored identifiers of password-reset tokens start with this (and are hashes: storedResetIdentifier). */
export const RESET_TOKEN_IDENTIFIER_PATTERN = `${RESET_IDENTIFIER_PREFIX}%`;
