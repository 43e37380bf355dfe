import { BookOpen, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { ACCOUNT_LINES_LIST } from "~/domain/accounting/account-page";
import type { ReportTable } from "~/domain/reports/report-table";
import { formatMoney, formatShortDate } from "~/lib/format";
import { Balance } from "~/ui/admin/accounting/balance";
import { cellClass, HeadCell, ListTable, Pagination, useListView } from "~/ui/admin/list";
import { labelText } from "./statement-table";

// The General Ledger tab: the chosen account's opening balance, debits, credits and closing balance over the period,
// and its posted lines oldest first with the balance after each, a page at a time; each line opens its entry in the
// General Ledger screen, the account its own page. On a phone each line is a card (the back office's stacked list
// table), as on the account's page (app/routes/admin/accounts/chart-account.tsx).

export interface LedgerFigures {
  opening: string;
  debits: string;
  credits: string;
  closing: string;
}

export interface LedgerPagingView {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
}

export function LedgerFiguresPanel({
  figures,
  from,
  to,
  accountId,
}: {
  figures: LedgerFigures;
  from: string;
  to: string;
  accountId: string;
}) {
  const items = [
    { label: `Opening balance (${formatShortDate(from)})`, amount: figures.opening, balance: true },
    { label: "Debits", amount: figures.debits, balance: false },
    { label: "Credits", amount: figures.credits, balance: false },
    { label: `Closing balance (${formatShortDate(to)})`, amount: figures.closing, balance: true },
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-px border-b border-slate-200 bg-slate-200 lg:grid-cols-4">
        {items.map((f) => (
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
      <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-500">
        <Link
          to={`/admin/accounts/chart/${accountId}`}
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <BookOpen aria-hidden className="size-3.5" /> The account's page in the chart of accounts
        </Link>
      </p>
    </>
  );
}

/** The lines of the page, with the opening row on the first page and the totals and closing on the last. */
export function LedgerTable({
  table,
  paging,
  pageHref,
}: {
  table: ReportTable;
  paging: LedgerPagingView;
  pageHref: (page: number) => string;
}) {
  const view = useListView(ACCOUNT_LINES_LIST, { q: "", sort: "date", dir: "desc", page: paging.page, filters: {} });
  const list = { ...view, href: (change?: { page?: number }) => pageHref(change?.page ?? paging.page) };
  return (
    <>
      <ListTable label={`Lines of ${table.account?.code ?? ""} ${table.account?.name ?? ""}`} minWidth="50rem">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {table.columns.map((column) => (
              <HeadCell
                key={column.key}
                className={column.kind === "money" ? "text-right" : column.kind === "date" ? "w-32" : ""}
              >
                {column.header}
              </HeadCell>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.rows.map((row, i) => (
            <tr
              key={i}
              data-row={row.kind}
              className={row.kind === "line" ? "hover:bg-slate-50" : "bg-slate-50 font-semibold text-ink-900"}
            >
              {row.cells.map((cell, j) => {
                const column = table.columns[j]!;
                const empty = cell.value === null;
                const money = column.kind === "money";
                return (
                  <td
                    key={column.key}
                    data-label={money ? column.header : undefined}
                    data-empty={empty ? "" : undefined}
                    className={`${cellClass} ${money ? "text-right whitespace-nowrap max-sm:text-left" : ""} ${
                      column.kind === "label" ? "min-w-56 break-words" : ""
                    } ${column.kind === "date" ? "whitespace-nowrap" : ""}`}
                  >
                    {empty ? null : column.kind === "money" ? (
                      column.key === "balance" ? (
                        <Balance amount={cell.value!} />
                      ) : (
                        <span className="tabular-nums">{formatMoney(cell.value!)}</span>
                      )
                    ) : column.kind === "date" ? (
                      formatShortDate(cell.value!)
                    ) : cell.href ? (
                      <Link
                        to={cell.href}
                        className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                      >
                        {cell.value}
                        <ExternalLink aria-hidden className="size-3" />
                      </Link>
                    ) : (
                      labelText(cell)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination list={list} page={{ ...paging, totalCapped: false }} noun="lines" />
    </>
  );
}
