import { formFields } from "../../lib/form-data";
import { formatMoney, formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { normalizeReason, REASON_LIMITS, reasonProblem } from "./reason-text";
import type { OpenItemKind } from "./settle-form";
import { businessDateProblem, isBusinessDate } from "../../lib/business-date";

// Voids and reversals of documents (issue 36; DESIGN §10: "nothing is undone by deleting"): a payment made or received
// on a payable or receivable, a tax deposit, a hand-typed tax record. Each is taken back by a reversing entry of its
// own, on a date (not before the document's) and for a reason (3 to 500 characters) kept with the document and in the
// audit log. The one form the three dialogs post (the document's id, the date, the reason), and the settlement's
// messages. Browser-safe.

export const VOID_REASON_LIMITS = REASON_LIMITS;

export const VOID_FORM_MESSAGES = {
  dateRequired: "Date is required",
  dateInvalid: "Date must be a date",
  reasonRequired: "Reason is required: say why it is taken back",
  reasonShort: `Reason must be at least ${VOID_REASON_LIMITS.min} characters`,
  reasonLong: `Reason must be at most ${VOID_REASON_LIMITS.max} characters`,
  reasonControl: "Reason contains characters that are not allowed",
} as const;

const VOID_REASON_MESSAGES = {
  required: VOID_FORM_MESSAGES.reasonRequired,
  control: VOID_FORM_MESSAGES.reasonControl,
  short: VOID_FORM_MESSAGES.reasonShort,
  long: VOID_FORM_MESSAGES.reasonLong,
} as const;

/** Void a payment or receipt of a payable or receivable (a settlement). */
export const SETTLEMENT_VOID_MESSAGES = {
  voided: (kind: OpenItemKind, amount: string) =>
    `${kind === "payable" ? "Payment" : "Receipt"} of ${formatMoney(amount)} voided: the ${kind} owes it again`,
  failed: (reason: string) => `Failed to void: ${reason}`,
  idRequired: "Choose the payment or receipt to void",
  notFound: "This payment or receipt does not exist",
  alreadyVoided: (date: string | null) =>
    `This payment or receipt was already voided${date ? ` on ${formatShortDate(date)}` : ""}`,
  beforeSettlement: (date: string) =>
    `The void cannot be dated before the payment or receipt it takes back (${formatShortDate(date)})`,
} as const;

export interface VoidFormValues {
  /** The document's id: the settlement, the deposit, the tax record. */
  id: string;
  date: string;
  reason: string;
}

export function readVoidForm(form: FormData): VoidFormValues {
  return formFields(form, ["id", "date", "reason"]);
}

export interface VoidInput {
  id: string;
  date: string;
  reason: string;
}

/** The form's own rules (the document's are the use case's): the input, or one message per field. */
export function parseVoidForm(
  values: VoidFormValues,
  idRequired: string,
): { ok: true; input: VoidInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const id = (values.id ?? "").trim();
  if (!isUuid(id)) errors.form = idRequired;
  const date = (values.date ?? "").trim();
  if (date === "") errors.date = VOID_FORM_MESSAGES.dateRequired;
  else if (!isBusinessDate(date))
    errors.date = businessDateProblem("Date", date, VOID_FORM_MESSAGES.dateInvalid) ?? VOID_FORM_MESSAGES.dateInvalid;
  const reason = normalizeReason(values.reason ?? "");
  const problem = reasonProblem(reason);
  if (problem) errors.reason = VOID_REASON_MESSAGES[problem];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { id: id.toLowerCase(), date, reason } };
}

/** The dialog's date: today, or the document's own date when that is later (a reversal is never before it). */
export function voidDateDefault(today: string, documentDate: string): string {
  return today < documentDate ? documentDate : today;
}
