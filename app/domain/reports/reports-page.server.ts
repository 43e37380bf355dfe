import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { yearEndCloses } from "../../db/schema";
import { fromPaisa, toPaisa } from "../../lib/money";
import { clampPage, isUuid, pageCountOf } from "../../lib/list-params";
import { accountLines, accountPeriod, naturalBalance } from "../accounting/balances.server";
import { accountById } from "../accounting/chart.server";
import { accountChoices, type AccountChoice } from "../accounting/ledger-list.server";
import { refuse, type UseCaseResult } from "../use-case";
import { balanceSheet } from "./balance-sheet.server";
import { cashFlow } from "./cash-flow.server";
import { fiscalYearStartMonth } from "./ledger-figures.server";
import { profitAndLoss } from "./profit-and-loss.server";
import {
  fiscalYearName,
  fiscalYearRange,
  parseReportPeriod,
  reportPeriodParams,
  type ReportPeriod,
} from "./report-periods";
import {
  balanceSheetTable,
  cashFlowTable,
  generalLedgerTable,
  profitAndLossTable,
  trialBalanceTable,
  type GeneralLedger,
  type ReportTable,
} from "./report-table";
import { REPORT_TABS, type ProfitAndLoss, type ReportTab } from "./statements";
import { trialBalance } from "./trial-balance.server";

// Financial Reports' loader and export (issue 24): the URL read (the tab, the period of report-periods.ts, the
// account of the General Ledger tab, its page), each bad value named by its field with today's month shown instead,
// and the tab's report as the rows of report-table.ts: what the screen shows is what the export prints. The fiscal
// year's start month comes from Settings > Accounting (fiscalYearStartMonth).

export const REPORTS_PAGE_MESSAGES = {
  tab: "Choose Profit & Loss, Balance Sheet, Cash Flow, Trial Balance or General Ledger",
  account: "This account does not exist: choose another",
  accountRequired: "Choose an account",
  format: "Choose a format: csv or pdf",
  tooManyLines: (count: number, limit: number) =>
    `This account has ${count.toLocaleString("en-US")} lines in the period, more than the ${limit.toLocaleString("en-US")} an export holds: choose a shorter period`,
} as const;

/** Lines of the General Ledger tab on a page. */
export const LEDGER_PAGE_SIZE = 50;
/** The most lines an export of the General Ledger holds (a PDF of 20,000 lines is about 400 pages). */
export const LEDGER_EXPORT_LIMIT = 20_000;

export interface ReportRequest {
  tab: ReportTab;
  period: ReportPeriod;
  /** The field's message for each value of the URL that could not be read (tab, period, month, fy, q, from, to). */
  errors: Record<string, string>;
  /** The General Ledger tab's account, as the URL gives it (checked when loaded). */
  account: string | null;
  page: number;
}

/** What the URL asks for; a value that cannot be read is named in `errors` and the default used instead. */
export function readReportRequest(params: URLSearchParams, today: string, startMonth: number): ReportRequest {
  const { period, errors } = parseReportPeriod(params, today, startMonth);
  const rawTab = params.get("tab") || "profit-and-loss";
  const tab = (REPORT_TABS as readonly string[]).includes(rawTab) ? (rawTab as ReportTab) : "profit-and-loss";
  const allErrors = tab === rawTab ? { ...errors } : { ...errors, tab: REPORTS_PAGE_MESSAGES.tab };
  const rawPage = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const account = tab === "general-ledger" ? params.get("account") || null : null;
  return { tab, period, errors: allErrors, account, page };
}

export interface FiscalYearInfo {
  year: number;
  /** "2026-27". */
  name: string;
  from: string;
  to: string;
  /** The day (in Dhaka) the year was closed, while it stays closed; null when open. */
  closedOn: string | null;
}

async function fiscalYearInfo(db: DbOrTx, year: number, startMonth: number): Promise<FiscalYearInfo> {
  const [closed] = await db
    .select({ closedAt: yearEndCloses.closedAt })
    .from(yearEndCloses)
    .where(and(eq(yearEndCloses.fiscalYear, year), isNull(yearEndCloses.reopenedAt)))
    .limit(1);
  return {
    year,
    name: fiscalYearName(year, startMonth),
    ...fiscalYearRange(year, startMonth),
    closedOn: closed ? new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(closed.closedAt) : null,
  };
}

