/** Fixed choices of the accounting screens (backoffice.md §3-§5, §9). */
export const ACCOUNT_TYPES = ["asset", "liability", "equity", "income", "expense"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Who a line on a control account is owed by or owes (issue 36): its party. */
export const PARTY_KINDS = ["customer", "supplier", "employee"] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

/** What parties a control account's lines carry: one kind, or any of them (withheld taxes payable). */
export const CONTROL_PARTY_KINDS = [...PARTY_KINDS, "any"] as const;
export type ControlPartyKind = (typeof CONTROL_PARTY_KINDS)[number];

export const TRANSACTION_TYPES = ["income", "expense"] as const;
export const PAYMENT_METHODS = ["cash", "bank", "mobile_banking"] as const;
export const TRANSACTION_STATUSES = ["pending", "completed", "cancelled"] as const;

export const JOURNAL_STATUSES = ["draft", "posted"] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];
/**
 * What produced a journal entry (DESIGN §10): "manual" is one typed in the General Ledger; "reversal" mirrors
 * another entry; the rest are documents, each posting through its own function.
 */
export const JOURNAL_SOURCES = [
  "manual",
  "transaction",
  "receivable",
  "payable",
  "settlement",
  "reversal",
  "invoice",
  "customer_payment",
  "credit_note",
  "tax_record",
  "tax_deposit",
  "vat_close",
  "payroll_run",
  "payslip",
  "bank_statement",
  "bank_transaction",
  "year_end_close",
] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

export const JOURNAL_SOURCE_LABELS: Record<JournalSource, string> = {
  manual: "Manual journal",
  transaction: "Transaction",
  receivable: "Receivable",
  payable: "Payable",
  settlement: "Settlement",
  reversal: "Reversal",
  invoice: "Tax invoice",
  customer_payment: "Customer payment",
  credit_note: "Credit note",
  tax_record: "Tax record",
  tax_deposit: "Tax deposit",
  vat_close: "VAT period close",
  payroll_run: "Payroll run",
  payslip: "Salary disbursement",
  bank_statement: "Bank statement",
  bank_transaction: "Bank transaction",
  year_end_close: "Year-end close",
};

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  bank: "Bank",
  mobile_banking: "Mobile banking",
};
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  asset: "Asset",
  liability: "Liability",
  equity: "Equity",
  income: "Income",
  expense: "Expense",
};

export const BUDGET_TYPES = ["annual", "monthly"] as const;
export type BudgetType = (typeof BUDGET_TYPES)[number];
export const FISCAL_YEAR_MIN = 2024;
export const FISCAL_YEAR_MAX = 2050;

/**
 * The cash flow statement's sections (indirect method): where the change of a balance-sheet account's balance is
 * shown. Cash, bank and wallet accounts (payment_method set) are the cash itself and have none.
 */
export const CASH_FLOW_ACTIVITIES = ["operating", "investing", "financing"] as const;
export type CashFlowActivity = (typeof CASH_FLOW_ACTIVITIES)[number];
export const CASH_FLOW_ACTIVITY_LABELS: Record<CashFlowActivity, string> = {
  operating: "Operating activities",
  investing: "Investing activities",
  financing: "Financing activities",
};

export const TAX_TYPES = ["vat", "income_tax", "other"] as const;
export type TaxType = (typeof TAX_TYPES)[number];

/**
 * What a tax record is, which says the account it posts to and the direction (DESIGN §10): output VAT (owed),
 * input VAT (claimable), VAT withheld by a customer (VDS), income tax withheld by a customer (AIT), income tax
 * withheld from a supplier or an employee (owed), other tax (an expense).
 */
export const TAX_KINDS = ["output_vat", "input_vat", "vat_withheld", "ait", "income_tax_withheld", "other"] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** The spec's type (the cards, the table's Type column) of each kind. */
export const TAX_KIND_TYPE: Record<TaxKind, TaxType> = {
  output_vat: "vat",
  input_vat: "vat",
  vat_withheld: "vat",
  ait: "income_tax",
  income_tax_withheld: "income_tax",
  other: "other",
};

/**
 * Where a tax record comes from: typed by hand, or written by the document that carries the tax; reversal: a reversed document's tax taken back in the reversal's period (opposite amounts; source_id the row undone).
 */
export const TAX_RECORD_SOURCES = [
  "manual",
  "invoice",
  "credit_note",
  "customer_payment",
  "transaction",
  "reversal",
] as const;
export type TaxRecordSource = (typeof TAX_RECORD_SOURCES)[number];

/** A VAT period: a month, or a quarter where the law allows it (Settings > Accounting). */
export const VAT_PERIOD_MONTHS = [1, 3] as const;

/** What a tax deposit (treasury challan) pays. */
export const TAX_DEPOSIT_KINDS = ["vat", "income_tax", "withholding_tax"] as const;
export type TaxDepositKind = (typeof TAX_DEPOSIT_KINDS)[number];

/**
 * A payroll run: processed (its payslips wait to be paid), disbursed (every payslip paid), reversed (undone while
 * nothing of it was paid; the month may be processed again).
 */
export const PAYROLL_RUN_STATUSES = ["processed", "disbursed", "reversed"] as const;
export type PayrollRunStatus = (typeof PAYROLL_RUN_STATUSES)[number];
/** A payslip: pending until its net is paid (Salary Disbursement); reversed with its run. */
export const PAYSLIP_STATUSES = ["pending", "paid", "reversed"] as const;
export type PayslipStatus = (typeof PAYSLIP_STATUSES)[number];

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
