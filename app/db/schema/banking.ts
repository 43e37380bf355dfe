import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  AMOUNT_MODES,
  BANK_DIRECTIONS,
  BANK_TRANSACTION_KINDS,
  RECONCILIATION_STATUSES,
  STATEMENT_DATE_FORMATS,
  STATEMENT_MAX_SKIPPED_ROWS,
} from "../../domain/banking/constants";
import { chartOfAccounts, journalEntries, journalLines } from "./accounting";
import { users } from "./auth";
import { businessDateRange } from "./date-range";
import { createdAt, id, money, sqlList, updatedAt } from "./columns";

// Bank reconciliation (issue 23; DESIGN §10): statements imported per bank or wallet account, their lines matched to
// the account's posted ledger lines, bank transactions typed or made from a line, rules for recurring lines, and
// finished reconciliations kept as reports. Amounts on statements are signed: + money in, − money out.

/** How one account's bank writes its statement files: chosen once at the first import, kept for the next ones. */
export const bankStatementMappings = pgTable(
  "bank_statement_mappings",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    /** Columns are 0-based positions in the file's rows. */
    dateColumn: integer("date_column").notNull(),
    dateFormat: text("date_format", { enum: STATEMENT_DATE_FORMATS }).notNull(),
    descriptionColumn: integer("description_column").notNull(),
    referenceColumn: integer("reference_column"),
    amountMode: text("amount_mode", { enum: AMOUNT_MODES }).notNull(),
    amountColumn: integer("amount_column"),
    /** Split mode: money out of the account (the bank's debit) and money in (its credit). */
    debitColumn: integer("debit_column"),
    creditColumn: integer("credit_column"),
    balanceColumn: integer("balance_column"),
    /** Rows skipped at the top (the header among them) and at the bottom (totals, notes). */
    headerRows: integer("header_rows").notNull().default(1),
    footerRows: integer("footer_rows").notNull().default(0),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bank_statement_mappings_updated_by_idx").on(t.updatedBy),
    check("bank_statement_mappings_date_format_check", sql.raw(`date_format in (${sqlList(STATEMENT_DATE_FORMATS)})`)),
    check("bank_statement_mappings_amount_mode_check", sql.raw(`amount_mode in (${sqlList(AMOUNT_MODES)})`)),
    check(
      "bank_statement_mappings_amount_columns_check",
      sql`(${t.amountMode} = 'signed' and ${t.amountColumn} is not null and ${t.debitColumn} is null and ${t.creditColumn} is null)
        or (${t.amountMode} = 'split' and ${t.amountColumn} is null and ${t.debitColumn} is not null and ${t.creditColumn} is not null)`,
    ),
    check(
      "bank_statement_mappings_columns_check",
      sql`${t.dateColumn} >= 0 and ${t.descriptionColumn} >= 0 and coalesce(${t.referenceColumn}, 0) >= 0
        and coalesce(${t.amountColumn}, 0) >= 0 and coalesce(${t.debitColumn}, 0) >= 0
        and coalesce(${t.creditColumn}, 0) >= 0 and coalesce(${t.balanceColumn}, 0) >= 0`,
    ),
    check(
      "bank_statement_mappings_skipped_rows_check",
      sql.raw(
        `header_rows between 0 and ${STATEMENT_MAX_SKIPPED_ROWS} and footer_rows between 0 and ${STATEMENT_MAX_SKIPPED_ROWS}`,
      ),
    ),
  ],
);

/** An imported statement: its file, its period and the bank's opening and closing balance (checked against the lines). */
export const bankStatements = pgTable(
  "bank_statements",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    fileName: text("file_name").notNull(),
    /** The file's SHA-256, to name an earlier import of the very same file. */
    fileSha256: text("file_sha256").notNull(),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    openingBalance: money("opening_balance").notNull(),
    closingBalance: money("closing_balance").notNull(),
    /** Lines stored; lines of the file already imported before were refused one by one. */
    lineCount: integer("line_count").notNull(),
    duplicateCount: integer("duplicate_count").notNull().default(0),
    importedBy: uuid("imported_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("bank_statements_account_period_idx").on(t.accountId, t.periodEnd),
    index("bank_statements_file_idx").on(t.accountId, t.fileSha256),
    index("bank_statements_imported_by_idx").on(t.importedBy),
    check("bank_statements_period_check", sql`${t.periodStart} <= ${t.periodEnd}`),
    check("bank_statements_counts_check", sql`${t.lineCount} > 0 and ${t.duplicateCount} >= 0`),
  ],
);

/** A statement's line. Never deleted; matched to ledger lines through bank_matches. */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: id(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "restrict" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    /** Its row in the file (1-based, as a spreadsheet shows it). */
    rowNo: integer("row_no").notNull(),
    date: date("date").notNull(),
    description: text("description").notNull(),
    reference: text("reference"),
    /** Signed: + money in, − money out. */
    amount: money("amount").notNull(),
    balance: money("balance"),
    /**
     * What makes the line the same line in another file of the account: its date, amount, description, reference and
     * its place among identical lines of its file. A line imported again is refused by this key.
     */
    fingerprint: text("fingerprint").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("bank_statement_lines_fingerprint_unique").on(t.accountId, t.fingerprint),
    index("bank_statement_lines_statement_idx").on(t.statementId, t.rowNo),
    index("bank_statement_lines_account_date_idx").on(t.accountId, t.date),
    check("bank_statement_lines_amount_check", sql`${t.amount} <> 0`),
  ],
);

/**
 * A statement line matched to a posted ledger line of the same account. A statement line may take several ledger
 * lines (one deposit of several receipts), their sum its amount; a ledger line is matched at most once (the unique).
 */