/** A statement tab's table (and the P&L's months for its chart). */
async function statementOf(
  db: DbOrTx,
  tab: Exclude<ReportTab, "general-ledger">,
  period: ReportPeriod,
  startMonth: number,
): Promise<{ table: ReportTable; monthly: ProfitAndLoss["monthly"] | null }> {
  switch (tab) {
    case "profit-and-loss": {
      const report = await profitAndLoss(db, period, startMonth);
      return { table: profitAndLossTable(report, startMonth), monthly: report.monthly };
    }
    case "balance-sheet":
      return { table: balanceSheetTable(await balanceSheet(db, period, startMonth), startMonth), monthly: null };
    case "cash-flow":
      return { table: cashFlowTable(await cashFlow(db, period, startMonth), startMonth), monthly: null };
    case "trial-balance":
      return { table: trialBalanceTable(await trialBalance(db, period), startMonth), monthly: null };
  }
}

type LedgerAccount = GeneralLedger["account"];

async function ledgerAccount(db: DbOrTx, id: string): Promise<LedgerAccount | null> {
  if (!isUuid(id)) return null;
  const row = await accountById(db, id);
  return row ? { id: row.id, code: row.code, name: row.name, type: row.type } : null;
}

export interface LedgerPaging {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
}

/**
 * An account's General Ledger over the period, oldest first: page `page` of `pageSize` lines (all of them when
 * `pageSize` is null), each with the balance after it, as the account's type reads it. accountLines pages newest
 * first; page n oldest first is the matching stretch of those, turned round.
 */
async function generalLedger(
  db: DbOrTx,
  account: LedgerAccount,
  period: ReportPeriod,
  page: number,
  pageSize: number | null,
): Promise<{ ledger: GeneralLedger; paging: LedgerPaging }> {
  const range = { from: period.from, to: period.to };
  const [sums, counted] = await Promise.all([
    accountPeriod(db, account.id, range),
    accountLines(db, account.id, range, { limit: 0, offset: 0 }),
  ]);
  const total = counted.total;
  const size = pageSize ?? Math.max(1, total);
  const pageCount = pageCountOf(total, size);
  const shown = clampPage(page, pageCount);
  const end = total - (shown - 1) * size;
  const offset = Math.max(0, total - shown * size);
  const found =
    end - offset > 0 ? await accountLines(db, account.id, range, { limit: end - offset, offset }) : { lines: [] };
  const natural = (debitsLessCredits: bigint) => fromPaisa(naturalBalance(account.type, debitsLessCredits));
  return {
    ledger: {
      account,
      period,
      opening: natural(sums.opening),
      debits: fromPaisa(sums.debits),
      credits: fromPaisa(sums.credits),
      closing: natural(sums.closing),
      lines: found.lines.reverse().map((line) => ({
        entryId: line.entryId,
        entryDate: line.entryDate,
        referenceNo: line.referenceNo,
        description: line.description,
        lineDescription: line.lineDescription,
        sourceType: line.sourceType,
        debit: line.debit,
        credit: line.credit,
        runningBalance: natural(toPaisa(line.runningBalance)),
      })),
      first: shown === 1,
      last: shown === pageCount,
    },
    paging: { page: shown, pageCount, pageSize: size, total },
  };
}

export interface ReportsPage {
  tab: ReportTab;
  period: ReportPeriod;
  /** The period's URL parameters (report-periods.ts reportPeriodParams). */
  periodParams: Record<string, string>;
  errors: Record<string, string>;
  startMonth: number;
  today: string;
  fiscalYear: FiscalYearInfo;
  /** The tab's rows; null on the General Ledger tab until an account is chosen. */
  table: ReportTable | null;
  /** The Profit & Loss tab's income and expenses by month of the fiscal year. */
  monthly: ProfitAndLoss["monthly"] | null;
  /** The General Ledger tab's choices, account, figures and page. */
  ledger: {
    accounts: AccountChoice[];
    account: LedgerAccount | null;
    figures: { opening: string; debits: string; credits: string; closing: string } | null;
    paging: LedgerPaging | null;
  } | null;
}

