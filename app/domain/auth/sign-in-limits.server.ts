import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { rateLimitCounters } from "../../db/schema";
import { rateLimitKeyForAddress } from "../../lib/client-address";
import { getEnv } from "../../lib/env.server";
import { checkAllowance, holdFor, takeAllowance, type RateLimitRule } from "../../lib/rate-limit.server";
import { accountDelaySeconds, KNOWN_ADDRESS_DAYS } from "./sign-in-limits";

// The limits on guessing passwords (sign-in-limits.ts says how; docs/decisions/0020 why), counted in
// rate_limit_counters so every app server shares them. Every password check counts: both sign-in pages, and
// the current password asked by the change-password forms.

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

/**
 * Whether a password may be tried now for this account from this address: null, or the limit that refuses it
 * and when to come back. The account's slow-down spares an address the account signed in from lately.
 */
export async function passwordAttemptRefusal(
  db: DbOrTx,
  attempt: PasswordAttempt,
): Promise<{ limit: SignInLimit; retryAfterSeconds: number } | null> {
  const r = rules(attempt);
  const pair = await checkAllowance(db, r.accountAddress);
  if (!pair.allowed) return { limit: "account-address", retryAfterSeconds: pair.retryAfterSeconds };
  const address = await checkAllowance(db, r.address);
  if (!address.allowed) return { limit: "address", retryAfterSeconds: address.retryAfterSeconds };
  const wait = await checkAllowance(db, r.accountWait);
  if (!wait.allowed) {
    const known = !(await checkAllowance(db, r.knownAddress)).allowed;
    if (!known) return { limit: "account", retryAfterSeconds: wait.retryAfterSeconds };
  }
  return null;
}

/**
 * Counts a wrong password against the account with this address, the address, and the account; once the
 * account's failures reach the limit's count, its next attempt from an address new to it must wait.
 */
export async function recordPasswordFailure(tx: DbOrTx, attempt: PasswordAttempt): Promise<void> {
  const r = rules(attempt);
  await takeAllowance(tx, r.accountAddress);
  await takeAllowance(tx, r.address);
  const account = await takeAllowance(tx, r.account);
  const delay = accountDelaySeconds(account.used ?? 0, getEnv().signInRateLimit.max);
  if (delay > 0) await holdFor(tx, SIGN_IN_BUCKETS.accountWait, r.email, delay);
}

/**
 * A right password: this address's failures on the account are forgiven, and the address is known to the
 * account for KNOWN_ADDRESS_DAYS (spared its slow-down). The address's own count stays: an attacker's own
 * account must not reset the count of guesses at others.
 */
export async function recordPasswordSuccess(tx: DbOrTx, attempt: PasswordAttempt): Promise<void> {
  const r = rules(attempt);
  await tx
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, SIGN_IN_BUCKETS.accountAddress), eq(rateLimitCounters.key, r.pair)));
  await holdFor(tx, SIGN_IN_BUCKETS.knownAddress, r.pair, KNOWN_ADDRESS_DAYS * 86_400);
}
