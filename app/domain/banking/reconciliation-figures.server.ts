import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { toPaisa } from "../../lib/money";

// A reconciliation's figures (issue 23; the reconciliation screen's header, the finish and its report). For an account
// up to a statement S:
//   statement balance         = S's closing balance (the bank's);
//   reconciled ledger balance = the opening balance of the account's earliest statement + the ledger lines matched to
//                               the account's statement lines dated up to S's last day (debit − credit);
//   difference                = statement balance − reconciled ledger balance.
// Beside them: the account's ledger balance on S's last day and what of it no statement up to that day has shown
// (outstanding: outstandingLinesSql, the report's rule too). Ledger balance − outstanding = statement balance once the
// difference is zero and the ledger agreed with the bank on the first statement's opening day.

/**
 * The account's posted journal lines (alias jl) outstanding on `asOf` (issue 37): dated from the account's first
 * statement's first day up to the day and matched to no statement line dated up to it. Lines before the first
 * statement are inside its opening balance, not outstanding.
 */
export function outstandingLinesSql(accountId: SQL, asOf: SQL): SQL {
  return sql`jl.account_id = ${accountId} and jl.posted and jl.entry_date <= ${asOf}
    and jl.entry_date >= (select min(f.period_start) from bank_statements f where f.account_id = ${accountId})
    and not exists (select 1 from bank_matches m join bank_statement_lines ml on ml.id = m.statement_line_id
                    where m.journal_line_id = jl.id and ml.date <= ${asOf})`;
}

export interface ReconciliationFigures {
  statementId: string;
  accountId: string;
  asOfDate: string;
  statementBalance: bigint;
  reconciledBalance: bigint;
  difference: bigint;
  /** Statement lines of the account dated up to the day that are not matched yet. */
  unmatchedLines: number;
  ledgerBalance: bigint;
  outstandingCount: number;
  outstandingSum: bigint;
}

interface FiguresRow {
  account_id: string;
  as_of: string;
  closing: string;
  opening: string;
  matched: string;
  unmatched: number;
  ledger: string;
  outstanding_count: number;
  outstanding_sum: string;
}

/** The figures of the account of statement `statementId` up to its last day; null when there is no such statement. */
export async function reconciliationFigures(db: DbOrTx, statementId: string): Promise<ReconciliationFigures | null> {
  const [row] = await queryRows<FiguresRow>(
    db,
    sql`with s as (select account_id, period_end, closing_balance from bank_statements where id = ${statementId})
        select s.account_id, s.period_end::text as as_of, s.closing_balance::text as closing,
          (select f.opening_balance from bank_statements f where f.account_id = s.account_id
            order by f.period_start, f.created_at limit 1)::text as opening,
          (select coalesce(sum(jl.debit - jl.credit), 0) from bank_matches m
            join bank_statement_lines sl on sl.id = m.statement_line_id
            join journal_lines jl on jl.id = m.journal_line_id
            where sl.account_id = s.account_id and sl.date <= s.period_end)::text as matched,
          (select count(*)::int from bank_statement_lines sl
            where sl.account_id = s.account_id and sl.date <= s.period_end
              and not exists (select 1 from bank_matches m where m.statement_line_id = sl.id)) as unmatched,
          (select coalesce(sum(jl.debit - jl.credit), 0) from journal_lines jl
            where jl.account_id = s.account_id and jl.posted and jl.entry_date <= s.period_end)::text as ledger,
          (select count(*)::int from journal_lines jl
            where ${outstandingLinesSql(sql`s.account_id`, sql`s.period_end`)}) as outstanding_count,
          (select coalesce(sum(jl.debit - jl.credit), 0) from journal_lines jl
            where ${outstandingLinesSql(sql`s.account_id`, sql`s.period_end`)})::text as outstanding_sum
        from s`,
  );
  if (!row) return null;
  const statementBalance = toPaisa(row.closing);
  const reconciledBalance = toPaisa(row.opening) + toPaisa(row.matched);
  return {
    statementId,
    accountId: row.account_id,
    asOfDate: row.as_of,
    statementBalance,
    reconciledBalance,
    difference: statementBalance - reconciledBalance,
    unmatchedLines: row.unmatched,
    ledgerBalance: toPaisa(row.ledger),
    outstandingCount: row.outstanding_count,
    outstandingSum: toPaisa(row.outstanding_sum),
  };
}

/**
 * The last day of the account's latest finished (not reopened) reconciliation, or null: its statement lines cannot be
 * unmatched, and no new line dated on or before it can be imported, until it is reopened.
 */
export async function finishedThrough(db: DbOrTx, accountId: string): Promise<string | null> {
  const [row] = await queryRows<{ through: string | null }>(
    db,
    sql`select max(as_of_date)::text as through from bank_reconciliations
        where account_id = ${accountId} and status = 'finished'`,
  );
  return row?.through ?? null;
}
