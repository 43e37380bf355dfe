import { HandCoins } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { moneyAccountChoices } from "~/domain/accounting/money-accounts.server";
import { auditActor, requireAction, requireView } from "~/domain/auth/guard.server";
import { can } from "~/domain/auth/permissions";
import { CUSTOMER_PAYMENT_MONEY_METHOD } from "~/domain/sales/constants";
import { customerCredit } from "~/domain/sales/customer-credit.server";
import { CUSTOMER_MESSAGES } from "~/domain/sales/customer-form";
import {
  CUSTOMER_PAYMENT_MESSAGES,
  emptyCustomerPaymentForm,
  readCustomerPaymentForm,
  readVdsCertificateForm,
  type CustomerPaymentFormValues,
  type VdsCertificateFormValues,
} from "~/domain/sales/customer-payment-form";
import { customerFindOf } from "~/domain/sales/customer-list";
import { CUSTOMER_PAYMENT_LIST, VDS_FILTER_LABELS } from "~/domain/sales/customer-payment-list";
import { listCustomerPayments, loadCustomerPayment } from "~/domain/sales/customer-payments.server";
import { customerChoices, findCustomer } from "~/domain/sales/customers.server";
import {
  openInvoicesOf,
  recordCustomerPayment,
  recordVdsCertificate,
} from "~/domain/sales/record-customer-payment.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { isUuid, listHref, parseList, withParam } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { httpStatusOf } from "~/lib/use-case-http";
import { useToast } from "~/ui/admin/form";
import { FilterSelect, ListSkeleton, ListToolbar, SearchBox, useListLoading, useListView } from "~/ui/admin/list";
import { PageHeader, Panel } from "~/ui/admin/page-header";
import { CertificateDialog } from "~/ui/admin/payments/certificate-dialog";
import { ChooseCustomerDialog, PaymentDialog, type PaymentCustomer } from "~/ui/admin/payments/payment-dialog";
import { PaymentTable } from "~/ui/admin/payments/payment-table";
import { primaryButton } from "~/ui/buttons";
import type { Route } from "./+types/customer-payments";

// Payments (/admin/payments, issue 22): what customers paid, newest first, with what they withheld (VDS and its
// certificate, AIT) and what each settled. Dialogs by the URL: Record payment (?new=1; &customer=<id> opens the
// customer's form, &invoice=<id> types that invoice's due in; without a customer, &find= narrows the customers offered,
// at most 50) and the VDS certificate (?certificate=<id>).

export const meta: Route.MetaFunction = () => [{ title: "Payments | Utsab Admin" }];

const param = (url: URL, name: string) => {
  const v = url.searchParams.get(name) ?? "";
  return isUuid(v) ? v.toLowerCase() : null;
};

