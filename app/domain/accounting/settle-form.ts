import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { formatMoney, formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { toPaisa } from "../../lib/money";
import { PAYMENT_METHODS, type PaymentMethod } from "./constants";
import { dateField, MONEY_DOCUMENT_LIMITS, MONEY_DOCUMENT_MESSAGES, positiveMoneyField } from "./money-document-form";
import { nameField } from "../../lib/name-text";

// Settle (Payables & Receivables; issue 21): pay a payable or receive a receivable, all of it or part, on a date,
// through a cash, bank or wallet account of a payment method. The amount is at most what is left; the use case
// checks that again under the document's row lock. Browser-safe.

export type OpenItemKind = "payable" | "receivable";

export const SETTLE_MESSAGES = {
  settledInFull: (kind: OpenItemKind, party: string) =>
    kind === "payable"
      ? `Paid in full: the payable to ${party} is settled`
      : `Received in full: ${party}'s receivable is settled`,
  settledPart: (kind: OpenItemKind, amount: string, left: string) =>
    `${kind === "payable" ? "Paid" : "Received"} ${formatMoney(amount)}; ${formatMoney(left)} left`,
  failed: (message: string) => `Failed to settle: ${message}`,
  notFound: "This payable or receivable does not exist",
  /** ?settle= names one settled, cancelled or gone meanwhile: back to the lists with this. */
  notPending: "This payable or receivable is not pending any more",
  idRequired: "Choose the payable or receivable to settle",
  alreadySettled: "This one is already settled in full",
  cancelled: "This one was cancelled: there is nothing to settle",
  moreThanLeft: (left: string) => `Amount can be at most what is left: ${formatMoney(left)}`,
  beforeDocument: (date: string) => `Date cannot be before the document's own date (${formatShortDate(date)})`,
  accountRequired: (kind: OpenItemKind | "") =>
    kind === "receivable"
      ? "Choose the account the money was received into"
      : "Choose the account the money was paid from",
} as const;

export interface SettleFormValues {
  /** The payable's or receivable's id. */
  id: string;
  date: string;
  paymentMethod: string;
  moneyAccountId: string;
  amount: string;
  reference: string;
}

export function readSettleForm(form: FormData): SettleFormValues {
  return formFields(form, ["id", "date", "paymentMethod", "moneyAccountId", "amount", "reference"]);
}

const schema = z.object({
  id: z
    .string()
    .trim()
    .refine(isUuid, SETTLE_MESSAGES.idRequired)
    .transform((v) => v.toLowerCase()),
  date: dateField(MONEY_DOCUMENT_MESSAGES.dateRequired, MONEY_DOCUMENT_MESSAGES.dateInvalid),
  paymentMethod: z
    .string()
    .refine(
      (v): v is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(v),
      MONEY_DOCUMENT_MESSAGES.methodRequired,
    ),
  moneyAccountId: z.string().trim(),
  amount: positiveMoneyField("Amount", MONEY_DOCUMENT_MESSAGES.amountPositive),
  reference: nameField("Reference", { max: MONEY_DOCUMENT_LIMITS.reference, optional: true }),
});

export interface SettleInput {
  id: string;
  date: string;
  paymentMethod: PaymentMethod;
  moneyAccountId: string;
  amount: string;
  reference: string | null;
}

/** The form's own rules (what is left is the use case's): the input, or one message per field. */
export function parseSettleForm(
  values: SettleFormValues,
  kind: OpenItemKind | "" = "",
  /** What the dialog knows of the document: what is left and its date (the use case checks both again). */
  known: { left?: string; date?: string } = {},
): { ok: true; input: SettleInput } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  if (!isUuid(values.moneyAccountId.trim())) errors.moneyAccountId = SETTLE_MESSAGES.accountRequired(kind);
  if (parsed.success && known.left !== undefined && toPaisa(parsed.data.amount) > toPaisa(known.left))
    errors.amount = SETTLE_MESSAGES.moreThanLeft(known.left);
  if (parsed.success && known.date !== undefined && parsed.data.date < known.date)
    errors.date = SETTLE_MESSAGES.beforeDocument(known.date);
  if (!parsed.success || Object.keys(errors).length > 0) {
    // In the form's order, so the toast names the first field shown.
    const order = ["id", "date", "paymentMethod", "moneyAccountId", "amount", "reference"];
    return {
      ok: false,
      errors: Object.fromEntries(Object.entries(errors).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))),
    };
  }
  const v = parsed.data;
  return {
    ok: true,
    input: {
      id: v.id,
      date: v.date,
      paymentMethod: v.paymentMethod as PaymentMethod,
      moneyAccountId: v.moneyAccountId.toLowerCase(),
      amount: v.amount,
      reference: v.reference || null,
    },
  };
}
