import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { data, Link, redirect, useLocation } from "react-router";
import { SALARY_DISBURSEMENT_PATH } from "~/domain/payroll/disbursement-form";
import { getDb } from "~/db/client.server";
import { AGE_BUCKETS } from "~/domain/accounting/ageing";
import { PARTY_KINDS } from "~/domain/accounting/constants";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { createMoneyDocument } from "~/domain/accounting/create-money-document.server";
import { moneyAccountChoices } from "~/domain/accounting/money-accounts.server";
import {
  emptyMoneyDocumentForm,
  readMoneyDocumentForm,
  type MoneyDocumentFormValues,
} from "~/domain/accounting/money-document-form";
import { OPEN_ITEM_KIND_LABELS, OPEN_ITEM_LIST, openItemHref, openItemPage } from "~/domain/accounting/open-item-list";
import { listOpenItems, loadOpenItem, openItemAgeing } from "~/domain/accounting/open-items.server";
import {
  readSettleForm,
  SETTLE_MESSAGES,
  type OpenItemKind,
  type SettleFormValues,
} from "~/domain/accounting/settle-form";
import { settleOpenItem } from "~/domain/accounting/settle-open-item.server";
import { TRANSACTION_DETAILS_MESSAGES } from "~/domain/accounting/transaction-details";
import { loadTransactionDetails } from "~/domain/accounting/transaction-details.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { AgeingSummary } from "~/ui/admin/accounts/payables/ageing-summary";
import { PartyAgeingTable } from "~/ui/admin/accounts/payables/party-ageing-table";
import { OpenItemTable } from "~/ui/admin/accounts/payables/open-item-table";
import { SettleDialog } from "~/ui/admin/accounts/payables/settle-dialog";
import { MoneyDocumentDialog } from "~/ui/admin/accounts/transactions/money-document-dialog";
import { TransactionDetailsPanel } from "~/ui/admin/accounts/transactions/transaction-details";
import { useToast } from "~/ui/admin/form";
import { FilterSelect, ListSkeleton, ListToolbar, SearchBox, useListLoading, useListView } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/payables";

// Payables & Receivables (/admin/accounts/payables; backoffice.md §2, issue 21): the spec's two tables, pending ones
// only, with what is left, the due date (Overdue when before today in Dhaka) and the totals left by age. Dialogs by
// the URL: New Payable (?new=payable), New Receivable (?new=receivable), Settle (?settle=<id>), and a document's
// details (?view=<id>, the General Ledger's link). Settled in full, one leaves its table.

export const meta: Route.MetaFunction = () => [{ title: "Payables & Receivables | Utsab Admin" }];

const KINDS = ["payable", "receivable"] as const;

function screenOf(url: URL) {
  const state = parseList(OPEN_ITEM_LIST, url);
  const pages = {
    payable: openItemPage(url.searchParams, "payable"),
    receivable: openItemPage(url.searchParams, "receivable"),
  };
  return { state, pages, back: openItemHref(url.pathname, state, pages) };
}

