import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { fromPaisa, toPaisa } from "../../lib/money";
import { controlAccountKinds } from "../accounting/party-choices.server";
import { bankAccounts } from "./bank-accounts.server";
import { firstRuleFor } from "./bank-rule-form";
import { ruleHeldBack, rulesForAccount } from "./bank-rules.server";
import { BANK_TRANSACTION_KIND_LABELS } from "./constants";
import {
  MATCH_PAGE_SIZE,
  type CounterChoice,
  type LedgerLineView,
  type MatchFilter,
  type MatchLineView,
  type MatchScreen,
} from "./match-screen";
import { suggestionsFor } from "./match-suggestions.server";
import { finishedThrough, reconciliationFigures } from "./reconciliation-figures.server";
import { heldBy } from "./unmatch-statement-line.server";

// What the match screen shows (issue 23, /admin/accounts/reconciliation/match): the account and its statement chosen
// by the URL (?account=<code>, ?statement=<id>: by default the first active bank account and its latest statement),
// the header's figures (reconciliationFigures, not recomputed), the statement's lines filtered (all, unmatched,
// matched) a page at a time, each with its matched ledger lines or its suggestions, the first rule that covers it,
// and why Undo is not offered when a finished reconciliation holds it. Money as decimal strings for the browser.

interface LineRow {
  id: string;
  row_no: number;
  date: string;
  description: string;
  reference: string | null;
  amount: string;
  matched: boolean;
}

interface MatchedRow {
  statement_line_id: string;
  journal_line_id: string;
  entry_id: string;
  date: string;
  description: string;
  reference: string | null;
  amount: string;
}

/** The account's statements the `rest` of the query picks (a filter, an order and a limit). */
async function statementsOf(db: DbOrTx, accountId: string, rest: SQL) {
  const rows = await queryRows<{
    id: string;
    file_name: string;
    period_start: string;
    period_end: string;
    line_count: number;
  }>(
    db,
    sql`select id, file_name, period_start::text, period_end::text, line_count from bank_statements
        where account_id = ${accountId} ${rest}`,
  );
  return rows.map((s) => ({
    id: s.id,
    fileName: s.file_name,
    periodStart: s.period_start,
    periodEnd: s.period_end,
    lineCount: s.line_count,
  }));
}

