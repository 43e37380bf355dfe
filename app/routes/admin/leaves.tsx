import { CalendarOff, Check, Plus, X } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { LEAVE_TYPES } from "~/domain/people/constants";
import {
  EMPTY_LEAVE_FORM,
  LEAVE_STATUS_LABELS,
  LEAVE_TYPE_LABELS,
  readLeaveForm,
} from "~/domain/people/leave-form";
import { LEAVE_LIST } from "~/domain/people/leave-list";
import { decideLeave, leaveViewer, leaveYearSummary, listLeaves, requestLeave } from "~/domain/people/leaves.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatShortDate } from "~/lib/format";
import { listUrlOf, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { useToast } from "~/ui/admin/form";
import {
  cellClass,
  EmptyState,
  FilterSelect,
  HeadCell,
  ListSkeleton,
  ListTable,
  ListToolbar,
  Pagination,
  SortHeader,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { Badge } from "~/ui/badge";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/leaves";
import { httpStatusOf } from "~/lib/use-case-http";
import { LeaveRequestDialog } from "~/ui/admin/leaves/leave-request-dialog";

// Leave Management (backoffice.md §2; issue 11): the spec's table (Employee, Type, Start Date, End Date, Status,
// Approved By, a dash when none) and, beyond it, requesting leave for oneself (?new=1), approving or rejecting
// as an administrator or a team's lead, and the approved days of the year per employee and type.

export const meta: Route.MetaFunction = () => [{ title: "Leave Management | Utsab Admin" }];

const listUrl = (url: URL) => listUrlOf(LEAVE_LIST, url);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/leaves");
  const url = new URL(args.request.url);
  const state = parseList(LEAVE_LIST, url);
  const db = getDb();
  const thisYear = Number(todayInDhaka().slice(0, 4));
  const askedYear = Number(url.searchParams.get("year"));
  const year = Number.isInteger(askedYear) && askedYear >= 2000 && askedYear <= thisYear + 1 ? askedYear : thisYear;
  const viewer = await leaveViewer(db, user);
  const [page, summary] = await Promise.all([listLeaves(db, state, viewer), leaveYearSummary(db, year)]);
  const canRequest = can(user.role, "leave.manage") && viewer.employeeId !== null;
  return {
    state,
    page,
    summary,
    year,
    thisYear,
    canRequest,
    requesting: canRequest && url.searchParams.has("new"),
    myEmployeeId: viewer.employeeId,
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/leaves");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  const db = getDb();
  const back = listUrl(url);
  if (intent === "request") {
    const values = readLeaveForm(form);
    const result = await requestLeave(db, user, values, actor);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  if (intent === "approve" || intent === "reject") {
    const result = await decideLeave(db, user, form.get("id"), intent === "approve" ? "approved" : "rejected", actor);
    return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
  }
  return data({ intent: null, errors: {}, values: null, toast: null }, { status: 400 });
}

const STATUS_TONES = { pending: "amber", approved: "green", rejected: "red" } as const;

export default function Leaves({ loaderData, actionData }: Route.ComponentProps) {
  const { page, summary, year, thisYear, canRequest, requesting, myEmployeeId } = loaderData;
  const list = useListView(LEAVE_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const ownPending = (row: { employeeId: string; status: string }) =>
    row.status === "pending" && row.employeeId === myEmployeeId;

  return (
    <>
      <PageHeader
        title="Leave Management"
        description="Who is away when: requests, decisions and the year's days taken."
        actions={
          canRequest && (
            <Link to={withParam(closeHref, "new=1")} preventScrollReset className={primaryButton}>
              <Plus aria-hidden className="size-4" /> Request Leave
            </Link>
          )
        }
      />
      <Panel>
        <ListToolbar list={list} label="Filter the leave requests">
          <FilterSelect
            name="show"
            label="Showing"
            allLabel="Everyone's"
            options={[
              { value: "mine", label: "My requests" },
              { value: "to-decide", label: "Waiting for me" },
            ]}
            className="sm:w-44"
          />
          <FilterSelect
            name="status"
            label="Status"
            allLabel="All"
            options={Object.entries(LEAVE_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            className="sm:w-36"
          />
          <FilterSelect
            name="type"
            label="Type"
            allLabel="All"
            options={LEAVE_TYPES.map((t) => ({ value: t, label: LEAVE_TYPE_LABELS[t] }))}
            className="sm:w-36"
          />
        </ListToolbar>
        {loading ? (
          <ListSkeleton label="leave requests" columns={6} />
        ) : page.rows.length === 0 ? (
          <EmptyState list={list} icon={CalendarOff} title="No leave requests found" />
        ) : (
          <ListTable label="Leave requests" minWidth="48rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Employee</HeadCell>
                <HeadCell>Type</HeadCell>
                <SortHeader list={list} sort="start">
                  Start Date
                </SortHeader>
                <HeadCell>End Date</HeadCell>
                <HeadCell>Status</HeadCell>
                <HeadCell>Approved By</HeadCell>
                <HeadCell className="text-right">Actions</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((row) => (
                <tr key={row.id} className="hover:bg-slate-50">
                  <td className={`${cellClass} min-w-40`}>
                    <span className="block font-medium text-ink-900">{row.employeeName}</span>
                    {row.reason && (
                      <span className="block max-w-64 truncate text-xs text-slate-500" title={row.reason}>
                        {row.reason}
                      </span>
                    )}
                  </td>
                  <td data-label="Type" className={cellClass}>
                    {LEAVE_TYPE_LABELS[row.type]}
                    <span className="block text-xs text-slate-500">
                      {row.days} {row.days === 1 ? "day" : "days"}
                    </span>
                  </td>
                  <td data-label="Start Date" className={`${cellClass} whitespace-nowrap`}>
                    {formatShortDate(row.startDate)}
                  </td>
                  <td data-label="End Date" className={`${cellClass} whitespace-nowrap`}>
                    {formatShortDate(row.endDate)}
                  </td>
                  <td data-label="Status" className={cellClass}>
                    <Badge tone={STATUS_TONES[row.status]}>{LEAVE_STATUS_LABELS[row.status]}</Badge>
                  </td>
                  <td data-label="Approved By" className={cellClass}>
                    {row.approvedByName ?? "-"}
                  </td>
                  <td
                    className={`${cellClass} text-right whitespace-nowrap`}
                    data-empty={row.canDecide || ownPending(row) ? undefined : ""}
                  >
                    {ownPending(row) && (
                      // Nobody decides their own leave (issue 19): say why there is no Approve here.
                      <span className="text-xs text-slate-500">Another approver decides</span>
                    )}
                    {row.canDecide && (
                      <Form method="post" action={here} preventScrollReset className="inline-flex gap-1">
                        <input type="hidden" name="id" value={row.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="approve"
                          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-green-700 hover:bg-green-50"
                          aria-label={`Approve ${row.employeeName}'s leave from ${row.startDate}`}
                        >
                          <Check aria-hidden className="size-4" /> Approve
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="reject"
                          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                          aria-label={`Reject ${row.employeeName}'s leave from ${row.startDate}`}
                        >
                          <X aria-hidden className="size-4" /> Reject
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="requests" />
      </Panel>

      <Panel className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
          <h2 className="text-lg font-semibold text-ink-900">Days taken in {year}</h2>
          <nav className="flex gap-3 text-sm" aria-label="Year">
            <Link to={`?year=${year - 1}`} className="text-brand-700 hover:underline">
              {year - 1}
            </Link>
            {year < thisYear && (
              <Link to={`?year=${year + 1}`} className="text-brand-700 hover:underline">
                {year + 1}
              </Link>
            )}
          </nav>
        </div>
        {summary.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-600">No approved leave in {year}.</p>
        ) : (
          <ListTable label={`Approved leave in ${year}`} minWidth="28rem" stack={false}>
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Employee</HeadCell>
                {LEAVE_TYPES.map((type) => (
                  <HeadCell key={type} className="text-right">
                    {LEAVE_TYPE_LABELS[type]}
                  </HeadCell>
                ))}
                <HeadCell className="text-right">Total</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {summary.map((row) => (
                <tr key={row.employeeId}>
                  <td className={cellClass}>{row.employeeName}</td>
                  {LEAVE_TYPES.map((type) => (
                    <td key={type} className={`${cellClass} text-right tabular-nums`}>
                      {row[type]}
                    </td>
                  ))}
                  <td className={`${cellClass} text-right font-semibold tabular-nums`}>
                    {row.sick + row.vacation + row.other}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </Panel>

      {requesting && (
        <LeaveRequestDialog
          values={actionData?.intent === "request" && actionData.values ? actionData.values : EMPTY_LEAVE_FORM}
          errors={actionData?.intent === "request" ? actionData.errors : {}}
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
