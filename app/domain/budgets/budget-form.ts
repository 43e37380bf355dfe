import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { fromPaisa, moneyField, normalizeMoney, toPaisa } from "../../lib/money";
import { BUDGET_TYPES, FISCAL_YEAR_MAX, FISCAL_YEAR_MIN, type BudgetType } from "../accounting/constants";
import { fiscalYearMonths, fiscalYearOfDate, MONTH_NAMES } from "../reports/report-periods";

// The Create Budget / Edit Budget form (backoffice.md §2 Budget Management, §5, §9; issue 24): Fiscal Year (a
// number, 2024 to 2050), Account, Budget Type annual or monthly (annual by default), Total Amount (0 or more, to the
// paisa), in monthly mode the twelve months (0 or more each, starting at 0) that must add up to the Total Amount,
// and Notes. One parser for the browser's messages and the action's decision; the rules that need the book (the
// account exists, is active, is income or expense; no other budget for the account and year) are the use cases'.
//
// The month fields are named by the CALENDAR month they hold (month7 is July), as budget_months.month is: a change
// of the fiscal year's start keeps each amount on its month. The screen lists them in the fiscal year's order.
// Browser-safe.

export type { BudgetType };

export const BUDGET_LIMITS = { notes: 1000 } as const;

export const BUDGET_TYPE_LABELS: Record<BudgetType, string> = { annual: "Annual", monthly: "Monthly" };

export const BUDGET_MESSAGES = {
  // The spec's toasts, word for word (backoffice.md §8).
  created: "Budget created successfully",
  createFailed: "Failed to create budget",
  // The same wording for what the spec did not have.
  updated: "Budget updated successfully",
  updateFailed: (reason: string) => `Failed to update budget: ${reason}`,
  copied: (fiscalYearLabel: string) => `Budget copied to FY ${fiscalYearLabel} successfully`,
  copyFailed: (reason: string) => `Failed to copy budget: ${reason}`,
  deleted: "Budget deleted successfully",
  deleteFailed: (reason: string) => `Failed to delete budget: ${reason}`,
  confirmDelete: "Are you sure you want to delete this budget?",

  idRequired: "Choose the budget",
  notFound: "This budget no longer exists",
  changedMeanwhile:
    "Someone else changed this budget while you were editing. Your changes were not saved; the form now shows theirs.",

  fiscalYearRequired: "Fiscal Year is required",
  fiscalYearNotNumber: "Fiscal Year must be a year written in digits, e.g. 2026",
  fiscalYearRange: `Fiscal Year must be between ${FISCAL_YEAR_MIN} and ${FISCAL_YEAR_MAX}`,
  accountRequired: "Account is required",
  accountInvalid: "Choose the account from the list",
  accountUnknown: "This account does not exist any more: choose another",
  accountInactive: (code: string, name: string) => `Account ${code} - ${name} is deactivated: choose another`,
  accountWrongType: (code: string, name: string, typeLabel: string) =>
    `Budgets are set on income and expense accounts only: ${code} - ${name} is ${/^[AEIOU]/.test(typeLabel) ? "an" : "a"} ${typeLabel.toLowerCase()} account`,
  duplicate: "A budget for this account and year exists already",
  typeInvalid: "Choose the budget type: annual or monthly",
  monthRequired: (label: string) => `${label} is required`,
  monthsMismatch: (allocated: string, total: string) =>
    `The months add up to ${formatMoney(allocated)}, not the Total Amount of ${formatMoney(total)}: they must be equal`,
  notesTooLong: `Notes must be at most ${BUDGET_LIMITS.notes.toLocaleString("en-US")} characters`,
  notesControl: "Notes contains characters that are not allowed",

  copyExists: (fiscalYearLabel: string, code: string, name: string) =>
    `FY ${fiscalYearLabel} already has a budget for ${code} - ${name}: edit that one instead`,
  copyBeyond: (fiscalYear: number) =>
    `Budgets go up to fiscal year ${FISCAL_YEAR_MAX}: this one cannot be copied to ${fiscalYear}`,
  copyInactive: (code: string, name: string) =>
    `Account ${code} - ${name} is deactivated: its budget is not carried into another year`,
} as const;

/** The calendar months 1-12, for the month fields' names. */
export const CALENDAR_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export type MonthField = `month${(typeof CALENDAR_MONTHS)[number]}`;

