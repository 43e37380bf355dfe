import { BookOpen, CirclePause, CirclePlay, Plus } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { CHART_LIST, ACCOUNT_STATUS_LABELS } from "~/domain/accounting/chart-list";
import {
  CHART_MESSAGES,
  EMPTY_ACCOUNT_FORM,
  readAccountForm,
  type AccountFormValues,
} from "~/domain/accounting/chart-form";
import {
  accountSummary,
  createAccount,
  deactivateAccount,
  deleteAccount,
  listChart,
  loadAccountForm,
  parentChoices,
  reactivateAccount,
  updateAccount,
  type AccountSummary,
} from "~/domain/accounting/chart.server";
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, PAYMENT_METHOD_LABELS } from "~/domain/accounting/constants";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { isNarrowed, listUrlOf, parseList, withParam } from "~/lib/list-params";
import { recordDialogFromUrl, type RecordDialog } from "~/lib/record-dialog.server";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { AccountStateDialog } from "~/ui/admin/accounting/account-state-dialog";
import { Balance } from "~/ui/admin/accounting/balance";
import { ChartAccountDialog } from "~/ui/admin/accounting/chart-account-dialog";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
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
  SearchBox,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { RowActionLink, RowActions } from "~/ui/admin/row-actions";
import { Badge } from "~/ui/badge";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/chart";

// The chart of accounts (issue 21): every account as a tree (each under its parent) with its balance today, filtered
// by type and status and searched by code or name, all in the URL. Dialogs by URL: ?new=1, ?edit=<id>,
// ?delete=<id>, ?deactivate=<id>, ?reactivate=<id>. Each account opens its page (balance and lines over a range).

export const meta: Route.MetaFunction = () => [{ title: "Chart of accounts | Utsab Admin" }];

const listUrl = (url: URL) => listUrlOf(CHART_LIST, url);

type DialogState = RecordDialog<AccountFormValues> | { kind: "deactivate" | "reactivate"; account: AccountSummary };

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/chart");
  const url = new URL(args.request.url);
  const state = parseList(CHART_LIST, url);
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");

  let dialog: DialogState = null;
  const stateChange = url.searchParams.has("deactivate")
    ? ("deactivate" as const)
    : url.searchParams.has("reactivate")
      ? ("reactivate" as const)
      : null;
  if (canManage && stateChange) {
    const account = await accountSummary(db, url.searchParams.get(stateChange) ?? "");
    if (!account) throw await redirectWithToast(listUrl(url), { type: "error", message: CHART_MESSAGES.notFound });
    dialog = { kind: stateChange, account };
  } else
    dialog = await recordDialogFromUrl(url, {
      allowed: canManage,
      empty: EMPTY_ACCOUNT_FORM,
      load: (id) => loadAccountForm(db, id),
      values: (account) => account,
      name: (account) => `${account.code} ${account.name}`,
      id: (account) => account.id,
      listUrl: listUrl(url),
      notFound: CHART_MESSAGES.notFound,
    });
  const editing = dialog?.kind === "create" || dialog?.kind === "update";
  const [page, parents, typeFixed] = await Promise.all([
    listChart(db, state),
    editing ? parentChoices(db) : [],
    dialog?.kind === "update"
      ? accountSummary(db, dialog.values.id).then((a) => a?.hasPostings ?? false)
      : Promise.resolve(false),
  ]);
  return { state, page, canManage, dialog, parents, typeFixed };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/chart");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const actor = auditActor(args, user);
  const db = getDb();
  const back = listUrl(url);

  if (intent === "create" || intent === "update") {
    const values = readAccountForm(form);
    const result =
      intent === "create" ? await createAccount(db, values, actor) : await updateAccount(db, values, actor);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    // Someone else's change: the form reopens with what is stored now.
    const shown = result.refusal === "conflict" ? ((await loadAccountForm(db, values.id)) ?? values) : values;
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values: shown, toast }, { status: httpStatusOf(result) });
  }

  const id = form.get("id");
  const result =
    intent === "delete"
      ? await deleteAccount(db, id, actor)
      : intent === "deactivate"
        ? await deactivateAccount(db, id, actor)
        : await reactivateAccount(db, id, actor);
  if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
  // The refusal's reason as a toast over the list; the status says it was refused (no redirect).
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values: null, toast }, { status: httpStatusOf(result) });
}

