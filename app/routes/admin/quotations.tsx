import { CalendarRange, Check, Eye, FileText, X } from "lucide-react";
import { data, Form, Link } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireView, requireAction } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { ADMIN_QUOTATION_LIST, QUOTATIONS_PATH } from "~/domain/quotations/admin-quotation-list";
import {
  countQuotationsByStatus,
  getAdminQuotation,
  listAdminQuotations,
  type AdminQuotation,
} from "~/domain/quotations/admin-quotations.server";
import { approveQuotation, rejectQuotation, STATUS_MESSAGES } from "~/domain/quotations/change-status.server";
import type { QuotationStatus } from "~/domain/quotations/constants";
import { saveQuotationPrices, sendQuotation } from "~/domain/quotations/price-quotation.server";
import { readQuoteForm } from "~/domain/quotations/quote-form";
import type { InvoiceRow } from "~/domain/sales/invoice-list";
import { invoicesOfQuotation } from "~/domain/sales/invoice-list.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatLongDate, formatMoney, formatTime } from "~/lib/format";
import { isUuid, listSearch, parseList, withParam } from "~/lib/list-params";
import { httpStatusOf } from "~/lib/use-case-http";
import { useFormBusy, useToast } from "~/ui/admin/form";
import {
  cellClass,
  EmptyState,
  FilterSelect,
  formatDhakaDate,
  formatDhakaTime,
  HeadCell,
  ListTable,
  ListSkeleton,
  ListToolbar,
  Pagination,
  SearchBox,
  SortHeader,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { initialQuoteValues } from "~/ui/admin/quotations/price-form";
import { secondaryButton } from "~/ui/buttons";
import { QUOTATION_STATUS_LABELS, QuotationStatusBadge } from "~/ui/quotation/status-badge";
import { QuotationPanel, type QuotationPanelAnswer } from "~/ui/admin/quotations/quotation-panel";
import type { Route } from "./+types/quotations";

// Quotation Management (backoffice.md §2; issue 10). The list's state is in the URL (DESIGN §9 Lists); so is the
// open Quotation Details side panel: ?view=<id>, a dialog over the list like the inventory's (DESIGN §9 Forms). A save,
// a send or a status change answers with a redirect and a toast; a refused one answers on the same URL with the
// panel still open, its messages beside the fields.

export const meta: Route.MetaFunction = () => [{ title: "Quotation Management | Utsab Admin" }];

/** The list's URL without the panel. */
function listUrl(url: URL): string {
  return QUOTATIONS_PATH + listSearch(ADMIN_QUOTATION_LIST, parseList(ADMIN_QUOTATION_LIST, url));
}

/** The list's URL with a quotation's panel open. */
function panelUrl(url: URL, id: string): string {
  return withParam(listUrl(url), `view=${id}`);
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/quotations");
  const url = new URL(args.request.url);
  const state = parseList(ADMIN_QUOTATION_LIST, url);
  const db = getDb();
  const canManage = can(user.role, "quotations.manage");

  let panel: { quotation: AdminQuotation; invoices: InvoiceRow[] | null; canIssueInvoice: boolean } | null = null;
  const viewId = url.searchParams.get("view");
  if (viewId !== null) {
    const quotation = isUuid(viewId) ? await getAdminQuotation(db, viewId) : undefined;
    if (!quotation) throw await redirectWithToast(listUrl(url), { type: "error", message: STATUS_MESSAGES.notFound });
    // Its tax invoices (issue 22), for those who see the books.
    const invoices = can(user.role, "accounts.view")
      ? await invoicesOfQuotation(db, quotation.id, todayInDhaka())
      : null;
    panel = { quotation, invoices, canIssueInvoice: can(user.role, "accounts.manage") };
  }

  const [page, counts] = await Promise.all([listAdminQuotations(db, state), countQuotationsByStatus(db)]);
  return { state, page, counts, canManage, panel };
}

type ActionData = QuotationPanelAnswer;

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/quotations");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  const db = getDb();
  const answer = (body: ActionData, status: number) => data(body, { status });

  if (intent === "save" || intent === "send") {
    const values = readQuoteForm(form);
    const result =
      intent === "send" ? await sendQuotation(db, values, actor) : await saveQuotationPrices(db, values, actor);
    if (result.ok) {
      // A send while e-mail is not set up: the toast says so, with the waiting message for those who may open it.
      const waiting = result.waitingEmailId;
      const link =
        waiting && can(user.role, "outbox.view")
          ? { link: { href: `/admin/outbox/${waiting}`, label: "Open in the outbox" } }
          : {};
      return redirectWithToast(panelUrl(url, result.id), { type: "success", message: result.message, ...link });
    }
    if (result.refusal === "not-found")
      return redirectWithToast(listUrl(url), { type: "error", message: result.message });
    // Someone else's change (or a status that moved on): the panel shows what is stored now.
    const conflict = result.refusal === "conflict";
    const stored = conflict ? await getAdminQuotation(db, values.id) : undefined;
    return answer(
      {
        intent,
        errors: conflict ? { form: result.message } : result.errors,
        values: stored ? initialQuoteValues(stored) : values,
        toast: { type: "error", message: result.message },
      },
      httpStatusOf(result),
    );
  }

  if (intent === "approve" || intent === "reject") {
    const id = form.get("id");
    const options = { reason: form.get("reason") ?? undefined };
    const staff = { kind: "staff", audit: actor } as const;
    const result =
      intent === "approve"
        ? await approveQuotation(db, id, staff, options)
        : await rejectQuotation(db, id, staff, options);
    const back = form.get("from") === "list" || !result.ok ? listUrl(url) : panelUrl(url, result.id);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    if (result.refusal === "invalid")
      return answer(
        { intent, errors: result.errors, values: null, toast: { type: "error", message: result.message } },
        httpStatusOf(result),
      );
    const again = typeof id === "string" && isUuid(id) && form.get("from") !== "list" ? panelUrl(url, id) : back;
    return redirectWithToast(again, { type: "error", message: `${result.message}: ${result.detail}` });
  }

  return answer({ intent: null, errors: {}, values: null, toast: null }, 400);
}

