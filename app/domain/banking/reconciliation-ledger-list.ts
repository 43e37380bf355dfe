import { defineList, type StateOf } from "../../lib/list-params";
import type { JournalSource } from "../accounting/constants";

// Bank Reconciliation's URL and its table (/admin/accounts/reconciliation; backoffice.md §2 "Table of bank-method
// entries: date, description, reference, type, amount, status"; issue 23): the account (its chart code), the statement
// whose figures the header shows (the latest when absent), and the ledger lines' filters: reconciled or not, a date
// range, a search over description and reference; newest first, paged. Browser-safe.

export const LEDGER_LINE_STATUSES = ["reconciled", "unreconciled"] as const;
export type LedgerLineStatus = (typeof LEDGER_LINE_STATUSES)[number];
export const LEDGER_LINE_STATUS_LABELS: Record<LedgerLineStatus, string> = {
  reconciled: "Reconciled",
  unreconciled: "Not reconciled",
};

/** A chart code as the URL carries it (?account=1100). */
export const ACCOUNT_CODE_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,19}$/;

export const RECONCILIATION_LIST = defineList({
  sorts: { date: "desc" },
  defaultSort: "date",
  filters: {
    account: { kind: "text", maxLength: 20, pattern: ACCOUNT_CODE_PATTERN },
    statement: { kind: "uuid" },
    status: { kind: "choice", values: LEDGER_LINE_STATUSES },
    from: { kind: "date" },
    to: { kind: "date" },
  },
  pageSize: 20,
  countCap: 10_000,
});

export type ReconciliationListState = StateOf<typeof RECONCILIATION_LIST>;

/** A ledger line of the account, as the table shows it. */
export interface ReconciliationLedgerRow {
  id: string;
  entryId: string;
  date: string;
  description: string;
  /** The entry's reference number, the bank transaction's reference, or its document's number; null for none. */
  reference: string | null;
  type: "deposit" | "withdrawal";
  /** Positive: the money in or out. */
  amount: string;
  sourceType: JournalSource;
  /** The statement line it is matched to (its date), or null: not reconciled. */
  matchedOn: string | null;
}

export const LEDGER_LINE_TYPE_LABELS: Record<ReconciliationLedgerRow["type"], string> = {
  deposit: "Deposit",
  withdrawal: "Withdrawal",
};
