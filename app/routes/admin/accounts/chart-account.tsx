import { ArrowLeft, BookOpen, ExternalLink, ListTree } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/client.server";
import {
  ACCOUNT_LINES_LIST,
  accountRange,
  ledgerAccountHref,
  ledgerEntryHref,
  quickRanges,
} from "~/domain/accounting/account-page";
import { loadAccountPage } from "~/domain/accounting/account-page.server";
import { CHART_MESSAGES } from "~/domain/accounting/chart-form";
import {
  ACCOUNT_TYPE_LABELS,
  JOURNAL_SOURCE_LABELS,
  PAYMENT_METHOD_LABELS,
  type JournalSource,
} from "~/domain/accounting/constants";
import { requireView } from "~/domain/auth/guard.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatMoney, formatShortDate } from "~/lib/format";
import { listHref, parseList } from "~/lib/list-params";
import { Balance } from "~/ui/admin/accounting/balance";
import {
  cellClass,
  DateFilter,
  EmptyState,
  HeadCell,
  ListSkeleton,
  ListTable,
  ListToolbar,
  Pagination,
  RecordRouteError,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { Badge } from "~/ui/badge";
import { secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/chart-account";

// An account's page (issue 21): its opening balance, debits, credits and closing balance over a date range (from
// and to in the URL; this month in Dhaka by default), and its posted lines newest first with the balance after
// each, paged; each line opens its entry in the General Ledger.

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page ? `${page.page.account.code} ${page.page.account.name}` : "Account"} | Utsab Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/accounts/chart/:id");
  const url = new URL(args.request.url);
  const today = todayInDhaka();
  const state = accountRange(parseList(ACCOUNT_LINES_LIST, url), today);
  const page = await loadAccountPage(getDb(), args.params.id, state.filters, state.page);
  if (!page) throw data(CHART_MESSAGES.notFound, { status: 404 });
  return { state, page, quick: quickRanges(today) };
}

export default function ChartAccount({ loaderData }: Route.ComponentProps) {
  const { page, quick } = loaderData;
  const { account, period, lines, range } = page;
  const list = useListView(ACCOUNT_LINES_LIST, loaderData.state);
  const loading = useListLoading(list);
  const figures = [
    { label: `Opening balance (${formatShortDate(range.from)})`, amount: period.opening, balance: true },
    { label: "Debits", amount: period.debits, balance: false },
    { label: "Credits", amount: period.credits, balance: false },
    { label: `Closing balance (${formatShortDate(range.to)})`, amount: period.closing, balance: true },
  ];

  return (
    <>
      <Link
        to="/admin/accounts/chart"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Chart of accounts
      </Link>
      <PageHeader
        title={`${account.code} ${account.name}`}
        description={account.description ?? undefined}
        actions={
          <Link to={ledgerAccountHref(account.id, range)} className={secondaryButton}>
            <BookOpen aria-hidden className="size-4" /> In the General Ledger
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone="brand">{ACCOUNT_TYPE_LABELS[account.type]}</Badge>
        {!account.isActive && <Badge tone="slate">Deactivated: not offered for new postings</Badge>}
        {account.paymentMethod && <Badge tone="blue">{PAYMENT_METHOD_LABELS[account.paymentMethod]}</Badge>}
        {account.parent && (
          <span className="inline-flex items-center gap-1">
            <ListTree aria-hidden className="size-4" /> Under{" "}
            <Link to={`/admin/accounts/chart/${account.parent.id}`} className="text-brand-700 hover:underline">
              {account.parent.code} {account.parent.name}
            </Link>
          </span>
        )}
        {account.roles.length > 0 && <span>Used for: {account.roles.join("; ")}</span>}
      </div>

      <Panel className="mb-6">
        <ListToolbar list={list} label="Choose the period">
          <DateFilter name="from" label="From" className="sm:w-44" />
          <DateFilter name="to" label="To" className="sm:w-44" />
          <div className="col-span-2 flex flex-wrap items-end gap-x-3 gap-y-1 sm:pb-2">
            {quick.map((r) => (
              <Link
                key={r.label}
                to={listHref(list.pathname, ACCOUNT_LINES_LIST, loaderData.state, {
                  filters: { from: r.from, to: r.to },
                })}
                preventScrollReset
                aria-current={r.from === range.from && r.to === range.to ? "true" : undefined}
                className="text-sm font-medium text-brand-700 hover:underline aria-[current]:text-ink-900 aria-[current]:no-underline"
              >
                {r.label}
              </Link>
            ))}
          </div>
        </ListToolbar>
        <dl className="grid grid-cols-2 gap-px bg-slate-200 lg:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="bg-white px-4 py-3">
              <dt className="text-xs font-medium text-slate-500">{f.label}</dt>
              <dd className="mt-1 text-lg font-semibold text-ink-900">
                {f.balance ? (
                  <Balance amount={f.amount} />
                ) : (
                  <span className="tabular-nums">{formatMoney(f.amount)}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500">
          Balances as {ACCOUNT_TYPE_LABELS[account.type].toLowerCase()} accounts read them:{" "}
          {account.type === "asset" || account.type === "expense"
            ? "debits add, credits take away."
            : "credits add, debits take away."}{" "}
          Posted entries only.
        </p>
      </Panel>

      <Panel>
        <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-ink-900">
          Lines, newest first
        </h2>
        {loading ? (
          <ListSkeleton label="lines" columns={6} />
        ) : lines.rows.length === 0 ? (
          <EmptyState
            list={{ ...list, state: { ...list.state, filters: {} } }}
            icon={BookOpen}
            title="Nothing posted to this account in this period"
            hint="Choose another period above."
          />
        ) : (
          <ListTable label="Lines of the account" minWidth="50rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Date</HeadCell>
                <HeadCell>Entry</HeadCell>
                <HeadCell className="text-right">Debit</HeadCell>
                <HeadCell className="text-right">Credit</HeadCell>
                <HeadCell className="text-right">Balance</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.rows.map((line, i) => (
                <tr key={`${line.entryId}-${i}`} className="hover:bg-slate-50">
                  <td data-label="Date" className={`${cellClass} whitespace-nowrap`}>
                    {formatShortDate(line.entryDate)}
                  </td>
                  <td className={`${cellClass} min-w-56`}>
                    <Link
                      to={ledgerEntryHref(line.entryId)}
                      className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                    >
                      {line.referenceNo ?? JOURNAL_SOURCE_LABELS[line.sourceType as JournalSource] ?? "Entry"}
                      <ExternalLink aria-hidden className="size-3" />
                    </Link>
                    <span className="block break-words text-slate-700">{line.lineDescription || line.description}</span>
                  </td>
                  <td
                    data-label="Debit"
                    data-empty={line.debit === "0.00" ? "" : undefined}
                    className={`${cellClass} text-right tabular-nums whitespace-nowrap max-sm:text-left`}
                  >
                    {line.debit === "0.00" ? "" : formatMoney(line.debit)}
                  </td>
                  <td
                    data-label="Credit"
                    data-empty={line.credit === "0.00" ? "" : undefined}
                    className={`${cellClass} text-right tabular-nums whitespace-nowrap max-sm:text-left`}
                  >
                    {line.credit === "0.00" ? "" : formatMoney(line.credit)}
                  </td>
                  <td data-label="Balance" className={`${cellClass} text-right font-medium max-sm:text-left`}>
                    <Balance amount={line.runningBalance} />
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={lines} noun="lines" />
      </Panel>
    </>
  );
}

export function ErrorBoundary() {
  return <RecordRouteError thing="Account" backTo="/admin/accounts/chart" backLabel="Back to the chart of accounts" />;
}