export const bankMatches = pgTable(
  "bank_matches",
  {
    id: id(),
    statementLineId: uuid("statement_line_id")
      .notNull()
      .references(() => bankStatementLines.id, { onDelete: "restrict" }),
    journalLineId: uuid("journal_line_id")
      .notNull()
      .references(() => journalLines.id, { onDelete: "restrict" }),
    matchedBy: uuid("matched_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("bank_matches_journal_line_unique").on(t.journalLineId),
    index("bank_matches_statement_line_idx").on(t.statementLineId),
    index("bank_matches_matched_by_idx").on(t.matchedBy),
  ],
);

/** "Description contains X → account Y": a recurring line (charges, interest) made into an entry with one click. */
export const bankRules = pgTable(
  "bank_rules",
  {
    id: id(),
    /** The account whose statements it applies to; null: every bank and wallet account. */
    accountId: uuid("account_id").references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    /** Matched against the line's description, ignoring case. */
    contains: text("contains").notNull(),
    kind: text("kind", { enum: BANK_TRANSACTION_KINDS }).notNull(),
    counterAccountId: uuid("counter_account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bank_rules_account_idx").on(t.accountId),
    index("bank_rules_counter_account_idx").on(t.counterAccountId),
    index("bank_rules_created_by_idx").on(t.createdBy),
    check("bank_rules_kind_check", sql.raw(`kind in (${sqlList(BANK_TRANSACTION_KINDS)})`)),
    check("bank_rules_contains_check", sql`length(trim(${t.contains})) between 2 and 100`),
  ],
);

/** A bank transaction (Add Transaction, or made from a statement line) and the entry it posted. */
export const bankTransactions = pgTable(
  "bank_transactions",
  {
    id: id(),
    /** The bank or wallet account it is on. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: BANK_TRANSACTION_KINDS }).notNull(),
    direction: text("direction", { enum: BANK_DIRECTIONS }).notNull(),
    /** The other side: the account a deposit comes from or a withdrawal goes to; a transfer's other money account. */
    counterAccountId: uuid("counter_account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    date: date("date").notNull(),
    amount: money("amount").notNull(),
    description: text("description").notNull(),
    reference: text("reference"),
    journalEntryId: uuid("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    /** The statement line it was made from, which it is matched to. */
    statementLineId: uuid("statement_line_id").references(() => bankStatementLines.id, { onDelete: "restrict" }),
    ruleId: uuid("rule_id").references(() => bankRules.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("bank_transactions_account_date_idx").on(t.accountId, t.date),
    index("bank_transactions_counter_account_idx").on(t.counterAccountId),
    index("bank_transactions_journal_entry_idx").on(t.journalEntryId),
    index("bank_transactions_statement_line_idx").on(t.statementLineId),
    index("bank_transactions_rule_idx").on(t.ruleId),
    index("bank_transactions_created_by_idx").on(t.createdBy),
    check("bank_transactions_kind_check", sql.raw(`kind in (${sqlList(BANK_TRANSACTION_KINDS)})`)),
    check("bank_transactions_direction_check", sql.raw(`direction in (${sqlList(BANK_DIRECTIONS)})`)),
    // Only a transfer goes either way.
    check(
      "bank_transactions_kind_direction_check",
      sql`${t.kind} = 'transfer' or (${t.kind} in ('deposit', 'interest')) = (${t.direction} = 'in')`,
    ),
    check("bank_transactions_amount_check", sql`${t.amount} > 0`),
    check("bank_transactions_not_itself_check", sql`${t.counterAccountId} <> ${t.accountId}`),
    businessDateRange("bank_transactions", t.date),
  ],
);

/**
 * A finished reconciliation of an account up to a statement's last day: the statement's closing balance equalled
 * the reconciled ledger balance. Its lines cannot be unmatched until it is reopened (audited): the row keeps its
 * figures and says who reopened it and why; finishing again writes a new row.
 */
export const bankReconciliations = pgTable(
  "bank_reconciliations",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => chartOfAccounts.id, { onDelete: "restrict" }),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "restrict" }),
    asOfDate: date("as_of_date").notNull(),
    statementBalance: money("statement_balance").notNull(),
    reconciledBalance: money("reconciled_balance").notNull(),
    /** The account's ledger balance on the day, and what of it no statement has shown yet (outstanding items). */
    ledgerBalance: money("ledger_balance").notNull(),
    status: text("status", { enum: RECONCILIATION_STATUSES }).notNull().default("finished"),
    finishedBy: uuid("finished_by").references(() => users.id, { onDelete: "set null" }),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    reopenedBy: uuid("reopened_by").references(() => users.id, { onDelete: "set null" }),
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    reopenReason: text("reopen_reason"),
  },
  (t) => [
    // A statement is finished once at a time.
    uniqueIndex("bank_reconciliations_statement_finished_unique")
      .on(t.statementId)
      .where(sql`status = 'finished'`),
    index("bank_reconciliations_account_date_idx").on(t.accountId, t.asOfDate),
    index("bank_reconciliations_finished_by_idx").on(t.finishedBy),
    index("bank_reconciliations_reopened_by_idx").on(t.reopenedBy),
    check("bank_reconciliations_status_check", sql.raw(`status in (${sqlList(RECONCILIATION_STATUSES)})`)),
    check("bank_reconciliations_balanced_check", sql`${t.statementBalance} = ${t.reconciledBalance}`),
    check(
      "bank_reconciliations_reopened_check",
      sql`(${t.status} = 'reopened') = (${t.reopenedAt} is not null and ${t.reopenReason} is not null)`,
    ),
  ],
);
