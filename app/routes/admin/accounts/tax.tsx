import { FileText, Plus, ReceiptText } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { TAX_TYPES } from "~/domain/accounting/constants";
import { accountChoices } from "~/domain/accounting/ledger-list.server";
import { moneyAccountChoices } from "~/domain/accounting/money-accounts.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { closeVatPeriod } from "~/domain/tax/close-vat-period.server";
import { createTaxRecord } from "~/domain/tax/create-tax-record.server";
import { recordTaxDeposit } from "~/domain/tax/record-tax-deposit.server";
import { reverseTaxDeposit } from "~/domain/tax/reverse-tax-deposit.server";
import { reverseTaxRecord } from "~/domain/tax/reverse-tax-record.server";
import { TAX_DEPOSIT_REVERSAL_MESSAGES, TAX_RECORD_REVERSAL_MESSAGES } from "~/domain/tax/tax-reversal-form";
import { readVoidForm, voidDateDefault, type VoidFormValues } from "~/domain/accounting/void-form";
import {
  emptyTaxDepositForm,
  readTaxDepositForm,
  readVatCloseForm,
  type TaxDepositFormValues,
} from "~/domain/tax/tax-filing-form";
import {
  reversibleTaxRow,
  TAX_LIST,
  TAX_SOURCE_LABELS,
  taxSourceHref,
  type TaxRegisterListRow,
} from "~/domain/tax/tax-list";
import {
  emptyTaxRecordForm,
  formatRate,
  readTaxRecordForm,
  TAX_KIND_LABELS,
  TAX_TYPE_LABELS,
  type TaxRecordFormValues,
} from "~/domain/tax/tax-record-form";
import { listTaxRecords, loadTaxRegisterRow, taxTypeTotals } from "~/domain/tax/tax-register-list.server";
import { hasEnded, recentVatPeriods, vatPeriodFromKey, vatPeriodOf } from "~/domain/tax/vat-period";
import {
  closedPeriodOf,
  closedVatPeriods,
  loadTaxDeposit,
  recentTaxDeposits,
  vatPeriodMonths,
  vatReturnFigures,
} from "~/domain/tax/vat-return.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatMoney, formatShortDate } from "~/lib/format";
import { listUrlOf, parseList, withParam } from "~/lib/list-params";
import { fromPaisa, toPaisa } from "~/lib/money";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
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
  useListLoading,
  useListView,
} from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { CloseVatPeriodDialog, ReportDialog, TaxDepositDialog } from "~/ui/admin/tax/tax-filing-dialogs";
import { TaxRecordDialog } from "~/ui/admin/tax/tax-record-dialog";
import { ReverseTaxDepositDialog, ReverseTaxRecordDialog } from "~/ui/admin/tax/tax-reversal-dialogs";
import {
  ClosedPeriodsPanel,
  ReversalNote,
  TaxTypeCards,
  VatReturnPanel,
  type DepositView,
  type ReturnView,
} from "~/ui/admin/tax/tax-summary";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/tax";

// Tax Management (/admin/accounts/tax; backoffice.md §2, issue 22): the cards per type and the tax register's table
// over a VAT period (the current one unless the URL chooses another, or all time), newest first; the period's VAT
// return (Mushak-9.1 figures) with Close once it has ended; the closed periods and the deposits. Dialogs by the URL,
// all working without JavaScript: Add Tax Record (?new=1), Generate Report (?report=1), Close (?close=<period>),
// Record deposit (?deposit=1, or ?deposit=<closed period id>), and (issue 36) Reverse a deposit
// (?reverseDeposit=<id>) or a typed record (?reverseRecord=<id>); a reversed one stays listed, struck through.

export const meta: Route.MetaFunction = () => [{ title: "Tax Management | Utsab Admin" }];

const listUrl = (url: URL) => listUrlOf(TAX_LIST, url);

