import { Eye, Users } from "lucide-react";
import { Link } from "react-router";
import type { CUSTOMER_LIST, CustomerListState, CustomerRow } from "~/domain/sales/customer-list";
import { formatMoney } from "~/lib/format";
import type { ListPage } from "~/lib/list-params";
import { cellClass, EmptyState, HeadCell, ListTable, Pagination, SortHeader, type ListView } from "~/ui/admin/list";
import { RowActionLink } from "~/ui/admin/row-actions";
import { Badge } from "~/ui/badge";

// The Customers table (issue 22): name and organisation, e-mail, phone, quotations; for those who see the accounts,
// what was invoiced, what they owe and their credit.

type View = ListView<CustomerListState["sort"], (typeof CUSTOMER_LIST)["filters"]>;

export function CustomerTable({
  list,
  page,
  withMoney,
  canManage,
}: {
  list: View;
  page: ListPage<CustomerRow>;
  withMoney: boolean;
  canManage: boolean;
}) {
  return (
    <>
      {page.rows.length === 0 ? (
        <EmptyState
          list={list}
          icon={Users}
          title="No customers found"
          hint={
            canManage
              ? "A customer is made when a quotation is first approved, or added with New customer."
              : "A customer is made when a quotation is first approved."
          }
        />
      ) : (
        <ListTable label="Customers" minWidth={withMoney ? "56rem" : "40rem"}>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <SortHeader list={list} sort="name">
                Customer
              </SortHeader>
              <HeadCell>E-mail</HeadCell>
              <HeadCell>Phone</HeadCell>
              <HeadCell className="text-right">Quotations</HeadCell>
              {withMoney && (
                <>
                  <HeadCell className="text-right">Invoiced</HeadCell>
                  <SortHeader list={list} sort="owes" className="text-right">
                    Owes
                  </SortHeader>
                  <HeadCell className="text-right">Credit</HeadCell>
                </>
              )}
              <HeadCell className="text-right">Actions</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.rows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50" data-testid="customer-row">
                <td data-label="Customer" className={`${cellClass} max-w-64`}>
                  <Link
                    to={`/admin/customers/${row.id}`}
                    className="block font-medium break-words text-ink-900 hover:underline"
                  >
                    {row.name}
                  </Link>
                  {row.organisation && (
                    <span className="block text-xs break-words text-slate-500">{row.organisation}</span>
                  )}
                  {row.vatWithholding && (
                    <Badge tone="blue" className="mt-1">
                      VAT withholding
                    </Badge>
                  )}
                </td>
                <td data-label="E-mail" className={`${cellClass} break-words`}>
                  {row.email ?? "—"}
                </td>
                <td data-label="Phone" className={`${cellClass} whitespace-nowrap`}>
                  {row.phone ?? "—"}
                </td>
                <td data-label="Quotations" className={`${cellClass} tabular-nums sm:text-right`}>
                  {row.quotationCount}
                </td>
                {row.money && (
                  <>
                    <td data-label="Invoiced" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                      {formatMoney(row.money.invoiced)}
                    </td>
                    <td
                      data-label="Owes"
                      className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}
                      data-testid="owes"
                    >
                      <span
                        className={
                          row.money.owes.startsWith("-") || row.money.owes === "0.00"
                            ? ""
                            : "font-semibold text-ink-900"
                        }
                      >
                        {formatMoney(row.money.owes)}
                      </span>
                    </td>
                    <td data-label="Credit" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                      {formatMoney(row.money.credit)}
                    </td>
                  </>
                )}
                <td className={`${cellClass} text-right whitespace-nowrap`}>
                  <RowActionLink
                    to={`/admin/customers/${row.id}`}
                    label={`View ${row.name}`}
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
      <Pagination list={list} page={page} noun="customers" />
    </>
  );
}
