import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { formatMoney, formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { moneyField, toPaisa } from "../../lib/money";
import { nameField } from "../../lib/name-text";
import type { AccountRole } from "../accounting/account-roles";
import { TAX_DEPOSIT_KINDS, type TaxDepositKind } from "../accounting/constants";
import { PERIOD_KEY_PATTERN } from "./vat-period";
import { businessDateRangeMessage, isBusinessDate, isRealDate } from "../../lib/business-date";

// Closing a VAT period and recording a tax deposit (issue 22; DESIGN §10): the forms of Tax Management's Close VAT
// period and Record deposit dialogs. Closing offsets input VAT and the certified VDS against VAT payable and locks the
// period; a deposit (a treasury challan) pays, from a bank account, VAT, the company's own income tax, or the income
// tax it withheld from suppliers and employees (tax deducted at source). Browser-safe.

export const TAX_DEPOSIT_KIND_LABELS: Record<TaxDepositKind, string> = {
  vat: "VAT",
  income_tax: "Income tax (the company's)",
  withholding_tax: "Income tax withheld (TDS)",
};

/** The kind inside a sentence: "already recorded for income tax withheld from suppliers and employees". */
const TAX_DEPOSIT_KIND_NOUNS: Record<TaxDepositKind, string> = {
  vat: "VAT",
  income_tax: "the company's income tax",
  withholding_tax: "income tax withheld from suppliers and employees",
};

/** What each kind of deposit pays off (the account role it debits). */
export const TAX_DEPOSIT_ROLE = {
  vat: "vat.payable",
  income_tax: "tax.income_payable",
  withholding_tax: "tax.withholding_payable",
} as const satisfies Record<TaxDepositKind, AccountRole>;

/**
 * A period's net VAT as the screens show it: a negative one is a credit carried forward to the next return, and once
 * a return took it in, says which (issue 37).
 */
export function netVatText(net: string, carriedInto: string | null = null): string {
  if (toPaisa(net) >= 0n) return formatMoney(net);
  return `${formatMoney(net)} (${carriedInto ? `carried to ${carriedInto}` : "to carry forward"})`;
}

export const VAT_CLOSE_MESSAGES = {
  closed: (label: string, net: string) =>
    `VAT period ${label} closed: ${toPaisa(net) < 0n ? `${formatMoney(net.slice(1))} carried forward` : `${formatMoney(net)} payable`}`,
  failed: (reason: string) => `Failed to close the VAT period: ${reason}`,
  periodRequired: "Choose the VAT period to close",
  notEnded: (label: string, end: string) =>
    `${label} has not ended yet: it can be closed after ${formatShortDate(end)}`,
  alreadyClosed: (label: string) => `${label} is already closed`,
  overlaps: (label: string) => `This period overlaps ${label}, which is closed`,
} as const;

export const TAX_DEPOSIT_MESSAGES = {
  added: (kind: TaxDepositKind, challan: string) =>
    `Deposit of ${TAX_DEPOSIT_KIND_NOUNS[kind]} recorded (challan ${challan})`,
  failed: (reason: string) => `Failed to record the deposit: ${reason}`,
  kindRequired: "Choose what the deposit pays: VAT, the company's income tax, or income tax withheld",
  challanRequired: "Treasury challan number is required",
  challanTaken: (kind: TaxDepositKind, challan: string) =>
    `Challan ${challan} is already recorded for ${TAX_DEPOSIT_KIND_NOUNS[kind]}`,
  dateRequired: "Date is required",
  dateInvalid: "Date must be a date",
  amountPositive: "Amount must be more than 0",
  accountRequired: "Choose the bank account the deposit was paid from",
  periodInvalid: "Choose a closed VAT period from the list, or none",
  periodNotVat: "Only a VAT deposit pays a VAT period: choose none",
  periodUnknown: "This VAT period is not closed: choose a closed one, or none",
  moreThanWithheld: (owed: string, date: string) =>
    `Amount is more than the income tax withheld and not yet deposited (${owed} on ${date}): record the withholding first, then deposit it`,
} as const;

export const TAX_DEPOSIT_LIMITS = { challanNo: 60, notes: 500 } as const;

export interface VatCloseValues {
  period: string;
}

export function readVatCloseForm(form: FormData): VatCloseValues {
  return formFields(form, ["period"]);
}

export function parseVatCloseForm(
  values: VatCloseValues,
): { ok: true; input: { period: string } } | { ok: false; errors: Record<string, string> } {
  const period = values.period.trim();
  if (!PERIOD_KEY_PATTERN.test(period)) return { ok: false, errors: { period: VAT_CLOSE_MESSAGES.periodRequired } };
  return { ok: true, input: { period } };
}

export interface TaxDepositFormValues {
  kind: string;
  challanNo: string;
  date: string;
  amount: string;
  moneyAccountId: string;
  vatPeriodId: string;
  notes: string;
}

const DEPOSIT_FIELDS = [
  "kind",
  "challanNo",
  "date",
  "amount",
  "moneyAccountId",
  "vatPeriodId",
  "notes",
] as const satisfies readonly (keyof TaxDepositFormValues)[];

export function readTaxDepositForm(form: FormData): TaxDepositFormValues {
  return formFields(form, DEPOSIT_FIELDS);
}

export function emptyTaxDepositForm(
  today: string,
  defaults: { moneyAccountId?: string; vatPeriodId?: string; amount?: string } = {},
): TaxDepositFormValues {
  return {
    kind: "vat",
    challanNo: "",
    date: today,
    amount: defaults.amount ?? "",
    moneyAccountId: defaults.moneyAccountId ?? "",
    vatPeriodId: defaults.vatPeriodId ?? "",
    notes: "",
  };
}

const M = TAX_DEPOSIT_MESSAGES;

const depositSchema = z
  .object({
    kind: z
      .string()
      .refine((v): v is TaxDepositKind => (TAX_DEPOSIT_KINDS as readonly string[]).includes(v), M.kindRequired),
    challanNo: nameField("Challan number", {
      max: TAX_DEPOSIT_LIMITS.challanNo,
      messages: { required: M.challanRequired },
    }),
    date: z
      .string()
      .trim()
      .min(1, M.dateRequired)
      .refine(isRealDate, { error: M.dateInvalid, abort: true })
      .refine(isBusinessDate, businessDateRangeMessage("Date")),
    amount: moneyField("Amount").refine((a) => toPaisa(a) > 0n, M.amountPositive),
    moneyAccountId: z
      .string()
      .trim()
      .refine(isUuid, M.accountRequired)
      .transform((v) => v.toLowerCase()),
    vatPeriodId: z
      .string()
      .trim()
      .refine((v) => v === "" || isUuid(v), M.periodInvalid)
      .transform((v) => (v === "" ? null : v.toLowerCase())),
    notes: nameField("Notes", { max: TAX_DEPOSIT_LIMITS.notes, optional: true }),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "vat" && v.vatPeriodId)
      ctx.addIssue({ code: "custom", path: ["vatPeriodId"], message: M.periodNotVat });
  })
  .transform((v) => ({ ...v, kind: v.kind as TaxDepositKind, notes: v.notes || null }));

export type TaxDepositInput = z.output<typeof depositSchema>;

export function parseTaxDepositForm(
  values: TaxDepositFormValues,
): { ok: true; input: TaxDepositInput } | { ok: false; errors: Record<string, string> } {
  const parsed = depositSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = fieldErrors(parsed.error);
  const order: readonly string[] = DEPOSIT_FIELDS;
  return {
    ok: false,
    errors: Object.fromEntries(
      Object.entries(errors).sort(([a], [b]) => (order.indexOf(a) >>> 0) - (order.indexOf(b) >>> 0)),
    ),
  };
}
