import { ledgerEntryHref } from "../accounting/account-page";
import type { AccountType } from "../accounting/constants";
import { CASH_FLOW_ACTIVITY_LABELS, JOURNAL_SOURCE_LABELS, type JournalSource } from "../accounting/constants";
import { addDays } from "../dashboard/periods";
import {
  fiscalYearName,
  fiscalYearOfDate,
  fiscalYearRange,
  MONTH_NAMES,
  monthPeriod,
  quarterOfDate,
  quarterPeriod,
  rangePeriod,
  reportPeriodParams,
  yearPeriod,
  type ReportPeriod,
  type ReportPeriodKind,
} from "./report-periods";
import {
  changeOf,
  REPORT_TAB_LABELS,
  type BalanceSheet,
  type CashFlow,
  type Compared,
  type ProfitAndLoss,
  type ReportColumns,
  type ReportLine,
  type ReportSection,
  type ReportTab,
  type TrialBalance,
} from "./statements";

// Financial Reports (issue 24): each statement, and an account's General Ledger, as one table of rows, the same for
// the screen, the CSV and the PDF, so an export holds exactly what the screen shows. Each account figure carries the
// link to the lines behind it (the General Ledger tab for that account and that column's period); a computed figure
// the Profit & Loss it comes from. Also the screen's URLs: a tab, a period (report-periods.ts), an account, a page.
// Browser-safe.

export const REPORTS_PATH = "/admin/accounts/reports";
export const REPORTS_EXPORT_PATH = "/admin/accounts/reports/export";
export const YEAR_END_PATH = "/admin/accounts/reports/year-end";

export type ReportColumnKind = "label" | "text" | "date" | "money" | "change";

export interface ReportTableColumn {
  key: string;
  /** "Nov 2026", "As at 30 Nov 2026", "Change". */
  header: string;
  /** A second line under the header: "vs Oct 2026". */
  note?: string;
  kind: ReportColumnKind;
}

export interface ReportCell {
  /** A money string ("1234.50"), a text, an ISO date; null for an empty cell. */
  value: string | null;
  /** A change's percentage, one decimal ("12.5", "-3.0"); null when the other figure is zero. */
  percent?: string | null;
  /** A label cell's account code. */
  code?: string | null;
  /** A label cell's indent: 0 for an account at the top of the chart, 1 under a parent... */
  depth?: number;
  /** Where the lines behind the figure are. */
  href?: string;
}

/** A section's title, an account's (or a computed) line, a section's total, a statement's result. */
export type ReportRowKind = "heading" | "line" | "total" | "grand";

export interface ReportRow {
  kind: ReportRowKind;
  cells: ReportCell[];
}

