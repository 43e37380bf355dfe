import { formFields } from "../../lib/form-data";
import { formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { normalizeReason, REASON_LIMITS, reasonProblem } from "./reason-text";

// Year-end close (issue 24; DESIGN §10): the messages the screen and the use cases share, and the two forms: Close
// year (the fiscal year, and the result the confirmation showed) and Reopen (the close, and a reason of 3 to 500
// characters). A fiscal year is named by the calendar year it starts in (2025 is FY 2025-26 with a July start).
// Browser-safe.

export const YEAR_END_MESSAGES = {
  closed: "Year closed successfully",
  closeFailed: (reason: string) => `Failed to close year: ${reason}`,
  reopened: "Year reopened successfully",
  reopenFailed: (reason: string) => `Failed to reopen year: ${reason}`,
  fiscalYearRequired: "Choose the fiscal year to close",
  notEnded: (name: string, end: string) =>
    `FY ${name} ends on ${formatShortDate(end)}: a year can be closed from the day after its last day`,
  alreadyClosed: (name: string) => `FY ${name} is already closed: reopen it first to close it again`,
  overlaps: (name: string, other: string) => `FY ${name} overlaps FY ${other}, which is closed: reopen it first`,
  locked: (name: string, lockDate: string, end: string) =>
    `The books are locked up to ${formatShortDate(lockDate)}, and FY ${name}'s closing entry is dated ${formatShortDate(end)}: move the lock date before that day in Settings > Accounting first`,
  nothingToClose: (name: string) =>
    `Nothing was posted to income or expenses in FY ${name}: there is no result to close`,
  resultChanged: (name: string) =>
    `FY ${name}'s figures changed while the dialog was open: check the result shown now and close again`,
  resultInvalid: "The result to confirm is not an amount: reload the page",
  closeRequired: "Choose the closed year to reopen",
  closeNotFound: "This year-end close does not exist",
  alreadyReopened: (name: string) => `FY ${name} is already reopened: there is nothing to reopen`,
  laterYearClosed: (name: string, later: string) =>
    `FY ${later} is closed, and its opening balances come from FY ${name}: reopen FY ${later} first`,
  reopenLocked: (name: string, lockDate: string, end: string) =>
    `The books are locked up to ${formatShortDate(lockDate)}, and reopening FY ${name} posts on its last day (${formatShortDate(end)}): move the lock date before that day in Settings > Accounting first`,
  reasonRequired: "Reason is required: say why the year is reopened",
  reasonShort: "Reason must be at least 3 characters",
  reasonLong: "Reason must be at most 500 characters",
  reasonControl: "Reason contains characters that are not allowed",
} as const;

/** The closing entry's description, "Year-end close FY 2025-26". */
export const closingDescription = (name: string) => `Year-end close FY ${name}`;

/** The reopening entry's description (the closing's mirror), with the reason. */
export const reopeningDescription = (name: string, reason: string) =>
  `Year-end close FY ${name} reopened: ${reason}`.slice(0, 500);

export const REOPEN_YEAR_REASON_LIMITS = REASON_LIMITS;

/** The fiscal years a close may name (by their first calendar year). */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2999;

export interface CloseYearValues {
  fiscalYear: string;
  /**
   * The result the confirmation showed (income less expenses, "1234.50", "-80.00"); the close is refused when the
   * year's figures have moved since. Empty: not checked.
   */
  result: string;
}

export function readCloseYearForm(form: FormData): CloseYearValues {
  return formFields(form, ["fiscalYear", "result"]);
}

const AMOUNT = /^-?\d{1,12}(?:\.\d{1,2})?$/;

export function parseCloseYearForm(
  values: CloseYearValues,
): { ok: true; input: { fiscalYear: number; result: string | null } } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const year = values.fiscalYear.trim();
  if (!/^\d{4}$/.test(year) || Number(year) < FIRST_YEAR || Number(year) > LAST_YEAR)
    errors.fiscalYear = YEAR_END_MESSAGES.fiscalYearRequired;
  const result = (values.result ?? "").trim();
  if (result !== "" && !AMOUNT.test(result)) errors.result = YEAR_END_MESSAGES.resultInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { fiscalYear: Number(year), result: result === "" ? null : result } };
}

export interface ReopenYearValues {
  closeId: string;
  reason: string;
}

export function readReopenYearForm(form: FormData): ReopenYearValues {
  return formFields(form, ["closeId", "reason"]);
}

const REOPEN_REASON_MESSAGES = {
  required: YEAR_END_MESSAGES.reasonRequired,
  control: YEAR_END_MESSAGES.reasonControl,
  short: YEAR_END_MESSAGES.reasonShort,
  long: YEAR_END_MESSAGES.reasonLong,
} as const;

export function parseReopenYearForm(
  values: ReopenYearValues,
): { ok: true; input: { closeId: string; reason: string } } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const id = values.closeId.trim();
  if (!isUuid(id)) errors.closeId = YEAR_END_MESSAGES.closeRequired;
  const reason = normalizeReason(values.reason);
  const problem = reasonProblem(reason);
  if (problem) errors.reason = REOPEN_REASON_MESSAGES[problem];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { closeId: id.toLowerCase(), reason } };
}

/** A fiscal year as the year-end screen lists it. */
export interface FiscalYearRow {
  fiscalYear: number;
  /** "2025-26". */
  name: string;
  from: string;
  to: string;
  /** Income, expenses and income less expenses of the year (P&L rules: year-end close entries left out). */
  income: string;
  expenses: string;
  result: string;
  /** How many income and expense accounts moved in the year: the closing entry's lines but one. */
  accountsMoved: number;
  /** The year's last day is before today in Dhaka. */
  ended: boolean;
  /** The year's latest close, if it was ever closed. */
  close: {
    id: string;
    closedAt: string;
    closedBy: string | null;
    closingEntryId: string;
    result: string;
    reopenedAt: string | null;
    reopenedBy: string | null;
    reopenReason: string | null;
    reopenEntryId: string | null;
  } | null;
  /** Why Close year is not offered now (the use case refuses the same), or null when it is. */
  closeBlocker: string | null;
  /** Why Reopen is not offered now, or null when it is (or the year is not closed). */
  reopenBlocker: string | null;
}

/** What stops a year from being closed, as the screen says it beside a disabled button (the use case decides). */
export function closeBlockerOf(
  year: Pick<FiscalYearRow, "name" | "to" | "ended" | "accountsMoved">,
  closed: boolean,
  lockDate: string | null,
): string | null {
  if (closed) return null;
  if (!year.ended) return YEAR_END_MESSAGES.notEnded(year.name, year.to);
  if (lockDate && lockDate >= year.to) return YEAR_END_MESSAGES.locked(year.name, lockDate, year.to);
  if (year.accountsMoved === 0) return YEAR_END_MESSAGES.nothingToClose(year.name);
  return null;
}
