import { Wallet } from "lucide-react";
import { PAYMENT_METHOD_LABELS } from "~/domain/accounting/constants";
import type { SALARY_ROW_LIST, SalaryRow, SalaryRowListState } from "~/domain/payroll/disbursement-form";
import { formatMoney, formatShortDate } from "~/lib/format";
import type { ListPage } from "~/lib/list-params";
import { cellClass, EmptyState, HeadCell, ListTable, Pagination, type ListView } from "~/ui/admin/list";
import { Badge, type BadgeTone } from "~/ui/badge";

// The spec's table of salary rows (backoffice.md §2 Salary Disbursement, §6): date, reference, description with the
// employee, payment method, amount, status (completed green, pending yellow, others red).

type View = ListView<SalaryRowListState["sort"], (typeof SALARY_ROW_LIST)["filters"]>;

const STATUS_TONES: Record<SalaryRow["status"], BadgeTone> = { completed: "green", pending: "amber", cancelled: "red" };
const STATUS_LABELS: Record<SalaryRow["status"], string> = {
  completed: "Completed",
  pending: "Pending",
  cancelled: "Cancelled",
};

export function SalaryRowTable({ list, page }: { list: View; page: ListPage<SalaryRow> }) {
  return (
    <>
      {page.rows.length === 0 ? (
        <EmptyState
          list={list}
          icon={Wallet}
          title="No salary rows"
          hint="Processing a month's payroll lists each employee's salary here, pending until paid."
        />
      ) : (
        <ListTable label="Salary disbursements" minWidth="48rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Date</HeadCell>
              <HeadCell>Reference</HeadCell>
              <HeadCell>Description</HeadCell>
              <HeadCell>Payment Method</HeadCell>
              <HeadCell className="text-right">Amount</HeadCell>
              <HeadCell>Status</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.rows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50" data-testid="salary-row">
                <td className={`${cellClass} whitespace-nowrap`}>{formatShortDate(row.date)}</td>
                <td data-label="Reference" className={`${cellClass} whitespace-nowrap`}>
                  {row.reference ?? "—"}
                </td>
                <td data-label="Description" className={`${cellClass} max-w-72`}>
                  <span className="block font-medium break-words text-ink-900">{row.employee}</span>
                  <span className="block text-xs break-words text-slate-500">{row.description}</span>
                </td>
                <td data-label="Method" className={cellClass}>
                  <span className="block">{PAYMENT_METHOD_LABELS[row.paymentMethod]}</span>
                  {row.paidFrom && (
                    <span className="block text-xs break-words text-slate-500">From {row.paidFrom}</span>
                  )}
                </td>
                <td data-label="Amount" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                  <span className="font-semibold text-ink-900">{formatMoney(row.amount)}</span>
                </td>
                <td data-label="Status" className={cellClass}>
                  <Badge tone={STATUS_TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <Pagination list={list} page={page} noun="salary rows" />
    </>
  );
}