export interface ReportTable {
  tab: ReportTab;
  /** "Profit & Loss". */
  title: string;
  /** What the table holds, in a sentence. */
  description: string;
  period: ReportPeriod;
  /** A balance sheet of a period not ended: the day it is as at (today), which the heading says (issue 37). */
  asAt?: string;
  /** The General Ledger's account. */
  account?: { id: string; code: string; name: string };
  columns: ReportTableColumn[];
  rows: ReportRow[];
  /** What to say under the table ("The balance sheet balances in every column."). */
  notes: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// URLs

export interface ReportLocation {
  tab: ReportTab;
  period: ReportPeriod;
  account?: string | null;
  page?: number;
}

function locationParams(location: ReportLocation, startMonth: number): URLSearchParams {
  const params = new URLSearchParams({ tab: location.tab, ...reportPeriodParams(location.period, startMonth) });
  if (location.account) params.set("account", location.account);
  if (location.page && location.page > 1) params.set("page", String(location.page));
  return params;
}

/** The screen at this tab, period, account and page. */
export function reportHref(location: ReportLocation, startMonth: number): string {
  return `${REPORTS_PATH}?${locationParams(location, startMonth).toString()}`;
}

/** The export of what that screen shows, as a CSV or a PDF file. */
export function reportExportHref(location: ReportLocation, format: "csv" | "pdf", startMonth: number): string {
  const params = locationParams({ ...location, page: undefined }, startMonth);
  params.set("format", format);
  return `${REPORTS_EXPORT_PATH}?${params.toString()}`;
}

const pad = (n: number) => String(n).padStart(2, "0");
const lastDayOfMonth = (isoDate: string) => {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
};

/**
 * The period from `from` to `to` as the most telling kind: a whole month, a quarter or a fiscal year of its own
 * kind (so its URL reads month=2026-11, not a range), any other span as a date range.
 */
export function periodOfSpan(from: string, to: string, startMonth: number): ReportPeriod {
  if (from.slice(8) === "01" && to === lastDayOfMonth(from)) return monthPeriod(from, startMonth);
  const fiscalYear = fiscalYearOfDate(from, startMonth);
  const year = yearPeriod(fiscalYear, startMonth);
  if (year.from === from && year.to === to) return year;
  const quarter = quarterPeriod(fiscalYear, quarterOfDate(from, startMonth), startMonth);
  if (quarter.from === from && quarter.to === to) return quarter;
  return rangePeriod(from, to, startMonth);
}

/** The period just after: the next month, quarter or fiscal year; for a range, as many days after it. */
export function nextPeriod(period: ReportPeriod, startMonth: number): ReportPeriod {
  const after = addDays(period.to, 1);
  switch (period.kind) {
    case "monthly":
      return monthPeriod(after, startMonth);
    case "quarterly":
      return quarterPeriod(fiscalYearOfDate(after, startMonth), quarterOfDate(after, startMonth), startMonth);
    case "yearly":
      return yearPeriod(period.fiscalYear + 1, startMonth);
    case "range": {
      const days = Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000);
      return rangePeriod(after, addDays(after, days), startMonth);
    }
  }
}

/**
 * The period the toggle's `kind` shows from the one on screen: the month its first day falls in, its quarter, its
 * fiscal year; a range spans the period on screen.
 */
export function periodOfKind(period: ReportPeriod, kind: ReportPeriodKind, startMonth: number): ReportPeriod {
  switch (kind) {
    case "monthly":
      return period.kind === "monthly"
        ? period
        : monthPeriod(period.kind === "range" ? period.to : period.from, startMonth);
    case "quarterly": {
      const day = period.kind === "range" ? period.to : period.from;
      return period.kind === "quarterly"
        ? period
        : quarterPeriod(fiscalYearOfDate(day, startMonth), quarterOfDate(day, startMonth), startMonth);
    }
    case "yearly":
      return yearPeriod(fiscalYearOfDate(period.kind === "range" ? period.to : period.from, startMonth), startMonth);
    case "range":
      return rangePeriod(period.from, period.to, startMonth);
  }
}

/** "7 Dec 2026". */
export const day = (isoDate: string) =>
  `${Number(isoDate.slice(8, 10))} ${MONTH_NAMES[Number(isoDate.slice(5, 7)) - 1]} ${isoDate.slice(0, 4)}`;

/** "1 Nov 2026 – 30 Nov 2026". */
export function periodDates(period: ReportPeriod): string {
  return `${day(period.from)} – ${day(period.to)}`;
}

