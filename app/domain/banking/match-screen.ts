import type { BankAccount } from "./bank-accounts.server";
import type { BankTransactionKind } from "./constants";

// The match screen's shapes and choices (issue 23), shared by its loader (match-screen.server.ts) and the screen.
// Browser-safe.

export const MATCH_FILTERS = ["all", "unmatched", "matched"] as const;
export type MatchFilter = (typeof MATCH_FILTERS)[number];
export const MATCH_PAGE_SIZE = 50;

export interface LedgerLineView {
  journalLineId: string;
  entryId: string;
  date: string;
  description: string;
  reference: string | null;
  amount: string;
}

export interface SuggestionView extends LedgerLineView {
  exactAmount: boolean;
  days: number;
  referenceHit: boolean;
}

export interface MatchLineView {
  id: string;
  rowNo: number;
  date: string;
  description: string;
  reference: string | null;
  amount: string;
  matched: LedgerLineView[];
  /** Why Undo is not offered (a finished reconciliation holds the line), or null. */
  held: string | null;
  suggestions: SuggestionView[];
  groups: LedgerLineView[][];
  rule: {
    id: string;
    contains: string;
    kind: BankTransactionKind;
    kindLabel: string;
    counterAccountId: string;
    /** Why "Create with rule" is not offered: its account has become a control account (issue 36); else null. */
    heldBack: string | null;
  } | null;
}

export interface StatementChoice {
  id: string;
  fileName: string;
  periodStart: string;
  periodEnd: string;
  lineCount: number;
}

export interface MatchScreen {
  accounts: BankAccount[];
  account: BankAccount | null;
  statements: StatementChoice[];
  statement: StatementChoice | null;
  figures: {
    statementBalance: string;
    reconciledBalance: string;
    difference: string;
    unmatchedLines: number;
    asOfDate: string;
  } | null;
  counts: Record<MatchFilter, number>;
  filter: MatchFilter;
  page: number;
  pageCount: number;
  lines: MatchLineView[];
  finishedThrough: string | null;
}

export interface CounterChoice {
  id: string;
  code: string;
  name: string;
  type: string;
  paymentMethod: string | null;
}
