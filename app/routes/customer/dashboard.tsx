import { BookText, FileText } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/client.server";
import { PORTAL_STATEMENT_PATH } from "~/domain/accounting/party-statement";
import { requireCustomer } from "~/domain/auth/customer-guard.server";
import { QUOTATION_STATUSES } from "~/domain/quotations/constants";
import { CUSTOMER_QUOTATION_LIST, shortQuotationId } from "~/domain/quotations/customer-quotation-list";
import { listCustomerQuotations } from "~/domain/quotations/customer-quotations.server";
import { listPortalInvoices } from "~/domain/sales/portal-invoices.server";
import { formatShortDate } from "~/lib/format";
import { parseList } from "~/lib/list-params";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import {
  cellClass,
  EmptyState,
  FilterSelect,
  HeadCell,
  ListTable,
  ListToolbar,
  Pagination,
  SortHeader,
  useListView,
} from "~/ui/admin/list";
import { PortalInvoiceList } from "~/ui/customer/invoice-list";
import { secondaryButton } from "~/ui/buttons";
import { QUOTATION_STATUS_LABELS, QuotationStatusBadge } from "~/ui/quotation/status-badge";
import type { Route } from "./+types/dashboard";

// backoffice.md §2 Customer Quotations dashboard: the customer's own quotations, filtered by status in the URL,
// paged in SQL (DESIGN §9 Lists); under them the customer's tax invoices with what is paid and due, and their
// credit notes, each with its PDF (issue 22); My statement opens their ledger statement (issue 36).

export const meta: Route.MetaFunction = () => [{ title: "My Quotations" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const state = parseList(CUSTOMER_QUOTATION_LIST, args.request);
  const db = getDb();
  const [page, invoices] = await Promise.all([listCustomerQuotations(db, user, state), listPortalInvoices(db, user)]);
  return { state, page, invoices };
}

const STATUS_OPTIONS = QUOTATION_STATUSES.map((s) => ({ value: s, label: QUOTATION_STATUS_LABELS[s] }));

export default function CustomerDashboard({ loaderData }: Route.ComponentProps) {
  const { page, invoices } = loaderData;
  const list = useListView(CUSTOMER_QUOTATION_LIST, loaderData.state);
  return (
    <>
      <PageHeader
        title="My Quotations"
        description="The quotations you requested, and their status."
        actions={
          <Link to={PORTAL_STATEMENT_PATH} className={secondaryButton}>
            <BookText aria-hidden className="size-4" /> My statement
          </Link>
        }
      />
      <Panel>
        <ListToolbar list={list} label="Filter quotations">
          <FilterSelect name="status" label="Status" options={STATUS_OPTIONS} />
        </ListToolbar>
        {page.rows.length === 0 ? (
          <EmptyState list={list} icon={FileText} title="No quotations found" />
        ) : (
          <ListTable label="Quotations" minWidth="40rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>ID</HeadCell>
                <SortHeader list={list} sort="event">
                  Event
                </SortHeader>
                <SortHeader list={list} sort="date">
                  Date
                </SortHeader>
                <HeadCell>Status</HeadCell>
                <HeadCell>
                  <span className="sr-only">Details</span>
                </HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((q) => (
                <tr key={q.id} className="hover:bg-slate-50">
                  <td data-label="ID" className={`${cellClass} w-32`}>
                    <span className="font-mono text-xs">{shortQuotationId(q.id)}</span>
                  </td>
                  <td className={`${cellClass} font-medium text-ink-900`}>{q.eventName}</td>
                  <td data-label="Date" className={`${cellClass} w-36 whitespace-nowrap`}>
                    {formatShortDate(q.eventDate)}
                  </td>
                  <td className={`${cellClass} w-32`}>
                    <QuotationStatusBadge status={q.status} />
                  </td>
                  <td className={`${cellClass} w-32 text-right sm:text-right`}>
                    <Link
                      to={`/customer/quotation/${q.id}`}
                      className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                    >
                      View Details
                      <span className="sr-only"> of {q.eventName}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="quotations" />
      </Panel>
      <PortalInvoiceList invoices={invoices.invoices} total={invoices.total} />
    </>
  );
}
