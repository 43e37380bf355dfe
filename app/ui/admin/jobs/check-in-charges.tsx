import { Form, Link } from "react-router";
import type { JobPageCharge } from "~/domain/jobs/job-page.server";
import { formatMoney } from "~/lib/format";
import { FormError, SubmitButton, TextField, useFormBusy } from "~/ui/admin/form";
import { formatDhakaDate } from "~/ui/admin/list";
import { Badge } from "~/ui/badge";
import { secondaryButton } from "~/ui/buttons";

// A job's damage and loss charges (issue 26): each pending until the customer's next invoice carries it, then the
// invoice's number; for who may manage jobs, a form to add one on its own; for who may issue invoices, an invoice of
// all the customer's pending charges on their own (issue 37), when no quotation invoice is coming to carry them.

export function JobCharges({
  action,
  charges,
  canManage,
  canInvoice,
  customerPending,
  hasCustomer,
  errors,
  values,
}: {
  action: string;
  charges: readonly JobPageCharge[];
  canManage: boolean;
  /** May issue invoices (accounts.manage). */
  canInvoice: boolean;
  /** The customer's charges of all their jobs not yet invoiced: how many, and their value before VAT. */
  customerPending: { count: number; net: string };
  hasCustomer: boolean;
  errors: Record<string, string>;
  values: { description?: string; amount?: string } | null;
}) {
  const busy = useFormBusy("charge");
  const invoicing = useFormBusy("invoice-charges");
  return (
    <section aria-labelledby="charges-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="charges-title" className="text-lg font-semibold text-ink-900">
        Charges
      </h2>
      {charges.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No damage or loss charged.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {charges.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 flex-1 break-words text-ink-900">
                {c.description}
                <span className="block text-xs text-slate-500">{formatDhakaDate(c.createdAt)}</span>
              </span>
              <span className="font-medium whitespace-nowrap text-ink-900">{formatMoney(c.amount)}</span>
              {c.invoiceId ? (
                <span className="flex items-center gap-2">
                  <Link to={`/admin/invoices/${c.invoiceId}`} className="text-brand-700 hover:underline">
                    {c.invoiceNumber}
                  </Link>
                  {c.invoiceCancelled && <Badge tone="red">Invoice cancelled</Badge>}
                </span>
              ) : (
                <Badge tone="amber">Pending</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {canInvoice && hasCustomer && customerPending.count > 0 && (
        <Form
          method="post"
          action={action}
          className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="invoice-charges"
        >
          <input type="hidden" name="intent" value="invoice-charges" />
          <p>
            {customerPending.count === 1
              ? "1 charge of this customer waits"
              : `${customerPending.count} charges of this customer (of all their jobs) wait`}{" "}
            for an invoice: {formatMoney(customerPending.net)} before VAT. The customer&apos;s next quotation invoice
            would carry {customerPending.count === 1 ? "it" : "them"}; if none is coming, invoice{" "}
            {customerPending.count === 1 ? "it now on its own" : "them now on their own"}.
          </p>
          <div className="mt-2">
            <SubmitButton
              label="Invoice the charges"
              busyLabel="Issuing..."
              busy={invoicing}
              className={secondaryButton}
            />
          </div>
        </Form>
      )}
      {canManage && hasCustomer && (
        <Form method="post" action={action} replace preventScrollReset className="mt-4 border-t border-slate-100 pt-4">
          <input type="hidden" name="intent" value="charge" />
          <h3 className="text-sm font-semibold text-ink-900">Add a charge</h3>
          <p className="text-xs text-slate-500">
            It goes on the customer&apos;s next invoice, or on an invoice of their charges alone.
          </p>
          <FormError message={errors.form} />
          <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_10rem]">
            <TextField
              name="description"
              label="Description"
              defaultValue={values?.description ?? ""}
              error={errors.description}
              maxLength={300}
            />
            <TextField
              name="amount"
              label="Amount (৳)"
              inputMode="decimal"
              defaultValue={values?.amount ?? ""}
              error={errors.amount}
            />
          </div>
          <div className="mt-3">
            <SubmitButton label="Add charge" busyLabel="Adding..." busy={busy} className={secondaryButton} />
          </div>
        </Form>
      )}
      {canManage && !hasCustomer && (
        <p className="mt-3 text-sm text-slate-600">This job has no customer record, so nothing can be charged.</p>
      )}
    </section>
  );
}
