import { Eye, HandCoins, Inbox, Wallet } from "lucide-react";
import { ageText } from "~/domain/accounting/ageing";
import { PAYMENT_METHOD_LABELS } from "~/domain/accounting/constants";
import {
  OPEN_ITEM_KIND_LABELS,
  type OPEN_ITEM_LIST,
  type OpenItemListState,
  type OpenItemRow,
} from "~/domain/accounting/open-item-list";
import type { OpenItemKind } from "~/domain/accounting/settle-form";
import { SALARY_DISBURSEMENT_PATH } from "~/domain/payroll/disbursement-form";
import type { ListPage } from "~/lib/list-params";
import { formatMoney, formatShortDate } from "~/lib/format";
import { cellClass, EmptyState, HeadCell, ListTable, Pagination, SortHeader, type ListView } from "~/ui/admin/list";
import { RowActionLink } from "~/ui/admin/row-actions";
import { Badge } from "~/ui/badge";

// One of the spec's two tables (Accounts Payable, Accounts Receivable): the pending ones, with what is left of each,
// the due date marked Overdue when it is before today (Dhaka), and Settle. A payroll's salary row is paid in Salary
// Disbursement: its link replaces Settle (Settle refuses it).

type View = ListView<OpenItemListState["sort"], (typeof OPEN_ITEM_LIST)["filters"]>;

export function OpenItemTable({
  kind,
  list,
  pageView,
  page,
  today,
  hrefOf,
  canManage,
}: {
  kind: OpenItemKind;
  list: View;
  /** The list whose page links move this table's page only. */
  pageView: View;
  page: ListPage<OpenItemRow>;
  today: string;
  hrefOf: (param: string) => string;
  canManage: boolean;
}) {
  const labels = OPEN_ITEM_KIND_LABELS[kind];
  return (
    <>
      {page.rows.length === 0 ? (
        <EmptyState
          list={list}
          icon={Inbox}
          title={`No pending ${labels.noun}`}
          hint={canManage ? `Add one with ${labels.dialog}.` : undefined}
        />
      ) : (
        <ListTable label={labels.table} minWidth="52rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <SortHeader list={list} sort={"date"}>
                Date
              </SortHeader>
              <SortHeader list={list} sort={"party"}>
                {labels.party}
              </SortHeader>
              <HeadCell>Category</HeadCell>
              <SortHeader list={list} sort={"due"}>
                Due Date
              </SortHeader>
              <HeadCell className="text-right">Amount</HeadCell>
              <SortHeader list={list} sort={"left"} className="text-right">
                Left
              </SortHeader>
              <HeadCell className="text-right">Actions</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.rows.map((row) => {
              const name = `${row.party ?? row.category} (${formatMoney(row.left)} left)`;
              const salaryMonth = row.salaryMonth;
              return (
                <tr key={row.id} className="hover:bg-slate-50" data-testid={`${kind}-row`}>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatShortDate(row.date)}</td>
                  <td data-label={labels.party} className={`${cellClass} max-w-48`}>
                    <span className="block font-medium break-words text-ink-900">{row.party ?? "—"}</span>
                    {row.reference && <span className="block text-xs break-words text-slate-500">{row.reference}</span>}
                  </td>
                  <td data-label="Category" className={`${cellClass} max-w-56`}>
                    <span className="block">{row.category}</span>
                    {row.description && (
                      <span className="block text-xs break-words text-slate-500">{row.description}</span>
                    )}
                  </td>
                  <td data-label="Due" className={cellClass}>
                    <span className="block whitespace-nowrap">{row.dueDate ? formatShortDate(row.dueDate) : "—"}</span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-slate-500">
                      {row.overdue && <Badge tone="red">Overdue</Badge>}
                      {ageText(row, today)}
                    </span>
                  </td>
                  <td data-label="Amount" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                    {formatMoney(row.amount)}
                    <span className="block text-xs text-slate-500">{PAYMENT_METHOD_LABELS[row.paymentMethod]}</span>
                  </td>
                  <td data-label="Left" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                    <span className="font-semibold text-ink-900" data-testid="left">
                      {formatMoney(row.left)}
                    </span>
                    {row.settledAmount !== "0.00" && (
                      <span className="block text-xs text-slate-500">{formatMoney(row.settledAmount)} settled</span>
                    )}
                  </td>
                  <td className={`${cellClass} text-right whitespace-nowrap`}>
                    <span className="inline-flex gap-1">
                      <RowActionLink
                        to={hrefOf(`view=${row.id}`)}
                        label={`View ${name}`}
                        text="View"
                        icon={Eye}
                        tone="plain"
                        compact
                      />
                      {canManage && salaryMonth && (
                        <RowActionLink
                          to={`${SALARY_DISBURSEMENT_PATH}?month=${salaryMonth}`}
                          label={`Pay ${name} in Salary Disbursement`}
                          text="Pay salary"
                          icon={Wallet}
                          compact
                        />
                      )}
                      {canManage && !salaryMonth && (
                        <RowActionLink
                          to={hrefOf(`settle=${row.id}`)}
                          label={`Settle ${name}`}
                          text="Settle"
                          icon={HandCoins}
                          compact
                        />
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ListTable>
      )}
      <Pagination list={pageView} page={page} noun={labels.noun} />
    </>
  );
}
