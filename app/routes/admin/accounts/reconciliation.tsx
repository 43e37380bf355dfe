import { FileUp, Landmark, ListChecks, Plus, Scale } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { ledgerEntryHref } from "~/domain/accounting/account-page";
import { JOURNAL_SOURCE_LABELS } from "~/domain/accounting/constants";
import { controlAccountKinds, partyChoices } from "~/domain/accounting/party-choices.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { addBankTransaction } from "~/domain/banking/add-bank-transaction.server";
import { bankAccounts } from "~/domain/banking/bank-accounts.server";
import {
  emptyBankTransactionForm,
  readBankTransactionForm,
  type BankTransactionFormValues,
} from "~/domain/banking/bank-transaction-form";
import { readFinishForm, readReopenForm, REOPEN_MESSAGES } from "~/domain/banking/finish-reconciliation-form";
import { deleteStatement, DELETE_STATEMENT_MESSAGES } from "~/domain/banking/delete-statement.server";
import { finishReconciliation } from "~/domain/banking/finish-reconciliation.server";
import {
  LEDGER_LINE_STATUS_LABELS,
  LEDGER_LINE_STATUSES,
  LEDGER_LINE_TYPE_LABELS,
  RECONCILIATION_LIST,
} from "~/domain/banking/reconciliation-ledger-list";
import { listReconciliationLedger } from "~/domain/banking/reconciliation-ledger-list.server";
import { statementDeletable } from "~/domain/banking/reconciliation-screen";
import { accountStatements, counterAccountChoices } from "~/domain/banking/reconciliation-screen.server";
import { reopenReconciliation } from "~/domain/banking/reopen-reconciliation.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatMoney, formatShortDate } from "~/lib/format";
import { listUrlOf, parseList, withParam, type ListChange } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { AddTransactionDialog } from "~/ui/admin/accounts/reconciliation/add-transaction-dialog";
import { FiguresPanel, StatementsPanel } from "~/ui/admin/accounts/reconciliation/reconciliation-panels";
import { DeleteDialog } from "~/ui/admin/delete-dialog";
import { ReopenDialog } from "~/ui/admin/accounts/reconciliation/reopen-dialog";
import { useToast } from "~/ui/admin/form";
import {
  cellClass,
  DateFilter,
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
  type ListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { Badge } from "~/ui/badge";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/reconciliation";

// Bank Reconciliation (/admin/accounts/reconciliation; backoffice.md §2, issue 23): per bank or wallet account
// (?account=<code>, the first active one by default), the header with a statement's figures (the latest, or
// ?statement=<id>), the account's statements with Finish, Reopen and the report's PDF, and the spec's table of the
// account's ledger lines (date, description, reference, type, amount, status), filtered and paged in the URL. Dialogs by
// the URL: Add Transaction (?new=1; with the party when its other side is a control account, issue 36), Reopen
// (?reopen=<reconciliation id>). Import, matching and rules have their own screens, linked from here.

export const meta: Route.MetaFunction = () => [{ title: "Bank Reconciliation | Utsab Admin" }];

const PATH = "/admin/accounts/reconciliation";
const listUrl = (url: URL) => listUrlOf(RECONCILIATION_LIST, url);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/reconciliation");
  const url = new URL(args.request.url);
  const state = parseList(RECONCILIATION_LIST, url);
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const accounts = await bankAccounts(db);
  const account =
    accounts.find((a) => a.code === state.filters.account) ?? accounts.find((a) => a.isActive) ?? accounts[0] ?? null;
  const params = url.searchParams;

  const [statements, page] = account
    ? await Promise.all([accountStatements(db, account.id), listReconciliationLedger(db, account.id, state)])
    : [[], null];
  const shown = statements.find((s) => s.id === state.filters.statement) ?? statements[0] ?? null;

  let dialog:
    | {
        kind: "add";
        values: BankTransactionFormValues;
        choices: Awaited<ReturnType<typeof counterAccountChoices>>;
        controlKinds: Awaited<ReturnType<typeof controlAccountKinds>>;
        parties: Awaited<ReturnType<typeof partyChoices>>;
      }
    | { kind: "reopen"; reconciliationId: string; asOfDate: string }
    | {
        kind: "delete";
        statement: { id: string; fileName: string; periodStart: string; periodEnd: string; lineCount: number };
      }
    | null = null;
  if (canManage && params.has("new")) {
    const [choices, controlKinds] = await Promise.all([counterAccountChoices(db), controlAccountKinds(db)]);
    const kinds = [...new Set(Object.values(controlKinds))];
    dialog = {
      kind: "add",
      values: emptyBankTransactionForm(todayInDhaka(), { accountId: account?.isActive ? account.id : "" }),
      choices,
      controlKinds,
      parties: kinds.length > 0 ? await partyChoices(db, kinds) : [],
    };
  } else if (canManage && params.has("reopen")) {
    const asked = params.get("reopen");
    const finished = statements.find((s) => s.reconciliation?.id === asked && s.reconciliation.status === "finished");
    if (!finished) throw await redirectWithToast(listUrl(url), { type: "error", message: REOPEN_MESSAGES.notFinished });
    dialog = { kind: "reopen", reconciliationId: finished.reconciliation!.id, asOfDate: finished.periodEnd };
  } else if (canManage && params.has("delete")) {
    const asked = statements.find((s) => s.id === params.get("delete"));
    if (!asked || !statementDeletable(asked))
      throw await redirectWithToast(listUrl(url), {
        type: "error",
        message: DELETE_STATEMENT_MESSAGES.failed(
          asked?.reconciliation
            ? DELETE_STATEMENT_MESSAGES.reconciled
            : asked
              ? DELETE_STATEMENT_MESSAGES.matched(asked.lineCount - asked.unmatched)
              : DELETE_STATEMENT_MESSAGES.unknown,
        ),
      });
    dialog = {
      kind: "delete",
      statement: {
        id: asked.id,
        fileName: asked.fileName,
        periodStart: asked.periodStart,
        periodEnd: asked.periodEnd,
        lineCount: asked.lineCount,
      },
    };
  }

  return {
    state,
    accounts: accounts.map((a) => ({ code: a.code, name: a.name, isActive: a.isActive, id: a.id })),
    account: account ? { id: account.id, code: account.code, name: account.name, isActive: account.isActive } : null,
    statements,
    shownId: shown?.id ?? null,
    page,
    canManage,
    dialog,
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/reconciliation");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  const actor = auditActor(args, user);
  const back = listUrl(url);
  const refused = (message: string): Toast => ({ type: "error", message });

  if (intent === "add-transaction") {
    const values = readBankTransactionForm(form);
    const result = await addBankTransaction(db, actor, values);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    return data(
      { intent, errors: result.errors, values, toast: refused(result.message) },
      { status: httpStatusOf(result) },
    );
  }
  if (intent === "finish") {
    const values = readFinishForm(form);
    const result = await finishReconciliation(db, actor, values);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    return data(
      { intent, errors: result.errors, values, toast: refused(result.message) },
      { status: httpStatusOf(result) },
    );
  }
  if (intent === "delete") {
    const result = await deleteStatement(db, actor, form.get("id"));
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    return data(
      { intent, errors: result.errors, values: null, toast: refused(result.message) },
      { status: httpStatusOf(result) },
    );
  }
  // reopen
  const values = readReopenForm(form);
  const result = await reopenReconciliation(db, actor, values);
  if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
  return data(
    { intent, errors: result.errors, values, toast: refused(result.message) },
    { status: httpStatusOf(result) },
  );
}

type ReconciliationList = typeof RECONCILIATION_LIST;

/**
 * The list as its toolbar, pages and empty state see it: the account (and the statement shown) stay in every link,
 * never counted as a filter to clear.
 */
function useReconciliationList(
  state: Route.ComponentProps["loaderData"]["state"],
  accountCode: string | null,
): ListView<"date", ReconciliationList["filters"]> {
  const { account: _account, statement, ...filters } = state.filters;
  const view = useListView(RECONCILIATION_LIST, { ...state, filters });
  return {
    ...view,
    href(change: ListChange<"date", ReconciliationList["filters"]> = {}) {
      const kept = change.filters && "statement" in change.filters ? change.filters.statement : statement;
      return view.href({
        ...change,
        filters: { ...filters, ...change.filters, account: accountCode ?? "", statement: kept ?? "" },
      });
    },
  };
}

export default function BankReconciliation({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, account, statements, shownId, page, canManage, dialog } = loaderData;
  const list = useReconciliationList(loaderData.state, account?.code ?? null);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const here = location.pathname + location.search;
  const closeHref = list.href();
  const shown = statements.find((s) => s.id === shownId) ?? null;
  const errorsOf = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const code = account ? encodeURIComponent(account.code) : "";

  return (
    <>
      <PageHeader
        title="Bank Reconciliation"
        description="Each bank and wallet account against its statements: import the bank's statement, match its lines to the ledger, and finish when the difference is zero."
        actions={
          account && (
            <>
              <Link to={`${PATH}/rules`} className={secondaryButton}>
                <ListChecks aria-hidden className="size-4" /> Rules
              </Link>
              {shown && (
                <Link to={`${PATH}/match?account=${code}&statement=${shown.id}`} className={secondaryButton}>
                  <Scale aria-hidden className="size-4" /> Match lines
                </Link>
              )}
              {canManage && (
                <Link to={`${PATH}/import?account=${code}`} className={secondaryButton}>
                  <FileUp aria-hidden className="size-4" /> Import statement
                </Link>
              )}
              {canManage && (
                <Link to={withParam(closeHref, "new=1")} preventScrollReset className={primaryButton}>
                  <Plus aria-hidden className="size-4" /> Add Transaction
                </Link>
              )}
            </>
          )
        }
      />

      {!account ? (
        <Panel>
          <div className="flex flex-col items-center gap-2 px-6 py-14 text-center">
            <Landmark aria-hidden className="size-10 text-slate-300" />
            <p className="font-semibold text-ink-900">No bank or wallet account</p>
            <p className="text-sm text-slate-600">
              Add a bank or mobile banking account to the{" "}
              <Link to="/admin/accounts/chart" className="font-medium text-brand-700 hover:underline">
                chart of accounts
              </Link>{" "}
              to reconcile it here.
            </p>
          </div>
        </Panel>
      ) : (
        <>
          {/* The tabs wrap on a phone: every account within reach, none behind a sideways scroll. */}
          <nav aria-label="Bank and wallet accounts" className="mb-4">
            <ul className="flex flex-wrap gap-1 border-b border-slate-200">
              {accounts.map((a) => {
                const current = a.id === account.id;
                return (
                  <li key={a.id}>
                    <Link
                      to={`${PATH}?account=${encodeURIComponent(a.code)}`}
                      aria-current={current ? "page" : undefined}
                      className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                        current
                          ? "border-brand-700 text-brand-800"
                          : "border-transparent text-slate-600 hover:border-slate-300 hover:text-ink-900"
                      }`}
                    >
                      {a.name}
                      <span className="ml-1 text-xs text-slate-400">{a.code}</span>
                      {!a.isActive && <span className="ml-1 text-xs text-slate-400">(deactivated)</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          {shown ? (
            <>
              <FiguresPanel statement={shown} figures={shown.figures} />
              <StatementsPanel
                statements={statements}
                shownId={shown.id}
                canManage={canManage}
                action={here}
                hrefOf={{
                  figures: (id) => list.href({ filters: { statement: id } }),
                  match: (id) => `${PATH}/match?account=${code}&statement=${id}`,
                  reopen: (id) => withParam(closeHref, `reopen=${id}`),
                  delete: (id) => withParam(closeHref, `delete=${id}`),
                  pdf: (id) => `${PATH}/${id}/pdf`,
                }}
              />
            </>
          ) : (
            <Panel className="mb-6">
              <div className="flex flex-col items-center gap-2 px-6 py-10 text-center" data-testid="no-statement">
                <FileUp aria-hidden className="size-10 text-slate-300" />
                <p className="font-semibold text-ink-900">No statement of {account.name} yet</p>
                <p className="max-w-xl text-sm text-slate-600">
                  {canManage ? (
                    <>
                      Download the account&apos;s statement from the bank or the wallet (CSV or XLSX) and bring it in
                      with{" "}
                      <Link
                        to={`${PATH}/import?account=${code}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        Import statement
                      </Link>
                      ; then match its lines to the ledger lines below, and finish when the difference is zero.
                    </>
                  ) : (
                    "Once an accountant imports the bank's statement, its figures and lines show here."
                  )}
                </p>
              </div>
            </Panel>
          )}

          <Panel>
            <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-ink-900">
              Ledger lines of {account.code} {account.name}
            </h2>
            <ListToolbar list={list} label="Filter the ledger lines">
              <input type="hidden" name="account" value={account.code} />
              {loaderData.state.filters.statement && (
                <input type="hidden" name="statement" value={loaderData.state.filters.statement} />
              )}
              <SearchBox label="Search" placeholder="Description or reference" />
              <FilterSelect
                name="status"
                label="Status"
                options={LEDGER_LINE_STATUSES.map((s) => ({ value: s, label: LEDGER_LINE_STATUS_LABELS[s] }))}
              />
              <DateFilter name="from" label="From" />
              <DateFilter name="to" label="To" />
            </ListToolbar>
            {loading || !page ? (
              <ListSkeleton label="ledger lines" columns={6} />
            ) : page.rows.length === 0 ? (
              <EmptyState
                list={list}
                icon={Landmark}
                title="No ledger lines found"
                hint={`Nothing is posted on ${account.name} yet. Transactions, payments and Add Transaction post here.`}
              />
            ) : (
              <ListTable label="Ledger lines" minWidth="52rem">
                <thead className="border-b border-slate-200 bg-slate-50">
                  <tr>
                    <HeadCell>Date</HeadCell>
                    <HeadCell>Description</HeadCell>
                    <HeadCell>Reference</HeadCell>
                    <HeadCell>Type</HeadCell>
                    <HeadCell className="text-right">Amount</HeadCell>
                    <HeadCell>Status</HeadCell>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {page.rows.map((row) => (
                    <tr key={row.id} className="hover:bg-slate-50" data-testid="ledger-line">
                      <td className={`${cellClass} whitespace-nowrap`}>{formatShortDate(row.date)}</td>
                      <td data-label="Description" className={`${cellClass} max-w-72 break-words`}>
                        <Link to={ledgerEntryHref(row.entryId)} className="font-medium text-brand-700 hover:underline">
                          {row.description || JOURNAL_SOURCE_LABELS[row.sourceType]}
                        </Link>
                        <span className="block text-xs text-slate-500">{JOURNAL_SOURCE_LABELS[row.sourceType]}</span>
                      </td>
                      <td data-label="Reference" className={`${cellClass} max-w-44 break-words`}>
                        {row.reference ?? "-"}
                      </td>
                      <td data-label="Type" className={cellClass}>
                        {LEDGER_LINE_TYPE_LABELS[row.type]}
                      </td>
                      <td
                        data-label="Amount"
                        className={`${cellClass} font-semibold whitespace-nowrap tabular-nums sm:text-right ${
                          row.type === "deposit" ? "text-emerald-700" : "text-ink-900"
                        }`}
                      >
                        {row.type === "withdrawal" ? "−" : ""}
                        {formatMoney(row.amount)}
                      </td>
                      <td className={cellClass}>
                        {row.matchedOn ? (
                          <>
                            <Badge tone="green">Reconciled</Badge>
                            <span className="mt-0.5 block text-xs text-slate-500">
                              Statement of {formatShortDate(row.matchedOn)}
                            </span>
                          </>
                        ) : (
                          <Badge tone="amber">Not reconciled</Badge>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ListTable>
            )}
            {page && <Pagination list={list} page={page} noun="ledger lines" />}
          </Panel>
        </>
      )}

      {dialog?.kind === "add" && (
        <AddTransactionDialog
          values={
            actionData?.intent === "add-transaction" && actionData.values
              ? (actionData.values as BankTransactionFormValues)
              : dialog.values
          }
          errors={errorsOf("add-transaction")}
          bankAccounts={accounts.filter((a) => a.isActive)}
          accounts={dialog.choices.accounts}
          defaults={dialog.choices.defaults}
          controlKinds={dialog.controlKinds}
          parties={dialog.parties}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          title="Delete the statement"
          question="Only a statement imported by mistake: none of its lines is matched and it was never reconciled."
          id={dialog.statement.id}
          name={`${dialog.statement.fileName} (${formatShortDate(dialog.statement.periodStart)} – ${formatShortDate(dialog.statement.periodEnd)})`}
          consequence={` and its ${dialog.statement.lineCount} ${dialog.statement.lineCount === 1 ? "line is" : "lines are"} deleted, so the right file can be imported again. The ledger is not touched.`}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "reopen" && (
        <ReopenDialog
          reconciliationId={dialog.reconciliationId}
          asOfDate={dialog.asOfDate}
          reason={
            actionData?.intent === "reopen" && actionData.values && "reason" in actionData.values
              ? actionData.values.reason
              : ""
          }
          errors={errorsOf("reopen")}
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
