import { todayInDhaka } from "../../lib/dhaka-time";
import { formText } from "../../lib/form-data";
import { nameTextProblem } from "../../lib/name-text";
import { formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import {
  ACCOUNT_ROLES,
  ACCOUNT_ROLE_KEYS,
  documentsOnlyLockable,
  type AccountRole,
  type AccountRoleDefinition,
} from "./account-roles";
import { ACCOUNT_TYPE_LABELS, type AccountType } from "./constants";
import { normalizeReason, reasonProblem, type ReasonProblem } from "./reason-text";
import { MONTHS } from "../../lib/format";
import { businessDateProblem, isBusinessDate } from "../../lib/business-date";

// Settings > Accounting (/admin/settings/accounting; issue 21): which account each role of the posting functions
// uses, and the lock date; the VAT period and the invoices' settings (issue 22); the month the fiscal year starts in
// (issue 24: the reports, budgets and year-end close follow it). The form's own rules, browser and server; whether an account exists, is active and of a
// type the role allows is the use case's (accounting-settings.server.ts). Moving the lock date back (earlier, or
// clearing it) reopens closed books: administrators only, with a reason kept in the audit log (issue 38); whether a
// save moves it back is the use case's, against the stored date. Browser-safe.

export const ACCOUNTING_SETTINGS_MESSAGES = {
  saved: "Accounting settings saved",
  failed: (message: string) => `Failed to save accounting settings: ${message}`,
  roleRequired: (label: string) => `Choose the account for "${label}"`,
  roleUnknown: "This role does not exist: reload the page",
  documentsOnlyNotLockable: (label: string) =>
    `"${label}" cannot be locked to documents only: entries typed by hand rightly post to it`,
  accountInvalid: "Choose the account from the list",
  accountMissing: "This account no longer exists: choose another",
  accountInactive: (code: string, name: string) => `Account ${code} ${name} is deactivated: choose another`,
  accountWrongType: (label: string, allowed: readonly AccountType[], code: string, type: AccountType) =>
    `"${label}" needs ${allowed.map((a) => article(ACCOUNT_TYPE_LABELS[a])).join(" or ")} account; ${code} is ${article(ACCOUNT_TYPE_LABELS[type])} account`,
  controlKindsClash: (label: string, code: string, other: string) =>
    `"${label}" is kept by a different kind of party than "${other}": choose an account other than ${code}`,
  controlAccountOtherKind: (label: string, code: string, name: string, kind: string) =>
    `Account ${code} ${name} keeps ${kind} balances: choose another account for "${label}"`,
  controlAccountMoney: (label: string, code: string, name: string) =>
    `Account ${code} ${name} is a cash, bank or wallet account: "${label}" needs an account kept by party`,
  controlAccountUnnamedLines: (label: string, code: string, name: string, kind: string) =>
    `Account ${code} ${name} has postings that name no ${kind === "any" ? "party" : kind}: it cannot keep "${label}", whose every line names one. Choose another account, or move those postings first`,
  lockDateInvalid: "Lock date must be a date, e.g. 2026-06-30",
  lockDateFuture: (today: string) =>
    `The lock date cannot be in the future (today is ${formatShortDate(today)}): the books would refuse today's postings`,
  lockDateBackForbidden: (saved: string) =>
    `Only an administrator may move the lock date back: the books are closed up to ${formatShortDate(saved)}, and moving it earlier or clearing it reopens them`,
  lockDateReasonRequired: "Reason is required to move the lock date back: say why the closed books are reopened",
  lockDateReasonShort: "Reason must be at least 3 characters",
  lockDateReasonLong: "Reason must be at most 500 characters",
  lockDateReasonControl: "Reason contains characters that are not allowed",
  vatPeriodInvalid: "Choose the VAT return's period: monthly or quarterly",
  signatoryNameTooLong: "Signatory's name must be at most 120 characters",
  signatoryDesignationTooLong: "Signatory's designation must be at most 120 characters",
  dueDaysInvalid: "Invoice due days must be a whole number of days from 0 to 365",
  startMonthInvalid: "Choose the month the fiscal year starts in",
  startMonthWhileClosed: (years: readonly string[]) =>
    `The fiscal year's start month cannot change while a year is closed (FY ${years.join(", FY ")}): reopen it first in Financial Reports > Year-end close`,
  changedMeanwhile:
    "Someone else changed the accounting settings while you were editing. Your changes were not saved; the form now shows theirs.",
} as const;

function article(label: string): string {
  const word = label.toLowerCase();
  return `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;
}

/** The settings screen's groups, in order, with their headings. */
export const ROLE_GROUPS: { group: AccountRoleDefinition["group"]; title: string; description: string }[] = [
  {
    group: "money",
    title: "Cash, bank and mobile banking",
    description: "Where money is received and paid from unless another account of the method is chosen.",
  },
  { group: "customers", title: "Customers", description: "What customers owe, and what they paid in advance." },
  { group: "suppliers", title: "Suppliers", description: "What the company owes." },
  { group: "tax", title: "VAT and taxes", description: "Output and input VAT, tax withheld, tax owed." },
  { group: "payroll", title: "Payroll", description: "Salaries and what is deducted from them." },
  { group: "income", title: "Income", description: "The income account of each kind of income." },
  { group: "expense", title: "Expenses", description: "The account of each kind of expense (equipment is an asset)." },
  { group: "bank", title: "Bank statement", description: "Charges and interest found while reconciling." },
  { group: "equity", title: "Year-end close", description: "Where a closed year's result is moved." },
];

/** The roles of one group, in ACCOUNT_ROLES' order. */
export function rolesOfGroup(group: AccountRoleDefinition["group"]): AccountRole[] {
  return ACCOUNT_ROLE_KEYS.filter((role) => ACCOUNT_ROLES[role].group === group);
}

/** A role's field in the form. */
export const roleField = (role: string) => `role.${role}`;
/** A role's "documents only" checkbox in the form (issue 36). */
export const documentsOnlyField = (role: string) => `documentsOnly.${role}`;

/** The VAT return's period (issue 22): a month, or a quarter where the law allows it. */
export const VAT_PERIOD_CHOICES = [
  { value: "1", label: "Monthly" },
  { value: "3", label: "Quarterly (Jul-Sep, Oct-Dec, Jan-Mar, Apr-Jun)" },
] as const;

/** The months a fiscal year may start in (issue 24), "1" (January) to "12". */
export const FISCAL_YEAR_START_CHOICES = MONTHS.map((label, i) => ({ value: String(i + 1), label }));

export const INVOICE_SETTINGS_LIMITS = { signatory: 120, dueDaysMax: 365 } as const;

export interface AccountingSettingsValues {
  /** When the settings were last saved, as the form was opened (ISO): a save over someone else's is refused. */
  version: string;
  lockDate: string;
  /** Why the closed books are reopened, when the lock date moves back (issue 38); "" otherwise. */
  lockDateReason: string;
  /** "1" or "3" (issue 22). */
  vatPeriodMonths: string;
  /** Who signs the tax invoices and credit notes; blank: the issuing user, "Authorised signatory". */
  invoiceSignatoryName: string;
  invoiceSignatoryDesignation: string;
  /** Days from issue an invoice is due in, 0-365. */
  invoiceDueDays: string;
  /** The month (1-12) the fiscal year starts in (issue 24). */
  fiscalYearStartMonth: string;
  /** The account chosen for each role posted (`role.<role>` fields), by role, as typed. */
  roles: Record<string, string>;
  /** The roles locked to documents only (`documentsOnly.<role>` checkboxes ticked), as sent. */
  documentsOnly: string[];
}

export function readAccountingSettingsForm(form: FormData): AccountingSettingsValues {
  const roles: Record<string, string> = {};
  const documentsOnly: string[] = [];
  for (const name of new Set(form.keys())) {
    if (name.startsWith("role.")) roles[name.slice("role.".length)] = formText(form, name);
    else if (name.startsWith("documentsOnly.") && formText(form, name) !== "")
      documentsOnly.push(name.slice("documentsOnly.".length));
  }
  return {
    version: formText(form, "version"),
    lockDate: formText(form, "lockDate"),
    lockDateReason: formText(form, "lockDateReason"),
    vatPeriodMonths: formText(form, "vatPeriodMonths"),
    invoiceSignatoryName: formText(form, "invoiceSignatoryName"),
    invoiceSignatoryDesignation: formText(form, "invoiceSignatoryDesignation"),
    invoiceDueDays: formText(form, "invoiceDueDays"),
    fiscalYearStartMonth: formText(form, "fiscalYearStartMonth"),
    roles,
    documentsOnly,
  };
}

export interface AccountingSettingsInput {
  lockDate: string | null;
  /** Trimmed, line breaks as LF; "" when none was typed (required only to move the lock date back). */
  lockDateReason: string;
  vatPeriodMonths: 1 | 3;
  invoiceSignatoryName: string;
  invoiceSignatoryDesignation: string;
  invoiceDueDays: number;
  fiscalYearStartMonth: number;
  roles: Record<AccountRole, string>;
  /** The roles locked to documents only. */
  documentsOnly: Set<AccountRole>;
}

const LOCK_DATE_REASON_MESSAGES: Record<ReasonProblem, string> = {
  required: ACCOUNTING_SETTINGS_MESSAGES.lockDateReasonRequired,
  control: ACCOUNTING_SETTINGS_MESSAGES.lockDateReasonControl,
  short: ACCOUNTING_SETTINGS_MESSAGES.lockDateReasonShort,
  long: ACCOUNTING_SETTINGS_MESSAGES.lockDateReasonLong,
};

/**
 * Whether saving the lock date `to` over the stored `from` moves it back: earlier, or cleared, so days that were
 * closed are open again. From no lock date, nothing moves back.
 */
export function movesLockDateBack(from: string | null, to: string | null): boolean {
  return from !== null && (to === null || to < from);
}

/**
 * The form's own rules (every role given an account id, a lock date not after today in Dhaka, a reason that is one
 * when typed; whether one is needed is the use case's).
 */
export function parseAccountingSettingsForm(
  values: AccountingSettingsValues,
  today: string = todayInDhaka(),
): { ok: true; input: AccountingSettingsInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const roles = {} as Record<AccountRole, string>;
  for (const role of Object.keys(values.roles))
    if (!Object.hasOwn(ACCOUNT_ROLES, role)) errors[roleField(role)] = ACCOUNTING_SETTINGS_MESSAGES.roleUnknown;
  for (const role of ACCOUNT_ROLE_KEYS) {
    const value = (values.roles[role] ?? "").trim();
    if (value === "") errors[roleField(role)] = ACCOUNTING_SETTINGS_MESSAGES.roleRequired(ACCOUNT_ROLES[role].label);
    else if (!isUuid(value)) errors[roleField(role)] = ACCOUNTING_SETTINGS_MESSAGES.accountInvalid;
    else roles[role] = value.toLowerCase();
  }
  const documentsOnly = new Set<AccountRole>();
  for (const role of values.documentsOnly) {
    if (!Object.hasOwn(ACCOUNT_ROLES, role))
      errors[documentsOnlyField(role)] = ACCOUNTING_SETTINGS_MESSAGES.roleUnknown;
    else if (!documentsOnlyLockable(role))
      errors[documentsOnlyField(role)] = ACCOUNTING_SETTINGS_MESSAGES.documentsOnlyNotLockable(
        ACCOUNT_ROLES[role as AccountRole].label,
      );
    else documentsOnly.add(role as AccountRole);
  }
  const lockDate = values.lockDate.trim();
  if (lockDate !== "" && !isBusinessDate(lockDate))
    errors.lockDate =
      businessDateProblem("Lock date", lockDate, ACCOUNTING_SETTINGS_MESSAGES.lockDateInvalid) ??
      ACCOUNTING_SETTINGS_MESSAGES.lockDateInvalid;
  else if (lockDate > today) errors.lockDate = ACCOUNTING_SETTINGS_MESSAGES.lockDateFuture(today);
  const lockDateReason = normalizeReason(values.lockDateReason);
  const reasonFault = lockDateReason === "" ? null : reasonProblem(lockDateReason);
  if (reasonFault) errors.lockDateReason = LOCK_DATE_REASON_MESSAGES[reasonFault];
  const months = values.vatPeriodMonths.trim();
  if (months !== "1" && months !== "3") errors.vatPeriodMonths = ACCOUNTING_SETTINGS_MESSAGES.vatPeriodInvalid;
  const name = values.invoiceSignatoryName.trim();
  const designation = values.invoiceSignatoryDesignation.trim();
  if (name.length > INVOICE_SETTINGS_LIMITS.signatory)
    errors.invoiceSignatoryName = ACCOUNTING_SETTINGS_MESSAGES.signatoryNameTooLong;
  else if (name) {
    const problem = nameTextProblem(name, "Signatory's name");
    if (problem) errors.invoiceSignatoryName = problem;
  }
  if (designation.length > INVOICE_SETTINGS_LIMITS.signatory)
    errors.invoiceSignatoryDesignation = ACCOUNTING_SETTINGS_MESSAGES.signatoryDesignationTooLong;
  else if (designation) {
    const problem = nameTextProblem(designation, "Signatory's designation");
    if (problem) errors.invoiceSignatoryDesignation = problem;
  }
  const dueDays = values.invoiceDueDays.trim();
  if (!/^\d{1,3}$/.test(dueDays) || Number(dueDays) > INVOICE_SETTINGS_LIMITS.dueDaysMax)
    errors.invoiceDueDays = ACCOUNTING_SETTINGS_MESSAGES.dueDaysInvalid;
  const startMonth = values.fiscalYearStartMonth.trim();
  if (!/^(?:[1-9]|1[0-2])$/.test(startMonth))
    errors.fiscalYearStartMonth = ACCOUNTING_SETTINGS_MESSAGES.startMonthInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      lockDate: lockDate || null,
      lockDateReason,
      vatPeriodMonths: months === "3" ? 3 : 1,
      invoiceSignatoryName: name,
      invoiceSignatoryDesignation: designation,
      invoiceDueDays: Number(dueDays),
      fiscalYearStartMonth: Number(startMonth),
      roles,
      documentsOnly,
    },
  };
}

/**
 * A role's choices on the settings screen: the active accounts of a type the role allows (a deactivated one is not
 * offered), and what is stored now even when it no longer fits, marked with why (the save then refuses it); "Choose
 * an account" first when nothing is stored.
 */
export function roleAccountOptions(
  accounts: readonly { id: string; code: string; name: string; type: AccountType; isActive: boolean }[],
  role: AccountRole,
  chosen: string,
): { value: string; label: string }[] {
  const types: readonly string[] = ACCOUNT_ROLES[role].types;
  const fits = (a: (typeof accounts)[number]) => a.isActive && types.includes(a.type);
  const options = accounts.filter(fits).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));
  const current = accounts.find((a) => a.id === chosen);
  if (current && !fits(current))
    options.unshift({
      value: current.id,
      label: `${current.code} ${current.name} (${current.isActive ? ACCOUNT_TYPE_LABELS[current.type].toLowerCase() : "deactivated"})`,
    });
  if (!current) options.unshift({ value: "", label: "Choose an account" });
  return options;
}
