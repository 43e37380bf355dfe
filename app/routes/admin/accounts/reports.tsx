import { BookOpen, CalendarCheck, Lock } from "lucide-react";
import { Link, NavLink } from "react-router";
import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { loadReportsPage } from "~/domain/reports/reports-page.server";
import { monthPeriod, type ReportPeriod } from "~/domain/reports/report-periods";
import { reportExportHref, reportHref, YEAR_END_PATH } from "~/domain/reports/report-table";
import { REPORT_TAB_LABELS, REPORT_TABS, type ReportTab } from "~/domain/reports/statements";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatShortDate } from "~/lib/format";
import { ExportMenu } from "~/ui/admin/accounts/reports/export-menu";
import { IncomeExpenseChart } from "~/ui/admin/accounts/reports/income-expense-chart";
import { LedgerFiguresPanel, LedgerTable } from "~/ui/admin/accounts/reports/ledger-view";
import { PeriodChooser } from "~/ui/admin/accounts/reports/period-chooser";
import { StatementTable } from "~/ui/admin/accounts/reports/statement-table";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { Badge } from "~/ui/badge";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/reports";

// Financial Reports (backoffice.md §2; issue 24): Profit & Loss, Balance Sheet, Cash Flow, Trial Balance and the
// General Ledger of an account, over a month, a quarter or a year of the fiscal year, or a date range, each
// compared with the period before and a year earlier; every account figure opens the lines behind it; Export Report
// gives what is on screen as CSV or PDF. Everything is in the URL (?tab=&period=&month=|fy=&q=|from=&to=&account=
// &page=); a value that cannot be read is named and today's month shown. The figures are the domain's
// (app/domain/reports/), computed from posted journal lines alone.

export const meta: Route.MetaFunction = ({ data: page }) => [
  {
    title: `${page ? `${REPORT_TAB_LABELS[page.tab]} · ${page.period.label}` : "Financial Reports"} | Utsab Admin`,
  },
];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/reports");
  return loadReportsPage(getDb(), new URL(args.request.url).searchParams, todayInDhaka());
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px inline-flex items-center border-b-2 px-2.5 py-2.5 text-sm font-medium whitespace-nowrap transition sm:px-4 ${
    isActive
      ? "border-brand-600 text-brand-800"
      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-ink-900"
  }`;

function ReportTabs({
  tab,
  period,
  startMonth,
  account,
}: {
  tab: ReportTab;
  period: ReportPeriod;
  startMonth: number;
  account: string | null;
}) {
  return (
    // The tabs wrap rather than scroll: on a phone every one is in reach without scrolling the row sideways.
    <nav aria-label="Reports" className="mb-4 border-b border-slate-200">
      <ul className="flex flex-wrap">
        {REPORT_TABS.map((t) => (
          <li key={t}>
            <NavLink
              to={reportHref({ tab: t, period, account: t === "general-ledger" ? account : null }, startMonth)}
              preventScrollReset
              // The tab is in the query, which NavLink does not compare: say which one is shown.
              className={() => tabClass({ isActive: t === tab })}
              aria-current={t === tab ? "page" : undefined}
            >
              {REPORT_TAB_LABELS[t]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function FinancialReports({ loaderData: page }: Route.ComponentProps) {
  const { tab, period, startMonth, fiscalYear, table, ledger, errors } = page;
  const account = ledger?.account?.id ?? null;
  const location = { tab, period, account };
  const messages = Object.values(errors);

  return (
    <>
      <PageHeader
        title="Financial Reports"
        description={`Fiscal year ${fiscalYear.name} (${formatShortDate(fiscalYear.from)} – ${formatShortDate(fiscalYear.to)}), set in Settings > Accounting. From posted journal entries only.`}
        actions={
          <>
            <Link to={YEAR_END_PATH} className={secondaryButton}>
              <CalendarCheck aria-hidden className="size-4" /> Year-end close
            </Link>
            <ExportMenu
              csvHref={reportExportHref(location, "csv", startMonth)}
              pdfHref={reportExportHref(location, "pdf", startMonth)}
              disabledReason={tab === "general-ledger" && !account ? "Choose an account first" : undefined}
            />
          </>
        }
      />
      {fiscalYear.closedOn && (
        <p className="-mt-3 mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone="slate">
            <Lock aria-hidden className="mr-1 inline size-3.5" />
            Closed
          </Badge>
          Fiscal year {fiscalYear.name} was closed on {formatShortDate(fiscalYear.closedOn)}: its result is in retained
          earnings.
        </p>
      )}

      {messages.length > 0 && (
        <div
          role="alert"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="font-semibold">The address asks for something that cannot be shown; showing {period.label}.</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(errors).map(([field, message]) => (
              <li key={field} data-field={field}>
                {message}
              </li>
            ))}
          </ul>
        </div>
      )}

      <ReportTabs tab={tab} period={period} startMonth={startMonth} account={account} />

      <Panel className="mb-6">
        <PeriodChooser
          tab={tab}
          period={period}
          startMonth={startMonth}
          today={page.today}
          account={account}
          accounts={ledger?.accounts}
        />
        {page.monthly && (
          <IncomeExpenseChart
            months={page.monthly}
            fiscalYearLabel={`FY ${fiscalYear.name}`}
            current={period.kind === "monthly" ? period.from : null}
            monthHref={(m) =>
              reportHref({ tab: "profit-and-loss", period: monthPeriod(m.from, startMonth) }, startMonth)
            }
          />
        )}
      </Panel>

      {table ? (
        <Panel>
          <div className="border-b border-slate-200 px-4 py-3">
            <h2 className="text-base font-semibold text-ink-900">{table.title}</h2>
            <p className="mt-0.5 text-sm text-slate-600">{table.description}</p>
          </div>
          {tab === "general-ledger" && ledger?.figures && ledger.account && (
            <LedgerFiguresPanel
              figures={ledger.figures}
              from={period.from}
              to={period.to}
              accountId={ledger.account.id}
            />
          )}
          {tab === "general-ledger" && ledger?.paging ? (
            <LedgerTable
              table={table}
              paging={ledger.paging}
              pageHref={(p) => reportHref({ ...location, page: p }, startMonth)}
            />
          ) : (
            <StatementTable table={table} />
          )}
          {table.notes.length > 0 && (
            <div className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500">
              {table.notes.map((note) => (
                <p key={note}>{note}</p>
              ))}
              {tab === "balance-sheet" ? (
                <p>
                  Open a figure to see the lines behind it: an account's from the start of that fiscal year to the day,
                  after the balance brought forward.
                </p>
              ) : (
                tab !== "general-ledger" && <p>Open a figure to see the lines behind it.</p>
              )}
            </div>
          )}
        </Panel>
      ) : (
        <Panel className="px-4 py-10 text-center">
          <BookOpen aria-hidden className="mx-auto size-8 text-slate-400" />
          <p className="mt-2 font-medium text-ink-900">Choose an account to see its lines</p>
          <p className="mt-1 text-sm text-slate-600">
            Its opening balance, each posted line in {period.label} with the balance after it, and its closing balance.
          </p>
        </Panel>
      )}
    </>
  );
}
