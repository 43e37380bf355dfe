import type { SessionTimeout } from "../../lib/env.server";

// How long a session lives (ASVS 5.0 V7.3): it ends after a time without use (idle) and, however much it is
// used, a time after its sign-in (absolute). Back-office and portal sessions have their own pair of times
// (STAFF_SESSION_TIMEOUT, CUSTOMER_SESSION_TIMEOUT). The session row says when it was opened (created_at) and
// last used (updated_at); every request's session lookup judges it with judgeSession, and records the use,
// with the deadline that follows in expires_at, when it moves.

/** A session's use is written at most once a minute: a write a minute, not one a request. */
export const SESSION_RENEW_STEP_SECONDS = 60;

export type SessionVerdict =
  | { ended: true; reason: "idle" | "absolute" }
  /** `renew`: record this use, and `expiresAt` as the session's new deadline. */
  | { ended: false; expiresAt: Date; renew: boolean };

/** Whether the session (opened at createdAt, last recorded in use at lastUsedAt) has ended at `now`. */
export function judgeSession(
  session: { createdAt: Date; lastUsedAt: Date; expiresAt: Date },
  timeout: SessionTimeout,
  now: Date,
): SessionVerdict {
  const absoluteEnd = session.createdAt.getTime() + timeout.absoluteSeconds * 1000;
  const idleEnd = session.lastUsedAt.getTime() + timeout.idleSeconds * 1000;
  if (now.getTime() >= absoluteEnd) return { ended: true, reason: "absolute" };
  if (now.getTime() >= idleEnd) return { ended: true, reason: "idle" };
  const next = Math.min(now.getTime() + timeout.idleSeconds * 1000, absoluteEnd);
  // Recorded once the use is a minute newer, or when the stored deadline is later than this role allows (a
  // session just opened with the sign-in library's longest lifetime, or the timeouts made shorter since).
  const renew =
    now.getTime() - session.lastUsedAt.getTime() >= SESSION_RENEW_STEP_SECONDS * 1000 ||
    session.expiresAt.getTime() > next;
  return { ended: false, expiresAt: renew ? new Date(next) : session.expiresAt, renew };
}
