import { CalendarCheck, CalendarX, FileText } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { FiscalYearRow } from "~/domain/accounting/year-end-close-form";
import { yearPeriod } from "~/domain/reports/report-periods";
import { reportHref } from "~/domain/reports/report-table";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatShortDate } from "~/lib/format";
import { Balance } from "~/ui/admin/accounting/balance";
import { Panel } from "~/ui/admin/page-header";
import { Badge } from "~/ui/badge";
import { primaryButton, secondaryButton } from "~/ui/buttons";

// The year-end screen's fiscal years (issue 24), newest first: each year's period, its income, expenses and result
// (the Profit & Loss of the year, opened by the result), its state (open, closed on a day by someone, reopened with
// the reason) with the closing and reopening entries in the General Ledger, and Close year or Reopen, disabled with
// the reason when the use case would refuse.

const ledgerEntryHref = (entryId: string) => `/admin/accounts/ledger?entry=${encodeURIComponent(entryId)}`;
/** The Dhaka day of an instant, as the screens print dates. */
const dayOf = (instant: string) => formatShortDate(todayInDhaka(new Date(instant)));

const linkClass = "font-medium text-brand-700 hover:underline";
/** A figure: its label and amount on one line on a phone, the amount under its label from sm up. */
const figureClass = "flex items-baseline justify-between gap-3 sm:block";

function StateBadge({ year, current }: { year: FiscalYearRow; current: boolean }) {
  if (year.close && !year.close.reopenedAt) return <Badge tone="green">Closed</Badge>;
  if (year.close) return <Badge tone="amber">Reopened</Badge>;
  return <Badge tone={current ? "blue" : "slate"}>{current ? "Open · current year" : "Open"}</Badge>;
}

function StateText({ year }: { year: FiscalYearRow }) {
  const close = year.close;
  if (!close) return <p className="text-slate-600">Not closed: postings dated in the year are taken.</p>;
  const closedLine = (
    <>
      Closed on {dayOf(close.closedAt)}
      {close.closedBy ? ` by ${close.closedBy}` : ""}, result <Balance amount={close.result} />
      {" · "}
      <Link to={ledgerEntryHref(close.closingEntryId)} className={linkClass}>
        Closing entry
      </Link>
    </>
  );
  if (!close.reopenedAt) return <p className="text-slate-700">{closedLine}</p>;
  return (
    <div className="space-y-1 text-slate-700">
      <p>
        Reopened on {dayOf(close.reopenedAt)}
        {close.reopenedBy ? ` by ${close.reopenedBy}` : ""}:{" "}
        <q className="break-words whitespace-pre-line">{close.reopenReason}</q>
      </p>
      <p className="text-slate-500">
        {closedLine}
        {close.reopenEntryId && (
          <>
            {" · "}
            <Link to={ledgerEntryHref(close.reopenEntryId)} className={linkClass}>
              Reopening entry
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

/** A button the use case would refuse now: disabled, with the reason beside it. */
function Unavailable({ label, reason }: { label: string; reason: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <button type="button" disabled aria-describedby={id} className={`${secondaryButton} opacity-60`}>
        {label}
      </button>
      <p id={id} className="text-xs text-slate-500 sm:max-w-xs sm:text-right">
        {reason}
      </p>
    </div>
  );
}

function Actions({
  year,
  canManage,
  dialogHref,
}: {
  year: FiscalYearRow;
  canManage: boolean;
  dialogHref: (param: string) => string;
}) {
  if (!canManage) return null;
  const closed = !!year.close && !year.close.reopenedAt;
  if (closed)
    return year.reopenBlocker ? (
      <Unavailable label="Reopen" reason={year.reopenBlocker} />
    ) : (
      <Link to={dialogHref(`reopen=${year.close!.id}`)} preventScrollReset className={secondaryButton}>
        <CalendarX aria-hidden className="size-4" /> Reopen
      </Link>
    );
  return year.closeBlocker ? (
    <Unavailable label="Close year" reason={year.closeBlocker} />
  ) : (
    <Link to={dialogHref(`close=${year.fiscalYear}`)} preventScrollReset className={primaryButton}>
      <CalendarCheck aria-hidden className="size-4" /> Close year
    </Link>
  );
}

export function FiscalYearList({
  years,
  startMonth,
  currentYear,
  canManage,
  dialogHref,
}: {
  years: readonly FiscalYearRow[];
  startMonth: number;
  currentYear: number;
  canManage: boolean;
  /** The screen's URL with one dialog's parameter ("close=2025", "reopen=<id>"). */
  dialogHref: (param: string) => string;
}) {
  return (
    <ul className="space-y-4" aria-label="Fiscal years">
      {years.map((year) => {
        const loss = year.result.startsWith("-");
        return (
          <li key={year.fiscalYear}>
            <Panel className="p-4 sm:p-5">
              <article aria-labelledby={`fy-${year.fiscalYear}`} className="grid gap-4 lg:grid-cols-[1fr_auto]">
                <div className="min-w-0 space-y-3">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h2 id={`fy-${year.fiscalYear}`} className="text-lg font-semibold text-ink-900">
                      FY {year.name}
                    </h2>
                    <StateBadge year={year} current={year.fiscalYear === currentYear} />
                    <span className="text-sm text-slate-500">
                      {formatShortDate(year.from)} – {formatShortDate(year.to)}
                    </span>
                  </div>
                  <dl className="grid gap-x-6 gap-y-1 text-sm sm:max-w-xl sm:grid-cols-3">
                    <div className={figureClass}>
                      <dt className="text-slate-500">Income</dt>
                      <dd className="font-medium text-ink-900">
                        <Balance amount={year.income} />
                      </dd>
                    </div>
                    <div className={figureClass}>
                      <dt className="text-slate-500">Expenses</dt>
                      <dd className="font-medium text-ink-900">
                        <Balance amount={year.expenses} />
                      </dd>
                    </div>
                    <div className={figureClass}>
                      <dt className="text-slate-500">{loss ? "Loss" : "Result"}</dt>
                      <dd className="font-semibold">
                        <Link
                          to={reportHref(
                            { tab: "profit-and-loss", period: yearPeriod(year.fiscalYear, startMonth) },
                            startMonth,
                          )}
                          className="text-ink-900 hover:underline"
                          title={`Profit & Loss of FY ${year.name}`}
                        >
                          <Balance amount={year.result} />
                        </Link>
                      </dd>
                    </div>
                  </dl>
                  <div className="flex items-start gap-2 text-sm">
                    <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
                    <StateText year={year} />
                  </div>
                </div>
                <div className="lg:self-center">
                  <Actions year={year} canManage={canManage} dialogHref={dialogHref} />
                </div>
              </article>
            </Panel>
          </li>
        );
      })}
    </ul>
  );
}
