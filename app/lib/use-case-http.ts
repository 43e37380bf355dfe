import type { Refusal, Refused } from "../domain/use-case";

// The one place a use case's refusal becomes an HTTP status (app/domain/use-case.ts).

export const REFUSAL_STATUS = {
  invalid: 400,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
} as const satisfies Record<Refusal, number>;

export function httpStatusOf(result: Pick<Refused, "refusal">): (typeof REFUSAL_STATUS)[Refusal] {
  return REFUSAL_STATUS[result.refusal];
}
