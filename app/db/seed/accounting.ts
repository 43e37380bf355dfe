import type { AccountType, CashFlowActivity, PaymentMethod } from "../../domain/accounting/constants";
import { ACCOUNT_ROLES, ACCOUNT_ROLE_KEYS } from "../../domain/accounting/account-roles";
import type { accountRoles, chartOfAccounts, incomeTaxSlabs } from "../schema";
import { seedId } from "./ids";

const account = (
  code: string,
  name: string,
  type: AccountType,
  description?: string,
  paymentMethod?: PaymentMethod,
): typeof chartOfAccounts.$inferInsert => ({
  id: seedId(`account:${code}`),
  code,
  name,
  type,
  description,
  paymentMethod,
});

/** A chart of accounts for a Bangladeshi event-rental company: 1xxx assets ... 6xxx expenses. */
/**
 * The cash flow sections that differ from their type's default (assets and liabilities operating, equity financing):
 * long-lived assets are investing, the loan financing. Migration 0012 sets the same on an install seeded before it.
 */
const CASH_FLOW_OVERRIDES: Record<string, CashFlowActivity> = {
  "1500": "investing",
  "1510": "investing",
  "1520": "investing",
  "1530": "investing",
  "1600": "investing",
  "2400": "financing",
};

export const chartOfAccountsSeed = [
  account("1000", "Cash in Hand", "asset", undefined, "cash"),
  account("1010", "Petty Cash", "asset", undefined, "cash"),
  account("1100", "Bank - Current Account", "asset", "Main operating account", "bank"),
  account("1110", "Bank - Savings Account", "asset", undefined, "bank"),
  account("1200", "Mobile Banking - bKash", "asset", "Merchant wallet", "mobile_banking"),
  account("1210", "Mobile Banking - Nagad", "asset", "Merchant wallet", "mobile_banking"),
  account("1300", "Accounts Receivable", "asset", "Amounts customers owe"),
  account("1350", "Advances to Suppliers", "asset"),
  account("1400", "Advance Income Tax (AIT)", "asset", "Tax deducted at source by customers"),
  account("1410", "VAT Input Credit", "asset", "VAT paid on purchases, claimable"),
  account("1420", "VAT Deducted at Source (VDS)", "asset", "VAT withheld by customers, credited against VAT payable"),
  account("1500", "Rental Equipment", "asset"),
  account("1510", "Accumulated Depreciation - Rental Equipment", "asset", "Contra asset"),
  account("1520", "Vehicles", "asset"),
  account("1530", "Office Equipment & Furniture", "asset"),
  account("1600", "Security Deposits", "asset", "Deposits for warehouse and office"),
  account("2000", "Accounts Payable", "liability", "Amounts owed to suppliers"),
  account("2100", "VAT Payable", "liability", "Output VAT due to NBR"),
  account("2110", "Income Tax Payable", "liability", "Employee income tax deducted, due to NBR"),
  account("2120", "Withholding Tax Payable", "liability", "Tax deducted from supplier payments"),
  account("2200", "Salaries Payable", "liability"),
  account("2210", "Provident Fund Payable", "liability", "Employee and employer contributions"),
  account("2300", "Customer Advances", "liability", "Booking advances received"),
  account("2400", "Bank Loan", "liability"),
  account("3000", "Owner's Capital", "equity"),
  account("3100", "Retained Earnings", "equity"),
  account("3200", "Owner's Drawings", "equity"),
  account("4000", "Equipment Rental Income", "income"),
  account("4100", "Event Service Income", "income", "Crew, setup and technical services"),
  account("4200", "Transport & Logistics Income", "income"),
  account("4300", "Consulting Income", "income"),
  account("4500", "Sales", "income", "Equipment and consumables sold"),
  account("4800", "Interest Income", "income", "Bank interest"),
  account("4900", "Other Income", "income"),
  account("5000", "Outsourced Equipment Hire", "expense", "Cost of sub-rented equipment"),
  account("5100", "Equipment Maintenance & Repairs", "expense"),
  account("5200", "Transportation & Logistics", "expense"),
  account("5300", "Casual Labour", "expense"),
  account("6000", "Salaries & Allowances", "expense"),
  account("6010", "Employer Provident Fund Contribution", "expense"),
  account("6020", "Festival Bonus", "expense"),
  account("6100", "Office Rent", "expense"),
  account("6110", "Warehouse Rent", "expense"),
  account("6200", "Utilities", "expense", "Electricity, water and gas"),
  account("6210", "Internet & Telephone", "expense"),
  account("6300", "Fuel & Generator Running", "expense"),
  account("6400", "Marketing & Advertising", "expense"),
  account("6500", "Office Supplies", "expense"),
  account("6600", "Insurance", "expense"),
  account("6700", "Bank & Mobile Banking Charges", "expense"),
  account("6800", "Depreciation", "expense"),
  account("6900", "Professional Fees", "expense", "Audit, legal and tax advice"),
  account("6950", "Trade Licence & Government Fees", "expense"),
  account("6990", "Miscellaneous Expenses", "expense"),
].map((a) => ({ ...a, cashFlowActivity: CASH_FLOW_OVERRIDES[a.code] ?? null }));

/** Each role of the posting functions on its seeded account (Settings > Accounting changes them). */
export const accountRoleSeed: (typeof accountRoles.$inferInsert)[] = ACCOUNT_ROLE_KEYS.map((role) => ({
  role,
  accountId: seedId(`account:${ACCOUNT_ROLES[role].seedCode}`),
}));

/** The spec's income-tax slabs (backoffice.md §9), for the fiscal year 2024-25 and, until changed, after. */
export const incomeTaxSlabSeed: (typeof incomeTaxSlabs.$inferInsert)[] = [
  { bandAmount: "300000", rate: "0" },
  { bandAmount: "100000", rate: "5" },
  { bandAmount: "300000", rate: "10" },
  { bandAmount: "400000", rate: "15" },
  { bandAmount: "500000", rate: "20" },
  { bandAmount: null, rate: "25" },
].map((slab, position) => ({ id: seedId(`tax-slab:2024:${position}`), fiscalYear: 2024, position, ...slab }));
