import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { journalLines } from "../../db/schema";
import type { ListPage } from "../../lib/list-params";
import { containsPattern, pageIds, pageOf } from "../../lib/list-query.server";
import { fromPaisa, toPaisa } from "../../lib/money";
import type { JournalSource } from "../accounting/constants";
import {
  RECONCILIATION_LIST,
  type ReconciliationLedgerRow,
  type ReconciliationListState,
} from "./reconciliation-ledger-list";

// Bank Reconciliation's table (issue 23): the chosen bank or wallet account's POSTED journal lines, newest first, each
// with its entry's description, a reference (the entry's reference number, the bank transaction's reference, or the
// number of the document that made it), Deposit (a debit) or Withdrawal (a credit), the amount and whether a statement
// line is matched to it. The filters and the page come from the URL (reconciliation-ledger-list.ts).

const matched = sql`exists (select 1 from bank_matches m where m.journal_line_id = ${journalLines.id})`;

function whereOf(accountId: string, state: ReconciliationListState): SQL | undefined {
  const { status, from, to } = state.filters;
  const search = state.q
    ? sql`exists (select 1 from journal_entries je
        left join bank_transactions bt on bt.journal_entry_id = je.id
        where je.id = ${journalLines.journalEntryId}
          and (je.description ilike ${containsPattern(state.q)} or je.reference_no ilike ${containsPattern(state.q)}
            or bt.reference ilike ${containsPattern(state.q)} or ${journalLines.description} ilike ${containsPattern(state.q)}))`
    : undefined;
  return and(
    eq(journalLines.accountId, accountId),
    eq(journalLines.posted, true),
    from ? gte(journalLines.entryDate, from) : undefined,
    to ? lte(journalLines.entryDate, to) : undefined,
    status === "reconciled" ? matched : status === "unreconciled" ? sql`not ${matched}` : undefined,
    search,
  );
}

const ORDER = [desc(journalLines.entryDate), desc(journalLines.createdAt), desc(journalLines.id)];

interface Row {
  id: string;
  entry_id: string;
  date: string;
  description: string;
  reference: string | null;
  amount: string;
  source_type: JournalSource;
  matched_on: string | null;
}

/** One page of the account's posted ledger lines (the account's id, already resolved from its code). */
export function listReconciliationLedger(
  db: DbOrTx,
  accountId: string,
  state: ReconciliationListState,
): Promise<ListPage<ReconciliationLedgerRow>> {
  const where = whereOf(accountId, state);
  return pageOf(db, RECONCILIATION_LIST, state, {
    from: journalLines,
    where,
    rows: async (limit, offset) => {
      const ids = pageIds(db, journalLines, journalLines.id, where, ORDER, limit, offset);
      const rows = await queryRows<Row>(
        db,
        sql`select jl.id, je.id as entry_id, jl.entry_date::text as date,
              coalesce(nullif(je.description, ''), jl.description, '') as description,
              coalesce(je.reference_no, bt.reference,
                (select t.reference from transactions t where je.source_type = 'transaction' and t.id = je.source_id),
                (select s.reference from settlements s where je.source_type = 'settlement' and s.id = je.source_id),
                (select i.number from invoices i where je.source_type = 'invoice' and i.id = je.source_id),
                (select cp.method_reference from customer_payments cp
                  where je.source_type = 'customer_payment' and cp.id = je.source_id)) as reference,
              (jl.debit - jl.credit)::text as amount, je.source_type,
              (select min(sl.date)::text from bank_matches m join bank_statement_lines sl on sl.id = m.statement_line_id
                where m.journal_line_id = jl.id) as matched_on
            from journal_lines jl
            join journal_entries je on je.id = jl.journal_entry_id
            left join bank_transactions bt on bt.journal_entry_id = je.id
            where jl.id in (${ids})
            order by jl.entry_date desc, jl.created_at desc, jl.id desc`,
      );
      return rows.map((r) => {
        const amount = toPaisa(r.amount);
        return {
          id: r.id,
          entryId: r.entry_id,
          date: r.date,
          description: r.description,
          reference: r.reference,
          type: amount >= 0n ? "deposit" : "withdrawal",
          amount: fromPaisa(amount < 0n ? -amount : amount),
          sourceType: r.source_type,
          matchedOn: r.matched_on,
        } satisfies ReconciliationLedgerRow;
      });
    },
  });
}
