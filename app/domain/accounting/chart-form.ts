import { z } from "zod";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { isUuid } from "../../lib/list-params";
import { nameField } from "../../lib/name-text";
import {
  ACCOUNT_TYPES,
  CASH_FLOW_ACTIVITIES,
  CASH_FLOW_ACTIVITY_LABELS,
  PAYMENT_METHODS,
  type AccountType,
  type CashFlowActivity,
  type PaymentMethod,
} from "./constants";

// The chart of accounts' Add / Edit form (/admin/accounts/chart; issue 21): one schema for the browser's messages
// and the action's decision. The rules that need the book (a code taken, a parent of another type or under the
// account itself, a type fixed by postings) are the use cases' (chart.server.ts). Issue 24: a balance-sheet account's
// cash flow section (operating, investing, financing, or its type's default: asset and liability operating, equity
// financing), never on income and expenses (they are in the net profit) nor on a cash, bank or wallet account (the
// cash itself); the database's check chart_of_accounts_cash_flow_activity_check says the same. Browser-safe.

export const CHART_MESSAGES = {
  added: "Account added successfully",
  updated: "Account updated successfully",
  deleted: "Account deleted successfully",
  deactivated: "Account deactivated: it is no longer offered for new postings",
  reactivated: "Account reactivated",
  addFailed: (message: string) => `Failed to add account: ${message}`,
  updateFailed: (message: string) => `Failed to update account: ${message}`,
  deleteFailed: (message: string) => `Failed to delete account: ${message}`,
  deactivateFailed: (message: string) => `Failed to deactivate account: ${message}`,
  reactivateFailed: (message: string) => `Failed to reactivate account: ${message}`,
  confirmDelete: "Are you sure you want to delete this account?",
  notFound: "This account no longer exists",
  idRequired: "Account ID is required for update",
  changedMeanwhile:
    "Someone else changed this account while you were editing. Your changes were not saved; the form now shows theirs.",
  codeRequired: "Code is required",
  codeTooLong: "Code must be at most 20 characters",
  codeShape: "Use letters and digits for the code, with dots or dashes between (e.g. 1000 or 1100-01)",
  codeTaken: "Another account has this code",
  typeInvalid: "Choose a type: asset, liability, equity, income or expense",
  parentInvalid: "Choose the parent from the list",
  parentMissing: "The parent account no longer exists: choose another",
  parentOtherType: (parentTypeLabel: string) =>
    `A parent must be of the same type: the one chosen is ${/^[AEIOU]/.test(parentTypeLabel) ? "an" : "a"} ${parentTypeLabel.toLowerCase()} account`,
  parentCycle: "An account cannot be grouped under itself or under one of its own sub-accounts",
  paymentMethodInvalid: "Choose cash, bank or mobile banking",
  paymentMethodNotAsset: "Only an asset account can be a cash, bank or wallet account",
  descriptionTooLong: "Description must be at most 500 characters",
  cashFlowInvalid: "Choose the cash flow section: operating, investing, financing or the default for its type",
  cashFlowNotBalanceSheet:
    "Only an asset, liability or equity account has a cash flow section: income and expenses are in the net profit",
  cashFlowOnCash: "A cash, bank or wallet account is the cash the statement counts: it has no cash flow section",
  cashFlowContraAsset:
    "Accumulated depreciation or amortisation moves no cash: leave its cash flow at operating, where its change adds the depreciation back to the profit",
  typeFixed: "This account has postings: its type cannot change",
  typeHasChildren: "This account has sub-accounts: change their type first, or group them elsewhere",
  typeUsedByRole: (role: string) =>
    `This account is used for "${role}" in Settings > Accounting, which needs another type: choose another account there first`,
  deleteHasPostings: "This account has postings: it cannot be deleted. Deactivate it instead",
  deleteHasChildren: "This account has sub-accounts: move or delete them first",
  deleteUsedByRole: (role: string) =>
    `This account is used for "${role}" in Settings > Accounting: choose another account there first`,
  deleteReferenced:
    "Transactions, budgets or tax records refer to this account: it cannot be deleted. Deactivate it instead",
  deactivateUsedByRole: (role: string) =>
    `This account is used for "${role}" in Settings > Accounting: choose another account there first`,
  alreadyInactive: "This account is already deactivated",
  alreadyActive: "This account is already active",
} as const;

export const CHART_LIMITS = { code: 20, name: 120, description: 500 } as const;

