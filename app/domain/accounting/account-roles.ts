import {
  PAYABLE_CATEGORIES,
  RECEIVABLE_CATEGORIES,
  type AccountType,
  type ControlPartyKind,
  type PaymentMethod,
} from "./constants";

// Account roles (DESIGN §10): posting functions name a role ("the receivable", "the income of Service Fee"),
// never an account code; Settings > Accounting maps each role to an account of the chart, so a company can rename
// or split accounts without code. Seeded with the codes below (app/db/seed/accounting.ts). Browser-safe.

export type PayableCategory = (typeof PAYABLE_CATEGORIES)[number];
export type ReceivableCategory = (typeof RECEIVABLE_CATEGORIES)[number];

export interface AccountRoleDefinition {
  label: string;
  /** What the role's account must be: a posting would land on the wrong side of the statements otherwise. */
  types: readonly AccountType[];
  /** The account the seeded chart gives it. */
  seedCode: string;
  /** The settings screen's groups. */
  group: "money" | "customers" | "suppliers" | "tax" | "payroll" | "income" | "expense" | "bank" | "equity";
}

const role = (
  label: string,
  types: readonly AccountType[],
  seedCode: string,
  group: AccountRoleDefinition["group"],
): AccountRoleDefinition => ({ label, types, seedCode, group });

/** The income account of each receivable (income) category. */
const INCOME_CATEGORY_CODES: Record<ReceivableCategory, string> = {
  Sales: "4500",
  "Service Fee": "4100",
  "Equipment Rental": "4000",
  Consulting: "4300",
  "Other Income": "4900",
};

/** The expense (or, for equipment, asset) account of each payable (expense) category. */
const EXPENSE_CATEGORY_CODES: Record<PayableCategory, string> = {
  "Equipment Purchase": "1500",
  Maintenance: "5100",
  Salaries: "6000",
  "Office Expenses": "6500",
  Marketing: "6400",
  Transportation: "5200",
  Utilities: "6200",
  "Other Expenses": "6990",
};

export const ACCOUNT_ROLES = {
  "money.cash": role("Cash: default account", ["asset"], "1000", "money"),
  "money.bank": role("Bank: default account", ["asset"], "1100", "money"),
  "money.mobile_banking": role("Mobile banking: default account", ["asset"], "1200", "money"),
  receivable: role("Accounts receivable", ["asset"], "1300", "customers"),
  "customer.advances": role("Customer advances (deposits)", ["liability"], "2300", "customers"),
  payable: role("Accounts payable", ["liability"], "2000", "suppliers"),
  "vat.payable": role("VAT payable (output VAT)", ["liability"], "2100", "tax"),
  "vat.input": role("VAT input credit", ["asset"], "1410", "tax"),
  "vat.withheld": role("VAT withheld by customers (VDS)", ["asset"], "1420", "tax"),
  // The supplementary duty a tax invoice charges (issue 37), owed to NBR beside the VAT.
  "sd.payable": role("Supplementary duty payable (SD)", ["liability"], "2130", "tax"),
  "tax.ait": role("Advance income tax (AIT)", ["asset"], "1400", "tax"),
  "tax.income_payable": role("Income tax payable", ["liability"], "2110", "tax"),
  "tax.withholding_payable": role("Withholding tax payable", ["liability"], "2120", "tax"),
  "tax.other_expense": role("Other taxes (expense)", ["expense"], "6950", "tax"),
  "payroll.salaries": role("Salaries expense", ["expense"], "6000", "payroll"),
  "payroll.salaries_payable": role("Salaries payable", ["liability"], "2200", "payroll"),
  "payroll.provident_fund": role("Provident fund payable", ["liability"], "2210", "payroll"),
  "income.rental": role("Rental income (tax invoices)", ["income"], "4000", "income"),
  "income.service": role("Service income (tax invoices)", ["income"], "4100", "income"),
  "bank.charges": role("Bank charges", ["expense"], "6700", "bank"),
  "bank.interest": role("Interest income", ["income"], "4800", "bank"),
  "equity.retained_earnings": role("Retained earnings", ["equity"], "3100", "equity"),
  ...(Object.fromEntries(
    RECEIVABLE_CATEGORIES.map((c) => [
      `income.category.${c}`,
      role(`Income: ${c}`, ["income"], INCOME_CATEGORY_CODES[c], "income"),
    ]),
  ) as Record<`income.category.${ReceivableCategory}`, AccountRoleDefinition>),
  ...(Object.fromEntries(
    PAYABLE_CATEGORIES.map((c) => [
      `expense.category.${c}`,
      // Equipment is bought, not spent: an asset (DESIGN §10).
      role(`Expense: ${c}`, c === "Equipment Purchase" ? ["asset"] : ["expense"], EXPENSE_CATEGORY_CODES[c], "expense"),
    ]),
  ) as Record<`expense.category.${PayableCategory}`, AccountRoleDefinition>),
} as const satisfies Record<string, AccountRoleDefinition>;

