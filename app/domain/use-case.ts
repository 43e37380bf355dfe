// What every use case answers (DESIGN §9 Writes; issue 19, "a small use-case kit"): done, with the message the
// screen shows, or refused for one of seven reasons with a message and one message per field. The domain names the
// reason, never an HTTP status: the HTTP layer maps reasons to statuses in one place (app/lib/use-case-http.ts).
// Browser-safe.

export type Refusal =
  "invalid" | "unauthenticated" | "forbidden" | "not-found" | "conflict" | "too-many" | "unavailable";

export interface Refused {
  ok: false;
  /** invalid: the input breaks a rule (the fields say which); unauthenticated: the e-mail and password do not
   * match; forbidden: not this user's to do; not-found: the
   * record is gone; conflict: the record moved on meanwhile (someone else's change, a status that changed);
   * too-many: too many attempts, try again after `retryAfterSeconds`; unavailable: a service the use case needs
   * (the file storage) failed, nothing was saved and trying again may work. An unexpected database error is not a
   * refusal: it propagates (500, logged once). */
  refusal: Refusal;
  /** The toast: the spec's "Failed to ..." with the reason, or the rule that refused. */
  message: string;
  /** One message per field ("form" for the whole form); empty when no field is to blame. */
  errors: Record<string, string>;
  /** too-many only: the seconds until the next attempt is allowed (the Retry-After header). */
  retryAfterSeconds?: number;
}

export type Done<T extends object = object> = { ok: true; message: string } & T;

export type UseCaseResult<T extends object = object> = Done<T> | Refused;

export function refuse(refusal: Refusal, message: string, errors: Record<string, string> = {}): Refused {
  return { ok: false, refusal, message, errors };
}

/** A refusal whose message is `failed(the first field's message)`, the spec's "Failed to add item: {reason}". */
export function refuseFields(
  refusal: Refusal,
  failed: (reason: string) => string,
  errors: Record<string, string>,
): Refused {
  return refuse(refusal, failed(Object.values(errors)[0] ?? ""), errors);
}
