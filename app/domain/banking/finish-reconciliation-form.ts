import { formFields } from "../../lib/form-data";
import { formatShortDate, formatSignedMoney } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { toPaisa } from "../../lib/money";

// Finishing and reopening a bank reconciliation (issue 23): the messages the screen and the use cases share, what
// keeps a statement from being finished (the screen shows it beside a disabled Finish), and the reopen form (a reason
// of 3 to 500 characters). Browser-safe.

export const FINISH_MESSAGES = {
  finished: (asOf: string) => `Reconciliation finished up to ${formatShortDate(asOf)}`,
  failed: (reason: string) => `Failed to finish the reconciliation: ${reason}`,
  statementRequired: "Choose the statement to finish",
  notFound: "This statement does not exist any more: choose another",
  alreadyFinished: (asOf: string) =>
    `The reconciliation up to ${formatShortDate(asOf)} is already finished: reopen it to change it`,
  difference: (difference: string) => `The difference is ${formatSignedMoney(difference)}: it must be ৳0.00 to finish`,
  unmatched: (count: number, asOf: string) =>
    count === 1
      ? `1 statement line up to ${formatShortDate(asOf)} is not matched yet: match it first`
      : `${count} statement lines up to ${formatShortDate(asOf)} are not matched yet: match them first`,
} as const;

export const REOPEN_MESSAGES = {
  reopened: (asOf: string) => `Reconciliation up to ${formatShortDate(asOf)} reopened`,
  failed: (reason: string) => `Failed to reopen the reconciliation: ${reason}`,
  reconciliationRequired: "Choose the finished reconciliation to reopen",
  notFound: "This reconciliation does not exist any more",
  notFinished: "This reconciliation is already reopened: there is nothing to reopen",
  reasonRequired: "Reason is required: say why the reconciliation is reopened",
  reasonShort: "Reason must be at least 3 characters",
  reasonLong: "Reason must be at most 500 characters",
  reasonControl: "Reason contains characters that are not allowed",
} as const;

export const REOPEN_REASON_LIMITS = { min: 3, max: 500 } as const;

/** Why a statement cannot be finished now (the difference, the lines not matched), or [] when it can. */
export function finishBlockers(figures: { difference: string; unmatchedLines: number; asOfDate: string }): string[] {
  const blockers: string[] = [];
  if (figures.unmatchedLines > 0) blockers.push(FINISH_MESSAGES.unmatched(figures.unmatchedLines, figures.asOfDate));
  if (toPaisa(figures.difference) !== 0n) blockers.push(FINISH_MESSAGES.difference(figures.difference));
  return blockers;
}

export interface FinishFormValues {
  statementId: string;
}

export function readFinishForm(form: FormData): FinishFormValues {
  return formFields(form, ["statementId"]);
}

export function parseFinishForm(
  values: FinishFormValues,
): { ok: true; input: { statementId: string } } | { ok: false; errors: Record<string, string> } {
  const id = values.statementId.trim();
  if (!isUuid(id)) return { ok: false, errors: { statementId: FINISH_MESSAGES.statementRequired } };
  return { ok: true, input: { statementId: id.toLowerCase() } };
}

export interface ReopenFormValues {
  reconciliationId: string;
  reason: string;
}

export function readReopenForm(form: FormData): ReopenFormValues {
  return formFields(form, ["reconciliationId", "reason"]);
}

// Controls other than the line breaks and tabs a reason typed in a box may hold; direction overrides.
// eslint-disable-next-line no-control-regex
const NOT_ALLOWED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

export function parseReopenForm(
  values: ReopenFormValues,
): { ok: true; input: { reconciliationId: string; reason: string } } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const id = values.reconciliationId.trim();
  if (!isUuid(id)) errors.reconciliationId = REOPEN_MESSAGES.reconciliationRequired;
  const reason = values.reason.replace(/\r\n?/g, "\n").trim();
  if (reason === "") errors.reason = REOPEN_MESSAGES.reasonRequired;
  else if (NOT_ALLOWED.test(reason)) errors.reason = REOPEN_MESSAGES.reasonControl;
  else if ([...reason].length < REOPEN_REASON_LIMITS.min) errors.reason = REOPEN_MESSAGES.reasonShort;
  else if ([...reason].length > REOPEN_REASON_LIMITS.max) errors.reason = REOPEN_MESSAGES.reasonLong;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { reconciliationId: id.toLowerCase(), reason } };
}
