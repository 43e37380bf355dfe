import { FileCheck2, Wallet } from "lucide-react";
import { Link } from "react-router";
import { CUSTOMER_PAYMENT_METHOD_LABELS } from "~/domain/sales/constants";
import type {
  CUSTOMER_PAYMENT_LIST,
  CustomerPaymentListState,
  CustomerPaymentRow,
} from "~/domain/sales/customer-payment-list";
import { formatMoney, formatShortDate } from "~/lib/format";
import type { ListPage } from "~/lib/list-params";
import { fromPaisa, toPaisa } from "~/lib/money";
import { cellClass, EmptyState, HeadCell, ListTable, Pagination, SortHeader, type ListView } from "~/ui/admin/list";
import { RowActionLink } from "~/ui/admin/row-actions";
import { Badge } from "~/ui/badge";

// The payments (issue 22), newest first: the customer, how and into which account, what was received, withheld (VDS
// with its certificate's state, AIT) and what it settled; the rest went to the customer's credit. A voided payment
// (issue 36: a bounced cheque) stays listed with a Voided badge, the void's date and reason, its amounts struck through.

type View = ListView<CustomerPaymentListState["sort"], (typeof CUSTOMER_PAYMENT_LIST)["filters"]>;

export function PaymentTable({
  list,
  page,
  canManage,
  hrefOf,
}: {
  list: View;
  page: ListPage<CustomerPaymentRow>;
  canManage: boolean;
  hrefOf: (param: string) => string;
}) {
  return (
    <>
      {page.rows.length === 0 ? (
        <EmptyState
          list={list}
          icon={Wallet}
          title="No payments found"
          hint={canManage ? "Record one with Record payment." : undefined}
        />
      ) : (
        <ListTable label="Payments" minWidth="52rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <SortHeader list={list} sort="date">
                Date
              </SortHeader>
              <HeadCell>Customer</HeadCell>
              <HeadCell>Method</HeadCell>
              <HeadCell className="text-right">Received</HeadCell>
              <HeadCell className="text-right">Withheld</HeadCell>
              <SortHeader list={list} sort="total" className="text-right">
                Total
              </SortHeader>
              <HeadCell>Settled</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.rows.map((row) => {
              const toCredit = toPaisa(row.total) - toPaisa(row.allocated);
              const voided = row.voidDate !== null;
              const awaiting = row.vdsAmount !== "0.00" && !row.vdsCertificateNo && !voided;
              const struck = voided ? "text-slate-400 line-through" : "";
              return (
                <tr
                  key={row.id}
                  className="hover:bg-slate-50"
                  data-testid="payment-row"
                  data-voided={voided ? true : undefined}
                >
                  <td data-label="Date" className={`${cellClass} min-w-28 sm:max-w-48`}>
                    <span className="whitespace-nowrap">{formatShortDate(row.date)}</span>
                    {voided && (
                      <span className="mt-0.5 block text-xs break-words text-slate-600" data-testid="payment-void">
                        <Badge tone="red">Voided</Badge>{" "}
                        <span className="whitespace-nowrap">{formatShortDate(row.voidDate!)}</span>:{" "}
                        <q>{row.voidReason}</q>
                      </span>
                    )}
                  </td>
                  <td data-label="Customer" className={`${cellClass} max-w-52`}>
                    <Link
                      to={`/admin/customers/${row.customerId}`}
                      className="font-medium break-words text-ink-900 hover:underline"
                    >
                      {row.customerName}
                    </Link>
                  </td>
                  <td data-label="Method" className={`${cellClass} min-w-32 max-w-48`}>
                    {CUSTOMER_PAYMENT_METHOD_LABELS[row.method]}
                    {row.methodReference && (
                      <span className="block text-xs break-words text-slate-500">{row.methodReference}</span>
                    )}
                    <span className="block text-xs text-slate-500">
                      {row.accountCode} {row.accountName}
                    </span>
                  </td>
                  <td data-label="Received" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                    <span className={struck}>{formatMoney(row.received)}</span>
                  </td>
                  <td data-label="Withheld" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                    {row.vdsAmount === "0.00" && row.aitAmount === "0.00" && "—"}
                    {row.vdsAmount !== "0.00" && (
                      <span className="block">
                        <span className={struck}>VDS {formatMoney(row.vdsAmount)}</span>
                        <span className="mt-0.5 block">
                          {row.vdsCertificateNo ? (
                            <Badge tone="green">Certificate {row.vdsCertificateNo}</Badge>
                          ) : (
                            !voided && <Badge tone="amber">Certificate awaited</Badge>
                          )}
                          {canManage && awaiting && (
                            <span className="mt-1 block">
                              <RowActionLink
                                to={hrefOf(`certificate=${row.id}`)}
                                label={`Record the VDS certificate of ${row.customerName}'s payment of ${formatShortDate(row.date)}`}
                                text="Record certificate"
                                icon={FileCheck2}
                              />
                            </span>
                          )}
                        </span>
                      </span>
                    )}
                    {row.aitAmount !== "0.00" && (
                      <span className="mt-1 block">
                        <span className={struck}>AIT {formatMoney(row.aitAmount)}</span>
                        <span className="block text-xs text-slate-500">at {row.aitRatePercent}%</span>
                      </span>
                    )}
                  </td>
                  <td data-label="Total" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                    <span className={`font-semibold ${voided ? struck : "text-ink-900"}`}>
                      {formatMoney(row.total)}
                    </span>
                  </td>
                  <td data-label="Settled" className={`${cellClass} max-w-52`}>
                    {row.invoiceNumbers.length > 0 ? (
                      row.invoiceNumbers.map((n) => (
                        <span key={n} className={`block text-xs whitespace-nowrap ${struck}`}>
                          {n}
                        </span>
                      ))
                    ) : (
                      <span className="text-xs text-slate-500">Advance</span>
                    )}
                    {toCredit > 0n && !voided && (
                      <span className="block text-xs text-slate-500">{formatMoney(fromPaisa(toCredit))} to credit</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ListTable>
      )}
      <Pagination list={list} page={page} noun="payments" />
    </>
  );
}