export type AccountRole = keyof typeof ACCOUNT_ROLES;

/**
 * The control accounts' roles and the party each of their lines names (issue 36): the receivable, customer advances
 * and the VDS customers withheld are each customer's; the payable each supplier's; unpaid salaries each employee's;
 * withholding tax payable whoever the tax was held back from (a supplier or an employee). The account holding such a
 * role is marked so (chart_of_accounts.party_kind), by the seed, migration 0016 and Settings > Accounting.
 */
export const CONTROL_ROLE_KINDS = {
  receivable: "customer",
  "customer.advances": "customer",
  "vat.withheld": "customer",
  payable: "supplier",
  "payroll.salaries_payable": "employee",
  "tax.withholding_payable": "any",
} as const satisfies Partial<Record<AccountRole, ControlPartyKind>>;

export type ControlRole = keyof typeof CONTROL_ROLE_KINDS;

/**
 * The roles Settings > Accounting may lock to documents only (issue 36): the balance-sheet accounts that documents
 * keep (what customers owe and paid ahead, what suppliers and employees are owed, VAT and the taxes). Cash, bank,
 * income and expense accounts are rightly reached by entries typed by hand, and are not offered.
 */
export const DOCUMENTS_ONLY_ROLES = [
  "receivable",
  "customer.advances",
  "payable",
  "vat.payable",
  "vat.input",
  "vat.withheld",
  "sd.payable",
  "tax.ait",
  "tax.income_payable",
  "tax.withholding_payable",
  "payroll.salaries_payable",
  "payroll.provident_fund",
] as const satisfies readonly AccountRole[];

export function documentsOnlyLockable(role: string): boolean {
  return (DOCUMENTS_ONLY_ROLES as readonly string[]).includes(role);
}
export const CONTROL_ROLES = Object.keys(CONTROL_ROLE_KINDS) as ControlRole[];
export const ACCOUNT_ROLE_KEYS = Object.keys(ACCOUNT_ROLES) as AccountRole[];

/** The role whose account a category's amount is booked to. */
export function categoryRole(type: "income", category: ReceivableCategory): AccountRole;
export function categoryRole(type: "expense", category: PayableCategory): AccountRole;
export function categoryRole(type: "income" | "expense", category: string): AccountRole;
export function categoryRole(type: "income" | "expense", category: string): AccountRole {
  return `${type}.category.${category}` as AccountRole;
}

/** The default cash, bank or wallet account's role of a payment method. */
export function paymentMethodRole(method: PaymentMethod): AccountRole {
  return `money.${method}`;
}

/** The categories of a transaction's type: income as receivables, expenses as payables (backoffice.md §5). */
export function categoriesOf(type: "income" | "expense"): readonly string[] {
  return type === "income" ? RECEIVABLE_CATEGORIES : PAYABLE_CATEGORIES;
}