export default function Quotations({ loaderData, actionData }: Route.ComponentProps) {
  const { page, counts, canManage, panel } = loaderData;
  const list = useListView(ADMIN_QUOTATION_LIST, loaderData.state);
  useToast(actionData?.toast);
  const closeHref = list.href();
  const viewHref = (id: string) => withParam(closeHref, `view=${id}`);
  const approvingAny = useFormBusy("approve");
  const rejectingAny = useFormBusy("reject");
  const deciding = approvingAny || rejectingAny;
  const loading = useListLoading(list);

  return (
    <>
      <PageHeader
        title="Quotation Management"
        description="Requests from the website: price them, send them, and follow the customer's answer."
        actions={
          <Link to={`${QUOTATIONS_PATH}/availability`} className={secondaryButton}>
            <CalendarRange aria-hidden className="size-4" /> Availability
          </Link>
        }
      />
      <Panel>
        <ListToolbar list={list} label="Search and filter the quotations">
          <SearchBox
            label="Search"
            placeholder="Search by name, e-mail or event..."
            className="col-span-2 sm:min-w-64 sm:flex-1"
          />
          <FilterSelect
            name="status"
            label="Status"
            allLabel="All"
            options={(Object.keys(QUOTATION_STATUS_LABELS) as QuotationStatus[]).map((s) => ({
              value: s,
              label: `${QUOTATION_STATUS_LABELS[s]} (${counts[s]})`,
            }))}
            className="sm:w-44"
          />
        </ListToolbar>
        {loading ? (
          <ListSkeleton label="quotations" columns={6} />
        ) : page.rows.length === 0 ? (
          <EmptyState
            list={list}
            icon={FileText}
            title="No quotation requests found"
            hint="Requests sent from the website's quotation page appear here."
          />
        ) : (
          <ListTable label="Quotation requests" minWidth="48rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Event</HeadCell>
                <HeadCell>Contact</HeadCell>
                <HeadCell>Status</HeadCell>
                <SortHeader list={list} sort="event">
                  Event date
                </SortHeader>
                <SortHeader list={list} sort="received">
                  Received
                </SortHeader>
                <HeadCell className="text-right">Actions</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((row) => (
                <tr key={row.id} className="hover:bg-slate-50">
                  <td className={`${cellClass} min-w-44`}>
                    <span className="block font-medium text-ink-900">{row.eventName}</span>
                    <span className="block text-xs text-slate-500">{row.eventLocation}</span>
                    {row.revision > 0 && (
                      <span className="text-xs text-slate-500">
                        {formatMoney(row.total)} · revision {row.revision}
                      </span>
                    )}
                  </td>
                  {/* The address on one line, cut with an ellipsis and whole in its title (as the employee list). */}
                  <td data-label="Contact" className={`${cellClass} max-w-44`}>
                    <span className="block text-ink-900">{row.customerName}</span>
                    <a
                      href={`mailto:${row.email}`}
                      title={row.email}
                      className="block truncate text-xs text-brand-700 hover:underline"
                    >
                      {row.email}
                    </a>
                  </td>
                  <td data-label="Status" className={cellClass}>
                    <QuotationStatusBadge status={row.status} />
                  </td>
                  <td data-label="Event date" className={`${cellClass} whitespace-nowrap`}>
                    {formatLongDate(row.eventDate)}
                    <span className="block text-xs text-slate-500">{formatTime(row.eventTime)}</span>
                  </td>
                  {/* Date over time, as the event's: the list fits its panel at 1280 px. */}
                  <td data-label="Received" className={`${cellClass} whitespace-nowrap`}>
                    {formatDhakaDate(row.createdAt)}
                    <span className="block text-xs text-slate-500">{formatDhakaTime(row.createdAt)}</span>
                  </td>
                  <td className={`${cellClass} text-right whitespace-nowrap`}>
                    <span className="inline-flex flex-wrap justify-end gap-1 lg:flex-col lg:items-end">
                      <Link
                        to={viewHref(row.id)}
                        preventScrollReset
                        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                        aria-label={`View details of ${row.eventName}`}
                      >
                        <Eye aria-hidden className="size-4" /> View Details
                      </Link>
                      {canManage && row.status === "pending" && (
                        <Form method="post" preventScrollReset className="inline-flex gap-1">
                          <input type="hidden" name="id" value={row.id} />
                          <input type="hidden" name="from" value="list" />
                          <button
                            type="submit"
                            name="intent"
                            value="approve"
                            disabled={deciding}
                            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-green-700 hover:bg-green-50 disabled:opacity-50"
                            aria-label={`Approve ${row.eventName}`}
                            title="Approve"
                          >
                            {/* Icons alone between phone and very wide screens (as RowActions' compact): the
                                list fits its panel at 1280 px. */}
                            <Check aria-hidden className="size-4" />
                            <span className="sm:sr-only 2xl:not-sr-only">Approve</span>
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value="reject"
                            disabled={deciding}
                            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
                            aria-label={`Reject ${row.eventName}`}
                            title="Reject"
                          >
                            <X aria-hidden className="size-4" />
                            <span className="sm:sr-only 2xl:not-sr-only">Reject</span>
                          </button>
                        </Form>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="quotations" />
      </Panel>

      {panel && (
        <QuotationPanel
          key={`${panel.quotation.id}-${panel.quotation.version}`}
          quotation={panel.quotation}
          canManage={canManage}
          invoices={panel.invoices}
          canIssueInvoice={panel.canIssueInvoice}
          closeHref={closeHref}
          actionData={actionData?.values?.id === panel.quotation.id || !actionData?.values ? actionData : undefined}
        />
      )}
    </>
  );
}
