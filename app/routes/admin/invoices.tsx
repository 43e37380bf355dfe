import { data, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { INVOICE_MESSAGES, readIssueInvoiceForm, type IssueInvoiceFormValues } from "~/domain/sales/invoice-forms";
import { INVOICE_LIST, INVOICE_STATE_LABELS, INVOICE_STATES } from "~/domain/sales/invoice-list";
import { listInvoices, loadIssuePreview } from "~/domain/sales/invoice-list.server";
import { issueInvoice } from "~/domain/sales/issue-invoice.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { listHref, parseList } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { InvoiceTable } from "~/ui/admin/invoices/invoice-table";
import { IssueInvoiceDialog } from "~/ui/admin/invoices/issue-invoice-dialog";
import { useToast } from "~/ui/admin/form";
import { FilterSelect, ListSkeleton, ListToolbar, SearchBox, useListLoading, useListView } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import type { Route } from "./+types/invoices";

// Invoices (/admin/invoices; issue 22): the tax invoices (Mushak-6.3) issued on approved quotations, newest first,
// searched by number or customer and filtered by state (due, paid, cancelled). The Issue invoice dialog opens by the
// URL (?issue=<quotation id>, the quotation panel's button): full, an advance or the final, with the figures shown
// before it is confirmed; issued, the invoice's own page opens.

export const meta: Route.MetaFunction = () => [{ title: "Invoices | Utsab Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/invoices");
  const url = new URL(args.request.url);
  const state = parseList(INVOICE_LIST, url);
  const today = todayInDhaka();
  const db = getDb();
  const canIssue = can(user.role, "accounts.manage");
  const issueId = canIssue ? url.searchParams.get("issue") : null;
  const [page, preview] = await Promise.all([
    listInvoices(db, state, today),
    issueId ? loadIssuePreview(db, issueId) : null,
  ]);
  if (issueId && !preview)
    throw await redirectWithToast(listHref(url.pathname, INVOICE_LIST, state), {
      type: "error",
      message: INVOICE_MESSAGES.quotationNotFound,
    });
  return { state, page, preview, canIssue };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/invoices");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const values = readIssueInvoiceForm(form);
  const result = await issueInvoice(getDb(), auditActor(args, user), values);
  if (result.ok) return redirectWithToast(`/admin/invoices/${result.id}`, { type: "success", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function Invoices({ loaderData, actionData }: Route.ComponentProps) {
  const { page, preview } = loaderData;
  const list = useListView(INVOICE_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Tax invoices (Mushak-6.3) issued on approved quotations, or of a customer's damage and loss charges alone, with what is paid, credited and due. Issue one from an approved quotation's panel, or from a job's page for its charges."
      />
      <Panel className="mb-6">
        <ListToolbar list={list} label="Search and filter the invoices">
          <SearchBox
            label="Search"
            placeholder="Search invoice number or customer..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <FilterSelect
            name="state"
            label="Status"
            options={INVOICE_STATES.map((s) => ({ value: s, label: INVOICE_STATE_LABELS[s] }))}
            className="col-span-2 sm:w-44"
          />
        </ListToolbar>
      </Panel>
      <Panel>
        {loading ? <ListSkeleton label="invoices" columns={6} /> : <InvoiceTable list={list} page={page} />}
      </Panel>
      {preview && (
        <IssueInvoiceDialog
          preview={preview}
          values={
            actionData?.values
              ? (actionData.values as IssueInvoiceFormValues)
              : { quotationId: preview.quotationId, kind: "", advancePercent: "" }
          }
          errors={actionData?.errors ?? {}}
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