/** Letters and digits, with single dots or dashes between them: 1000, 1100-01, 6.10. */
const CODE = /^[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*$/;

export interface AccountFormValues {
  id: string;
  /** updated_at as the form was opened (ISO); empty for a new account. */
  version: string;
  code: string;
  name: string;
  type: string;
  parentId: string;
  paymentMethod: string;
  /** "operating", "investing", "financing", or "" for its type's default (issue 24). */
  cashFlowActivity: string;
  description: string;
}

export const EMPTY_ACCOUNT_FORM: AccountFormValues = {
  id: "",
  version: "",
  code: "",
  name: "",
  type: "",
  parentId: "",
  paymentMethod: "",
  cashFlowActivity: "",
  description: "",
};

export function readAccountForm(form: FormData): AccountFormValues {
  return formFields(form, [
    "id",
    "version",
    "code",
    "name",
    "type",
    "parentId",
    "paymentMethod",
    "cashFlowActivity",
    "description",
  ]);
}

const accountSchema = z
  .object({
    code: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (value === "") ctx.addIssue({ code: "custom", message: CHART_MESSAGES.codeRequired });
        else if (value.length > CHART_LIMITS.code)
          ctx.addIssue({ code: "custom", message: CHART_MESSAGES.codeTooLong });
        else if (!CODE.test(value)) ctx.addIssue({ code: "custom", message: CHART_MESSAGES.codeShape });
      }),
    name: nameField("Name", { max: CHART_LIMITS.name }),
    type: z
      .string()
      .refine((v): v is AccountType => (ACCOUNT_TYPES as readonly string[]).includes(v), CHART_MESSAGES.typeInvalid),
    parentId: z
      .string()
      .trim()
      .refine((v) => v === "" || isUuid(v), CHART_MESSAGES.parentInvalid)
      .transform((v) => (v === "" ? null : v.toLowerCase())),
    paymentMethod: z
      .string()
      .refine(
        (v) => v === "" || (PAYMENT_METHODS as readonly string[]).includes(v),
        CHART_MESSAGES.paymentMethodInvalid,
      )
      .transform((v) => (v === "" ? null : (v as PaymentMethod))),
    cashFlowActivity: z
      .string()
      .refine(
        (v) => v === "" || (CASH_FLOW_ACTIVITIES as readonly string[]).includes(v),
        CHART_MESSAGES.cashFlowInvalid,
      )
      .transform((v) => (v === "" ? null : (v as CashFlowActivity))),
    description: z
      .string()
      .trim()
      .max(CHART_LIMITS.description, CHART_MESSAGES.descriptionTooLong)
      .transform((v) => (v === "" ? null : v)),
  })
  .superRefine((input, ctx) => {
    if (input.paymentMethod !== null && input.type !== "asset")
      ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: CHART_MESSAGES.paymentMethodNotAsset });
    if (input.cashFlowActivity !== null) {
      if (!hasCashFlowSection(input.type as AccountType, null))
        ctx.addIssue({ code: "custom", path: ["cashFlowActivity"], message: CHART_MESSAGES.cashFlowNotBalanceSheet });
      else if (input.paymentMethod !== null)
        ctx.addIssue({ code: "custom", path: ["cashFlowActivity"], message: CHART_MESSAGES.cashFlowOnCash });
      else if (input.cashFlowActivity !== "operating" && isAccumulatedDepreciation(input.name))
        ctx.addIssue({ code: "custom", path: ["cashFlowActivity"], message: CHART_MESSAGES.cashFlowContraAsset });
    }
  });

/**
 * Whether an account is a contra-asset of depreciation or amortisation, by its name (issue 37): its change is not
 * cash, and the cash flow's indirect method adds it back under operating activities. Migration 0019 reads the names
 * alike.
 */
export function isAccumulatedDepreciation(name: string): boolean {
  return /accumulated\s+(depreciation|amorti[sz]ation)/i.test(name);
}

/** Whether an account of this type and payment method is placed in a cash flow section (the dialog asks only then). */
export function hasCashFlowSection(type: AccountType | "", paymentMethod: string | null): boolean {
  return (type === "asset" || type === "liability" || type === "equity") && !paymentMethod;
}

/** The section a balance-sheet account's cash flow goes to when none is chosen. */
export function defaultCashFlowActivity(type: "asset" | "liability" | "equity"): CashFlowActivity {
  return type === "equity" ? "financing" : "operating";
}

/** The dialog's choices for an account of `type`: its type's default (named), then the three sections. */
export function cashFlowChoices(type: AccountType | ""): { value: string; label: string }[] {
  const fallback =
    type === "asset" || type === "liability" || type === "equity"
      ? `Default for its type (${CASH_FLOW_ACTIVITY_LABELS[defaultCashFlowActivity(type)].toLowerCase()})`
      : "Default for its type";
  return [
    { value: "", label: fallback },
    ...CASH_FLOW_ACTIVITIES.map((a) => ({ value: a, label: CASH_FLOW_ACTIVITY_LABELS[a] })),
  ];
}

export type AccountInput = z.output<typeof accountSchema> & { type: AccountType };

/** The form's own rules: the account to store, or one message per field. */
export function parseAccountForm(
  values: AccountFormValues,
): { ok: true; input: AccountInput } | { ok: false; errors: Record<string, string> } {
  const parsed = accountSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  return { ok: true, input: parsed.data as AccountInput };
}
