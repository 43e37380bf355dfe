// Bank reconciliation's fixed lists (issue 23), shared by the schema's checks, the forms and the screens. Browser-safe.

/**
 * A bank transaction typed in Add Transaction or made from a statement line: which way the money goes and what it
 * posts against. Deposit and withdrawal name any account; charge and interest default to the Bank statement roles
 * (Settings > Accounting); a transfer moves money between two of the company's own cash, bank or wallet accounts.
 */
export const BANK_TRANSACTION_KINDS = ["deposit", "withdrawal", "charge", "interest", "transfer"] as const;
export type BankTransactionKind = (typeof BANK_TRANSACTION_KINDS)[number];
export const BANK_TRANSACTION_KIND_LABELS: Record<BankTransactionKind, string> = {
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  charge: "Bank charge",
  interest: "Interest",
  transfer: "Transfer between own accounts",
};

/** Money into the account (in) or out of it (out). A transfer goes either way; the others have one direction. */
export const BANK_DIRECTIONS = ["in", "out"] as const;
export type BankDirection = (typeof BANK_DIRECTIONS)[number];
export const KIND_DIRECTION: Record<Exclude<BankTransactionKind, "transfer">, BankDirection> = {
  deposit: "in",
  interest: "in",
  withdrawal: "out",
  charge: "out",
};

/** How a statement file gives amounts: one column with a sign (+ in, − out), or separate debit (out) and credit (in). */
export const AMOUNT_MODES = ["signed", "split"] as const;
export type AmountMode = (typeof AMOUNT_MODES)[number];

/** The date formats a bank's statement may use; a mapping keeps one. */
export const STATEMENT_DATE_FORMATS = [
  "YYYY-MM-DD",
  "DD/MM/YYYY",
  "MM/DD/YYYY",
  "DD-MM-YYYY",
  "DD.MM.YYYY",
  "DD-MMM-YYYY",
  "DD MMM YYYY",
  "MMM DD, YYYY",
] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/** A finished reconciliation stays finished until reopened (audited); reopened, a later finish writes a new row. */
export const RECONCILIATION_STATUSES = ["finished", "reopened"] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** Rows a statement file may have, and header or footer rows skipped. */
export const STATEMENT_MAX_ROWS = 10_000;
export const STATEMENT_MAX_SKIPPED_ROWS = 50;
/** The largest statement file accepted (bytes). */
export const STATEMENT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * The most an XLSX statement may unpack to, counted as it is unpacked (issue 38): four times a 10,000-row bank
 * statement (about 4.5 MB), and little enough that reading a zip bomb up to it stays far inside the server's memory.
 */
export const STATEMENT_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** Days either side of a statement line's date a ledger line is suggested from, by default. */
export const MATCH_WINDOW_DAYS = 7;
