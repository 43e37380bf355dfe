// A reason typed in a box and kept in the books' records and the audit log: why a year is reopened (issue 24), a
// document voided (issue 36), the lock date moved back (issue 38). One rule for all of them: trimmed, line breaks kept
// (CRLF as LF), 3 to 500 characters, no other control character and no direction override or isolate, which would
// make it display as other text. Each form words its own messages. Browser-safe.

export const REASON_LIMITS = { min: 3, max: 500 } as const;

/** What is wrong with a reason, for its form to word. */
export type ReasonProblem = "required" | "control" | "short" | "long";

// Controls other than the line breaks and tabs a reason typed in a box may hold; direction overrides and isolates.
// eslint-disable-next-line no-control-regex
const NOT_ALLOWED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The reason as kept: trimmed, its line breaks as LF. */
export function normalizeReason(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}

/** What is wrong with a reason already normalized (normalizeReason), or null. */
export function reasonProblem(reason: string): ReasonProblem | null {
  const length = [...reason].length;
  if (reason === "") return "required";
  if (NOT_ALLOWED.test(reason)) return "control";
  if (length < REASON_LIMITS.min) return "short";
  if (length > REASON_LIMITS.max) return "long";
  return null;
}
