import { ArrowLeft, BookText, GitMerge, HandCoins, Pencil } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { ledgerEntryHref } from "~/domain/accounting/account-page";
import { partyStatementHref } from "~/domain/accounting/party-statement";
import { readVoidForm, voidDateDefault, type VoidFormValues } from "~/domain/accounting/void-form";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { CUSTOMER_PAYMENT_METHOD_LABELS, INVOICE_KIND_LABELS } from "~/domain/sales/constants";
import {
  CUSTOMER_MESSAGES,
  customerFormOf,
  readCustomerForm,
  type CustomerFormValues,
} from "~/domain/sales/customer-form";
import type { CustomerDetail, CustomerPaymentSummary } from "~/domain/sales/customer-list";
import { loadCustomerDetail, updateCustomer } from "~/domain/sales/customers.server";
import { CUSTOMER_PAYMENT_VOID_MESSAGES as VOID } from "~/domain/sales/void-customer-payment-messages";
import { voidCustomerPayment } from "~/domain/sales/void-customer-payment.server";
import type { QuotationStatus } from "~/domain/quotations/constants";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { formatMoney, formatShortDate } from "~/lib/format";
import { isUuid } from "~/lib/list-params";
import { fromPaisa, toPaisa } from "~/lib/money";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { CustomerDialog } from "~/ui/admin/customers/customer-dialog";
import { VoidCustomerPaymentDialog } from "~/ui/admin/customers/void-payment-dialog";
import { useToast } from "~/ui/admin/form";
import { cellClass, Detail, HeadCell, ListTable } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { Badge } from "~/ui/badge";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { QuotationStatusBadge } from "~/ui/quotation/status-badge";
import type { Route } from "./+types/customer";

// A customer (/admin/customers/:id, issue 22): the record (Edit: ?edit=1), their quotations and, for those who see
// the accounts, their invoices, payments, what they owe and their credit, their ledger statement (issue 36), with
// Record payment for those who keep the books, and Void on a payment that stands (?void=<paymentId>, issue 36: a
// bounced cheque; a voided payment stays listed, struck through, with the void's date and reason). A merged record's
// page goes to the record it was merged into.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data && "customer" in data ? data.customer.name : "Customer"} | Utsab Admin` },
];