/** The screen's data for the URL's parameters, `today` a date in Dhaka. */
export async function loadReportsPage(db: DbOrTx, params: URLSearchParams, today: string): Promise<ReportsPage> {
  const startMonth = await fiscalYearStartMonth(db);
  const request = readReportRequest(params, today, startMonth);
  const { tab, period } = request;
  const errors = { ...request.errors };
  const base = {
    tab,
    period,
    periodParams: reportPeriodParams(period, startMonth),
    startMonth,
    today,
    fiscalYear: await fiscalYearInfo(db, period.fiscalYear, startMonth),
  };
  if (tab !== "general-ledger") {
    const { table, monthly } = await statementOf(db, tab, period, startMonth);
    return { ...base, errors, table, monthly, ledger: null };
  }
  const [accounts, account] = await Promise.all([
    accountChoices(db),
    request.account ? ledgerAccount(db, request.account) : Promise.resolve(null),
  ]);
  if (request.account && !account) errors.account = REPORTS_PAGE_MESSAGES.account;
  if (!account)
    return {
      ...base,
      errors,
      table: null,
      monthly: null,
      ledger: { accounts, account: null, figures: null, paging: null },
    };
  const { ledger, paging } = await generalLedger(db, account, period, request.page, LEDGER_PAGE_SIZE);
  return {
    ...base,
    errors,
    table: generalLedgerTable(ledger),
    monthly: null,
    ledger: {
      accounts,
      account,
      figures: { opening: ledger.opening, debits: ledger.debits, credits: ledger.credits, closing: ledger.closing },
      paging,
    },
  };
}

export const REPORT_EXPORT_FORMATS = ["csv", "pdf"] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/**
 * What an export prints: the table of the screen with the same parameters (the General Ledger's every line in the
 * period, not one page). Refused, naming the first bad value, for anything the screen would show a message for.
 */
export async function loadReportExport(
  db: DbOrTx,
  params: URLSearchParams,
  today: string,
): Promise<UseCaseResult<{ table: ReportTable; format: ReportExportFormat; startMonth: number }>> {
  const format = params.get("format") ?? "";
  if (!(REPORT_EXPORT_FORMATS as readonly string[]).includes(format))
    return refuse("invalid", REPORTS_PAGE_MESSAGES.format, { format: REPORTS_PAGE_MESSAGES.format });
  const startMonth = await fiscalYearStartMonth(db);
  const request = readReportRequest(params, today, startMonth);
  const [field, message] = Object.entries(request.errors)[0] ?? [];
  if (field && message) return refuse("invalid", message, { [field]: message });
  const done = (table: ReportTable) => ({
    ok: true as const,
    message: "",
    table,
    format: format as ReportExportFormat,
    startMonth,
  });
  if (request.tab !== "general-ledger")
    return done((await statementOf(db, request.tab, request.period, startMonth)).table);
  if (!request.account)
    return refuse("invalid", REPORTS_PAGE_MESSAGES.accountRequired, { account: REPORTS_PAGE_MESSAGES.accountRequired });
  const account = await ledgerAccount(db, request.account);
  if (!account) return refuse("invalid", REPORTS_PAGE_MESSAGES.account, { account: REPORTS_PAGE_MESSAGES.account });
  const range = { from: request.period.from, to: request.period.to };
  const { total } = await accountLines(db, account.id, range, { limit: 0, offset: 0 });
  if (total > LEDGER_EXPORT_LIMIT) {
    const message = REPORTS_PAGE_MESSAGES.tooManyLines(total, LEDGER_EXPORT_LIMIT);
    return refuse("invalid", message, { to: message });
  }
  const { ledger } = await generalLedger(db, account, request.period, 1, null);
  return done(generalLedgerTable(ledger));
}
