import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "../../db/client.server";
import { accounts, sessions, users, verifications } from "../../db/schema";
import { getEnv } from "../../lib/env.server";

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

// One instance per database: tests give each file its own database.
const instances = new WeakMap<Db, Auth>();

export function getAuth(db: Db): Auth {
  let auth = instances.get(db);
  if (!auth) instances.set(db, (auth = createAuth(db)));
  return auth;
}