/** The screen's data for the URL's choices; `code` and `statementId` as the URL gave them (validated here). */
export async function matchScreen(
  db: DbOrTx,
  choice: { code: string | null; statementId: string | null; filter: MatchFilter; page: number },
): Promise<MatchScreen> {
  const accounts = await bankAccounts(db);
  const account =
    accounts.find((a) => a.code === choice.code) ?? accounts.find((a) => a.isActive) ?? accounts[0] ?? null;
  const empty: MatchScreen = {
    accounts,
    account,
    statements: [],
    statement: null,
    figures: null,
    counts: { all: 0, unmatched: 0, matched: 0 },
    filter: choice.filter,
    page: 1,
    pageCount: 1,
    lines: [],
    finishedThrough: null,
  };
  if (!account) return empty;
  const statements = await statementsOf(db, account.id, sql`order by period_end desc, created_at desc, id limit 60`);
  // An older statement than the list holds, still of this account.
  const statement =
    statements.find((s) => s.id === choice.statementId) ??
    (choice.statementId
      ? (await statementsOf(db, account.id, sql`and id::text = ${choice.statementId}`))[0]
      : undefined) ??
    statements[0] ??
    null;
  if (!statement) return { ...empty, statements };

  const [figures, through, rules, control, lineRows] = await Promise.all([
    reconciliationFigures(db, statement.id),
    finishedThrough(db, account.id),
    rulesForAccount(db, account.id),
    controlAccountKinds(db),
    queryRows<LineRow>(
      db,
      sql`select sl.id, sl.row_no, sl.date::text as date, sl.description, sl.reference, sl.amount::text as amount,
            exists (select 1 from bank_matches m where m.statement_line_id = sl.id) as matched
          from bank_statement_lines sl where sl.statement_id = ${statement.id} order by sl.row_no, sl.id`,
    ),
  ]);
  const counts = {
    all: lineRows.length,
    unmatched: lineRows.filter((l) => !l.matched).length,
    matched: lineRows.filter((l) => l.matched).length,
  };
  const shown = lineRows.filter((l) => choice.filter === "all" || (choice.filter === "matched") === l.matched);
  const pageCount = Math.max(1, Math.ceil(shown.length / MATCH_PAGE_SIZE));
  const page = Math.min(Math.max(1, choice.page), pageCount);
  const pageRows = shown.slice((page - 1) * MATCH_PAGE_SIZE, page * MATCH_PAGE_SIZE);

  // Suggestions are ranked for every unmatched line of the statement (one candidate query); the page's are kept.
  const unmatched = lineRows.filter((l) => !l.matched).map((l) => ({ ...l, amount: toPaisa(l.amount) }));
  const [suggestions, matchedRows] = await Promise.all([
    suggestionsFor(
      db,
      { accountId: account.id, periodStart: statement.periodStart, periodEnd: statement.periodEnd },
      unmatched,
    ),
    pageRows.some((l) => l.matched)
      ? queryRows<MatchedRow>(
          db,
          sql`select m.statement_line_id, jl.id as journal_line_id, je.id as entry_id, je.entry_date::text as date,
                je.description, je.reference_no as reference, (jl.debit - jl.credit)::text as amount
              from bank_matches m
              join journal_lines jl on jl.id = m.journal_line_id
              join journal_entries je on je.id = jl.journal_entry_id
              where m.statement_line_id in (${sql.join(
                pageRows.filter((l) => l.matched).map((l) => sql`${l.id}::uuid`),
                sql`, `,
              )})
              order by je.entry_date, jl.id`,
        )
      : Promise.resolve([] as MatchedRow[]),
  ]);
  const ledgerView = (c: {
    journalLineId: string;
    entryId: string;
    date: string;
    description: string;
    references: readonly string[];
    amount: bigint;
  }): LedgerLineView => ({
    journalLineId: c.journalLineId,
    entryId: c.entryId,
    date: c.date,
    description: c.description,
    reference: c.references.join(" · ") || null,
    amount: fromPaisa(c.amount),
  });

  const lines: MatchLineView[] = pageRows.map((l) => {
    const amount = toPaisa(l.amount);
    const found = suggestions.get(l.id);
    const rule = l.matched ? null : firstRuleFor(rules, { accountId: account.id, description: l.description, amount });
    return {
      id: l.id,
      rowNo: l.row_no,
      date: l.date,
      description: l.description,
      reference: l.reference,
      amount: l.amount,
      matched: matchedRows
        .filter((m) => m.statement_line_id === l.id)
        .map((m) => ({
          journalLineId: m.journal_line_id,
          entryId: m.entry_id,
          date: m.date,
          description: m.description,
          reference: m.reference,
          amount: m.amount,
        })),
      held: l.matched ? heldBy(through, l.date) : null,
      suggestions: (found?.singles ?? []).map((s) => ({
        ...ledgerView(s.candidate),
        exactAmount: s.exactAmount,
        days: s.days,
        referenceHit: s.referenceHit,
      })),
      groups: (found?.groups ?? []).map((g) => g.candidates.map(ledgerView)),
      rule: rule
        ? {
            id: rule.id,
            contains: rule.contains,
            kind: rule.kind,
            kindLabel: BANK_TRANSACTION_KIND_LABELS[rule.kind],
            counterAccountId: rule.counterAccountId,
            heldBack: ruleHeldBack(rule, control),
          }
        : null,
    };
  });

  return {
    accounts,
    account,
    statements: statements.some((s) => s.id === statement.id) ? statements : [statement, ...statements],
    statement,
    figures: figures
      ? {
          statementBalance: fromPaisa(figures.statementBalance),
          reconciledBalance: fromPaisa(figures.reconciledBalance),
          difference: fromPaisa(figures.difference),
          unmatchedLines: figures.unmatchedLines,
          asOfDate: figures.asOfDate,
        }
      : null,
    counts,
    filter: choice.filter,
    page,
    pageCount,
    lines,
    finishedThrough: through,
  };
}

/** The active accounts of the chart, by code: the other side of an entry made from a line or a rule. */
export async function counterChoices(db: DbOrTx): Promise<CounterChoice[]> {
  return queryRows<CounterChoice>(
    db,
    sql`select id, code, name, type, payment_method as "paymentMethod" from chart_of_accounts
        where is_active order by code`,
  );
}