/** The field of a calendar month (1-12): "month7" is July. */
export const monthField = (month: number) => `month${month}` as MonthField;

export const BUDGET_MONTH_FIELDS = CALENDAR_MONTHS.map(monthField);

export type BudgetFormValues = {
  id: string;
  /** updated_at as the form was opened (ISO); empty for a new budget. */
  version: string;
  fiscalYear: string;
  accountId: string;
  type: string;
  amount: string;
  notes: string;
} & Record<MonthField, string>;

export const BUDGET_FIELDS = [
  "id",
  "version",
  "fiscalYear",
  "accountId",
  "type",
  "amount",
  ...BUDGET_MONTH_FIELDS,
  "notes",
] as const satisfies readonly (keyof BudgetFormValues)[];

export function readBudgetForm(form: FormData): BudgetFormValues {
  return formFields(form, BUDGET_FIELDS);
}

/** A new budget's form: annual, every month at 0 (backoffice.md §9), in `fiscalYear`. */
export function emptyBudgetForm(fiscalYear: number, defaults: Partial<BudgetFormValues> = {}): BudgetFormValues {
  const months = Object.fromEntries(BUDGET_MONTH_FIELDS.map((f) => [f, "0"])) as Record<MonthField, string>;
  return {
    id: "",
    version: "",
    fiscalYear: String(fiscalYear),
    accountId: "",
    type: "annual",
    amount: "",
    notes: "",
    ...months,
    ...defaults,
  };
}

/**
 * The month fields of a fiscal year in its order, each with its label ("Jul 2026"); with no valid year typed yet, the
 * month's name alone ("Jul").
 */
export function budgetMonthsOf(
  fiscalYear: number | null,
  startMonth: number,
): { month: number; field: MonthField; label: string }[] {
  if (fiscalYear !== null)
    return fiscalYearMonths(fiscalYear, startMonth).map((m) => ({
      month: m.month,
      field: monthField(m.month),
      label: m.label,
    }));
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((startMonth - 1 + i) % 12) + 1;
    return { month, field: monthField(month), label: MONTH_NAMES[month - 1]! };
  });
}

/** The fiscal year typed, when it is one the form takes; null otherwise. */
export function typedFiscalYear(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{4}$/.test(trimmed)) return null;
  const year = Number(trimmed);
  return year >= FISCAL_YEAR_MIN && year <= FISCAL_YEAR_MAX ? year : null;
}

/** An amount as typed, in paisa; 0 for anything that is not an amount (the running total counts what it can). */
export function typedAmountPaisa(value: string): bigint {
  const amount = normalizeMoney(value);
  return amount === null ? 0n : toPaisa(amount);
}

/**
 * What the monthly allocation shows as one types: the Total Allocated, and whether Create Budget may be pressed
 * (the months add up to the Total Amount, which is itself an amount; backoffice.md §5).
 */
export function allocationOf(values: Pick<BudgetFormValues, "amount" | MonthField>): {
  allocated: bigint;
  total: bigint | null;
  matches: boolean;
} {
  const allocated = BUDGET_MONTH_FIELDS.reduce((sum, f) => sum + typedAmountPaisa(values[f] ?? ""), 0n);
  const amount = normalizeMoney(values.amount ?? "");
  const total = amount === null ? null : toPaisa(amount);
  return { allocated, total, matches: total !== null && allocated === total };
}

const M = BUDGET_MESSAGES;
const isBudgetType = (v: string): v is BudgetType => (BUDGET_TYPES as readonly string[]).includes(v);
/** Controls other than a tab and line breaks, and direction overrides: notes are text a person reads. */
const NOTES_FORBIDDEN = /[^\P{Cc}\t\n\r]|[\u202a-\u202e\u2066-\u2069]/u;

export interface BudgetInput {
  id: string;
  version: string;
  fiscalYear: number;
  accountId: string;
  type: BudgetType;
  /** A plain decimal string, "1200.00". */
  amount: string;
  /** Monthly: every calendar month's amount (months 1-12, in the fiscal year's order); annual: none stored. */
  months: { month: number; amount: string }[];
  notes: string | null;
}