async function detailOf(id: string, withAccounts: boolean): Promise<CustomerDetail> {
  const found = isUuid(id) ? await loadCustomerDetail(getDb(), id.toLowerCase(), withAccounts) : null;
  if (!found) throw await redirectWithToast("/admin/customers", { type: "error", message: CUSTOMER_MESSAGES.notFound });
  if ("mergedIntoId" in found)
    throw await redirectWithToast(`/admin/customers/${found.mergedIntoId}`, {
      type: "error",
      message: CUSTOMER_MESSAGES.mergedAway,
    });
  return found;
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/customers/:id");
  const url = new URL(args.request.url);
  const withAccounts = can(user.role, "accounts.view");
  const customer = await detailOf(args.params.id, withAccounts);
  const canEdit = can(user.role, "quotations.manage");
  const canRecord = can(user.role, "accounts.manage");
  const editing = canEdit && url.searchParams.get("edit") === "1";
  const voidParam = canRecord ? url.searchParams.get("void") : null;
  let voiding: { payment: CustomerPaymentSummary; values: VoidFormValues } | null = null;
  if (voidParam !== null) {
    // One of this customer's payments that stands; else back to the page, saying why.
    const payment = customer.accounts?.payments.find((p) => p.id === voidParam.toLowerCase());
    if (!payment || payment.void)
      throw await redirectWithToast(`/admin/customers/${customer.id}`, {
        type: "error",
        message: VOID.failed(payment ? VOID.alreadyVoided(payment.void!.date) : VOID.notFound),
      });
    voiding = { payment, values: { id: payment.id, date: voidDateDefault(todayInDhaka(), payment.date), reason: "" } };
  }
  return { customer, canEdit, canRecord, editValues: editing ? customerFormOf(customer) : null, voiding };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/customers/:id");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form); // refused unless the user may
  const id = isUuid(args.params.id) ? args.params.id.toLowerCase() : "";
  const actor = auditActor(args, user);
  if (intent === "void") {
    const page = id ? `/admin/customers/${id}` : "/admin/customers";
    const values = readVoidForm(form);
    const result = await voidCustomerPayment(getDb(), actor, values);
    if (result.ok) return redirectWithToast(page, { type: "success", message: result.message });
    // Voided meanwhile, gone, or refused by its state (its bank line matched): nothing to fix in the dialog.
    if (result.refusal !== "invalid") return redirectWithToast(page, { type: "error", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  const values = readCustomerForm(form);
  const result = await updateCustomer(getDb(), actor, id, values);
  if (result.ok) return redirectWithToast(`/admin/customers/${id}`, { type: "success", message: result.message });
  if (result.refusal !== "invalid")
    return redirectWithToast("/admin/customers", { type: "error", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c, canEdit, canRecord, editValues, voiding } = loaderData;
  const location = useLocation();
  useToast(actionData?.toast);
  const self = location.pathname;
  const accounts = c.accounts;
  return (
    <>
      <Link
        to="/admin/customers"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-ink-900"
      >
        <ArrowLeft aria-hidden className="size-4" /> Customers
      </Link>
      <PageHeader
        title={c.name}
        description={c.organisation ?? undefined}
        actions={
          <>
            {canEdit && (
              <>
                <Link to={`/admin/customers?merge=1&duplicate=${c.id}`} className={secondaryButton}>
                  <GitMerge aria-hidden className="size-4" /> Merge
                </Link>
                <Link to={`${self}?edit=1`} preventScrollReset className={secondaryButton}>
                  <Pencil aria-hidden className="size-4" /> Edit
                </Link>
              </>
            )}
            {accounts && (
              <Link to={partyStatementHref("customer", c.id)} className={secondaryButton}>
                <BookText aria-hidden className="size-4" /> Statement
              </Link>
            )}
            {canRecord && (
              <Link to={`/admin/payments?new=1&customer=${c.id}`} className={primaryButton}>
                <HandCoins aria-hidden className="size-4" /> Record payment
              </Link>
            )}
          </>
        }
      />

      <div className="mb-6 grid gap-6 lg:grid-cols-3">
        <Panel className="p-4 lg:col-span-2">
          <h2 className="mb-3 text-lg font-semibold text-ink-900">Details</h2>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Detail term="E-mail">
              <span className="break-all">{c.email ?? "—"}</span>
            </Detail>
            <Detail term="Phone">{c.phone ?? "—"}</Detail>
            <Detail term="Address">
              <span className="whitespace-pre-line">{c.address ?? "—"}</span>
            </Detail>
            <Detail term="BIN">{c.bin ?? "—"}</Detail>
            <Detail term="VAT withholding">
              {c.vatWithholding ? <Badge tone="blue">Yes: pays net of VDS and AIT</Badge> : "No"}
            </Detail>
            <Detail term="Customer since">{formatShortDate(c.createdAt.slice(0, 10))}</Detail>
            {c.notes && (
              <div className="sm:col-span-2">
                <Detail term="Notes">
                  <span className="whitespace-pre-line">{c.notes}</span>
                </Detail>
              </div>
            )}
          </dl>
        </Panel>
        {accounts && (
          <Panel className="p-4">
            <h2 className="mb-3 text-lg font-semibold text-ink-900">Account</h2>
            <dl className="grid gap-3 text-sm" data-testid="customer-money">
              <Detail term="Invoiced (less credit notes)">
                <span className="tabular-nums">{formatMoney(accounts.money.invoiced)}</span>
              </Detail>
              <Detail term="Due on invoices">
                <span className="tabular-nums">{formatMoney(accounts.dues)}</span>
              </Detail>
              <Detail term="Credit">
                <span className="tabular-nums" data-testid="credit">
                  {formatMoney(accounts.money.credit)}
                </span>
              </Detail>
              <Detail term="Owes">
                <span className="text-lg font-semibold text-ink-900 tabular-nums" data-testid="owes">
                  {formatMoney(accounts.money.owes)}
                </span>
              </Detail>
            </dl>
          </Panel>
        )}
      </div>

      <Panel className="mb-6">
        <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-ink-900">Quotations</h2>
        {c.quotations.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">No quotations yet.</p>
        ) : (
          <ListTable label="Quotations" minWidth="36rem">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <HeadCell>Quotation</HeadCell>
                <HeadCell>Event</HeadCell>
                <HeadCell>Status</HeadCell>
                <HeadCell className="text-right">Total</HeadCell>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {c.quotations.map((q) => (
                <tr key={q.id} data-testid="customer-quotation">
                  <td data-label="Quotation" className={cellClass}>
                    <Link
                      to={`/admin/quotations?view=${q.id}`}
                      className="font-mono font-medium text-brand-700 hover:underline"
                    >
                      #{q.reference}
                    </Link>
                  </td>
                  <td data-label="Event" className={`${cellClass} max-w-64`}>
                    <span className="block break-words">{q.eventName}</span>
                    <span className="block text-xs text-slate-500">{formatShortDate(q.eventDate)}</span>
                  </td>
                  <td data-label="Status" className={cellClass}>
                    <QuotationStatusBadge status={q.status as QuotationStatus} />
                  </td>
                  <td data-label="Total" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                    {q.total && q.total !== "0.00" ? formatMoney(q.total) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </Panel>

      {accounts && (
        <>
          <Panel className="mb-6">
            <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-ink-900">Invoices</h2>
            {accounts.invoices.length === 0 ? (
              <p className="px-4 py-6 text-sm text-slate-600">No invoices yet.</p>
            ) : (
              <ListTable label="Invoices" minWidth="44rem">
                <thead className="border-b border-slate-200 bg-slate-50">
                  <tr>
                    <HeadCell>Invoice</HeadCell>
                    <HeadCell>Issued</HeadCell>
                    <HeadCell className="text-right">Total</HeadCell>
                    <HeadCell className="text-right">Paid</HeadCell>
                    <HeadCell className="text-right">Due</HeadCell>
                    <HeadCell className="text-right">Actions</HeadCell>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {accounts.invoices.map((i) => (
                    <tr key={i.id} data-testid="customer-invoice">
                      <td data-label="Invoice" className={cellClass}>
                        <Link to={`/admin/invoices/${i.id}`} className="font-medium text-brand-700 hover:underline">
                          {i.number}
                        </Link>
                        <span className="block text-xs text-slate-500">
                          {INVOICE_KIND_LABELS[i.kind]}
                          {i.status === "cancelled" ? " · cancelled" : ""}
                        </span>
                      </td>
                      <td data-label="Issued" className={`${cellClass} whitespace-nowrap`}>
                        {formatShortDate(i.issueDate)}
                      </td>
                      <td data-label="Total" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                        {formatMoney(i.total)}
                      </td>
                      <td data-label="Paid" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                        {formatMoney(i.paid)}
                        {i.credited !== "0.00" && (
                          <span className="block text-xs text-slate-500">{formatMoney(i.credited)} credited</span>
                        )}
                      </td>
                      <td data-label="Due" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
                        {i.due === "0.00" ? <Badge tone="green">Settled</Badge> : formatMoney(i.due)}
                      </td>
                      <td className={`${cellClass} text-right whitespace-nowrap`}>
                        {canRecord && i.due !== "0.00" && i.status === "issued" && (
                          <Link
                            to={`/admin/payments?new=1&customer=${c.id}&invoice=${i.id}`}
                            className="text-sm font-medium text-brand-700 hover:underline"
                            aria-label={`Record payment on ${i.number}`}
                          >
                            Record payment
                          </Link>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ListTable>
            )}
          </Panel>
          <Panel className="mb-6">
            <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
              <h2 className="text-lg font-semibold text-ink-900">Payments</h2>
              {accounts.payments.length > 0 && (
                <Link
                  to={`/admin/payments?q=${encodeURIComponent(c.name)}`}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  All on Payments
                </Link>
              )}
            </div>
            {accounts.payments.length === 0 ? (
              <p className="px-4 py-6 text-sm text-slate-600">No payments yet.</p>
            ) : (
              <ListTable label="Payments" minWidth="48rem">
                <thead className="border-b border-slate-200 bg-slate-50">
                  <tr>
                    <HeadCell>Date</HeadCell>
                    <HeadCell>Method</HeadCell>
                    <HeadCell className="text-right">Received</HeadCell>
                    <HeadCell className="text-right">VDS / AIT</HeadCell>
                    <HeadCell className="text-right">Settled</HeadCell>
                    <HeadCell className="text-right">To credit</HeadCell>
                    {canRecord && <HeadCell className="text-right">Actions</HeadCell>}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {accounts.payments.map((p) => (
                    <PaymentRow key={p.id} payment={p} canVoid={canRecord} voidHref={`${self}?void=${p.id}`} />
                  ))}
                </tbody>
              </ListTable>
            )}
          </Panel>
        </>
      )}

      {voiding && (
        <VoidCustomerPaymentDialog
          key={voiding.payment.id}
          payment={voiding.payment}
          customerName={c.name}
          values={
            actionData?.intent === "void" && actionData.values ? (actionData.values as VoidFormValues) : voiding.values
          }
          errors={actionData?.intent === "void" ? actionData.errors : {}}
          closeHref={self}
          action={`${self}?void=${voiding.payment.id}`}
        />
      )}
      {editValues && (
        <CustomerDialog
          mode="update"
          values={
            actionData?.intent === "update" && actionData.values
              ? (actionData.values as CustomerFormValues)
              : editValues
          }
          errors={actionData?.intent === "update" ? actionData.errors : {}}
          closeHref={self}
          action={`${self}?edit=1`}
        />
      )}
    </>
  );
}

/** Struck through once the payment is voided: what it no longer brings in. */
const voidedAmount = (voided: boolean) => (voided ? "text-slate-400 line-through" : "");

/** One of the customer's payments: how, what it brought in and settled; voided ones marked, with the void's reason. */
function PaymentRow({
  payment: p,
  canVoid,
  voidHref,
}: {
  payment: CustomerPaymentSummary;
  canVoid: boolean;
  voidHref: string;
}) {
  const toCredit = fromPaisa(toPaisa(p.total) - toPaisa(p.allocated));
  const struck = voidedAmount(p.void !== null);
  const amount = `${cellClass} whitespace-nowrap tabular-nums sm:text-right`;
  return (
    <tr data-testid="customer-payment" data-voided={p.void ? true : undefined}>
      <td data-label="Date" className={`${cellClass} min-w-28 sm:max-w-56`}>
        <span className="whitespace-nowrap">{formatShortDate(p.date)}</span>
        {p.void && (
          <span className="mt-0.5 block text-xs break-words text-slate-600" data-testid="payment-void">
            <Badge tone="red">Voided</Badge>{" "}
            <Link to={ledgerEntryHref(p.void.entryId)} className="whitespace-nowrap text-brand-700 hover:underline">
              {formatShortDate(p.void.date)}
            </Link>
            : <q>{p.void.reason}</q>
          </span>
        )}
      </td>
      <td data-label="Method" className={`${cellClass} min-w-32`}>
        {CUSTOMER_PAYMENT_METHOD_LABELS[p.method]}
        {p.methodReference && <span className="block text-xs break-all text-slate-500">{p.methodReference}</span>}
      </td>
      <td data-label="Received" className={amount}>
        <span className={struck}>{formatMoney(p.received)}</span>
      </td>
      <td data-label="VDS / AIT" className={amount}>
        {p.vdsAmount === "0.00" && p.aitAmount === "0.00" ? (
          "—"
        ) : (
          <>
            <span className={struck}>
              {formatMoney(p.vdsAmount)} / {formatMoney(p.aitAmount)}
            </span>
            {p.vdsAmount !== "0.00" && !p.void && (
              <span className="block text-xs text-slate-500">
                {p.vdsCertificateNo ? `Certificate ${p.vdsCertificateNo}` : "Certificate awaited"}
              </span>
            )}
          </>
        )}
      </td>
      <td data-label="Settled" className={amount}>
        <span className={struck}>{formatMoney(p.allocated)}</span>
        {p.settled.map((s) => (
          <span key={s.invoiceId} className="block text-xs text-slate-500">
            {s.number}
          </span>
        ))}
      </td>
      <td data-label="To credit" className={amount}>
        <span className={struck}>{formatMoney(toCredit)}</span>
      </td>
      {canVoid && (
        <td className={`${cellClass} text-right whitespace-nowrap`} data-empty={p.void ? true : undefined}>
          {!p.void && (
            <Link
              to={voidHref}
              preventScrollReset
              className="text-sm font-medium text-red-700 hover:underline"
              aria-label={`Void the payment of ${formatMoney(p.total)} on ${formatShortDate(p.date)}${p.methodReference ? ` (${p.methodReference})` : ""}`}
            >
              Void
            </Link>
          )}
        </td>
      )}
    </tr>
  );
}
