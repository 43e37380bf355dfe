import { Eye, FileText } from "lucide-react";
import { Link } from "react-router";
import { INVOICE_KIND_LABELS } from "~/domain/sales/constants";
import {
  INVOICE_STATE_LABELS,
  invoiceStateOf,
  type INVOICE_LIST,
  type InvoiceListState,
  type InvoiceRow,
} from "~/domain/sales/invoice-list";
import type { ListPage } from "~/lib/list-params";
import { formatMoney, formatShortDate } from "~/lib/format";
import { cellClass, EmptyState, HeadCell, ListTable, Pagination, SortHeader, type ListView } from "~/ui/admin/list";
import { RowActionLink } from "~/ui/admin/row-actions";
import { Badge, type BadgeTone } from "~/ui/badge";

// The invoices list (issue 22): number and kind, the buyer, issued and due dates (Overdue when past due with
// something left), the total, what is due, and the state (Due, Paid, Cancelled).

type View = ListView<InvoiceListState["sort"], (typeof INVOICE_LIST)["filters"]>;

const STATE_TONES: Record<ReturnType<typeof invoiceStateOf>, BadgeTone> = {
  due: "amber",
  paid: "green",
  cancelled: "slate",
};

export function InvoiceStateBadge({ row }: { row: Pick<InvoiceRow, "status" | "due" | "overdue"> }) {
  const state = invoiceStateOf(row);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={STATE_TONES[state]}>{INVOICE_STATE_LABELS[state]}</Badge>
      {row.overdue && <Badge tone="red">Overdue</Badge>}
    </span>
  );
}

export function InvoiceTable({ list, page }: { list: View; page: ListPage<InvoiceRow> }) {
  return (
    <>
      {page.rows.length === 0 ? (
        <EmptyState
          list={list}
          icon={FileText}
          title="No invoices"
          hint="An invoice is issued on an approved quotation, from its panel under Quotations, or of a customer's damage charges alone, from the job's page."
        />
      ) : (
        <ListTable label="Invoices" minWidth="56rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <SortHeader list={list} sort="issued">
                Invoice
              </SortHeader>
              <SortHeader list={list} sort="customer">
                Customer
              </SortHeader>
              <SortHeader list={list} sort="due">
                Due Date
              </SortHeader>
              <SortHeader list={list} sort="total" className="text-right">
                Total
              </SortHeader>
              <HeadCell className="text-right">Due</HeadCell>
              <HeadCell>Status</HeadCell>
              <HeadCell className="text-right">Actions</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.rows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50" data-testid="invoice-row">
                <td className={cellClass}>
                  <Link
                    to={`/admin/invoices/${row.id}`}
                    className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                  >
                    {row.number}
                  </Link>
                  <span className="block text-xs text-slate-500">
                    {INVOICE_KIND_LABELS[row.kind]} · {formatShortDate(row.issueDate)}
                  </span>
                </td>
                <td data-label="Customer" className={`${cellClass} max-w-56`}>
                  <span className="block font-medium break-words text-ink-900">{row.buyerName}</span>
                </td>
                <td data-label="Due date" className={`${cellClass} whitespace-nowrap`}>
                  {row.dueDate ? formatShortDate(row.dueDate) : "—"}
                </td>
                <td data-label="Total" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                  {formatMoney(row.total)}
                </td>
                <td data-label="Due" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                  <span className="font-semibold text-ink-900" data-testid="due">
                    {formatMoney(row.due)}
                  </span>
                  {row.paidAmount !== "0.00" && (
                    <span className="block text-xs text-slate-500">{formatMoney(row.paidAmount)} paid</span>
                  )}
                  {row.creditedAmount !== "0.00" && (
                    <span className="block text-xs text-slate-500">{formatMoney(row.creditedAmount)} credited</span>
                  )}
                </td>
                <td data-label="Status" className={cellClass}>
                  <InvoiceStateBadge row={row} />
                </td>
                <td className={`${cellClass} text-right whitespace-nowrap`}>
                  <RowActionLink
                    to={`/admin/invoices/${row.id}`}
                    label={`View invoice ${row.number}`}
                    text="View"
                    icon={Eye}
                    tone="plain"
                    compact
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <Pagination list={list} page={page} noun="invoices" />
    </>
  );
}
