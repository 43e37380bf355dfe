import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import {
  fiscalYearName,
  fiscalYearOfDate,
  MONTH_NAMES,
  previousPeriod,
  quarterOfDate,
  quarterPeriod,
  REPORT_PERIOD_KINDS,
  REPORT_PERIOD_LABELS,
  type ReportPeriod,
} from "~/domain/reports/report-periods";
import { nextPeriod, periodDates, periodOfKind, reportHref, REPORTS_PATH } from "~/domain/reports/report-table";
import type { ReportTab } from "~/domain/reports/statements";
import { inputClass } from "~/ui/admin/form";
import { secondaryButton } from "~/ui/buttons";

// The period of Financial Reports: the toggle (Monthly, Quarterly, Yearly, Date range), the period's own fields (a
// month; a fiscal year and a quarter; a fiscal year; two dates), arrows to the period before and after, and on the
// General Ledger tab the account. One GET form, so it works without JavaScript (Show); with it a choice in a select
// or the month field applies at once. Everything is in the URL.

export interface LedgerChoice {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
}

const fieldClass = `mt-1 ${inputClass} border-slate-300`;
const labelClass = "block text-sm font-medium text-ink-900";

/** Fiscal years to offer: seven before today's, today's and the next, and the one shown if it is outside them. */
function fiscalYearChoices(current: number, shown: number): number[] {
  const years = Array.from({ length: 9 }, (_, i) => current + 1 - i);
  if (!years.includes(shown)) years.push(shown);
  return years.sort((a, b) => b - a);
}

/** "Q2 (Oct – Dec)". */
function quarterLabel(fiscalYear: number, quarter: number, startMonth: number): string {
  const p = quarterPeriod(fiscalYear, quarter, startMonth);
  const month = (iso: string) => MONTH_NAMES[Number(iso.slice(5, 7)) - 1];
  return `Q${quarter} (${month(p.from)} – ${month(p.to)})`;
}

export function PeriodChooser({
  tab,
  period,
  startMonth,
  today,
  account,
  accounts,
}: {
  tab: ReportTab;
  period: ReportPeriod;
  startMonth: number;
  today: string;
  /** The General Ledger tab's account (its id) and the accounts to choose from; undefined on the other tabs. */
  account?: string | null;
  accounts?: LedgerChoice[];
}) {
  const href = (p: ReportPeriod) => reportHref({ tab, period: p, account }, startMonth);
  const before = previousPeriod(period, startMonth);
  const after = nextPeriod(period, startMonth);
  const years = fiscalYearChoices(fiscalYearOfDate(today, startMonth), period.fiscalYear);
  const formKey = `${tab}:${period.kind}:${period.from}:${period.to}:${account ?? ""}`;

  return (
    <div className="flex flex-col gap-4 border-b border-slate-200 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <nav aria-label="Period">
          <ul className="grid grid-cols-4 rounded-md border border-slate-300 bg-slate-50 p-0.5 text-sm font-medium sm:inline-grid">
            {REPORT_PERIOD_KINDS.map((kind) => (
              <li key={kind}>
                <Link
                  to={href(periodOfKind(period, kind, startMonth))}
                  preventScrollReset
                  aria-current={period.kind === kind ? "true" : undefined}
                  className="flex h-full items-center justify-center rounded px-2 py-1.5 text-center leading-tight text-slate-700 hover:bg-white hover:text-ink-900 aria-[current]:bg-ink-900 aria-[current]:text-white sm:px-3"
                >
                  {REPORT_PERIOD_LABELS[kind]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center justify-between gap-2 sm:justify-end">
          <Link
            to={href(before)}
            preventScrollReset
            aria-label={`Previous period: ${before.label}`}
            title={before.label}
            className={`${secondaryButton} !px-2.5 !py-2`}
          >
            <ChevronLeft aria-hidden className="size-4" />
          </Link>
          <p className="min-w-0 text-center" aria-live="polite">
            <span className="block font-semibold text-ink-900" data-testid="period-label">
              {period.label}
            </span>
            {/* A range's label is its dates already. */}
            {period.kind !== "range" && <span className="block text-xs text-slate-500">{periodDates(period)}</span>}
          </p>
          <Link
            to={href(after)}
            preventScrollReset
            aria-label={`Next period: ${after.label}`}
            title={after.label}
            className={`${secondaryButton} !px-2.5 !py-2`}
          >
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </div>
      </div>

      <Form
        key={formKey}
        method="get"
        action={REPORTS_PATH}
        preventScrollReset
        aria-label="Choose the period"
        onChange={(event) => {
          const target = event.target;
          if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "month"))
            event.currentTarget.requestSubmit();
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name="period" value={period.kind} />
        {accounts && (
          <div className="w-full sm:w-80">
            <label htmlFor="report-account" className={labelClass}>
              Account
            </label>
            <select id="report-account" name="account" defaultValue={account ?? ""} className={fieldClass}>
              <option value="">Choose an account</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.code} - {a.name}
                  {a.isActive ? "" : " (deactivated)"}
                </option>
              ))}
            </select>
          </div>
        )}
        {period.kind === "monthly" && (
          <div className="min-w-44 flex-1 sm:w-48 sm:flex-none">
            <label htmlFor="report-month" className={labelClass}>
              Month
            </label>
            <input
              id="report-month"
              type="month"
              name="month"
              required
              min="2000-01"
              max="2100-12"
              placeholder="YYYY-MM"
              defaultValue={period.from.slice(0, 7)}
              className={fieldClass}
            />
          </div>
        )}
        {(period.kind === "quarterly" || period.kind === "yearly") && (
          <div className="min-w-32 flex-1 sm:w-40 sm:flex-none">
            <label htmlFor="report-fy" className={labelClass}>
              Fiscal year
            </label>
            <select id="report-fy" name="fy" defaultValue={String(period.fiscalYear)} className={fieldClass}>
              {years.map((year) => (
                <option key={year} value={year}>
                  {fiscalYearName(year, startMonth)}
                </option>
              ))}
            </select>
          </div>
        )}
        {period.kind === "quarterly" && (
          <div className="min-w-36 flex-1 sm:w-44 sm:flex-none">
            <label htmlFor="report-quarter" className={labelClass}>
              Quarter
            </label>
            <select
              id="report-quarter"
              name="q"
              defaultValue={String(quarterOfDate(period.from, startMonth))}
              className={fieldClass}
            >
              {[1, 2, 3, 4].map((q) => (
                <option key={q} value={q}>
                  {quarterLabel(period.fiscalYear, q, startMonth)}
                </option>
              ))}
            </select>
          </div>
        )}
        {period.kind === "range" && (
          <>
            <div className="min-w-36 flex-1 sm:w-44 sm:flex-none">
              <label htmlFor="report-from" className={labelClass}>
                From
              </label>
              <input
                id="report-from"
                type="date"
                name="from"
                required
                defaultValue={period.from}
                className={fieldClass}
              />
            </div>
            <div className="min-w-36 flex-1 sm:w-44 sm:flex-none">
              <label htmlFor="report-to" className={labelClass}>
                To
              </label>
              <input id="report-to" type="date" name="to" required defaultValue={period.to} className={fieldClass} />
            </div>
          </>
        )}
        <div className="flex items-end">
          {/* Needed without JavaScript and for the dates; a select or the month applies at once. */}
          <button type="submit" className={`${secondaryButton} !px-4 !py-2`}>
            Show
          </button>
        </div>
      </Form>
    </div>
  );
}
