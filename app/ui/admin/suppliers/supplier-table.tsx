import { Eye, Truck } from "lucide-react";
import { Link } from "react-router";
import {
  paymentTermsLabel,
  type SUPPLIER_LIST,
  type SupplierListState,
  type SupplierRow,
} from "~/domain/purchases/supplier-list";
import { formatMoney } from "~/lib/format";
import type { ListPage } from "~/lib/list-params";
import { cellClass, EmptyState, HeadCell, ListTable, Pagination, SortHeader, type ListView } from "~/ui/admin/list";
import { RowActionLink } from "~/ui/admin/row-actions";

// The Suppliers table (issue 36): name with BIN and TIN, e-mail, phone, payment terms, and what the company owes
// each on the ledger.

type View = ListView<SupplierListState["sort"], (typeof SUPPLIER_LIST)["filters"]>;

export function SupplierTable({
  list,
  page,
  canManage,
}: {
  list: View;
  page: ListPage<SupplierRow>;
  canManage: boolean;
}) {
  return (
    <>
      {page.rows.length === 0 ? (
        <EmptyState
          list={list}
          icon={Truck}
          title="No suppliers found"
          hint={
            canManage
              ? "A supplier is added when a payable first names it, or with New supplier."
              : "A supplier is added when a payable first names it."
          }
        />
      ) : (
        <ListTable label="Suppliers" minWidth="52rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <SortHeader list={list} sort="name">
                Supplier
              </SortHeader>
              <HeadCell>E-mail</HeadCell>
              <HeadCell>Phone</HeadCell>
              <HeadCell>Terms</HeadCell>
              <SortHeader list={list} sort="owed" className="text-right">
                Owed
              </SortHeader>
              <HeadCell className="text-right">Actions</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.rows.map((row) => (
              <tr key={row.id} className="hover:bg-slate-50" data-testid="supplier-row">
                <td data-label="Supplier" className={`${cellClass} max-w-64`}>
                  <Link
                    to={`/admin/suppliers/${row.id}`}
                    className="block font-medium break-words text-ink-900 hover:underline"
                  >
                    {row.name}
                  </Link>
                  {(row.bin || row.tin) && (
                    <span className="block text-xs text-slate-500">
                      {[row.bin && `BIN ${row.bin}`, row.tin && `TIN ${row.tin}`].filter(Boolean).join(" · ")}
                    </span>
                  )}
                </td>
                <td data-label="E-mail" className={`${cellClass} break-all`}>
                  {row.email ?? "—"}
                </td>
                <td data-label="Phone" className={`${cellClass} whitespace-nowrap`}>
                  {row.phone ?? "—"}
                </td>
                <td data-label="Terms" className={`${cellClass} whitespace-nowrap`}>
                  {paymentTermsLabel(row.paymentTermsDays)}
                </td>
                <td
                  data-label="Owed"
                  className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}
                  data-testid="owed"
                >
                  <span className={row.owed.startsWith("-") || row.owed === "0.00" ? "" : "font-semibold text-ink-900"}>
                    {formatMoney(row.owed)}
                  </span>
                </td>
                <td className={`${cellClass} text-right whitespace-nowrap`}>
                  <RowActionLink
                    to={`/admin/suppliers/${row.id}`}
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
      <Pagination list={list} page={page} noun="suppliers" />
    </>
  );
}
