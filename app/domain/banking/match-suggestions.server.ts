import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { toPaisa } from "../../lib/money";
import { addDays } from "../dashboard/periods";
import { MATCH_WINDOW_DAYS } from "./constants";
import {
  rankSuggestions,
  type LineSuggestions,
  type MatchCandidate,
  type StatementLineToMatch,
} from "./match-suggestions";

// Suggestions for a whole statement (issue 23): one query reads the account's unmatched posted ledger lines dated
// within the statement's period ± the window, with what ranks them (the entry's description and reference number,
// and the document's number or reference where it is one look-up by its id: a bank transaction's, a transaction's or
// a settlement's reference, a customer payment's cheque or wallet reference); the ranking is in memory
// (match-suggestions.ts).

interface CandidateRow {
  journal_line_id: string;
  entry_id: string;
  date: string;
  amount: string;
  description: string;
  reference_no: string | null;
  doc_reference: string | null;
  party: string | null;
}

/** The account's posted ledger lines not matched to any statement line, dated from `from` to `to`. */
export async function matchCandidates(
  db: DbOrTx,
  accountId: string,
  from: string,
  to: string,
): Promise<MatchCandidate[]> {
  const rows = await queryRows<CandidateRow>(
    db,
    sql`select jl.id as journal_line_id, je.id as entry_id, jl.entry_date::text as date,
          (jl.debit - jl.credit)::text as amount, je.description, je.reference_no,
          case je.source_type
            when 'bank_transaction' then (select bt.reference from bank_transactions bt where bt.id = je.source_id)
            when 'settlement' then (select s.reference from settlements s where s.id = je.source_id)
            when 'customer_payment' then (select cp.method_reference from customer_payments cp where cp.id = je.source_id)
            when 'transaction' then (select t.reference from transactions t where t.id = je.source_id)
          end as doc_reference,
          case je.source_type
            when 'transaction' then (select t.party from transactions t where t.id = je.source_id)
          end as party
        from journal_lines jl
        join journal_entries je on je.id = jl.journal_entry_id
        where jl.account_id = ${accountId} and jl.posted
          and jl.entry_date between ${from}::date and ${to}::date
          and not exists (select 1 from bank_matches m where m.journal_line_id = jl.id)
        order by jl.entry_date, jl.id`,
  );
  return rows.map((r) => ({
    journalLineId: r.journal_line_id,
    entryId: r.entry_id,
    date: r.date,
    amount: toPaisa(r.amount),
    description: r.party ? `${r.description} ${r.party}` : r.description,
    references: [r.reference_no, r.doc_reference].filter((v): v is string => !!v),
  }));
}

export interface SuggestionScope {
  accountId: string;
  periodStart: string;
  periodEnd: string;
}

/**
 * Suggestions for `lines` (unmatched lines of one statement of the account), by line id: the candidates are read
 * once for the statement's period ± the window.
 */
export async function suggestionsFor(
  db: DbOrTx,
  scope: SuggestionScope,
  lines: readonly StatementLineToMatch[],
  options: { windowDays?: number; limit?: number } = {},
): Promise<Map<string, LineSuggestions>> {
  if (lines.length === 0) return new Map();
  const windowDays = options.windowDays ?? MATCH_WINDOW_DAYS;
  const candidates = await matchCandidates(
    db,
    scope.accountId,
    addDays(scope.periodStart, -windowDays),
    addDays(scope.periodEnd, windowDays),
  );
  return rankSuggestions(lines, candidates, { windowDays, limit: options.limit });
}

interface StatementLineRow {
  id: string;
  date: string;
  amount: string;
  description: string;
  reference: string | null;
}

/** Suggestions for every unmatched line of statement `statementId` (empty when there is no such statement). */
export async function statementSuggestions(
  db: DbOrTx,
  statementId: string,
  options: { windowDays?: number; limit?: number } = {},
): Promise<Map<string, LineSuggestions>> {
  const [statement] = await queryRows<{ account_id: string; period_start: string; period_end: string }>(
    db,
    sql`select account_id, period_start::text, period_end::text from bank_statements where id = ${statementId}`,
  );
  if (!statement) return new Map();
  const rows = await queryRows<StatementLineRow>(
    db,
    sql`select sl.id, sl.date::text as date, sl.amount::text as amount, sl.description, sl.reference
        from bank_statement_lines sl
        where sl.statement_id = ${statementId}
          and not exists (select 1 from bank_matches m where m.statement_line_id = sl.id)
        order by sl.row_no`,
  );
  return suggestionsFor(
    db,
    { accountId: statement.account_id, periodStart: statement.period_start, periodEnd: statement.period_end },
    rows.map((r) => ({ ...r, amount: toPaisa(r.amount) })),
    options,
  );
}
