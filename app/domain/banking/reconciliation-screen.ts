// Bank Reconciliation's screen (issue 23): what the loader hands the components about the account's statements and
// their figures. Browser-safe.

/** The statements shown, the latest first. */
export const STATEMENTS_SHOWN = 24;

export interface StatementFiguresView {
  asOfDate: string;
  statementBalance: string;
  reconciledBalance: string;
  difference: string;
  unmatchedLines: number;
  ledgerBalance: string;
  outstandingCount: number;
  outstandingSum: string;
}

export interface StatementRow {
  id: string;
  fileName: string;
  periodStart: string;
  periodEnd: string;
  lineCount: number;
  duplicateCount: number;
  openingBalance: string;
  closingBalance: string;
  /** In Dhaka, "2026-04-30 17:05" (so are the reconciliation's moments). */
  importedAt: string;
  /** This statement's own lines not matched yet. */
  unmatched: number;
  /** Its latest reconciliation (a finished one, or the last reopened), or null: never finished. */
  reconciliation: {
    id: string;
    status: "finished" | "reopened";
    finishedAt: string;
    finishedBy: string | null;
    reopenedAt: string | null;
    reopenedBy: string | null;
    reopenReason: string | null;
  } | null;
  figures: StatementFiguresView;
}

/** Whether a statement imported by mistake may be deleted: never reconciled and none of its lines matched. */
export function statementDeletable(
  statement: Pick<StatementRow, "reconciliation" | "unmatched" | "lineCount">,
): boolean {
  return statement.reconciliation === null && statement.unmatched === statement.lineCount;
}
