import { Download, Eye, HandCoins, Plus, ReceiptText } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import {
  PAYABLE_CATEGORIES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RECEIVABLE_CATEGORIES,
} from "~/domain/accounting/constants";
import { createMoneyDocument } from "~/domain/accounting/create-money-document.server";
import { ledgerSummary } from "~/domain/accounting/ledger-summary.server";
import { moneyAccountChoices } from "~/domain/accounting/money-accounts.server";
import {
  emptyMoneyDocumentForm,
  readMoneyDocumentForm,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type MoneyDocumentFormValues,
} from "~/domain/accounting/money-document-form";
import { TRANSACTION_DETAILS_MESSAGES } from "~/domain/accounting/transaction-details";
import { loadTransactionDetails } from "~/domain/accounting/transaction-details.server";
import {
  balanceAtLabel,
  balanceDateOf,
  periodChoices,
  periodOf,
  TRANSACTION_LIST,
  TRANSACTIONS_EXPORT_PATH,
} from "~/domain/accounting/transaction-list";
import { listTransactions } from "~/domain/accounting/transaction-list.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatMoney, formatShortDate } from "~/lib/format";
import { listSearch, listUrlOf, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { MoneyDocumentDialog } from "~/ui/admin/accounts/transactions/money-document-dialog";
import { TransactionStatusBadge } from "~/ui/admin/accounts/transactions/status-badge";
import { SummaryCards } from "~/ui/admin/accounts/transactions/summary-cards";
import { TransactionDetailsPanel } from "~/ui/admin/accounts/transactions/transaction-details";
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
  SortHeader,
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { RowActionLink } from "~/ui/admin/row-actions";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/transactions";

// Transactions (/admin/accounts; backoffice.md §2, issue 21). The cards add up the LEDGER over the page's period
// (this month unless the URL chooses another); the table lists the documents of that period. New Transaction opens
// by the URL (?new=1) and works without JavaScript; a transaction's details by ?view=<id>. A pending one is settled
// on the Payables & Receivables screen.

export const meta: Route.MetaFunction = () => [{ title: "Transactions | Utsab Admin" }];

const listUrl = (url: URL) => listUrlOf(TRANSACTION_LIST, url);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts");
  const url = new URL(args.request.url);
  const state = parseList(TRANSACTION_LIST, url);
  const today = todayInDhaka();
  const period = periodOf(state.filters, today);
  const balanceDate = balanceDateOf(period, today);
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");

  const viewId = url.searchParams.get("view");
  const [page, summary, details, choices] = await Promise.all([
    listTransactions(db, state, period, TRANSACTION_LIST),
    ledgerSummary(db, period, balanceDate),
    viewId ? loadTransactionDetails(db, viewId) : null,
    canManage && url.searchParams.has("new") ? moneyAccountChoices(db) : null,
  ]);
  if (viewId && !details)
    throw await redirectWithToast(listUrl(url), {
      type: "error",
      message: TRANSACTION_DETAILS_MESSAGES.transactionGone,
    });
  const dialog = choices
    ? { kind: "create" as const, values: emptyMoneyDocumentForm("transaction", today, choices.defaults), choices }
    : null;
  return {
    state,
    period,
    periods: periodChoices(today),
    page,
    summary,
    balanceAt: balanceAtLabel(balanceDate, today),
    canManage,
    dialog,
    details,
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  if (intent === "create") {
    const values = readMoneyDocumentForm(form, "transaction");
    const result = await createMoneyDocument(getDb(), auditActor(args, user), "transaction", values);
    if (result.ok) return redirectWithToast(listUrl(url), { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  return data({ errors: {}, values: null as MoneyDocumentFormValues | null, toast: null }, { status: 400 });
}

const CATEGORY_OPTIONS = [...RECEIVABLE_CATEGORIES, ...PAYABLE_CATEGORIES].map((c) => ({ value: c, label: c }));

export default function Transactions({ loaderData, actionData }: Route.ComponentProps) {
  const { page, summary, balanceAt, period, periods, canManage, dialog, details } = loaderData;
  const list = useListView(TRANSACTION_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const dialogHref = (param: string) => withParam(closeHref, param);
  const exportHref = TRANSACTIONS_EXPORT_PATH + listSearch(TRANSACTION_LIST, { ...list.state, page: 1 });

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Income and expenses, paid at once or owed. The cards add up what the ledger posted."
        actions={
          <>
            <Link to={exportHref} reloadDocument className={secondaryButton}>
              <Download aria-hidden className="size-4" /> Export CSV
            </Link>
            {canManage && (
              <Link to={dialogHref("new=1")} preventScrollReset className={primaryButton}>
                <Plus aria-hidden className="size-4" /> New Transaction
              </Link>
            )}
          </>
        }
      />
      <SummaryCards summary={summary} periodLabel={period.label} balanceAt={balanceAt} />
      <Panel>
        <ListToolbar list={list} label="Search and filter the transactions">
          <SearchBox
            label="Search"
            placeholder="Search description, reference or party..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <FilterSelect name="period" label="Period" allLabel="This month" options={periods} className="sm:w-44" />
          <DateFilter name="from" label="From" className="sm:w-40" />
          <DateFilter name="to" label="To" className="sm:w-40" />
          <FilterSelect
            name="type"
            label="Type"
            options={Object.entries(TRANSACTION_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            className="max-sm:col-span-1 sm:w-32"
          />
          <FilterSelect
            name="status"
            label="Status"
            options={Object.entries(TRANSACTION_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            className="max-sm:col-span-1 sm:w-36"
          />
          <FilterSelect
            name="category"
            label="Category"
            options={CATEGORY_OPTIONS}
            className="max-sm:col-span-1 sm:w-44"
          />
          <FilterSelect
            name="method"
            label="Method"
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            className="max-sm:col-span-1 sm:w-40"
          />
        </ListToolbar>
        <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-500" data-testid="period-label">
          Period: <span className="font-semibold text-slate-700">{period.label}</span>, for the cards and the table.
          From and To, when set, take the place of the period chosen.
        </p>
        {loading ? (
          <ListSkeleton label="transactions" columns={7} />
        ) : page.rows.length === 0 ? (
          <EmptyState
            list={list}
            icon={ReceiptText}
            title="No transactions found"
            hint={`Nothing in ${period.label}. Choose another period${canManage ? ", or add one with New Transaction" : ""}.`}
          />
        ) : (
          <ListTable label="Transactions" minWidth="56rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <SortHeader list={list} sort="date">
                  Date
                </SortHeader>
                <SortHeader list={list} sort="type">
                  Type
                </SortHeader>
                <SortHeader list={list} sort="category">
                  Category
                </SortHeader>
                <HeadCell>Description</HeadCell>
                <SortHeader list={list} sort="amount" className="text-right">
                  Amount
                </SortHeader>
                <SortHeader list={list} sort="status">
                  Status
                </SortHeader>
                <HeadCell className="text-right">Actions</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((row) => {
                const name = `${row.category} of ${formatShortDate(row.date)}`;
                return (
                  <tr key={row.id} className="hover:bg-slate-50">
                    <td className={`${cellClass} whitespace-nowrap`}>{formatShortDate(row.date)}</td>
                    <td data-label="Type" className={cellClass}>
                      <span className={row.type === "income" ? "text-emerald-700" : "text-rose-700"}>
                        {TRANSACTION_TYPE_LABELS[row.type]}
                      </span>
                    </td>
                    <td data-label="Category" className={cellClass}>
                      {row.category}
                    </td>
                    <td className={`${cellClass} max-w-64`}>
                      {row.description && <span className="block break-words text-ink-900">{row.description}</span>}
                      <span className="block text-xs break-words text-slate-500">
                        {[row.party, row.reference, PAYMENT_METHOD_LABELS[row.paymentMethod]]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </td>
                    <td data-label="Amount" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                      <span className="font-semibold text-ink-900">
                        {row.type === "income" ? "+" : "−"}
                        {formatMoney(row.amount)}
                      </span>
                      {row.status === "pending" && row.left !== row.amount && (
                        <span className="block text-xs text-slate-500">{formatMoney(row.left)} left</span>
                      )}
                    </td>
                    <td data-label="Status" className={cellClass}>
                      <TransactionStatusBadge status={row.status} />
                    </td>
                    <td className={`${cellClass} text-right whitespace-nowrap`}>
                      <span className="inline-flex gap-1">
                        <RowActionLink
                          to={dialogHref(`view=${row.id}`)}
                          label={`View ${name}`}
                          text="View"
                          icon={Eye}
                          tone="plain"
                          compact
                        />
                        {canManage && row.status === "pending" && (
                          <RowActionLink
                            to={`/admin/accounts/payables?settle=${row.id}`}
                            label={`Settle ${name}`}
                            text="Settle"
                            icon={HandCoins}
                            compact
                          />
                        )}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="transactions" />
      </Panel>

      {dialog && (
        <MoneyDocumentDialog
          kind="transaction"
          values={actionData?.values ?? dialog.values}
          errors={actionData?.errors ?? {}}
          choices={dialog.choices}
          closeHref={closeHref}
          action={here}
        />
      )}
      {details && (
        <TransactionDetailsPanel
          details={details}
          closeHref={closeHref}
          settleHref={
            canManage && details.status === "pending" ? `/admin/accounts/payables?settle=${details.id}` : null
          }
          canVoid={canManage}
        />
      )}
    </>
  );
}