export default function ChartOfAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { page, canManage, dialog, parents, typeFixed } = loaderData;
  const list = useListView(CHART_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const dialogHref = (param: string) => withParam(closeHref, param);
  const narrowed = isNarrowed(loaderData.state);

  return (
    <>
      <PageHeader
        title="Chart of accounts"
        description="The accounts every screen of Accounts posts to, grouped under their parents, with each one's balance today."
        actions={
          <>
            {canManage && (
              <Link to="/admin/settings/accounting" className={secondaryButton}>
                <BookOpen aria-hidden className="size-4" /> Accounting settings
              </Link>
            )}
            {canManage && (
              <Link to={dialogHref("new=1")} preventScrollReset className={primaryButton}>
                <Plus aria-hidden className="size-4" /> Add Account
              </Link>
            )}
          </>
        }
      />
      <Panel>
        <ListToolbar list={list} label="Search and filter the accounts">
          <SearchBox
            label="Search"
            placeholder="Search by code or name..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <FilterSelect
            name="type"
            label="Type"
            options={ACCOUNT_TYPES.map((t) => ({ value: t, label: ACCOUNT_TYPE_LABELS[t] }))}
            className="sm:w-40"
          />
          <FilterSelect
            name="status"
            label="Status"
            options={Object.entries(ACCOUNT_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            className="sm:w-40"
          />
        </ListToolbar>
        {loading ? (
          <ListSkeleton label="accounts" columns={5} />
        ) : page.rows.length === 0 ? (
          <EmptyState list={list} icon={BookOpen} title="No accounts found" hint="Add the first with Add Account." />
        ) : (
          <ListTable label="Accounts" minWidth="46rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Account</HeadCell>
                <HeadCell>Type</HeadCell>
                <HeadCell className="text-right">Balance</HeadCell>
                <HeadCell>Status</HeadCell>
                {canManage && <HeadCell className="text-right">Actions</HeadCell>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((row) => {
                const name = `${row.code} ${row.name}`;
                return (
                  <tr key={row.id} className={row.isActive ? "hover:bg-slate-50" : "bg-slate-50/60 hover:bg-slate-50"}>
                    <td className={`${cellClass} min-w-56`}>
                      {/* The tree: each level indented under its parent (at most 6 levels shown deeper); a search or
                          filter may leave the parent out, so the row then names it instead. */}
                      <div style={{ paddingLeft: narrowed ? undefined : `${Math.min(row.depth, 6) * 1.25}rem` }}>
                        <Link
                          to={`/admin/accounts/chart/${row.id}`}
                          className={`font-medium hover:underline ${row.isActive ? "text-brand-700" : "text-slate-500"}`}
                        >
                          <span className="tabular-nums">{row.code}</span> {row.name}
                        </Link>
                        {row.parentCode && (
                          <span className={narrowed ? "block text-xs text-slate-500" : "sr-only"}>
                            {narrowed ? "Under" : ", under"} {row.parentCode} {row.parentName}
                          </span>
                        )}
                        {(row.paymentMethod || row.roles.length > 0 || row.description) && (
                          <div className="mt-0.5 space-y-0.5 text-xs text-slate-500">
                            {row.paymentMethod && (
                              <Badge tone="blue" className="mr-1">
                                {PAYMENT_METHOD_LABELS[row.paymentMethod]}
                              </Badge>
                            )}
                            {row.description && <span className="break-words">{row.description}</span>}
                            {row.roles.length > 0 && (
                              <span className="block break-words">Used for: {row.roles.join("; ")}</span>
                            )}
                          </div>
                        )}
                      </div>
                    </td>
                    <td data-label="Type" className={`${cellClass} whitespace-nowrap`}>
                      {ACCOUNT_TYPE_LABELS[row.type]}
                    </td>
                    <td data-label="Balance" className={`${cellClass} text-right sm:text-right max-sm:text-left`}>
                      <Balance amount={row.balance} />
                      {row.groupBalance !== null && (
                        <span className="block text-xs whitespace-nowrap text-slate-500">
                          With sub-accounts: <Balance amount={row.groupBalance} />
                        </span>
                      )}
                    </td>
                    <td data-label="Status" className={cellClass}>
                      <Badge tone={row.isActive ? "green" : "slate"}>
                        {ACCOUNT_STATUS_LABELS[row.isActive ? "active" : "inactive"]}
                      </Badge>
                    </td>
                    {canManage && (
                      <td className={`${cellClass} text-right whitespace-nowrap`}>
                        <RowActions
                          name={name}
                          editHref={dialogHref(`edit=${row.id}`)}
                          // Only an account nothing was posted to, with no sub-accounts, can go.
                          deleteHref={
                            !row.hasPostings && row.childCount === 0 ? dialogHref(`delete=${row.id}`) : undefined
                          }
                          compact
                        >
                          {row.isActive ? (
                            <RowActionLink
                              to={dialogHref(`deactivate=${row.id}`)}
                              label={`Deactivate ${name}`}
                              text="Deactivate"
                              icon={CirclePause}
                              tone="plain"
                              compact
                            />
                          ) : (
                            <RowActionLink
                              to={dialogHref(`reactivate=${row.id}`)}
                              label={`Reactivate ${name}`}
                              text="Reactivate"
                              icon={CirclePlay}
                              tone="plain"
                              compact
                            />
                          )}
                        </RowActions>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="accounts" />
      </Panel>

      {dialog && (dialog.kind === "create" || dialog.kind === "update") && (
        <ChartAccountDialog
          key={`${dialog.kind}-${dialog.values.id}-${dialog.values.version}`}
          mode={dialog.kind}
          values={actionData?.intent === dialog.kind && actionData.values ? actionData.values : dialog.values}
          errors={actionData?.intent === dialog.kind ? actionData.errors : {}}
          parents={parents}
          typeFixed={typeFixed}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog && (dialog.kind === "deactivate" || dialog.kind === "reactivate") && (
        <AccountStateDialog
          account={dialog.account}
          change={dialog.kind}
          closeHref={closeHref}
          action={here}
          canOpenSettings={canManage}
          error={actionData?.intent === dialog.kind ? actionData.errors.form : undefined}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete account"
          question={CHART_MESSAGES.confirmDelete}
          id={dialog.id}
          name={dialog.name}
          consequence=" will be removed from the chart. Only an account nothing was posted to can be deleted; deactivate the others."
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