const kindOf = (value: unknown): OpenItemKind | null => (value === "payable" || value === "receivable" ? value : null);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/payables");
  const url = new URL(args.request.url);
  const { state, pages, back } = screenOf(url);
  const today = todayInDhaka();
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const newKind = canManage ? kindOf(url.searchParams.get("new")) : null;
  const settleId = canManage ? url.searchParams.get("settle") : null;
  const viewId = url.searchParams.get("view");

  const [payables, receivables, { totals: ageing, parties: ageingByParty }, choices, settling, details] =
    await Promise.all([
      listOpenItems(db, "payable", state, pages.payable, today),
      listOpenItems(db, "receivable", state, pages.receivable, today),
      openItemAgeing(db, today),
      newKind || settleId ? moneyAccountChoices(db) : null,
      settleId ? loadOpenItem(db, settleId, today) : null,
      viewId ? loadTransactionDetails(db, viewId) : null,
    ]);
  if (settleId && !settling)
    throw await redirectWithToast(back, { type: "error", message: SETTLE_MESSAGES.notPending });
  // A payroll's salary row is paid in Salary Disbursement (issue 25): Settle takes the user there.
  if (settling?.salaryMonth) throw redirect(`${SALARY_DISBURSEMENT_PATH}?month=${settling.salaryMonth}`);
  if (viewId && !details)
    throw await redirectWithToast(back, { type: "error", message: TRANSACTION_DETAILS_MESSAGES.openItemGone });

  let dialog:
    | { kind: "create"; docKind: OpenItemKind; values: MoneyDocumentFormValues }
    | { kind: "settle"; item: NonNullable<typeof settling>; values: SettleFormValues }
    | null = null;
  if (newKind && choices)
    dialog = { kind: "create", docKind: newKind, values: emptyMoneyDocumentForm(newKind, today, choices.defaults) };
  else if (settling && choices)
    dialog = {
      kind: "settle",
      item: settling,
      values: {
        id: settling.id,
        date: today < settling.date ? settling.date : today,
        paymentMethod: settling.paymentMethod,
        moneyAccountId: choices.defaults[settling.paymentMethod] ?? "",
        amount: settling.left,
        reference: "",
      },
    };
  // The largest balances of each kind of party; the totals count every one.
  const parties = ageingByParty;
  return { state, pages, today, payables, receivables, ageing, parties, canManage, dialog, choices, details };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/payables");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const { back } = screenOf(url);
  const db = getDb();
  const actor = auditActor(args, user);

  if (intent === "create") {
    const kind = kindOf(form.get("kind"));
    if (!kind)
      return data(
        { intent, errors: { form: "Choose New Payable or New Receivable" }, values: null, toast: null },
        { status: 400 },
      );
    const values = readMoneyDocumentForm(form, kind);
    const result = await createMoneyDocument(db, actor, kind, values);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }

  // settle
  const values = readSettleForm(form);
  const result = await settleOpenItem(db, actor, values);
  if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
  // Settled meanwhile, cancelled or gone: nothing to show in the dialog; back to the lists with the reason.
  if (result.refusal !== "invalid") return redirectWithToast(back, { type: "error", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function PayablesReceivables({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, today, payables, receivables, ageing, parties, canManage, dialog, choices, details } = loaderData;
  const list = useListView(OPEN_ITEM_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = openItemHref(location.pathname, list.state, pages);
  const here = location.pathname + location.search;
  const hrefOf = (param: string) => withParam(closeHref, param);
  const tables = { payable: payables, receivable: receivables };
  const pageViewOf = (kind: OpenItemKind) => ({
    ...list,
    href: (change?: Parameters<typeof list.href>[0]) =>
      change?.page !== undefined && Object.keys(change).length === 1
        ? openItemHref(location.pathname, list.state, pages, { [kind]: change.page })
        : list.href(change),
  });

  return (
    <>
      <PageHeader
        title="Payables & Receivables"
        description="What the company owes and what it is owed, until settled. Settle records a payment or receipt, all or part."
        actions={
          canManage && (
            <>
              <Link to={hrefOf("new=payable")} preventScrollReset className={secondaryButton}>
                <ArrowUpRight aria-hidden className="size-4" /> New Payable
              </Link>
              <Link to={hrefOf("new=receivable")} preventScrollReset className={primaryButton}>
                <ArrowDownLeft aria-hidden className="size-4" /> New Receivable
              </Link>
            </>
          )
        }
      />
      <Panel className="mb-6">
        <ListToolbar list={list} label="Search and filter the payables and receivables">
          <SearchBox
            label="Search"
            placeholder="Search party, description or reference..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <FilterSelect
            name="age"
            label="Age"
            options={AGE_BUCKETS.map((b) => ({ value: b.key, label: b.label }))}
            className="max-sm:col-span-1 sm:w-40"
          />
          <FilterSelect
            name="overdue"
            label="Overdue"
            options={[{ value: "yes", label: "Overdue only" }]}
            className="max-sm:col-span-1 sm:w-40"
          />
        </ListToolbar>
        <p className="px-4 py-2 text-xs text-slate-500">
          Age: days past the due date, or since the date when there is none (today in Dhaka); due today is not yet due.
          The totals by age count every open one, tax invoices included, whatever the search; the total outstanding is
          the parties&apos; balance in the ledger. Unpaid salaries are listed under the employees below.
        </p>
      </Panel>
      {KINDS.map((kind) => (
        <Panel key={kind} className="mb-6">
          <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-ink-900">
            {OPEN_ITEM_KIND_LABELS[kind].table}
          </h2>
          <AgeingSummary
            kind={kind}
            title={OPEN_ITEM_KIND_LABELS[kind].table}
            totals={ageing[kind]}
            hrefOf={(age) => list.href({ filters: { age } })}
            testId={`ageing-${kind}`}
          />
          {loading ? (
            <ListSkeleton label={OPEN_ITEM_KIND_LABELS[kind].noun} columns={6} />
          ) : (
            <OpenItemTable
              kind={kind}
              list={list}
              pageView={pageViewOf(kind)}
              page={tables[kind]}
              today={today}
              hrefOf={hrefOf}
              canManage={canManage}
            />
          )}
        </Panel>
      ))}

      <Panel className="mb-6">
        <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-ink-900">Ageing by party</h2>
        <p className="px-4 pt-2 text-xs text-slate-500">
          Each party&apos;s balance in the ledger, by the age of the documents behind it; on account: what no document
          explains (an advance, an overpayment, an adjustment). The totals are the accounts&apos; balances.
        </p>
        {PARTY_KINDS.map((kind) => (
          <PartyAgeingTable key={kind} {...parties[kind]} />
        ))}
      </Panel>

      {dialog?.kind === "create" && choices && (
        <MoneyDocumentDialog
          kind={dialog.docKind}
          values={
            actionData?.intent === "create" && actionData.values
              ? (actionData.values as MoneyDocumentFormValues)
              : dialog.values
          }
          errors={actionData?.intent === "create" ? actionData.errors : {}}
          choices={choices}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "settle" && choices && (
        <SettleDialog
          item={dialog.item}
          today={today}
          values={
            actionData?.intent === "settle" && actionData.values
              ? (actionData.values as SettleFormValues)
              : dialog.values
          }
          errors={actionData?.intent === "settle" ? actionData.errors : {}}
          choices={choices}
          closeHref={closeHref}
          action={here}
        />
      )}
      {details && (
        <TransactionDetailsPanel
          details={details}
          closeHref={closeHref}
          settleHref={canManage && details.status === "pending" ? hrefOf(`settle=${details.id}`) : null}
          canVoid={canManage}
        />
      )}
    </>
  );
}