const schema = z.object({
  id: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase()),
  version: z.string().trim(),
  fiscalYear: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: "custom", message: M.fiscalYearRequired });
      else if (!/^\d+$/.test(v)) ctx.addIssue({ code: "custom", message: M.fiscalYearNotNumber });
      else if (Number(v) < FISCAL_YEAR_MIN || Number(v) > FISCAL_YEAR_MAX)
        ctx.addIssue({ code: "custom", message: M.fiscalYearRange });
    })
    .transform(Number),
  accountId: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: "custom", message: M.accountRequired });
      else if (!isUuid(v)) ctx.addIssue({ code: "custom", message: M.accountInvalid });
    })
    .transform((v) => v.toLowerCase()),
  type: z.string().trim().refine(isBudgetType, M.typeInvalid),
  amount: moneyField("Total Amount"),
  notes: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v.length > BUDGET_LIMITS.notes) ctx.addIssue({ code: "custom", message: M.notesTooLong });
      else if (NOTES_FORBIDDEN.test(v)) ctx.addIssue({ code: "custom", message: M.notesControl });
    }),
});

/**
 * The monthly allocation's messages (monthly mode only): each month 0 or more to the paisa, and their sum equal to
 * the Total Amount (when it and every month are amounts), named "months".
 */
function monthErrors(values: BudgetFormValues, startMonth: number): Record<string, string> {
  const errors: Record<string, string> = {};
  let allocated = 0n;
  for (const { field, label } of budgetMonthsOf(typedFiscalYear(values.fiscalYear ?? ""), startMonth)) {
    const raw = typeof values[field] === "string" ? values[field] : "";
    const parsed = moneyField(label).safeParse(raw);
    if (raw.trim() === "") errors[field] = M.monthRequired(label);
    else if (!parsed.success) errors[field] = parsed.error.issues[0]!.message;
    else allocated += toPaisa(parsed.data);
  }
  const total = normalizeMoney(values.amount ?? "");
  if (Object.keys(errors).length === 0 && total !== null && allocated !== toPaisa(total))
    errors.months = M.monthsMismatch(fromPaisa(allocated), total);
  return errors;
}

/** The order messages are listed in: the form's own, the month fields in calendar order among them. */
const ERROR_ORDER: readonly string[] = [
  "form",
  "id",
  "version",
  "fiscalYear",
  "accountId",
  "type",
  "amount",
  ...BUDGET_MONTH_FIELDS,
  "months",
  "notes",
];

function ordered(errors: Record<string, string>, startMonth: number): Record<string, string> {
  // Month fields in the fiscal year's order, as the screen shows them.
  const fiscalOrder = budgetMonthsOf(null, startMonth).map((m) => m.field as string);
  const rank = (key: string) => {
    const i = fiscalOrder.indexOf(key);
    return i >= 0 ? ERROR_ORDER.indexOf("month1") + i : ERROR_ORDER.indexOf(key) >>> 0;
  };
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * The form's values checked, for a fiscal year starting in `startMonth` (the months' labels); `needsId` for an
 * edit (the budget's id must be given).
 */
export function parseBudgetForm(
  values: BudgetFormValues,
  options: { startMonth: number; needsId?: boolean },
): { ok: true; input: BudgetInput } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  if ((values.type ?? "").trim() === "monthly") Object.assign(errors, monthErrors(values, options.startMonth));
  if (options.needsId && !isUuid((values.id ?? "").trim())) errors.id = M.idRequired;
  if (!parsed.success || Object.keys(errors).length > 0)
    return { ok: false, errors: ordered(errors, options.startMonth) };
  const v = parsed.data;
  const type = v.type as BudgetType;
  const months =
    type === "monthly"
      ? budgetMonthsOf(v.fiscalYear, options.startMonth).map(({ month, field }) => ({
          month,
          amount: normalizeMoney(values[field])!,
        }))
      : [];
  return {
    ok: true,
    input: {
      id: v.id,
      version: v.version,
      fiscalYear: v.fiscalYear,
      accountId: v.accountId,
      type,
      amount: v.amount,
      months,
      notes: v.notes === "" ? null : v.notes,
    },
  };
}

/** The fiscal year a date falls in, kept within the years budgets are set for (2024-2050). */
export function budgetYearOfDate(isoDate: string, startMonth: number): number {
  return Math.min(FISCAL_YEAR_MAX, Math.max(FISCAL_YEAR_MIN, fiscalYearOfDate(isoDate, startMonth)));
}

/** The screen's ?fy= parameter: a year budgets are set for, else `fallback` (the current fiscal year). */
export function fiscalYearParam(value: string | null, fallback: number): number {
  return typedFiscalYear(value ?? "") ?? fallback;
}
