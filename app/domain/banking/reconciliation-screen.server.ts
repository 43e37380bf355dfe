import { asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { accountRoles, chartOfAccounts } from "../../db/schema";
import { fromPaisa } from "../../lib/money";
import { reconciliationFigures } from "./reconciliation-figures.server";
import { STATEMENTS_SHOWN, type StatementFiguresView, type StatementRow } from "./reconciliation-screen";

// Bank Reconciliation's screen (issue 23): the statements of an account with their state (open with the lines still
// unmatched, finished on a day by someone, reopened), each statement's figures (reconciliationFigures: the header's,
// and what keeps Finish disabled), and the choices of Add Transaction's other side.

interface Row {
  id: string;
  file_name: string;
  period_start: string;
  period_end: string;
  line_count: number;
  duplicate_count: number;
  opening: string;
  closing: string;
  imported_at: string;
  unmatched: number;
  rec_id: string | null;
  rec_status: "finished" | "reopened" | null;
  finished_at: string | null;
  finished_by: string | null;
  reopened_at: string | null;
  reopened_by: string | null;
  reopen_reason: string | null;
}

export function figuresView(f: NonNullable<Awaited<ReturnType<typeof reconciliationFigures>>>): StatementFiguresView {
  return {
    asOfDate: f.asOfDate,
    statementBalance: fromPaisa(f.statementBalance),
    reconciledBalance: fromPaisa(f.reconciledBalance),
    difference: fromPaisa(f.difference),
    unmatchedLines: f.unmatchedLines,
    ledgerBalance: fromPaisa(f.ledgerBalance),
    outstandingCount: f.outstandingCount,
    outstandingSum: fromPaisa(f.outstandingSum),
  };
}

/** The account's latest statements (by last day, newest first), with their state and figures. */
export async function accountStatements(db: DbOrTx, accountId: string): Promise<StatementRow[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select s.id, s.file_name, s.period_start::text as period_start, s.period_end::text as period_end,
          s.line_count, s.duplicate_count, s.opening_balance::text as opening, s.closing_balance::text as closing,
          to_char(s.created_at at time zone 'Asia/Dhaka', 'YYYY-MM-DD HH24:MI') as imported_at,
          (select count(*)::int from bank_statement_lines sl where sl.statement_id = s.id
            and not exists (select 1 from bank_matches m where m.statement_line_id = sl.id)) as unmatched,
          r.id as rec_id, r.status as rec_status, to_char(r.finished_at at time zone 'Asia/Dhaka', 'YYYY-MM-DD HH24:MI') as finished_at, fu.name as finished_by,
          to_char(r.reopened_at at time zone 'Asia/Dhaka', 'YYYY-MM-DD HH24:MI') as reopened_at, ru.name as reopened_by, r.reopen_reason
        from bank_statements s
        left join lateral (select * from bank_reconciliations br where br.statement_id = s.id
          order by (br.status = 'finished') desc, br.finished_at desc limit 1) r on true
        left join users fu on fu.id = r.finished_by
        left join users ru on ru.id = r.reopened_by
        where s.account_id = ${accountId}
        order by s.period_end desc, s.created_at desc, s.id desc
        limit ${STATEMENTS_SHOWN}`,
  );
  const figures = await Promise.all(rows.map((r) => reconciliationFigures(db, r.id)));
  return rows.map((r, i) => ({
    id: r.id,
    fileName: r.file_name,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    lineCount: r.line_count,
    duplicateCount: r.duplicate_count,
    openingBalance: r.opening,
    closingBalance: r.closing,
    importedAt: r.imported_at,
    unmatched: r.unmatched,
    reconciliation:
      r.rec_id && r.rec_status
        ? {
            id: r.rec_id,
            status: r.rec_status,
            finishedAt: r.finished_at!,
            finishedBy: r.finished_by,
            reopenedAt: r.reopened_at,
            reopenedBy: r.reopened_by,
            reopenReason: r.reopen_reason,
          }
        : null,
    figures: figuresView(figures[i]!),
  }));
}

export interface CounterAccountChoice {
  id: string;
  code: string;
  name: string;
  type: string;
  paymentMethod: string | null;
}

/** Add Transaction's other side: every active account (the dialog offers those a kind fits), and the charge's and
 * interest's default accounts (Settings > Accounting's Bank charges and Interest income). */
export async function counterAccountChoices(
  db: DbOrTx,
): Promise<{ accounts: CounterAccountChoice[]; defaults: { charge: string | null; interest: string | null } }> {
  const [accounts, roles] = await Promise.all([
    db
      .select({
        id: chartOfAccounts.id,
        code: chartOfAccounts.code,
        name: chartOfAccounts.name,
        type: chartOfAccounts.type,
        paymentMethod: chartOfAccounts.paymentMethod,
      })
      .from(chartOfAccounts)
      .where(eq(chartOfAccounts.isActive, true))
      .orderBy(asc(chartOfAccounts.code)),
    db
      .select({ role: accountRoles.role, accountId: accountRoles.accountId })
      .from(accountRoles)
      .where(inArray(accountRoles.role, ["bank.charges", "bank.interest"])),
  ]);
  const active = new Set(accounts.map((a) => a.id));
  const roleOf = (role: string) => {
    const id = roles.find((r) => r.role === role)?.accountId;
    return id && active.has(id) ? id : null;
  };
  return { accounts, defaults: { charge: roleOf("bank.charges"), interest: roleOf("bank.interest") } };
}
