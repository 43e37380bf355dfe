import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { rateLimitCounters } from "../db/schema";
import { rateLimitKeyForAddress } from "./client-address";
import { getEnv } from "./env.server";

// Rate limits counted in the database (table rate_limit_counters), so every app server and every restart
// shares them. A counter is a fixed window that starts with its first use: at most `max` uses from then
// until `windowSeconds` later. Used by the public forms, and meant for any other limit (sign-in attempts
// per account and per address): a bucket names what is limited, a key whom.

export interface RateLimitRule {
  /** What is limited, e.g. "form:quotation". */
  bucket: string;
  /** Whom it is counted for, e.g. rateLimitKeyForAddress(clientAddress) or an account's e-mail. */
  key: string;
  max: number;
  windowSeconds: number;
}

export interface Allowance {
  allowed: boolean;
  /** Seconds until the window ends, when refused (at least 1); 0 when allowed. */
  retryAfterSeconds: number;
  /** The window's uses with this one, when takeAllowance took one. */
  used?: number;
}

/** Thrown inside a transaction that must not commit because its allowance was used up meanwhile. */
export class RateLimitExceededError extends Error {
  constructor(
    readonly bucket: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`rate limit of ${bucket} reached; retry in ${retryAfterSeconds} s`);
    this.name = "RateLimitExceededError";
  }
}

/** The moment judged "now": the database's clock (one for every server) unless a test passes its own. */
const clock = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

function refused(windowEndsAt: Date, now: Date): Allowance {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000)) };
}

const ALLOWED: Allowance = { allowed: true, retryAfterSeconds: 0 };

/** Whether one more use would be allowed now, without taking it. */
export async function checkAllowance(db: DbOrTx, rule: RateLimitRule, now?: Date): Promise<Allowance> {
  const [row] = await db
    .select({
      count: rateLimitCounters.count,
      windowEndsAt: rateLimitCounters.windowEndsAt,
      now: sql<string>`${clock(now)}`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, rule.key)));
  if (!row || row.windowEndsAt <= row.now || row.count < rule.max) return ALLOWED;
  return refused(row.windowEndsAt, row.now);
}

/**
 * Takes one use if the allowance has one left, atomically: one upsert that counts only while the window has
 * room (or starts a new window), so two servers taking the last use at once cannot both get it. Inside a
 * transaction the use is given back if the transaction rolls back, and the counter's row stays locked until
 * it ends. A refused call takes nothing.
 */
export async function takeAllowance(db: DbOrTx, rule: RateLimitRule, now?: Date): Promise<Allowance> {
  const at = clock(now);
  const ends = sql`${at} + make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`${rateLimitCounters.windowEndsAt} <= ${at}`;
  const [taken] = await db
    .insert(rateLimitCounters)
    .values({ bucket: rule.bucket, key: rule.key, count: 1, windowStartedAt: at, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key],
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${at} else ${rateLimitCounters.windowStartedAt} end`,
        windowEndsAt: sql`case when ${expired} then ${ends} else ${rateLimitCounters.windowEndsAt} end`,
      },
      setWhere: sql`${expired} or ${rateLimitCounters.count} < ${rule.max}`,
    })
    .returning({ count: rateLimitCounters.count });
  if (taken) {
    // A new window: a cheap moment to clear old ones.
    if (taken.count === 1) await deleteExpiredCounters(db, now);
    return { ...ALLOWED, used: taken.count };
  }
  const [row] = await db
    .select({
      windowEndsAt: rateLimitCounters.windowEndsAt,
      now: sql<string>`${at}`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, rule.key)));
  return row ? refused(row.windowEndsAt, row.now) : { allowed: false, retryAfterSeconds: 1 };
}

/**
 * Uses up `bucket`/`key` until `seconds` from now (a hold: checkAllowance with max 1 refuses it until then), or
 * keeps the hold it has if that ends later.
 */
export async function holdFor(db: DbOrTx, bucket: string, key: string, seconds: number, now?: Date): Promise<void> {
  const at = clock(now);
  const ends = sql`${at} + make_interval(secs => ${seconds})`;
  await db
    .insert(rateLimitCounters)
    .values({ bucket, key, count: 1, windowStartedAt: at, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key],
      set: {
        count: 1,
        windowStartedAt: at,
        windowEndsAt: sql`greatest(${rateLimitCounters.windowEndsAt}, ${ends})`,
      },
    });
}

/**
 * Gives back one use taken by takeAllowance in the window still running (a use that turned out not to count):
 * the counter's last use deletes it. A use of a window that has ended meanwhile is not given back from the next.
 */
export async function giveBackUse(db: DbOrTx, bucket: string, key: string, now?: Date): Promise<void> {
  const at = clock(now);
  const counter = and(
    eq(rateLimitCounters.bucket, bucket),
    eq(rateLimitCounters.key, key),
    sql`${rateLimitCounters.windowEndsAt} > ${at}`,
  );
  // Deleted first, then decremented: a counter another use took meanwhile (count 2) is decremented, never deleted.
  await db.delete(rateLimitCounters).where(and(counter, eq(rateLimitCounters.count, 1)));
  await db
    .update(rateLimitCounters)
    .set({ count: sql`${rateLimitCounters.count} - 1` })
    .where(and(counter, sql`${rateLimitCounters.count} > 1`));
}

/** takeAllowance inside a transaction that must roll back when refused: throws RateLimitExceededError. */
export async function requireAllowance(tx: DbOrTx, rule: RateLimitRule): Promise<void> {
  const allowance = await takeAllowance(tx, rule);
  if (!allowance.allowed) throw new RateLimitExceededError(rule.bucket, allowance.retryAfterSeconds);
}

/** How many expired counters one clean-up deletes at most, so it stays a short statement. */
const CLEANUP_BATCH = 500;

/**
 * Deletes up to CLEANUP_BATCH counters whose window has ended. Rows another transaction holds are skipped,
 * never waited for, so this cannot deadlock with the limits being taken meanwhile.
 */
export async function deleteExpiredCounters(db: DbOrTx, now?: Date): Promise<number> {
  const expired = db
    .select({ bucket: rateLimitCounters.bucket, key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(lte(rateLimitCounters.windowEndsAt, clock(now)))
    .limit(CLEANUP_BATCH)
    .for("update", { skipLocked: true });
  const deleted = await db
    .delete(rateLimitCounters)
    .where(inArray(sql`(${rateLimitCounters.bucket}, ${rateLimitCounters.key})`, expired))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

/**
 * The allowance of a public form from one client (FORM_RATE_LIMIT, per form; an IPv6 client by its /64),
 * `multiplier` times as generous for posts that cost less than a submission.
 */
export function publicFormRule(form: string, clientAddress: string, multiplier = 1): RateLimitRule {
  const { max, windowSeconds } = getEnv().formRateLimit;
  return { bucket: `form:${form}`, key: rateLimitKeyForAddress(clientAddress), max: max * multiplier, windowSeconds };
}

/** "in 5 minutes" / "in 40 seconds", for the message a refused visitor reads. */
export function describeRetry(seconds: number): string {
  if (seconds >= 90) return `in ${Math.ceil(seconds / 60)} minutes`;
  return seconds === 1 ? "in 1 second" : `in ${seconds} seconds`;
}
