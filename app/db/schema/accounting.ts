import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ACCOUNT_TYPES,
  BUDGET_TYPES,
  CASH_FLOW_ACTIVITIES,
  CONTROL_PARTY_KINDS,
  FISCAL_YEAR_MAX,
  FISCAL_YEAR_MIN,
  JOURNAL_SOURCES,
  JOURNAL_STATUSES,
  PARTY_KINDS,
  PAYMENT_METHODS,
  PAYROLL_RUN_STATUSES,
  PAYSLIP_STATUSES,
  TAX_KINDS,
  TAX_RECORD_SOURCES,
  TAX_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "../../domain/accounting/constants";
import { SALARY_PAYMENT_METHODS } from "../../domain/people/constants";
import { users } from "./auth";
import { businessDateRange } from "./date-range";
import { createdAt, id, money, seller, sqlList, updatedAt } from "./columns";
import { employees } from "./people";
import { suppliers } from "./purchases";
import { customers } from "./sales";

/**
 * The chart of accounts. An account with postings keeps its type (trigger chart_of_accounts_type_fixed) and cannot
 * be deleted (journal_lines' foreign key); a deactivated one is not offered for new postings.
 */
export const chartOfAccounts = pgTable(
  "chart_of_accounts",
  {
    id: id(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    type: text("type", { enum: ACCOUNT_TYPES }).notNull(),
    description: text("description"),
    /** The account it is grouped under in the chart and the reports. */
    parentId: uuid("parent_id").references((): AnyPgColumn => chartOfAccounts.id, { onDelete: "restrict" }),
    /** Set on cash, bank and wallet accounts: the method they are paid through; their sum is the Current Balance. */
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }),
    /**
     * The cash flow statement's section of a balance-sheet account's changes (issue 24). Null: its type's default
     * (assets and liabilities operating, equity financing); always null on income and expense accounts and on the
     * cash, bank and wallet accounts, which are the cash itself.
     */
    cashFlowActivity: text("cash_flow_activity", { enum: CASH_FLOW_ACTIVITIES }),
    /**
     * Set on a control account (issue 36: receivables, customer advances, payables, salaries payable, VDS receivable,
     * withheld taxes payable): its posted lines each carry a party of this kind ("any": of any kind), and lines on
     * other accounts carry none, so every party's balance is read from the ledger.
     */
    partyKind: text("party_kind", { enum: CONTROL_PARTY_KINDS }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("chart_of_accounts_type_idx").on(t.type),
    index("chart_of_accounts_active_code_idx").on(t.isActive, t.code),
    index("chart_of_accounts_parent_id_idx").on(t.parentId),
    check("chart_of_accounts_type_check", sql.raw(`type in (${sqlList(ACCOUNT_TYPES)})`)),
    check(
      "chart_of_accounts_payment_method_check",
      sql.raw(`payment_method is null or (payment_method in (${sqlList(PAYMENT_METHODS)}) and type = 'asset')`),
    ),
    check(
      "chart_of_accounts_cash_flow_activity_check",
      sql.raw(
        `cash_flow_activity is null or (cash_flow_activity in (${sqlList(CASH_FLOW_ACTIVITIES)}) and type in ('asset', 'liability', 'equity') and payment_method is null)`,
      ),
    ),
    check("chart_of_accounts_not_own_parent_check", sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
    check(
      "chart_of_accounts_party_kind_check",
      sql.raw(
        `party_kind is null or (party_kind in (${sqlList(CONTROL_PARTY_KINDS)}) and type in ('asset', 'liability') and payment_method is null)`,
      ),
    ),
  ],
);

/** Settings > Accounting: which account each role of the posting functions uses (domain/accounting/account-roles). */
export const accountRoles = pgTable(
  "account_roles",
  {
    role: text("role").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    /**
     * Locked to documents only (issue 36): a manual journal or a bank transaction may not post to the role's account
     * (trigger journal_entry_documents_only); only the documents that keep it do.
     */
    documentsOnly: boolean("documents_only").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_roles_account_id_idx").on(t.accountId)],
);

/** The books' settings, one row: the lock date, on or before which nothing is posted (trigger journal_entry_lock_date). */
export const accountingSettings = pgTable(
  "accounting_settings",
  {
    id: integer("id").primaryKey().default(1),
    lockDate: date("lock_date"),
    /** The VAT return's period: 1 (a month) or 3 (a quarter, where the law allows it). */
    vatPeriodMonths: integer("vat_period_months").notNull().default(1),
    /** Who signs the tax invoices and credit notes (Mushak-6.3's authorised person). */
    invoiceSignatoryName: text("invoice_signatory_name").notNull().default(""),
    invoiceSignatoryDesignation: text("invoice_signatory_designation").notNull().default(""),
    /** Days from issue an invoice is due in. */
    invoiceDueDays: integer("invoice_due_days").notNull().default(7),
    /**
     * The month (1-12) the fiscal year of the reports, budgets and year-end close starts in: July by default, as
     * Bangladesh's; a fiscal year is named by the calendar year it starts in. Tax invoices keep July to June by law.
     */
    fiscalYearStartMonth: integer("fiscal_year_start_month").notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("accounting_settings_single_row_check", sql`${t.id} = 1`),
    check("accounting_settings_vat_period_check", sql`${t.vatPeriodMonths} in (1, 3)`),
    check("accounting_settings_due_days_check", sql`${t.invoiceDueDays} between 0 and 365`),
    check("accounting_settings_fiscal_year_start_check", sql`${t.fiscalYearStartMonth} between 1 and 12`),
    businessDateRange("accounting_settings", t.lockDate),
  ],
);

export const journalEntries = pgTable(
  "journal_entries",
  {
    id: id(),
    entryDate: date("entry_date").notNull(),
    referenceNo: text("reference_no").unique(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: JOURNAL_STATUSES }).notNull().default("draft"),
    sourceType: text("source_type", { enum: JOURNAL_SOURCES }).notNull().default("manual"),
    sourceId: uuid("source_id"),
    /** A posted entry's total debit (= its total credit), fixed at posting: the lines must keep summing to it. */
    total: money("total"),
    /** The entry this one reverses (its mirror); an entry is reversed at most once. */
    reversesId: uuid("reverses_id")
      .unique("journal_entries_reverses_id_unique")
      .references((): AnyPgColumn => journalEntries.id, { onDelete: "restrict" }),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("journal_entries_entry_date_idx").on(t.entryDate, t.createdAt),
    index("journal_entries_status_idx").on(t.status),
    index("journal_entries_source_idx").on(t.sourceType, t.sourceId),
    index("journal_entries_created_by_idx").on(t.createdBy),
    index("journal_entries_reference_trgm_idx").using("gin", sql`${t.referenceNo} gin_trgm_ops`),
    index("journal_entries_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    check("journal_entries_status_check", sql.raw(`status in (${sqlList(JOURNAL_STATUSES)})`)),
    check("journal_entries_source_check", sql.raw(`source_type in (${sqlList(JOURNAL_SOURCES)})`)),
    check(
      "journal_entries_posted_total_check",
      sql`(${t.status} = 'posted') = (${t.total} is not null and ${t.postedAt} is not null)`,
    ),
    check("journal_entries_total_check", sql`${t.total} is null or ${t.total} > 0`),
    businessDateRange("journal_entries", t.entryDate),
  ],
);

export const journalLines = pgTable(
  "journal_lines",
  {
    id: id(),
    journalEntryId: uuid("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    debit: money("debit").notNull().default("0"),
    credit: money("credit").notNull().default("0"),
    description: text("description"),
    lineNo: integer("line_no").notNull().default(0),
    /**
     * The entry's date, always copied from the entry by trigger (journal_lines_entry_date: whatever is written here
     * is replaced), so an account's lines are read by date without a join. The default only satisfies the insert.
     */
    entryDate: date("entry_date")
      .notNull()
      .default(sql`current_date`),
    /**
     * Whether the line is in the book: its entry is posted. Set by trigger (at insert from the entry's status, and
     * when a draft is posted: the one change a posted line allows), so balances read the lines without the entries.
     */
    posted: boolean("posted").notNull().default(false),
    /** The line's party (issue 36), at most one: set on a control account's lines, never on others. */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "restrict" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "restrict" }),
    employeeId: uuid("employee_id").references(() => employees.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("journal_lines_journal_entry_id_idx").on(t.journalEntryId, t.lineNo),
    // The entries with a line on an account (the General Ledger's account filter and its count), by index alone.
    index("journal_lines_account_entry_idx").on(t.accountId, t.journalEntryId),
    // Every account's posted lines in a date range (the cards' and reports' partial months).
    index("journal_lines_posted_date_idx")
      .on(t.entryDate)
      .where(sql`posted`),
    // An account's posted lines in date order, newest first pages and running balances (the account page).
    index("journal_lines_posted_account_date_idx")
      .on(t.accountId, t.entryDate, t.createdAt, t.id)
      .where(sql`posted`),
    check("journal_lines_debit_check", sql`${t.debit} >= 0`),
    check("journal_lines_credit_check", sql`${t.credit} >= 0`),
    // A line is a debit or a credit, never both.
    check("journal_lines_one_side_check", sql`${t.debit} = 0 or ${t.credit} = 0`),
    // A line says something: an empty one added to a posted entry would change it without changing its total.
    check("journal_lines_not_empty_check", sql`${t.debit} > 0 or ${t.credit} > 0`),
    check("journal_lines_one_party_check", sql`num_nonnulls(${t.customerId}, ${t.supplierId}, ${t.employeeId}) <= 1`),
    businessDateRange("journal_lines", t.entryDate),
    // A party's posted lines in date order: its statement, balance and ageing.
    index("journal_lines_customer_posted_idx")
      .on(t.customerId, t.entryDate, t.createdAt, t.id)
      .where(sql`posted and ${t.customerId} is not null`),
    index("journal_lines_supplier_posted_idx")
      .on(t.supplierId, t.entryDate, t.createdAt, t.id)
      .where(sql`posted and ${t.supplierId} is not null`),
    index("journal_lines_employee_posted_idx")
      .on(t.employeeId, t.entryDate, t.createdAt, t.id)
      .where(sql`posted and ${t.employeeId} is not null`),
  ],
);

/**
 * Each account's posted debits and credits per month, kept by trigger when an entry is posted (posted lines never
 * change): an account's balance at 1 million lines reads a few dozen rows. Proven equal to the lines by test.
 */
export const accountMonthBalances = pgTable(
  "account_month_balances",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    /** The month's first day. */
    month: date("month").notNull(),
    debit: numeric("debit", { precision: 18, scale: 2 }).notNull().default("0"),
    credit: numeric("credit", { precision: 18, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

/**
 * Each party's posted debits and credits on each control account (issue 36), kept by the posting trigger
 * (journal_entries_posted) and by a merge moving lines (journal_lines_party_moved), as account_month_balances is: the
 * ageing of every customer, supplier and employee and a party's balance read a row each, not their lines. Proven equal
 * to the lines by the ledger's property test.
 */
export const partyBalances = pgTable(
  "party_balances",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    partyKind: text("party_kind", { enum: PARTY_KINDS }).notNull(),
    /** The customer's, supplier's or employee's id (a merged one's rows move with its lines). */
    partyId: uuid("party_id").notNull(),
    debit: numeric("debit", { precision: 18, scale: 2 }).notNull().default("0"),
    credit: numeric("credit", { precision: 18, scale: 2 }).notNull().default("0"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.partyKind, t.partyId] }),
    index("party_balances_party_idx").on(t.partyKind, t.partyId),
    check("party_balances_party_kind_check", sql.raw(`party_kind in (${sqlList(PARTY_KINDS)})`)),
  ],
);

/** The spec's `accounts` table: income and expense transactions, payables and receivables while pending. */
export const transactions = pgTable(
  "transactions",
  {
    id: id(),
    date: date("date").notNull(),
    type: text("type", { enum: TRANSACTION_TYPES }).notNull(),
    category: text("category").notNull(),
    description: text("description").notNull().default(""),
    amount: money("amount").notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default("bank"),
    reference: text("reference"),
    /** Who is paid or who pays: a supplier, a customer, an employee. */
    party: text("party"),
    dueDate: date("due_date"),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull().default("pending"),
    /** The income or expense account the amount is booked to. */
    accountId: uuid("account_id").references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    /** A completed one: the cash, bank or wallet account it was paid through. */
    moneyAccountId: uuid("money_account_id").references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    /** The entry its saving posted. */
    journalEntryId: uuid("journal_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    /** A payable's or receivable's amount paid or received so far (its settlements' sum). */
    settledAmount: money("settled_amount").notNull().default("0"),
    reconciledAt: timestamp("reconciled_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transactions_date_idx").on(t.date),
    index("transactions_type_status_idx").on(t.type, t.status),
    index("transactions_status_idx").on(t.status),
    index("transactions_category_idx").on(t.category),
    index("transactions_payment_method_date_idx").on(t.paymentMethod, t.date),
    index("transactions_reconciled_at_idx").on(t.reconciledAt),
    index("transactions_account_id_idx").on(t.accountId),
    index("transactions_created_by_idx").on(t.createdBy),
    check("transactions_type_check", sql.raw(`type in (${sqlList(TRANSACTION_TYPES)})`)),
    check("transactions_payment_method_check", sql.raw(`payment_method in (${sqlList(PAYMENT_METHODS)})`)),
    check("transactions_status_check", sql.raw(`status in (${sqlList(TRANSACTION_STATUSES)})`)),
    check("transactions_amount_check", sql`${t.amount} > 0`),
    check("transactions_settled_amount_check", sql`${t.settledAmount} >= 0 and ${t.settledAmount} <= ${t.amount}`),
    businessDateRange("transactions", t.date),
    businessDateRange("transactions", t.dueDate),
    index("transactions_journal_entry_id_idx").on(t.journalEntryId),
    index("transactions_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    index("transactions_reference_trgm_idx").using("gin", sql`${t.reference} gin_trgm_ops`),
    index("transactions_party_trgm_idx").using("gin", sql`${t.party} gin_trgm_ops`),
    index("transactions_money_account_id_idx").on(t.moneyAccountId),
    index("transactions_due_date_idx").on(t.status, t.dueDate),
  ],
);

/** A payment of a payable or a receipt of a receivable, whole or part (Settle), with the entry it posted. */
export const settlements = pgTable(
  "settlements",
  {
    id: id(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "restrict" }),
    date: date("date").notNull(),
    amount: money("amount").notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    moneyAccountId: uuid("money_account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    reference: text("reference"),
    journalEntryId: uuid("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    /** Set when its entry is reversed: the amount is owed again. */
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    /**
     * Voided (issue 36: a payment made or received by mistake, a bounced cheque), or its entry reversed in the General
     * Ledger: the reversing entry, with who, when and why. All set or all null, and set exactly when reversed_at is
     * (settlements_void_check; who may be gone since).
     */
    voidEntryId: uuid("void_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    voidReason: text("void_reason"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("settlements_transaction_id_idx").on(t.transactionId),
    index("settlements_journal_entry_id_idx").on(t.journalEntryId),
    index("settlements_money_account_id_idx").on(t.moneyAccountId),
    index("settlements_created_by_idx").on(t.createdBy),
    index("settlements_void_entry_id_idx").on(t.voidEntryId),
    index("settlements_voided_by_idx").on(t.voidedBy),
    check("settlements_amount_check", sql`${t.amount} > 0`),
    check(
      "settlements_void_check",
      sql`(${t.voidEntryId} is null and ${t.voidReason} is null and ${t.voidedAt} is null and ${t.reversedAt} is null) or (${t.voidEntryId} is not null and ${t.voidReason} is not null and ${t.voidedAt} is not null and ${t.reversedAt} is not null)`,
    ),
    check("settlements_payment_method_check", sql.raw(`payment_method in (${sqlList(PAYMENT_METHODS)})`)),
    businessDateRange("settlements", t.date),
  ],
);

export const budgets = pgTable(
  "budgets",
  {
    id: id(),
    fiscalYear: integer("fiscal_year").notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    type: text("type", { enum: BUDGET_TYPES }).notNull().default("annual"),
    notes: text("notes"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("budgets_fiscal_year_account_unique").on(t.fiscalYear, t.accountId),
    index("budgets_account_id_idx").on(t.accountId),
    index("budgets_created_by_idx").on(t.createdBy),
    check("budgets_type_check", sql.raw(`type in (${sqlList(BUDGET_TYPES)})`)),
    check("budgets_amount_check", sql`${t.amount} >= 0`),
    check("budgets_fiscal_year_check", sql.raw(`fiscal_year between ${FISCAL_YEAR_MIN} and ${FISCAL_YEAR_MAX}`)),
  ],
);

export const budgetMonths = pgTable(
  "budget_months",
  {
    budgetId: uuid("budget_id")
      .notNull()
      .references(() => budgets.id, { onDelete: "cascade" }),
    month: integer("month").notNull(),
    amount: money("amount").notNull().default("0"),
  },
  (t) => [
    primaryKey({ columns: [t.budgetId, t.month] }),
    check("budget_months_month_check", sql`${t.month} between 1 and 12`),
    check("budget_months_amount_check", sql`${t.amount} >= 0`),
  ],
);

/**
 * A fiscal year closed (issue 24): its closing entry moved each income and expense account's result for the year to
 * retained earnings, dated the year's last day, and nothing else is posted in the year while it stays closed
 * (trigger journal_entry_closed_year). Reopening posts the closing entry's mirror (also source year_end_close) and
 * keeps the row as the record. The reports leave year_end_close entries out of profit and loss.
 */
export const yearEndCloses = pgTable(
  "year_end_closes",
  {
    id: id(),
    fiscalYear: integer("fiscal_year").notNull(),
    /** The year's first and last day as closed (the fiscal year's start month may change later). */
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    /** The year's result moved to retained earnings: income less expenses (negative: a loss). */
    result: money("result").notNull(),
    closingEntryId: uuid("closing_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
    reopenEntryId: uuid("reopen_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    reopenedBy: uuid("reopened_by").references(() => users.id, { onDelete: "set null" }),
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    reopenReason: text("reopen_reason"),
  },
  (t) => [
    uniqueIndex("year_end_closes_closed_unique")
      .on(t.fiscalYear)
      .where(sql`${t.reopenedAt} is null`),
    index("year_end_closes_period_idx").on(t.periodStart, t.periodEnd),
    index("year_end_closes_closing_entry_id_idx").on(t.closingEntryId),
    index("year_end_closes_reopen_entry_id_idx").on(t.reopenEntryId),
    index("year_end_closes_closed_by_idx").on(t.closedBy),
    index("year_end_closes_reopened_by_idx").on(t.reopenedBy),
    check("year_end_closes_range_check", sql`${t.periodEnd} > ${t.periodStart}`),
    check(
      "year_end_closes_reopen_check",
      sql`(${t.reopenedAt} is null and ${t.reopenEntryId} is null and ${t.reopenReason} is null) or (${t.reopenedAt} is not null and ${t.reopenEntryId} is not null and ${t.reopenReason} is not null)`,
    ),
  ],
);

/**
 * The tax register (Tax Management): every tax the books carry, one row per tax of a document. A row typed by hand
 * (source manual) posts its own entry; the rest are written by the invoice, credit note, payment or purchase that
 * carries the tax, in its transaction, and point at it. A credit note's rows are negative: they take back output VAT.
 */
export const taxRecords = pgTable(
  "tax_records",
  {
    id: id(),
    transactionDate: date("transaction_date").notNull(),
    /** The spec's Account: for a hand-typed record the account chosen, for a document's the tax's own account. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    taxType: text("tax_type", { enum: TAX_TYPES }).notNull(),
    kind: text("kind", { enum: TAX_KINDS }).notNull(),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull(),
    taxableAmount: money("taxable_amount").notNull(),
    taxAmount: money("tax_amount").notNull(),
    referenceNo: text("reference_no"),
    description: text("description"),
    /** Who the tax was charged to or withheld by: the buyer, the supplier (the purchase register). */
    party: text("party"),
    partyBin: text("party_bin"),
    sourceType: text("source_type", { enum: TAX_RECORD_SOURCES }).notNull().default("manual"),
    sourceId: uuid("source_id"),
    journalEntryId: uuid("journal_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    /**
     * A hand-typed record reversed (issue 36): the mirror of its entry (none for a record that posted none), with who,
     * when and why. It no longer counts in the registers, the cards or the VAT return (tax_records_reversal_check;
     * who may be gone since).
     */
    reversalEntryId: uuid("reversal_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    reversalReason: text("reversal_reason"),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: uuid("reversed_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tax_records_transaction_date_idx").on(t.transactionDate, t.createdAt),
    index("tax_records_reversal_entry_id_idx").on(t.reversalEntryId),
    index("tax_records_reversed_by_idx").on(t.reversedBy),
    // Only a hand-typed record is reversed; its reversal mirrors its entry when it posted one.
    check(
      "tax_records_reversal_check",
      sql`(${t.reversalEntryId} is null and ${t.reversalReason} is null and ${t.reversedAt} is null) or (${t.sourceType} = 'manual' and ${t.reversalReason} is not null and ${t.reversedAt} is not null and (${t.reversalEntryId} is null) = (${t.journalEntryId} is null))`,
    ),
    index("tax_records_tax_type_idx").on(t.taxType),
    index("tax_records_kind_date_idx").on(t.kind, t.transactionDate),
    index("tax_records_account_id_idx").on(t.accountId),
    index("tax_records_source_idx").on(t.sourceType, t.sourceId),
    index("tax_records_journal_entry_id_idx").on(t.journalEntryId),
    index("tax_records_created_by_idx").on(t.createdBy),
    check("tax_records_tax_type_check", sql.raw(`tax_type in (${sqlList(TAX_TYPES)})`)),
    check("tax_records_kind_check", sql.raw(`kind in (${sqlList(TAX_KINDS)})`)),
    check("tax_records_source_check", sql.raw(`source_type in (${sqlList(TAX_RECORD_SOURCES)})`)),
    check("tax_records_tax_rate_check", sql`${t.taxRate} between 0 and 100`),
    businessDateRange("tax_records", t.transactionDate),
    // Only a credit note takes tax back; every other record is 0 or more.
    check(
      "tax_records_amounts_check",
      sql`${t.sourceType} in ('credit_note', 'reversal') or (${t.taxableAmount} >= 0 and ${t.taxAmount} >= 0)`,
    ),
    // A hand-typed record posts its entry, unless its tax is 0 (a zero-rated supply: kept for the registers only).
    check(
      "tax_records_manual_posted_check",
      sql`${t.sourceType} <> 'manual' or ${t.journalEntryId} is not null or ${t.taxAmount} = 0`,
    ),
  ],
);

/**
 * A table of personal income-tax slabs (DESIGN §10): the spec's, in force from the start, and the Finance Acts' later
 * ones shipped as presets (in_force_from null) that an administrator puts in force from a month on. The table in force
 * for a month is the one with the latest in_force_from on or before it; a payroll run keeps the table it used.
 */
export const incomeTaxSlabTables = pgTable(
  "income_tax_slab_tables",
  {
    id: id(),
    name: text("name").notNull().unique(),
    /** The assessment year it was enacted for ("2025-26"); null for the spec's table. */
    assessmentYear: text("assessment_year"),
    /** Where its figures come from (the Finance Act, the spec). */
    source: text("source").notNull(),
    /** First day of the first month it is in force; null: a preset not in force. */
    inForceFrom: date("in_force_from").unique("income_tax_slab_tables_in_force_from_unique"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "income_tax_slab_tables_in_force_from_check",
      sql`${t.inForceFrom} is null or extract(day from ${t.inForceFrom}) = 1`,
    ),
  ],
);

/** A slab of a table, in order: band_amount of taxable income at rate %; band_amount null means "the remainder". */
export const incomeTaxSlabs = pgTable(
  "income_tax_slabs",
  {
    id: id(),
    tableId: uuid("table_id")
      .notNull()
      .references(() => incomeTaxSlabTables.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    bandAmount: money("band_amount"),
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("income_tax_slabs_table_position_unique").on(t.tableId, t.position),
    check("income_tax_slabs_rate_check", sql`${t.rate} between 0 and 100`),
    check("income_tax_slabs_band_check", sql`${t.bandAmount} is null or ${t.bandAmount} > 0`),
  ],
);

/**
 * One payroll run per month (issue 25): a second run of a month is refused by payroll_runs_month_unique while the
 * first is not reversed. Its entry posts the month's salaries (DESIGN §10); undone, it is reversed (a mirror entry).
 */
export const payrollRuns = pgTable(
  "payroll_runs",
  {
    id: id(),
    /** First day of the month paid. */
    periodMonth: date("period_month").notNull(),
    status: text("status", { enum: PAYROLL_RUN_STATUSES }).notNull().default("processed"),
    totalGross: money("total_gross").notNull(),
    totalDeductions: money("total_deductions").notNull(),
    totalNet: money("total_net").notNull(),
    /** The income-tax slab table the month's tax was worked out with. */
    slabTableId: uuid("slab_table_id")
      .notNull()
      .references(() => incomeTaxSlabTables.id, { onDelete: "restrict" }),
    /** The entry the run posted: salaries expense / provident fund, income tax, salaries payable. */
    journalEntryId: uuid("journal_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    disbursedAt: timestamp("disbursed_at", { withTimezone: true }),
    reversalEntryId: uuid("reversal_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: uuid("reversed_by").references(() => users.id, { onDelete: "set null" }),
    reversalReason: text("reversal_reason"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payroll_runs_month_unique")
      .on(t.periodMonth)
      .where(sql`${t.status} <> 'reversed'`),
    index("payroll_runs_period_month_idx").on(t.periodMonth),
    index("payroll_runs_status_idx").on(t.status),
    index("payroll_runs_created_by_idx").on(t.createdBy),
    index("payroll_runs_journal_entry_id_idx").on(t.journalEntryId),
    index("payroll_runs_reversal_entry_id_idx").on(t.reversalEntryId),
    index("payroll_runs_slab_table_id_idx").on(t.slabTableId),
    index("payroll_runs_reversed_by_idx").on(t.reversedBy),
    check("payroll_runs_status_check", sql.raw(`status in (${sqlList(PAYROLL_RUN_STATUSES)})`)),
    check("payroll_runs_totals_check", sql`${t.totalGross} >= 0 and ${t.totalDeductions} >= 0 and ${t.totalNet} >= 0`),
    check("payroll_runs_period_check", sql`extract(day from ${t.periodMonth}) = 1`),
    businessDateRange("payroll_runs", t.periodMonth),
    check(
      "payroll_runs_reversal_check",
      sql`(${t.status} = 'reversed') = (${t.reversedAt} is not null and ${t.reversalEntryId} is not null and ${t.reversalReason} is not null)`,
    ),
  ],
);

/**
 * An employee's pay for a run's month (issue 25), with the figures as worked out then (the employee's name, position
 * and department as they were), the days paid, the pending salary row it left (the spec's accounts row) and, once
 * paid, the disbursement's entry and the account it was paid from.
 */
export const payslips = pgTable(
  "payslips",
  {
    id: id(),
    payrollRunId: uuid("payroll_run_id")
      .notNull()
      .references(() => payrollRuns.id, { onDelete: "restrict" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    employeeName: text("employee_name").notNull(),
    seller: seller(),
    position: text("position").notNull(),
    department: text("department").notNull(),
    /** The monthly salary on the employee's record when processed; basic is it, for the days paid. */
    monthlySalary: money("monthly_salary").notNull(),
    daysPaid: integer("days_paid").notNull(),
    daysInMonth: integer("days_in_month").notNull(),
    basic: money("basic").notNull(),
    houseRent: money("house_rent").notNull(),
    medical: money("medical").notNull(),
    transport: money("transport").notNull(),
    gross: money("gross").notNull(),
    providentFund: money("provident_fund").notNull(),
    incomeTax: money("income_tax").notNull(),
    otherDeductions: money("other_deductions").notNull().default("0"),
    net: money("net").notNull(),
    paymentMethod: text("payment_method", { enum: SALARY_PAYMENT_METHODS }).notNull().default("bank"),
    status: text("status", { enum: PAYSLIP_STATUSES }).notNull().default("pending"),
    /** The pending salary row (type expense, category Salaries) the run left for it. */
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
    /** Paid: the disbursement's entry (salaries payable / the money account) and that account. */
    disbursementEntryId: uuid("disbursement_entry_id").references(() => journalEntries.id, { onDelete: "restrict" }),
    moneyAccountId: uuid("money_account_id").references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("payslips_run_employee_unique").on(t.payrollRunId, t.employeeId),
    index("payslips_employee_id_idx").on(t.employeeId),
    index("payslips_status_idx").on(t.status),
    index("payslips_transaction_id_idx").on(t.transactionId),
    index("payslips_disbursement_entry_id_idx").on(t.disbursementEntryId),
    index("payslips_money_account_id_idx").on(t.moneyAccountId),
    check("payslips_status_check", sql.raw(`status in (${sqlList(PAYSLIP_STATUSES)})`)),
    check("payslips_payment_method_check", sql.raw(`payment_method in (${sqlList(SALARY_PAYMENT_METHODS)})`)),
    check(
      "payslips_amounts_check",
      sql`${t.basic} >= 0 and ${t.houseRent} >= 0 and ${t.medical} >= 0 and ${t.transport} >= 0 and ${t.gross} >= 0 and ${t.providentFund} >= 0 and ${t.incomeTax} >= 0 and ${t.otherDeductions} >= 0 and ${t.net} >= 0`,
    ),
    check(
      "payslips_days_check",
      sql`${t.daysPaid} between 1 and ${t.daysInMonth} and ${t.daysInMonth} between 28 and 31`,
    ),
    check(
      "payslips_sum_check",
      sql`${t.gross} = ${t.basic} + ${t.houseRent} + ${t.medical} + ${t.transport} and ${t.net} = ${t.gross} - ${t.providentFund} - ${t.incomeTax} - ${t.otherDeductions}`,
    ),
    check(
      "payslips_paid_check",
      sql`(${t.status} = 'paid') = (${t.paidAt} is not null and ${t.disbursementEntryId} is not null and ${t.moneyAccountId} is not null)`,
    ),
  ],
);
