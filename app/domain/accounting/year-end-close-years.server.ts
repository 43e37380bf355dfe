import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { accountingSettings } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { fromPaisa } from "../../lib/money";
import { fiscalYearName, fiscalYearOfDate, fiscalYearRange } from "../reports/report-periods";
import { ACCOUNT_ROLES } from "./account-roles";
import { LEDGER_MESSAGES } from "./ledger.server";
import { closeBlockerOf, YEAR_END_MESSAGES, type FiscalYearRow } from "./year-end-close-form";
import { yearFigures } from "./year-end-close.server";

// The year-end screen's figures (/admin/accounts/reports/year-end; issue 24): every fiscal year with postings, and
// the current one, newest first, each with its income, expenses and result by the P&L's rules (year-end close entries
// left out) and its latest close: closed by whom and when, or reopened with the reason. What stops Close year or
// Reopen is said here the way the use cases refuse it (year-end-close.server.ts decides again).

export interface YearEndPage {
  startMonth: number;
  lockDate: string | null;
  /** "3100 Retained Earnings", or null when Settings > Accounting sets none (active). */
  retainedEarnings: string | null;
  years: FiscalYearRow[];
  today: string;
}

interface CloseRow {
  id: string;
  fiscal_year: number;
  period_start: string;
  period_end: string;
  result: string;
  closing_entry_id: string;
  closed_at: Date | string;
  closed_by: string | null;
  reopen_entry_id: string | null;
  reopened_at: Date | string | null;
  reopened_by: string | null;
  reopen_reason: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export async function loadYearEndPage(db: DbOrTx, today: string = todayInDhaka()): Promise<YearEndPage> {
  const [[settings], months, closes, [role]] = await Promise.all([
    db
      .select({ startMonth: accountingSettings.fiscalYearStartMonth, lockDate: accountingSettings.lockDate })
      .from(accountingSettings)
      .limit(1),
    // The months with postings: one row per account and month, a few thousand at most.
    queryRows<{ month: string }>(
      db,
      sql`select distinct to_char(month, 'YYYY-MM-DD') as month from account_month_balances
           where debit <> 0 or credit <> 0`,
    ),
    // Every close, newest first within a year, with who closed and reopened it.
    queryRows<CloseRow>(
      db,
      sql`select c.id, c.fiscal_year, c.period_start::text as period_start, c.period_end::text as period_end,
                 c.result::text as result, c.closing_entry_id, c.closed_at, cu.name as closed_by,
                 c.reopen_entry_id, c.reopened_at, ru.name as reopened_by, c.reopen_reason
            from year_end_closes c
            left join users cu on cu.id = c.closed_by
            left join users ru on ru.id = c.reopened_by
           order by c.period_start, c.closed_at desc`,
    ),
    queryRows<{ label: string }>(
      db,
      sql`select a.code || ' ' || a.name as label from account_roles r join chart_of_accounts a on a.id = r.account_id
           where r.role = 'equity.retained_earnings' and a.is_active`,
    ),
  ]);
  const startMonth = settings?.startMonth ?? 7;
  const lockDate = settings?.lockDate ?? null;

  // A year's latest close, by its first day: a close made before the start month changed (only ever a reopened one)
  // is of another year than the one its number names now, and is not shown.
  const latest = new Map<string, CloseRow>();
  for (const c of closes) if (!latest.has(c.period_start)) latest.set(c.period_start, c);
  const years = new Set<number>([fiscalYearOfDate(today, startMonth)]);
  for (const c of closes) if (c.reopened_at === null) years.add(fiscalYearOfDate(c.period_start, startMonth));
  for (const m of months) years.add(fiscalYearOfDate(m.month, startMonth));
  const activeYears = closes.filter((c) => c.reopened_at === null).map((c) => c.period_start);

  const rows: FiscalYearRow[] = [];
  for (const fiscalYear of [...years].sort((a, b) => b - a)) {
    const range = fiscalYearRange(fiscalYear, startMonth);
    const name = fiscalYearName(fiscalYear, startMonth);
    const figures = await yearFigures(db, range);
    const c = latest.get(range.from) ?? null;
    const closed = !!c && c.reopened_at === null;
    const ended = range.to < today;
    const row: FiscalYearRow = {
      fiscalYear,
      name,
      from: range.from,
      to: range.to,
      income: fromPaisa(figures.income),
      expenses: fromPaisa(figures.expenses),
      result: fromPaisa(figures.result),
      accountsMoved: figures.accounts.length,
      ended,
      close: c && {
        id: c.id,
        closedAt: iso(c.closed_at),
        closedBy: c.closed_by,
        closingEntryId: c.closing_entry_id,
        result: c.result,
        reopenedAt: c.reopened_at === null ? null : iso(c.reopened_at),
        reopenedBy: c.reopened_by,
        reopenReason: c.reopen_reason,
        reopenEntryId: c.reopen_entry_id,
      },
      closeBlocker: null,
      reopenBlocker: null,
    };
    row.closeBlocker = closeBlockerOf(row, closed, lockDate);
    if (!row.closeBlocker && !closed && !role)
      row.closeBlocker = LEDGER_MESSAGES.roleMissing(ACCOUNT_ROLES["equity.retained_earnings"].label);
    if (c && closed) {
      const later = activeYears.filter((start) => start > c.period_end).sort()[0];
      if (later)
        row.reopenBlocker = YEAR_END_MESSAGES.laterYearClosed(
          name,
          fiscalYearName(Number(later.slice(0, 4)), Number(later.slice(5, 7))),
        );
      else if (lockDate && lockDate >= c.period_end)
        row.reopenBlocker = YEAR_END_MESSAGES.reopenLocked(name, lockDate, c.period_end);
    }
    rows.push(row);
  }
  return { startMonth, lockDate, retainedEarnings: role?.label ?? null, years: rows, today };
}
