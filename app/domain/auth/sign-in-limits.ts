// How failed sign-ins slow an account down (docs/decisions/0020). Failures are counted per account and client
// address together (SIGN_IN_RATE_LIMIT: that pair is refused after 5 in 15 minutes), per address over every
// account (SIGN_IN_ADDRESS_RATE_LIMIT), and per account from every address. An account is never locked by its
// failures alone: once they reach SIGN_IN_RATE_LIMIT's count in its window, each further failure makes the
// next attempt from an address the account has not signed in from wait a little longer, doubling from 1 second
// to at most ACCOUNT_DELAY_MAX_SECONDS. Addresses the account signed in from lately are never slowed by it.

/** The longest an account's next attempt (from an address new to it) waits after a failure. */
export const ACCOUNT_DELAY_MAX_SECONDS = 300;

/** How long an address the account signed in from stays known to it (spared the account's slow-down). */
export const KNOWN_ADDRESS_DAYS = 30;

/** Seconds the account's next attempt from a new address waits after its `failures`-th failure in the window. */
export function accountDelaySeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(2 ** Math.min(failures - threshold, 30), ACCOUNT_DELAY_MAX_SECONDS);
}
