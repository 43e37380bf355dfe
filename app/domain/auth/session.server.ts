import { getDb } from "../../db/client.server";
import { getAuth } from "./auth.server";
import { USER_ROLES, type UserRole } from "./roles";

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

/**
 * The session the request's cookie names, from the database (better-auth renews it when due), or null when
 * there is none, it has expired, or its user is deactivated.
 */
export async function loadSession(request: Request): Promise<LoadedSession | null> {
  const auth = getAuth(getDb());
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
