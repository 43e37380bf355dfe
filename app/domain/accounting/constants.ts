/** Fixed choices of the accounting screens (backoffice.md §3-§5, §9). */
export const ACCOUNT_TYPES = ["asset", "liability", "equity", "income", "expense"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const TRANSACTION_TYPES = ["income", "expense"] as const;
export const PAYMENT_METHODS = ["cash", "bank", "mobile_banking"] as const;
export const TRANSACTION_STATUSES = ["pending", "completed", "cancelled"] as const;

export const JOURNAL_STATUSES = ["draft", "posted"] as const;
/** What produced a journal entry; "manual" is one typed in the General Ledger. */
export const JOURNAL_SOURCES = ["manual", "transaction", "payroll_run", "payslip", "tax_record"] as const;

export const BUDGET_TYPES = ["annual", "monthly"] as const;
export const FISCAL_YEAR_MIN = 2024;
export const FISCAL_YEAR_MAX = 2050;

export const TAX_TYPES = ["vat", "income_tax", "other"] as const;

export const PAYROLL_RUN_STATUSES = ["processed", "disbursed"] as const;
export const PAYSLIP_STATUSES = ["pending", "paid"] as const;

export const PAYABLE_CATEGORIES = [
  "Equipment Purchase",
  "Maintenance",
  "Salaries",
  "Office Expenses",
  "Marketing",
  "Transportation",
  "Utilities",
  "Other Expenses",
] as const;
export const RECEIVABLE_CATEGORIES = [
  "Sales",
  "Service Fee",
  "Equipment Rental",
  "Consulting",
  "Other Income",
] as const;
