import { getEnv } from "./env.server";

// Counts submissions of public forms per client address in fixed windows (FORM_RATE_LIMIT, e.g. 10/600).
// Kept in this process: with several app servers each counts its own share, which still stops a flood.

interface Window {
  start: number;
  count: number;
}

const key = Symbol.for("app.rate-limit");
type WithLimits = typeof globalThis & { [key]?: Map<string, Window> };
const windows = () => ((globalThis as WithLimits)[key] ??= new Map());

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the client may try again, when refused. */
  retryAfterSeconds: number;
}

/** Takes one submission of `form` from `clientAddress`; refused when the window's allowance is used up. */
export function takeFormSubmission(form: string, clientAddress: string, now = Date.now()): RateLimitResult {
  const { max, windowSeconds } = getEnv().formRateLimit;
  const windowMs = windowSeconds * 1000;
  const all = windows();
  const id = `${form}:${clientAddress}`;
  let current = all.get(id);
  if (!current || now - current.start >= windowMs) {
    current = { start: now, count: 0 };
    all.set(id, current);
    if (all.size > 50_000) pruneExpired(now, windowMs);
  }
  if (current.count >= max) {
    return { allowed: false, retryAfterSeconds: Math.ceil((current.start + windowMs - now) / 1000) };
  }
  current.count++;
  return { allowed: true, retryAfterSeconds: 0 };
}

function pruneExpired(now: number, windowMs: number) {
  for (const [id, w] of windows()) if (now - w.start >= windowMs) windows().delete(id);
}

/** Forgets every count (tests). */
export function resetRateLimits(): void {
  windows().clear();
}

/** "in 5 minutes" / "in 40 seconds", for the message a refused visitor reads. */
export function describeRetry(seconds: number): string {
  if (seconds >= 90) return `in ${Math.ceil(seconds / 60)} minutes`;
  return `in ${seconds} seconds`;
}