/** A period as the export's file names read it: 2026-11, 2026-27-q2, fy-2026-27, 2026-07-01-to-2026-08-15. */
export function periodSlug(period: ReportPeriod, startMonth: number): string {
  switch (period.kind) {
    case "monthly":
      return period.from.slice(0, 7);
    case "quarterly":
      return `${fiscalYearName(period.fiscalYear, startMonth)}-q${quarterOfDate(period.from, startMonth)}`;
    case "yearly":
      return `fy-${fiscalYearName(period.fiscalYear, startMonth)}`;
    case "range":
      return `${period.from}-to-${period.to}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The statements compared with the period before and a year earlier

interface Linker {
  /** The General Ledger of an account over the period of a column. */
  ledger(accountId: string, period: ReportPeriod): string;
  /** The Profit & Loss of a period. */
  profitAndLoss(period: ReportPeriod): string;
}

function linker(startMonth: number): Linker {
  return {
    ledger: (account, period) => reportHref({ tab: "general-ledger", period, account }, startMonth),
    profitAndLoss: (period) => reportHref({ tab: "profit-and-loss", period }, startMonth),
  };
}

type Which = keyof Compared;
const WHICH: readonly Which[] = ["current", "previous", "lastYear"];

function comparedColumns(columns: ReportColumns, asAt: boolean): ReportTableColumn[] {
  const head = (p: ReportPeriod) => (asAt ? `As at ${day(p.to)}` : p.label);
  const short = (p: ReportPeriod) => (asAt ? day(p.to) : p.label);
  return [
    { key: "label", header: "Account", kind: "label" },
    { key: "current", header: head(columns.current), kind: "money" },
    { key: "previous", header: head(columns.previous), kind: "money" },
    { key: "changePrevious", header: "Change", note: `vs ${short(columns.previous)}`, kind: "change" },
    { key: "lastYear", header: head(columns.lastYear), kind: "money" },
    { key: "changeLastYear", header: "Change", note: `vs ${short(columns.lastYear)}`, kind: "change" },
  ];
}

/** A compared figure's five cells: the three figures (each with its link, when it has one) and the two changes. */
function comparedCells(amounts: Compared, href?: (which: Which) => string | undefined): ReportCell[] {
  const money = (which: Which): ReportCell => {
    const link = href?.(which);
    return link ? { value: amounts[which], href: link } : { value: amounts[which] };
  };
  const change = (other: string): ReportCell => {
    const { amount, percent } = changeOf(amounts.current, other);
    return { value: amount, percent };
  };
  return [money("current"), money("previous"), change(amounts.previous), money("lastYear"), change(amounts.lastYear)];
}

/** A fiscal year's period before is the same year a year earlier: one comparison, not the same one twice. */
const comparesOnce = (columns: ReportColumns) =>
  columns.previous.from === columns.lastYear.from && columns.previous.to === columns.lastYear.to;

/** "compared with Oct 2026 and Nov 2025"; "compared with FY 2025-26" when the two are one. */
function comparedWith(columns: ReportColumns, asAt: boolean): string {
  const name = (p: ReportPeriod) => (asAt ? day(p.to) : p.label);
  return comparesOnce(columns)
    ? `compared with ${name(columns.previous)}`
    : `compared with ${name(columns.previous)} and ${name(columns.lastYear)}`;
}

/** The table without its last two columns (a year earlier, and the change) when they repeat the two before them. */
function once(table: ReportTable, columns: ReportColumns): ReportTable {
  if (!comparesOnce(columns)) return table;
  return {
    ...table,
    columns: table.columns.slice(0, 4),
    rows: table.rows.map((row) => ({ ...row, cells: row.cells.slice(0, 4) })),
  };
}

const label = (value: string, extra: Partial<ReportCell> = {}): ReportCell => ({ value, ...extra });
const heading = (title: string, width: number): ReportRow => ({
  kind: "heading",
  cells: [label(title), ...Array.from({ length: width - 1 }, () => ({ value: null }))],
});

/**
 * A section's rows: its title, each line (an account's figures open its General Ledger over the column's period,
 * `ledgerPeriod` says which), its total.
 */
function sectionRows(
  section: ReportSection,
  options: {
    title?: string;
    totalLabel: string;
    ledgerPeriod: (which: Which) => ReportPeriod;
    links: Linker;
    computedHref?: (line: ReportLine, which: Which) => string | undefined;
    lead?: ReportRow[];
  },
): ReportRow[] {
  const rows: ReportRow[] = [heading(options.title ?? section.title, 6), ...(options.lead ?? [])];
  for (const line of section.lines) {
    const accountId = line.accountId;
    rows.push({
      kind: "line",
      cells: [
        label(line.label, { code: line.code, depth: line.depth }),
        ...comparedCells(line.amounts, (which) =>
          accountId
            ? options.links.ledger(accountId, options.ledgerPeriod(which))
            : options.computedHref?.(line, which),
        ),
      ],
    });
  }
  rows.push({ kind: "total", cells: [label(options.totalLabel), ...comparedCells(section.total)] });
  return rows;
}

const isZero = (amount: string) => /^-?0(\.0+)?$/.test(amount);

export function profitAndLossTable(report: ProfitAndLoss, startMonth: number): ReportTable {
  const links = linker(startMonth);
  const { columns } = report;
  const ledgerPeriod = (which: Which) => columns[which];
  return once(
    {
      tab: "profit-and-loss",
      title: REPORT_TAB_LABELS["profit-and-loss"],
      description: `Income and expenses of ${columns.current.label} (${periodDates(columns.current)}), ${comparedWith(columns, false)}. Posted entries only; year-end close entries are left out.`,
      period: columns.current,
      columns: comparedColumns(columns, false),
      rows: [
        ...sectionRows(report.income, { totalLabel: "Total income", ledgerPeriod, links }),
        ...sectionRows(report.expenses, { totalLabel: "Total expenses", ledgerPeriod, links }),
        {
          kind: "grand",
          cells: [label("Net profit"), ...comparedCells(report.netProfit)],
        },
      ],
      notes: ["A negative net profit is a loss."],
    },
    columns,
  );
}

/** The first day of the fiscal year holding `date`. */
const fiscalYearStart = (date: string, startMonth: number) =>
  fiscalYearRange(fiscalYearOfDate(date, startMonth), startMonth).from;

export function balanceSheetTable(report: BalanceSheet, startMonth: number): ReportTable {
  const links = linker(startMonth);
  const { columns } = report;
  // A balance is every posting up to the day; its lines are shown from the start of that day's fiscal year, so the
  // General Ledger opens with the balance brought forward and ends on the figure.
  const yearToDate = (which: Which) =>
    periodOfSpan(fiscalYearStart(columns[which].to, startMonth), columns[which].to, startMonth);
  // The year's profit to the day is the Profit & Loss of the year to that day; earlier years' result (all years
  // before, closed ones at zero) has no one Profit & Loss behind it.
  const computedHref = (line: ReportLine, which: Which) =>
    line === report.equity.lines.find((l) => l.accountId === null) ? links.profitAndLoss(yearToDate(which)) : undefined;
  const balanced = WHICH.every((w) => isZero(report.difference[w]));
  const rows: ReportRow[] = [
    ...sectionRows(report.assets, { totalLabel: "Total assets", ledgerPeriod: yearToDate, links }),
    ...sectionRows(report.liabilities, { totalLabel: "Total liabilities", ledgerPeriod: yearToDate, links }),
    ...sectionRows(report.equity, { totalLabel: "Total equity", ledgerPeriod: yearToDate, links, computedHref }),
    { kind: "grand", cells: [label("Total liabilities and equity"), ...comparedCells(report.liabilitiesAndEquity)] },
  ];
  if (!balanced)
    rows.push({
      kind: "line",
      cells: [label("Difference (assets less liabilities and equity)"), ...comparedCells(report.difference)],
    });
  return once(
    {
      tab: "balance-sheet",
      title: REPORT_TAB_LABELS["balance-sheet"],
      description: `What the company owns and owes ${
        report.asAtToday
          ? `as at today, ${day(report.asAtToday)}: ${report.period.label} has not ended`
          : `at the end of ${columns.current.label} (${day(columns.current.to)})`
      }, ${comparedWith(columns, true)}. Posted entries only; equity includes the result not yet closed to retained earnings.`,
      period: report.period,
      ...(report.asAtToday ? { asAt: report.asAtToday } : {}),
      columns: comparedColumns(columns, true),
      rows,
      notes: [
        balanced
          ? "Assets equal liabilities and equity in every column."
          : "Assets differ from liabilities and equity: see the Difference line.",
      ],
    },
    columns,
  );
}

export function cashFlowTable(report: CashFlow, startMonth: number): ReportTable {
  const links = linker(startMonth);
  const { columns } = report;
  const ledgerPeriod = (which: Which) => columns[which];
  const netProfit: ReportRow = {
    kind: "line",
    cells: [
      label("Net profit", { depth: 0 }),
      ...comparedCells(report.netProfit, (w) => links.profitAndLoss(columns[w])),
    ],
  };
  const operating = sectionRows(report.operating, {
    title: CASH_FLOW_ACTIVITY_LABELS.operating,
    totalLabel: "Net cash from operating activities",
    ledgerPeriod,
    links,
    lead: [netProfit],
  });
  // The operating section's total is the changes alone; the line under it adds the profit.
  operating[operating.length - 1] = {
    kind: "total",
    cells: [label("Net cash from operating activities"), ...comparedCells(report.netOperating)],
  };
  return once(
    {
      tab: "cash-flow",
      title: REPORT_TAB_LABELS["cash-flow"],
      description: `Where cash, bank and wallet money came from and went in ${columns.current.label} (${periodDates(columns.current)}), by the indirect method: the net profit, then the change in each other balance; ${comparedWith(columns, false)}.`,
      period: columns.current,
      columns: comparedColumns(columns, false),
      rows: [
        ...operating,
        ...sectionRows(report.investing, {
          title: CASH_FLOW_ACTIVITY_LABELS.investing,
          totalLabel: "Net cash from investing activities",
          ledgerPeriod,
          links,
        }),
        ...sectionRows(report.financing, {
          title: CASH_FLOW_ACTIVITY_LABELS.financing,
          totalLabel: "Net cash from financing activities",
          ledgerPeriod,
          links,
        }),
        { kind: "grand", cells: [label("Net change in cash"), ...comparedCells(report.netChange)] },
        { kind: "line", cells: [label("Cash at the start of the period"), ...comparedCells(report.openingCash)] },
        { kind: "grand", cells: [label("Cash at the end of the period"), ...comparedCells(report.closingCash)] },
      ],
      notes: [
        "Cash is the cash, bank and mobile wallet accounts. A negative figure is cash paid out (or a balance that grew).",
      ],
    },
    columns,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Trial balance

/** A debits-less-credits balance in its debit or its credit column. */
function sides(balance: string): [string | null, string | null] {
  if (isZero(balance)) return [null, null];
  return balance.startsWith("-") ? [null, balance.slice(1)] : [balance, null];
}

export function trialBalanceTable(report: TrialBalance, startMonth: number): ReportTable {
  const links = linker(startMonth);
  const { period, totals } = report;
  const money = (value: string | null, href?: string): ReportCell =>
    value === null ? { value: null } : href ? { value, href } : { value };
  return {
    tab: "trial-balance",
    title: REPORT_TAB_LABELS["trial-balance"],
    description: `Every account's balance at the start of ${period.label}, its debits and credits in ${periodDates(period)}, and its balance at the end. Posted entries only, year-end close entries included.`,
    period,
    columns: [
      { key: "label", header: "Account", kind: "label" },
      { key: "openingDebit", header: "Opening", note: "debit", kind: "money" },
      { key: "openingCredit", header: "Opening", note: "credit", kind: "money" },
      { key: "debits", header: "Debits", kind: "money" },
      { key: "credits", header: "Credits", kind: "money" },
      { key: "closingDebit", header: "Closing", note: "debit", kind: "money" },
      { key: "closingCredit", header: "Closing", note: "credit", kind: "money" },
    ],
    rows: [
      ...report.lines.map((line): ReportRow => {
        const href = links.ledger(line.accountId, period);
        const [openingDebit, openingCredit] = sides(line.opening);
        const [closingDebit, closingCredit] = sides(line.closing);
        return {
          kind: "line",
          cells: [
            label(line.name, { code: line.code, depth: line.depth }),
            money(openingDebit, href),
            money(openingCredit, href),
            money(isZero(line.debits) ? null : line.debits, href),
            money(isZero(line.credits) ? null : line.credits, href),
            money(closingDebit, href),
            money(closingCredit, href),
          ],
        };
      }),
      {
        kind: "grand",
        cells: [
          label("Totals"),
          money(totals.openingDebit),
          money(totals.openingCredit),
          money(totals.debits),
          money(totals.credits),
          money(totals.closingDebit),
          money(totals.closingCredit),
        ],
      },
    ],
    notes: [
      totals.debits === totals.credits &&
      totals.openingDebit === totals.openingCredit &&
      totals.closingDebit === totals.closingCredit
        ? "Debits equal credits in every column."
        : "Debits and credits differ: the books do not balance.",
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// General Ledger of one account

export interface LedgerLine {
  entryId: string;
  entryDate: string;
  referenceNo: string | null;
  description: string;
  lineDescription: string | null;
  sourceType: string;
  debit: string;
  credit: string;
  /** The balance after the line, as the account's type reads it. */
  runningBalance: string;
}

export interface GeneralLedger {
  account: { id: string; code: string; name: string; type: AccountType };
  period: ReportPeriod;
  /** As the account's type reads them (a liability's credit balance positive); debits and credits as posted. */
  opening: string;
  debits: string;
  credits: string;
  closing: string;
  /** Oldest first. */
  lines: LedgerLine[];
  /** Whether these lines start the period (the opening row goes first) and end it (the totals and closing last). */
  first: boolean;
  last: boolean;
}

export function generalLedgerTable(ledger: GeneralLedger): ReportTable {
  const { account, period } = ledger;
  const empty = { value: null };
  const rows: ReportRow[] = [];
  if (ledger.first)
    rows.push({
      kind: "total",
      cells: [{ value: period.from }, empty, label("Opening balance"), empty, empty, { value: ledger.opening }],
    });
  for (const line of ledger.lines) {
    const source = JOURNAL_SOURCE_LABELS[line.sourceType as JournalSource] ?? "Entry";
    rows.push({
      kind: "line",
      cells: [
        { value: line.entryDate },
        { value: line.referenceNo ?? source, href: ledgerEntryHref(line.entryId) },
        label(line.lineDescription || line.description),
        isZero(line.debit) ? empty : { value: line.debit },
        isZero(line.credit) ? empty : { value: line.credit },
        { value: line.runningBalance },
      ],
    });
  }
  if (ledger.last) {
    rows.push({
      kind: "total",
      cells: [empty, empty, label("Total for the period"), { value: ledger.debits }, { value: ledger.credits }, empty],
    });
    rows.push({
      kind: "grand",
      cells: [{ value: period.to }, empty, label("Closing balance"), empty, empty, { value: ledger.closing }],
    });
  }
  const reads =
    account.type === "asset" || account.type === "expense"
      ? "debits add to the balance, credits take away"
      : "credits add to the balance, debits take away";
  return {
    tab: "general-ledger",
    title: `${REPORT_TAB_LABELS["general-ledger"]}: ${account.code} ${account.name}`,
    account: { id: account.id, code: account.code, name: account.name },
    description: `The posted lines of ${account.code} ${account.name} in ${period.label} (${periodDates(period)}), oldest first, each with the balance after it.`,
    period,
    columns: [
      { key: "date", header: "Date", kind: "date" },
      { key: "entry", header: "Entry", kind: "text" },
      { key: "label", header: "Description", kind: "label" },
      { key: "debit", header: "Debit", kind: "money" },
      { key: "credit", header: "Credit", kind: "money" },
      { key: "balance", header: "Balance", kind: "money" },
    ],
    rows,
    notes: [`Balances as the account's type reads them: ${reads}.`],
  };
}
