import { ArrowLeft, FileDown, HandCoins, Mail, ReceiptText, Wallet } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { INVOICE_KIND_LABELS } from "~/domain/sales/constants";
import { applyCustomerCredit } from "~/domain/sales/invoice-apply-credit.server";
import {
  INVOICE_MESSAGES,
  readApplyCreditForm,
  readCreditNoteForm,
  type CreditNoteFormValues,
} from "~/domain/sales/invoice-forms";
import { loadInvoiceDetails } from "~/domain/sales/invoice-list.server";
import { resendInvoiceEmail } from "~/domain/sales/invoice-resend.server";
import { issueCreditNote } from "~/domain/sales/issue-credit-note.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { CreditNoteDialog } from "~/ui/admin/invoices/credit-note-dialog";
import { InvoiceStateBadge } from "~/ui/admin/invoices/invoice-table";
import {
  InvoiceAllocations,
  InvoiceBalance,
  InvoiceCreditNotes,
  InvoiceDocument,
} from "~/ui/admin/invoices/invoice-view";
import { SubmitButton, useFormBusy, useToast } from "~/ui/admin/form";
import { RecordRouteError } from "~/ui/admin/list";
import { PageHeader } from "~/ui/admin/page-header";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { Route } from "./+types/invoice";

// An invoice (/admin/invoices/:id; issue 22) as printed: the buyer, the lines, the totals and the signatory; what
// is paid, credited and due, what settled it and its credit notes. Actions: Issue credit note (?credit-note=1, a
// dialog), Apply credit (when the customer has credit and something is due), Resend the e-mail, the PDF, and Record
// payment (the payments screen, with this customer and invoice chosen).

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.invoice.number ?? "Invoice"} | Utsab Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/invoices/:id");
  const url = new URL(args.request.url);
  const invoice = await loadInvoiceDetails(getDb(), args.params.id, todayInDhaka());
  if (!invoice) throw data(INVOICE_MESSAGES.invoiceNotFound, { status: 404 });
  const canManage = can(user.role, "accounts.manage");
  const creditNoteOpen = canManage && invoice.status !== "cancelled" && url.searchParams.get("credit-note") === "1";
  return { invoice, canManage, creditNoteOpen };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/invoices/:id");
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const db = getDb();
  const actor = auditActor(args, user);
  const here = `/admin/invoices/${args.params.id}`;
  if (intent === "credit-note") {
    const values = { ...readCreditNoteForm(form), invoiceId: args.params.id };
    const result = await issueCreditNote(db, actor, values);
    if (result.ok) return redirectWithToast(here, { type: "success", message: result.message });
    if (result.refusal !== "invalid") return redirectWithToast(here, { type: "error", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  const values = { ...readApplyCreditForm(form), invoiceId: args.params.id };
  const result =
    intent === "apply-credit"
      ? await applyCustomerCredit(db, actor, values)
      : await resendInvoiceEmail(db, actor, values);
  return redirectWithToast(here, { type: result.ok ? "success" : "error", message: result.message });
}

export default function Invoice({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, canManage, creditNoteOpen } = loaderData;
  const location = useLocation();
  useToast(actionData?.toast);
  const here = location.pathname;
  const applying = useFormBusy("apply-credit");
  const resending = useFormBusy("resend");
  const canApply =
    canManage && invoice.status !== "cancelled" && invoice.customerCredit !== "0.00" && invoice.due !== "0.00";
  const paymentHref = `/admin/payments?new=1&customer=${invoice.customerId}&invoice=${invoice.id}`;
  return (
    <>
      <Link
        to="/admin/invoices"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-ink-900"
      >
        <ArrowLeft aria-hidden className="size-4" /> Invoices
      </Link>
      <PageHeader
        title={`Invoice ${invoice.number}`}
        description={`${INVOICE_KIND_LABELS[invoice.kind]} to ${invoice.buyerName}`}
        actions={
          <>
            <a href={`/admin/invoices/${invoice.id}/pdf`} className={secondaryButton} target="_blank" rel="noreferrer">
              <FileDown aria-hidden className="size-4" /> PDF
            </a>
            {canManage && (
              <Form method="post" action={here} replace preventScrollReset>
                <input type="hidden" name="intent" value="resend" />
                <SubmitButton
                  label="Resend e-mail"
                  busyLabel="Queuing..."
                  busy={resending}
                  className={secondaryButton}
                />
              </Form>
            )}
            {canManage && invoice.status !== "cancelled" && (
              <Link to={withParam(here, "credit-note=1")} preventScrollReset className={secondaryButton}>
                <ReceiptText aria-hidden className="size-4" /> Issue credit note
              </Link>
            )}
            {canApply && (
              <Form method="post" action={here} replace preventScrollReset>
                <input type="hidden" name="intent" value="apply-credit" />
                <SubmitButton
                  label="Apply credit"
                  busyLabel="Applying..."
                  busy={applying}
                  className={secondaryButton}
                />
              </Form>
            )}
            {canManage && invoice.status !== "cancelled" && invoice.due !== "0.00" && (
              <Link to={paymentHref} className={primaryButton}>
                <HandCoins aria-hidden className="size-4" /> Record payment
              </Link>
            )}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <InvoiceStateBadge row={invoice} />
        {invoice.emails.length > 0 && (
          <span className="inline-flex items-center gap-1">
            <Mail aria-hidden className="size-4" />
            E-mailed to {invoice.emails.at(-1)!.to} ({invoice.emails.at(-1)!.status})
          </span>
        )}
        {canApply && (
          <span className="inline-flex items-center gap-1">
            <Wallet aria-hidden className="size-4" />
            The customer has credit to apply
          </span>
        )}
      </div>
      {/* What is due first, then the invoice as printed at full width (its seven columns need it). */}
      <div className="mb-6 grid items-start gap-6 md:grid-cols-2 xl:grid-cols-3">
        <InvoiceBalance invoice={invoice} />
        <InvoiceAllocations invoice={invoice} />
        <InvoiceCreditNotes invoice={invoice} />
      </div>
      <InvoiceDocument invoice={invoice} />
      {creditNoteOpen && (
        <CreditNoteDialog
          invoice={invoice}
          values={
            actionData && "values" in actionData && actionData.values
              ? (actionData.values as CreditNoteFormValues)
              : { invoiceId: invoice.id, scope: "whole", amount: "", reason: "" }
          }
          errors={actionData && "errors" in actionData ? actionData.errors : {}}
          closeHref={here}
          action={withParam(here, "credit-note=1")}
        />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RecordRouteError thing="Invoice" backTo="/admin/invoices" backLabel="Back to the invoices" />;
}
