import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { rateLimitCounters } from "../../db/schema";
import { rateLimitKeyForAddress } from "../../lib/client-address";
import { getEnv } from "../../lib/env.server";
import { checkAllowance, giveBackUse, holdFor, takeAllowance, type RateLimitRule } from "../../lib/rate-limit.server";
import { accountDelaySeconds, KNOWN_ADDRESS_DAYS } from "./sign-in-limits";

// The limits on guessing passwords (sign-in-limits.ts says how; docs/decisions/0020 why), counted in
// rate_limit_counters so every app server shares them. Every password check counts: both sign-in pages, and
// the current password asked by the change-password forms. A check is reserved (counted) before the password
// is checked and given back when it was right, so parallel guesses get no more checks than the limit.

/** Who is trying which account: the e-mail as typed, the client address as the server sees it. */
export interface PasswordAttempt {
  email: string;
  clientAddress: string;
}

/** Which limit refused an attempt: the account from this address, this address, or the account's slow-down. */
export type SignInLimit = "account-address" | "address" | "account";

export const SIGN_IN_BUCKETS = {
  accountAddress: "sign-in:account-address",
  address: "sign-in:address",
  account: "sign-in:account",
  accountWait: "sign-in:account-wait",
  knownAddress: "sign-in:known-address",
} as const;

/** Larger than any count of failures in a window: the account's own counter only counts, never refuses. */
const UNLIMITED = 1_000_000_000;

function keys(attempt: PasswordAttempt) {
  const email = attempt.email.trim().toLowerCase();
  const address = rateLimitKeyForAddress(attempt.clientAddress);
  return { email, address, pair: `${email} ${address}` };
}

function rules(attempt: PasswordAttempt) {
  const env = getEnv();
  const k = keys(attempt);
  return {
    ...k,
    accountAddress: { bucket: SIGN_IN_BUCKETS.accountAddress, key: k.pair, ...env.signInRateLimit },
    address: { bucket: SIGN_IN_BUCKETS.address, key: k.address, ...env.signInAddressRateLimit },
    account: {
      bucket: SIGN_IN_BUCKETS.account,
      key: k.email,
      max: UNLIMITED,
      windowSeconds: env.signInRateLimit.windowSeconds,
    },
    // Holds, refused while their row lasts.
    accountWait: { bucket: SIGN_IN_BUCKETS.accountWait, key: k.email, max: 1, windowSeconds: 1 },
    knownAddress: { bucket: SIGN_IN_BUCKETS.knownAddress, key: k.pair, max: 1, windowSeconds: 1 },
  } satisfies Record<string, RateLimitRule | string>;
}

/** Why a password attempt was refused before its password was checked, and when to come back. */
export interface PasswordAttemptRefusal {
  limit: SignInLimit;
  retryAfterSeconds: number;
}

/** Rolls the reservation's transaction back: a refused attempt takes nothing. */
class AttemptRefused extends Error {
  constructor(readonly refusal: PasswordAttemptRefusal) {
    super(`password attempt refused (${refusal.limit})`);
  }
}

/**
 * Reserves one password check for this account from this address before the password is checked, or says which
 * limit refuses it (null: reserved). Counting and deciding are one step: each counter is taken by an atomic
 * upsert that counts only while it has room, in one transaction that rolls every count back when one refuses,
 * so parallel attempts cannot all pass a check made before any of them was counted. The reservation counts as
 * a failure until releasePasswordAttempt gives it back (the password was right): an attempt that dies midway
 * stays counted. The account's row stays locked to the end of the transaction, so its reservations queue: from
 * an address new to the account, the slow-down's wait is set here, and the next such attempt sees it (from a
 * known address, which the wait spares, only once the password was wrong: recordPasswordFailure). The counters
 * are taken in one order (pair, address, account), so two reservations cannot deadlock.
 */
export async function reservePasswordAttempt(
  db: DbOrTx,
  attempt: PasswordAttempt,
): Promise<PasswordAttemptRefusal | null> {
  const r = rules(attempt);
  const refuseBy = (limit: SignInLimit, retryAfterSeconds: number): never => {
    throw new AttemptRefused({ limit, retryAfterSeconds });
  };
  try {
    await db.transaction(async (tx) => {
      const pair = await takeAllowance(tx, r.accountAddress);
      if (!pair.allowed) refuseBy("account-address", pair.retryAfterSeconds);
      const address = await takeAllowance(tx, r.address);
      if (!address.allowed) refuseBy("address", address.retryAfterSeconds);
      const account = await takeAllowance(tx, r.account);
      const known = !(await checkAllowance(tx, r.knownAddress)).allowed;
      if (known) return;
      const wait = await checkAllowance(tx, r.accountWait);
      if (!wait.allowed) refuseBy("account", wait.retryAfterSeconds);
      await holdAccountWait(tx, r.email, account.used ?? 0);
    });
    return null;
  } catch (error) {
    if (error instanceof AttemptRefused) return error.refusal;
    throw error;
  }
}

/** Makes the account's next attempt from an address new to it wait as its `failures` in the window say. */
async function holdAccountWait(tx: DbOrTx, email: string, failures: number): Promise<void> {
  const delay = accountDelaySeconds(failures, getEnv().signInRateLimit.max);
  if (delay > 0) await holdFor(tx, SIGN_IN_BUCKETS.accountWait, email, delay);
}

/**
 * A wrong password: its reservation stays counted, and the account's next attempt from an address new to it
 * waits as the account's failures say (already set by a reservation from a new address; this sets it for one
 * from a known address).
 */
export async function recordPasswordFailure(tx: DbOrTx, attempt: PasswordAttempt): Promise<void> {
  const r = rules(attempt);
  const [account] = await tx
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.bucket, SIGN_IN_BUCKETS.account),
        eq(rateLimitCounters.key, r.email),
        sql`${rateLimitCounters.windowEndsAt} > now()`,
      ),
    );
  if (account) await holdAccountWait(tx, r.email, account.count);
}

/**
 * Gives back a reservation whose password was right (only wrong passwords count): the account with this address,
 * the address and the account each count one less. The account's wait set by the reservation stays (at most
 * ACCOUNT_DELAY_MAX_SECONDS, and only while the account's failures are past the limit).
 */
export async function releasePasswordAttempt(tx: DbOrTx, attempt: PasswordAttempt): Promise<void> {
  const r = rules(attempt);
  await giveBackUse(tx, r.accountAddress.bucket, r.accountAddress.key);
  await giveBackUse(tx, r.address.bucket, r.address.key);
  await giveBackUse(tx, r.account.bucket, r.account.key);
}

/**
 * A right password: this address's failures on the account are forgiven, and the address is known to the
 * account for KNOWN_ADDRESS_DAYS (spared its slow-down). The address's failures stay (a sign-in gives back only
 * its own reservation): an attacker's own account must not reset the count of guesses at others.
 */
export async function recordPasswordSuccess(tx: DbOrTx, attempt: PasswordAttempt): Promise<void> {
  const r = rules(attempt);
  await tx
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, SIGN_IN_BUCKETS.accountAddress), eq(rateLimitCounters.key, r.pair)));
  await holdFor(tx, SIGN_IN_BUCKETS.knownAddress, r.pair, KNOWN_ADDRESS_DAYS * 86_400);
}
