import { eq } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { sessions } from "../../db/schema";
import { getEnv } from "../../lib/env.server";
import { getAuth } from "./auth.server";
import { isStaffRole, USER_ROLES, type UserRole } from "./roles";
import { judgeSession } from "./session-lifetime";

/** The signed-in user as every guard and screen sees it. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  mustChangePassword: boolean;
  sessionId: string;
}

export interface LoadedSession {
  user: SignedInUser;
  /** Set-Cookie headers to pass on (a renewed session's cookie). */
  setCookies: string[];
}

/** The idle and absolute times of a role's sessions: the back office's, or the portal's. */
export function sessionTimeoutOf(role: UserRole) {
  const env = getEnv();
  return isStaffRole(role) ? env.staffSession : env.customerSession;
}

/**
 * Holds the session to its role's idle and absolute times at `now`: deletes it and answers false when it has
 * ended, and otherwise moves its deadline on (session-lifetime.ts).
 */
export async function keepSessionAlive(
  db: Db,
  session: { id: string; createdAt: Date; updatedAt: Date; expiresAt: Date },
  role: UserRole,
  now = new Date(),
): Promise<boolean> {
  const verdict = judgeSession({ ...session, lastUsedAt: session.updatedAt }, sessionTimeoutOf(role), now);
  if (verdict.ended) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return false;
  }
  if (verdict.renew)
    await db.update(sessions).set({ expiresAt: verdict.expiresAt, updatedAt: now }).where(eq(sessions.id, session.id));
  return true;
}

/**
 * The session the request's cookie names, from the database, or null when there is none, it has ended (idle or
 * absolute time, judged here on every request, not only by the cookie's age), or its user is deactivated.
 */
export async function loadSession(request: Request): Promise<LoadedSession | null> {
  const db = getDb();
  const auth = getAuth(db);
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return null;
  const u = response.user as typeof response.user & {
    role?: string | null;
    mustChangePassword?: boolean | null;
    deactivatedAt?: Date | string | null;
  };
  if (u.deactivatedAt) return null;
  const role = USER_ROLES.find((r) => r === u.role);
  if (!role) return null;
  const session = response.session;
  const alive = await keepSessionAlive(
    db,
    {
      id: session.id,
      createdAt: new Date(session.createdAt),
      updatedAt: new Date(session.updatedAt),
      expiresAt: new Date(session.expiresAt),
    },
    role,
  );
  if (!alive) return null;
  return {
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      role,
      mustChangePassword: !!u.mustChangePassword,
      sessionId: response.session.id,
    },
    setCookies: headers.getSetCookie(),
  };
}
