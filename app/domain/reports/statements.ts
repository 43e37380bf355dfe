import { fromPaisa, toPaisa } from "../../lib/money";
import type { AccountType } from "../accounting/constants";
import type { ReportPeriod } from "./report-periods";

// The financial statements as the screen, the CSV and the PDF show them (issue 24), computed on the server from
// posted journal lines alone (profit-and-loss.server.ts, balance-sheet.server.ts, cash-flow.server.ts,
// trial-balance.server.ts). Every amount is a money string ("1234.50") in the sign its section reads naturally:
// income, expenses, assets, liabilities and equity each positive when normal. Browser-safe.

export const REPORT_TABS = [
  "profit-and-loss",
  "balance-sheet",
  "cash-flow",
  "trial-balance",
  "general-ledger",
] as const;
export type ReportTab = (typeof REPORT_TABS)[number];
export const REPORT_TAB_LABELS: Record<ReportTab, string> = {
  "profit-and-loss": "Profit & Loss",
  "balance-sheet": "Balance Sheet",
  "cash-flow": "Cash Flow",
  "trial-balance": "Trial Balance",
  "general-ledger": "General Ledger",
};

/** A figure for the period, the period just before it and the same period a year earlier. */
export interface Compared {
  current: string;
  previous: string;
  lastYear: string;
}

/** The three periods a report compares (a balance sheet reads each at its last day). */
export interface ReportColumns {
  current: ReportPeriod;
  previous: ReportPeriod;
  lastYear: ReportPeriod;
}

export interface ReportLine {
  /** The account the figure is of; null for a computed line (the year's profit on the balance sheet). */
  accountId: string | null;
  code: string | null;
  /** The account's name, or the computed line's label. */
  label: string;
  amounts: Compared;
  /** 0 for an account at the top of the chart, 1 for one under a parent, and so on. */
  depth: number;
}

export interface ReportSection {
  key: string;
  title: string;
  lines: ReportLine[];
  total: Compared;
}

export interface ProfitAndLoss {
  kind: "profit-and-loss";
  columns: ReportColumns;
  income: ReportSection;
  expenses: ReportSection;
  /** Income less expenses (negative: a loss). */
  netProfit: Compared;
  /** Income and expenses by month of the current period's fiscal year, for the chart. */
  monthly: { label: string; from: string; to: string; income: string; expenses: string }[];
}

export interface BalanceSheet {
  kind: "balance-sheet";
  /** The period asked for. */
  period: ReportPeriod;
  /**
   * Set when the period has not ended: today, the day the current column is as at (issue 37), instead of the
   * period's last day.
   */
  asAtToday: string | null;
  /** Each column's balances are at its period's last day (the current one's at today in a period not ended). */
  columns: ReportColumns;
  assets: ReportSection;
  liabilities: ReportSection;
  /**
   * The equity accounts, then two computed lines: the result of the fiscal year to the day (income less expenses
   * not yet closed to retained earnings) and that of earlier years not closed.
   */
  equity: ReportSection;
  liabilitiesAndEquity: Compared;
  /** Assets less liabilities and equity, for each column: "0.00" when the books balance. */
  difference: Compared;
}

export interface CashFlow {
  kind: "cash-flow";
  columns: ReportColumns;
  /** The period's profit (as the P&L shows it). */
  netProfit: Compared;
  /** Changes in receivables, payables, VAT and the other operating balances, each as it adds to cash. */
  operating: ReportSection;
  /** Net profit plus the operating changes. */
  netOperating: Compared;
  investing: ReportSection;
  financing: ReportSection;
  /** Operating + investing + financing. */
  netChange: Compared;
  /** What the cash, bank and wallet accounts held the day before the period, and at its last day. */
  openingCash: Compared;
  closingCash: Compared;
}

export interface TrialBalanceLine {
  accountId: string;
  code: string;
  name: string;
  type: AccountType;
  depth: number;
  /** Debits less credits before the period. */
  opening: string;
  debits: string;
  credits: string;
  /** Debits less credits at the period's end. */
  closing: string;
}

export interface TrialBalance {
  kind: "trial-balance";
  period: ReportPeriod;
  lines: TrialBalanceLine[];
  /** Sums of the debit and credit columns: equal in a balanced book. */
  totals: {
    openingDebit: string;
    openingCredit: string;
    debits: string;
    credits: string;
    closingDebit: string;
    closingCredit: string;
  };
}

/** A figure's change from another: the amount and, when the other is not zero, the percentage (one decimal). */
export function changeOf(current: string, other: string): { amount: string; percent: string | null } {
  const a = toPaisa(current);
  const b = toPaisa(other);
  const diff = a - b;
  const amount = fromPaisa(diff);
  if (b === 0n) return { amount, percent: null };
  // The percentage is for reading only; the amount stays exact.
  const percent = (Number(diff) / Math.abs(Number(b))) * 100;
  return { amount, percent: percent.toFixed(1) };
}