/** What a closed period still owes: its net payable less its deposits (nothing when it carried a credit forward). */
function leftToPay(period: { netPayable: string; deposited: string }): string | undefined {
  const left = toPaisa(period.netPayable) - toPaisa(period.deposited);
  return left > 0n ? fromPaisa(left) : undefined;
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/accounts/tax");
  const url = new URL(args.request.url);
  const state = parseList(TAX_LIST, url);
  const today = todayInDhaka();
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const months = await vatPeriodMonths(db);
  const current = vatPeriodOf(today, months);
  const all = state.filters.period === "all";
  const period = all ? null : (vatPeriodFromKey(state.filters.period, months) ?? current);
  const span = period ? { start: period.start, end: period.end } : { start: null, end: null };
  const periods = recentVatPeriods(today, months, 13);
  if (period && !periods.some((p) => p.key === period.key)) periods.push(period);

  const params = url.searchParams;
  const wantsNew = canManage && params.has("new");
  const closeKey = canManage ? params.get("close") : null;
  const depositParam = canManage ? params.get("deposit") : null;
  const reverseDepositId = canManage ? params.get("reverseDeposit") : null;
  const reverseRecordId = canManage ? params.get("reverseRecord") : null;
  const [page, totals, figures, closedHere, closed, deposits, accounts, money, reversing, reversingRecord] =
    await Promise.all([
      listTaxRecords(db, state, span),
      taxTypeTotals(db, span),
      period ? vatReturnFigures(db, period) : null,
      period ? closedPeriodOf(db, period.start) : null,
      closedVatPeriods(db),
      recentTaxDeposits(db),
      wantsNew ? accountChoices(db) : null,
      depositParam !== null ? moneyAccountChoices(db) : null,
      reverseDepositId !== null ? loadTaxDeposit(db, reverseDepositId) : null,
      reverseRecordId !== null ? loadTaxRegisterRow(db, reverseRecordId) : null,
    ]);
  // A deposit or record gone, already reversed, or a document's row: nothing to reverse here; the list says why.
  if (reverseDepositId !== null && (!reversing || reversing.reversal)) {
    const M = TAX_DEPOSIT_REVERSAL_MESSAGES;
    const message = reversing ? M.alreadyReversed(reversing.reversal!.date) : M.notFound;
    throw await redirectWithToast(listUrl(url), { type: "error", message: M.failed(message) });
  }
  if (reverseRecordId !== null && (!reversingRecord || !reversibleTaxRow(reversingRecord))) {
    const M = TAX_RECORD_REVERSAL_MESSAGES;
    const message = !reversingRecord
      ? M.notFound
      : reversingRecord.reversal
        ? M.alreadyReversed(reversingRecord.reversal.date)
        : M.notTyped;
    throw await redirectWithToast(listUrl(url), { type: "error", message: M.failed(message) });
  }
  const view: ReturnView | null =
    period && figures
      ? {
          label: period.label,
          start: period.start,
          end: period.end,
          ...figures,
          closed: closedHere !== null,
          ended: hasEnded(period, today),
        }
      : null;

  let dialog:
    | { kind: "create"; values: TaxRecordFormValues; accounts: { id: string; code: string; name: string }[] }
    | { kind: "report" }
    | { kind: "close"; periodKey: string; figures: ReturnView }
    | { kind: "deposit"; values: TaxDepositFormValues; bankAccounts: { id: string; code: string; name: string }[] }
    | { kind: "reverse-deposit"; deposit: DepositView; values: VoidFormValues }
    | { kind: "reverse-record"; record: TaxRegisterListRow; values: VoidFormValues }
    | null = null;
  if (reversing)
    dialog = {
      kind: "reverse-deposit",
      deposit: reversing,
      values: { id: reversing.id, date: voidDateDefault(today, reversing.date), reason: "" },
    };
  else if (reversingRecord)
    dialog = {
      kind: "reverse-record",
      record: reversingRecord,
      values: { id: reversingRecord.id, date: voidDateDefault(today, reversingRecord.date), reason: "" },
    };
  else if (accounts)
    dialog = { kind: "create", values: emptyTaxRecordForm(today), accounts: accounts.filter((a) => a.isActive) };
  else if (params.has("report")) dialog = { kind: "report" };
  else if (closeKey) {
    const closing = vatPeriodFromKey(closeKey, months);
    if (!closing)
      throw await redirectWithToast(listUrl(url), { type: "error", message: "Choose a VAT period to close" });
    const closingFigures = closing.key === period?.key && figures ? figures : await vatReturnFigures(db, closing);
    dialog = {
      kind: "close",
      periodKey: closing.key,
      figures: {
        label: closing.label,
        start: closing.start,
        end: closing.end,
        ...closingFigures,
        closed: (await closedPeriodOf(db, closing.start)) !== null,
        ended: hasEnded(closing, today),
      },
    };
  } else if (money) {
    const bankAccounts = money.accounts.filter((a) => a.paymentMethod === "bank");
    const paying = closed.find((p) => p.id === depositParam);
    dialog = {
      kind: "deposit",
      bankAccounts,
      values: emptyTaxDepositForm(today, {
        moneyAccountId: money.defaults.bank,
        vatPeriodId: paying?.id,
        amount: paying ? leftToPay(paying) : undefined,
      }),
    };
  }
  return {
    state,
    periodLabel: period?.label ?? "All time",
    periodKey: period?.key ?? current.key,
    periods: periods.map((p) => ({ key: p.key, label: p.label })),
    page,
    totals,
    returnView: view,
    closed,
    deposits,
    canManage,
    dialog,
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/accounts/tax");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  const actor = auditActor(args, user);
  const back = listUrl(url);
  if (intent === "create") {
    const values = readTaxRecordForm(form);
    const result = await createTaxRecord(db, actor, values);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  if (intent === "reverse-deposit" || intent === "reverse-record") {
    const values = readVoidForm(form);
    const result =
      intent === "reverse-deposit"
        ? await reverseTaxDeposit(db, actor, values)
        : await reverseTaxRecord(db, actor, values);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    // Reversed meanwhile, gone, or refused by its document's state: nothing to fix in the dialog; back with the reason.
    if (result.refusal !== "invalid") return redirectWithToast(back, { type: "error", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  if (intent === "close") {
    const values = readVatCloseForm(form);
    const result = await closeVatPeriod(db, actor, values);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  // deposit
  const values = readTaxDepositForm(form);
  const result = await recordTaxDeposit(db, actor, values);
  if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function TaxManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { page, totals, returnView, closed, deposits, canManage, dialog, periodLabel, periodKey, periods } = loaderData;
  const list = useListView(TAX_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const dialogHref = (param: string) => withParam(closeHref, param);
  const errorsOf = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const valuesOf = <T,>(intent: string, fallback: T): T =>
    actionData?.intent === intent && actionData.values ? (actionData.values as T) : fallback;

  return (
    <>
      <PageHeader
        title="Tax Management"
        description="VAT, income tax and other taxes: the tax register, the VAT return of each period, its close and the deposits."
        actions={
          <>
            <Link to={dialogHref("report=1")} preventScrollReset className={secondaryButton}>
              <FileText aria-hidden className="size-4" /> Generate Report
            </Link>
            {canManage && (
              <Link to={dialogHref("new=1")} preventScrollReset className={primaryButton}>
                <Plus aria-hidden className="size-4" /> Add Tax Record
              </Link>
            )}
          </>
        }
      />
      <TaxTypeCards totals={totals} periodLabel={periodLabel} />
      {returnView && (
        <VatReturnPanel
          figures={returnView}
          reportHref={dialogHref("report=1")}
          returnHref={`/admin/accounts/tax/return?period=${periodKey}`}
          closeHref={canManage && returnView.ended && !returnView.closed ? dialogHref(`close=${periodKey}`) : null}
        />
      )}
      <Panel>
        <ListToolbar list={list} label="Choose the period and the type">
          <FilterSelect
            name="period"
            label="Period"
            allLabel={`Current VAT period (${periods[0]?.label ?? ""})`}
            options={[
              ...periods.slice(1).map((p) => ({ value: p.key, label: p.label })),
              { value: "all", label: "All time" },
            ]}
            className="sm:w-64"
          />
          <FilterSelect
            name="type"
            label="Type"
            options={TAX_TYPES.map((t) => ({ value: t, label: TAX_TYPE_LABELS[t] }))}
            className="sm:w-44"
          />
        </ListToolbar>
        <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-500" data-testid="period-label">
          Period: <span className="font-semibold text-slate-700">{periodLabel}</span>, for the cards and the table.
          Invoices, credit notes and payments add their tax here by themselves.
        </p>
        {loading ? (
          <ListSkeleton label="tax records" columns={7} />
        ) : page.rows.length === 0 ? (
          <EmptyState
            list={list}
            icon={ReceiptText}
            title="No tax records found"
            hint={`Nothing in ${periodLabel}. Choose another period${canManage ? ", or add one with Add Tax Record" : ""}.`}
          />
        ) : (
          <ListTable label="Tax records" minWidth="56rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Date</HeadCell>
                <HeadCell>Type</HeadCell>
                <HeadCell>Account</HeadCell>
                <HeadCell>Reference</HeadCell>
                <HeadCell className="text-right">Taxable Amount</HeadCell>
                <HeadCell className="text-right">Rate</HeadCell>
                <HeadCell className="text-right">Tax Amount</HeadCell>
                {canManage && <HeadCell className="text-right">Actions</HeadCell>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.rows.map((row) => {
                const href = taxSourceHref(row);
                return (
                  <tr
                    key={row.id}
                    className="hover:bg-slate-50"
                    data-testid="tax-row"
                    data-reversed={row.reversal ? true : undefined}
                  >
                    <td className={`${cellClass} whitespace-nowrap`}>{formatShortDate(row.date)}</td>
                    <td data-label="Type" className={cellClass}>
                      <span className="block font-medium text-ink-900">{TAX_TYPE_LABELS[row.taxType]}</span>
                      <span className="block text-xs text-slate-500">{TAX_KIND_LABELS[row.kind]}</span>
                    </td>
                    <td data-label="Account" className={`${cellClass} max-w-52 break-words`}>
                      {row.account}
                    </td>
                    <td data-label="Reference" className={`${cellClass} max-w-56 break-words`}>
                      {href ? (
                        <Link to={href} className="font-medium text-brand-700 hover:underline">
                          {row.reference ?? "-"}
                        </Link>
                      ) : (
                        (row.reference ?? "-")
                      )}
                      <span className="block text-xs text-slate-500">
                        {[TAX_SOURCE_LABELS[row.sourceType], row.party].filter(Boolean).join(" · ")}
                      </span>
                      {row.reversal && <ReversalNote reversal={row.reversal} testId="tax-row-reversal" />}
                    </td>
                    <td
                      data-label="Taxable Amount"
                      className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}
                    >
                      {formatMoney(row.taxableAmount)}
                    </td>
                    <td data-label="Rate" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                      {formatRate(row.rate)}
                    </td>
                    <td
                      data-label="Tax Amount"
                      className={`${cellClass} font-semibold whitespace-nowrap tabular-nums sm:text-right ${row.reversal ? "text-slate-400 line-through" : "text-ink-900"}`}
                    >
                      {formatMoney(row.taxAmount)}
                    </td>
                    {canManage && (
                      <td
                        className={`${cellClass} whitespace-nowrap sm:text-right`}
                        data-empty={reversibleTaxRow(row) ? undefined : true}
                      >
                        {reversibleTaxRow(row) && (
                          <Link
                            to={dialogHref(`reverseRecord=${row.id}`)}
                            preventScrollReset
                            aria-label={`Reverse the tax record of ${formatShortDate(row.date)}${row.reference ? ` (${row.reference})` : ""}`}
                            className="font-medium text-red-700 hover:underline"
                          >
                            Reverse
                          </Link>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </ListTable>
        )}
        <Pagination list={list} page={page} noun="tax records" />
      </Panel>
      <ClosedPeriodsPanel
        periods={closed}
        deposits={deposits}
        depositHref={canManage ? dialogHref("deposit=1") : null}
        payHrefOf={canManage ? (id) => dialogHref(`deposit=${id}`) : undefined}
        reverseHrefOf={canManage ? (id) => dialogHref(`reverseDeposit=${id}`) : undefined}
      />

      {dialog?.kind === "create" && (
        <TaxRecordDialog
          values={valuesOf<TaxRecordFormValues>("create", dialog.values)}
          errors={errorsOf("create")}
          accounts={dialog.accounts}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "report" && <ReportDialog periods={periods} period={periodKey} closeHref={closeHref} />}
      {dialog?.kind === "close" && (
        <CloseVatPeriodDialog
          periodKey={dialog.periodKey}
          figures={dialog.figures}
          errors={errorsOf("close")}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "deposit" && (
        <TaxDepositDialog
          values={valuesOf<TaxDepositFormValues>("deposit", dialog.values)}
          errors={errorsOf("deposit")}
          bankAccounts={dialog.bankAccounts}
          periods={closed}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "reverse-deposit" && (
        <ReverseTaxDepositDialog
          deposit={dialog.deposit}
          values={valuesOf<VoidFormValues>("reverse-deposit", dialog.values)}
          errors={errorsOf("reverse-deposit")}
          closeHref={closeHref}
          action={here}
        />
      )}
      {dialog?.kind === "reverse-record" && (
        <ReverseTaxRecordDialog
          record={dialog.record}
          values={valuesOf<VoidFormValues>("reverse-record", dialog.values)}
          errors={errorsOf("reverse-record")}
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
