import type { Refusal, Refused } from "../domain/use-case";

// The one place a use case's refusal becomes an HTTP status (app/domain/use-case.ts).

export const REFUSAL_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-many": 429,
  unavailable: 503,
} as const satisfies Record<Refusal, number>;

export function httpStatusOf(result: Pick<Refused, "refusal">): (typeof REFUSAL_STATUS)[Refusal] {
  return REFUSAL_STATUS[result.refusal];
}

/** The status and, for too-many, the Retry-After header: what `data(body, init)` takes. */
export function httpInitOf(result: Pick<Refused, "refusal" | "retryAfterSeconds">): {
  status: number;
  headers?: Record<string, string>;
} {
  const status = httpStatusOf(result);
  if (result.retryAfterSeconds === undefined) return { status };
  return { status, headers: { "Retry-After": String(Math.max(1, Math.ceil(result.retryAfterSeconds))) } };
}