async function paymentCustomer(id: string): Promise<PaymentCustomer | null> {
  const db = getDb();
  const row = await findCustomer(db, id);
  if (!row || row.mergedIntoId) return null;
  const [invoices, credit] = await Promise.all([openInvoicesOf(db, id), customerCredit(db, id)]);
  return {
    id: row.id,
    name: row.name,
    organisation: row.organisation,
    vatWithholding: row.vatWithholding,
    credit,
    invoices,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireView(args, "/admin/payments");
  const url = new URL(args.request.url);
  const state = parseList(CUSTOMER_PAYMENT_LIST, url);
  const back = listHref(url.pathname, CUSTOMER_PAYMENT_LIST, state);
  const today = todayInDhaka();
  const db = getDb();
  const canManage = can(user.role, "accounts.manage");
  const creating = canManage && url.searchParams.get("new") === "1";
  const customerId = creating ? param(url, "customer") : null;
  const invoiceId = creating ? param(url, "invoice") : null;
  const certificateId = canManage ? param(url, "certificate") : null;

  const [page, customer, choices, accounts, certificate] = await Promise.all([
    listCustomerPayments(db, state),
    customerId ? paymentCustomer(customerId) : null,
    creating && !customerId ? customerChoices(db, { find: customerFindOf(url.searchParams) }) : null,
    customerId ? moneyAccountChoices(db) : null,
    certificateId ? loadCustomerPayment(db, certificateId) : null,
  ]);
  if (customerId && !customer)
    throw await redirectWithToast(withParam(back, "new=1"), { type: "error", message: CUSTOMER_MESSAGES.notFound });
  if (
    certificateId &&
    (!certificate || certificate.vdsAmount === "0.00" || certificate.vdsCertificateNo || certificate.voidDate)
  )
    throw await redirectWithToast(back, {
      type: "error",
      message: !certificate
        ? CUSTOMER_PAYMENT_MESSAGES.paymentNotFound
        : certificate.vdsCertificateNo
          ? CUSTOMER_PAYMENT_MESSAGES.certificateTwice(certificate.vdsCertificateNo, certificate.vdsCertificateDate!)
          : certificate.voidDate
            ? CUSTOMER_PAYMENT_MESSAGES.certificateVoided
            : CUSTOMER_PAYMENT_MESSAGES.noVds,
    });

  let dialog:
    | { kind: "choose"; choices: NonNullable<typeof choices> }
    | {
        kind: "create";
        customer: PaymentCustomer;
        values: CustomerPaymentFormValues;
        accounts: NonNullable<typeof accounts>;
      }
    | { kind: "certificate"; payment: NonNullable<typeof certificate>; values: VdsCertificateFormValues }
    | null = null;
  if (choices) dialog = { kind: "choose", choices };
  else if (customer && accounts)
    dialog = {
      kind: "create",
      customer,
      accounts,
      values: emptyCustomerPaymentForm(
        today,
        customer.id,
        customer.invoices,
        accounts.defaults[CUSTOMER_PAYMENT_MONEY_METHOD.bank_transfer] ?? "",
        invoiceId,
      ),
    };
  else if (certificate)
    dialog = {
      kind: "certificate",
      payment: certificate,
      values: { id: certificate.id, vdsCertificateNo: "", vdsCertificateDate: today },
    };
  return { state, page, today, canManage, dialog, invoiceId };
}

export async function action(args: Route.ActionArgs) {
  const { user, intent: intentOf } = await requireAction(args, "/admin/payments");
  const url = new URL(args.request.url);
  const form = await args.request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const back = listHref(url.pathname, CUSTOMER_PAYMENT_LIST, parseList(CUSTOMER_PAYMENT_LIST, url));
  const actor = auditActor(args, user);

  if (intent === "create") {
    const values = readCustomerPaymentForm(form);
    const result = await recordCustomerPayment(getDb(), actor, values);
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
    const toast: Toast = { type: "error", message: result.message };
    return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
  }
  // certificate
  const values = readVdsCertificateForm(form);
  const result = await recordVdsCertificate(getDb(), actor, values);
  if (result.ok) return redirectWithToast(back, { type: "success", message: result.message });
  if (result.refusal !== "invalid") return redirectWithToast(back, { type: "error", message: result.message });
  const toast: Toast = { type: "error", message: result.message };
  return data({ intent, errors: result.errors, values, toast }, { status: httpStatusOf(result) });
}

export default function CustomerPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { page, today, canManage, dialog, invoiceId } = loaderData;
  const list = useListView(CUSTOMER_PAYMENT_LIST, loaderData.state);
  const loading = useListLoading(list);
  const location = useLocation();
  useToast(actionData?.toast);
  const closeHref = list.href();
  const here = location.pathname + location.search;
  const hrefOf = (p: string) => withParam(closeHref, p);
  return (
    <>
      <PageHeader
        title="Payments"
        description="What customers paid, with the VAT (VDS) and income tax (AIT) they withheld, and what each payment settled."
        actions={
          canManage && (
            <Link to={hrefOf("new=1")} preventScrollReset className={primaryButton}>
              <HandCoins aria-hidden className="size-4" /> Record payment
            </Link>
          )
        }
      />
      <Panel>
        <ListToolbar list={list} label="Search and filter the payments">
          <SearchBox
            label="Search"
            placeholder="Search customer, reference, invoice or certificate..."
            className="col-span-2 sm:min-w-56 sm:flex-1"
          />
          <FilterSelect
            name="vds"
            label="VDS"
            options={Object.entries(VDS_FILTER_LABELS).map(([value, label]) => ({ value, label }))}
            className="col-span-2 sm:w-56"
          />
        </ListToolbar>
        {loading ? (
          <ListSkeleton label="payments" columns={8} />
        ) : (
          <PaymentTable list={list} page={page} canManage={canManage} hrefOf={hrefOf} />
        )}
      </Panel>

      {dialog?.kind === "choose" && (
        <ChooseCustomerDialog
          key={dialog.choices.find}
          picker={dialog.choices}
          closeHref={closeHref}
          action={location.pathname}
          invoiceId={invoiceId}
        />
      )}
      {dialog?.kind === "create" && (
        <PaymentDialog
          key={dialog.customer.id}
          customer={dialog.customer}
          values={
            actionData?.intent === "create" && actionData.values
              ? (actionData.values as CustomerPaymentFormValues)
              : dialog.values
          }
          errors={actionData?.intent === "create" ? actionData.errors : {}}
          choices={dialog.accounts}
          today={today}
          closeHref={closeHref}
          changeCustomerHref={hrefOf("new=1")}
          action={here}
        />
      )}
      {dialog?.kind === "certificate" && (
        <CertificateDialog
          payment={dialog.payment}
          values={
            actionData?.intent === "certificate" && actionData.values
              ? (actionData.values as VdsCertificateFormValues)
              : dialog.values
          }
          errors={actionData?.intent === "certificate" ? actionData.errors : {}}
          today={today}
          closeHref={closeHref}
          action={here}
        />
      )}
    </>
  );
}
