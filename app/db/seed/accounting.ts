import type { AccountType, CashFlowActivity, PaymentMethod } from "../../domain/accounting/constants";
import {
  ACCOUNT_ROLES,
  ACCOUNT_ROLE_KEYS,
  CONTROL_ROLE_KINDS,
  CONTROL_ROLES,
} from "../../domain/accounting/account-roles";
import type { accountRoles, chartOfAccounts, incomeTaxSlabTables, incomeTaxSlabs } from "../schema";
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
 * Accumulated depreciation (1510) stays operating: it moves no cash, and its change adds the depreciation back to
 * the profit (issue 37; migration 0019 undoes 0012's investing on it).
 */
const CASH_FLOW_OVERRIDES: Record<string, CashFlowActivity> = {
  "1500": "investing",
  "1520": "investing",
  "1530": "investing",
  "1600": "investing",
  "2400": "financing",
};

/** The control roles' seeded accounts and the party their lines name (issue 36). */
const CONTROL_KIND_OF_CODE: Record<string, (typeof CONTROL_ROLE_KINDS)[keyof typeof CONTROL_ROLE_KINDS]> =
  Object.fromEntries(CONTROL_ROLES.map((role) => [ACCOUNT_ROLES[role].seedCode, CONTROL_ROLE_KINDS[role]]));

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
  account("2130", "Supplementary Duty Payable", "liability", "SD charged on tax invoices, due to NBR"),
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
].map((a) => ({
  ...a,
  cashFlowActivity: CASH_FLOW_OVERRIDES[a.code] ?? null,
  partyKind: CONTROL_KIND_OF_CODE[a.code] ?? null,
}));

/** Each role of the posting functions on its seeded account (Settings > Accounting changes them). */
export const accountRoleSeed: (typeof accountRoles.$inferInsert)[] = ACCOUNT_ROLE_KEYS.map((role) => ({
  role,
  accountId: seedId(`account:${ACCOUNT_ROLES[role].seedCode}`),
}));

interface SlabTableSeed {
  key: string;
  name: string;
  assessmentYear: string | null;
  source: string;
  inForceFrom: string | null;
  /** [band amount (null: the remainder), rate %] in order. */
  slabs: [string | null, string][];
}

/**
 * The income-tax slab tables (DESIGN §10): the spec's (backoffice.md §9), in force from the start, and the Finance
 * Acts' later tables as presets an administrator puts in force from a month on (Settings > Accounting). Migration
 * 0013 writes the same rows with the same ids, so an install seeded earlier has them too.
 */
export const SLAB_TABLE_SEEDS: SlabTableSeed[] = [
  {
    key: "spec",
    name: "Company payroll table",
    assessmentYear: null,
    source: "The company's payroll rules: 300,000 tax-free, then 5%, 10%, 15%, 20%, 25%",
    inForceFrom: "2000-01-01",
    slabs: [
      ["300000", "0"],
      ["100000", "5"],
      ["300000", "10"],
      ["400000", "15"],
      ["500000", "20"],
      [null, "25"],
    ],
  },
  {
    key: "ay-2024-25",
    name: "Assessment year 2024-25",
    assessmentYear: "2024-25",
    source: "Finance Act 2023, individual taxpayers: 350,000 tax-free",
    inForceFrom: null,
    slabs: [
      ["350000", "0"],
      ["100000", "5"],
      ["400000", "10"],
      ["500000", "15"],
      ["500000", "20"],
      [null, "25"],
    ],
  },
  {
    key: "ay-2025-26",
    name: "Assessment year 2025-26",
    assessmentYear: "2025-26",
    source: "Finance Act 2024, individual taxpayers: adds a 30% band above 3,850,000",
    inForceFrom: null,
    slabs: [
      ["350000", "0"],
      ["100000", "5"],
      ["400000", "10"],
      ["500000", "15"],
      ["500000", "20"],
      ["2000000", "25"],
      [null, "30"],
    ],
  },
  {
    key: "ay-2026-27",
    name: "Assessment year 2026-27",
    assessmentYear: "2026-27",
    source: "Finance Ordinance 2025, individual taxpayers: 375,000 tax-free, no 5% band",
    inForceFrom: null,
    slabs: [
      ["375000", "0"],
      ["300000", "10"],
      ["400000", "15"],
      ["500000", "20"],
      ["2000000", "25"],
      [null, "30"],
    ],
  },
];

export const incomeTaxSlabTableSeed: (typeof incomeTaxSlabTables.$inferInsert)[] = SLAB_TABLE_SEEDS.map((t) => ({
  id: seedId(`tax-slab-table:${t.key}`),
  name: t.name,
  assessmentYear: t.assessmentYear,
  source: t.source,
  inForceFrom: t.inForceFrom,
}));

/** Each table's slabs; the spec's keep the ids they had when slabs were per fiscal year (seeded as 2024's). */
export const incomeTaxSlabSeed: (typeof incomeTaxSlabs.$inferInsert)[] = SLAB_TABLE_SEEDS.flatMap((t) =>
  t.slabs.map(([bandAmount, rate], position) => ({
    id: seedId(t.key === "spec" ? `tax-slab:2024:${position}` : `tax-slab:${t.key}:${position}`),
    tableId: seedId(`tax-slab-table:${t.key}`),
    position,
    bandAmount,
    rate,
  })),
);
