import { useMemo, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~/domain/accounting/constants";
import type { MoneyAccountChoices } from "~/domain/accounting/money-document-form";
import {
  CUSTOMER_PAYMENT_METHOD_LABELS,
  CUSTOMER_PAYMENT_METHODS,
  CUSTOMER_PAYMENT_MONEY_METHOD,
  CUSTOMER_PAYMENT_REFERENCE_LABELS,
  type CustomerPaymentMethod,
} from "~/domain/sales/constants";
import { customerChoiceLabel, type CustomerChoices } from "~/domain/sales/customer-list";
import {
  CUSTOMER_PAYMENT_LIMITS,
  CUSTOMER_PAYMENT_MESSAGES,
  parseCustomerPaymentForm,
  paymentErrors,
  paymentPreview,
  readCustomerPaymentForm,
  type CustomerPaymentFormValues,
  type OpenInvoice,
} from "~/domain/sales/customer-payment-form";
import { formatMoney, formatShortDate } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { DialogActions, FormDialog, RecordFormDialog } from "~/ui/admin/form-dialog";
import {
  FormError,
  inputClass,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useFormBusy,
  useFormCheck,
} from "~/ui/admin/form";
import { GroupedSelectField } from "~/ui/admin/accounts/transactions/money-fields";
import { CustomerFind, paramsOf } from "~/ui/admin/customers/customer-find";

// Record payment (issue 22): first the customer (a small GET form, so it works without JavaScript; with it, choosing
// one opens their form at once; the search above it narrows the list to at most 50 by the server), then the payment: date, method and its reference, the account it went into, the
// amount received, what it settles on each open invoice, VDS (a withholding customer only; the VAT share of what
// is settled is suggested) and the AIT rate. As one types, the dialog shows the total, the AIT, what the customer
// will be left owing and their credit, reckoned by the domain's paymentPreview, as the server will.

export interface PaymentCustomer {
  id: string;
  name: string;
  organisation: string | null;
  vatWithholding: boolean;
  credit: string;
  invoices: OpenInvoice[];
}

export function ChooseCustomerDialog({
  picker,
  closeHref,
  action,
  invoiceId,
}: {
  picker: CustomerChoices;
  closeHref: string;
  action: string;
  invoiceId: string | null;
}) {
  const navigate = useNavigate();
  const choices = picker.choices;
  // The list's own parameters behind the dialog, then the dialog's: choosing keeps them (and the invoice asked for).
  const carried = { ...paramsOf(closeHref), new: "1", ...(invoiceId ? { invoice: invoiceId } : {}) };
  return (
    <FormDialog
      title="Record payment"
      description="Who paid? Their open invoices come next."
      closeHref={closeHref}
      size="sm"
    >
      <CustomerFind action={action} keep={carried} picker={picker} />
      <Form method="get" action={action}>
        {Object.entries(carried).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="grid gap-4 px-5 py-4">
          <SelectField
            name="customer"
            label="Customer"
            required
            defaultValue=""
            options={[
              { value: "", label: choices.length ? "Select the customer" : "No customer to choose" },
              ...choices.map((c) => ({ value: c.id, label: customerChoiceLabel(c) })),
            ]}
            onChange={(event) => {
              const id = event.currentTarget.value;
              if (id)
                void navigate(`${action}?${new URLSearchParams({ ...carried, customer: id }).toString()}`, {
                  replace: true,
                  preventScrollReset: true,
                });
            }}
          />
        </div>
        <DialogActions closeHref={closeHref}>
          <SubmitButton label="Continue" busyLabel="Opening..." busy={false} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}

export function PaymentDialog({
  customer,
  values,
  errors: serverErrors,
  choices,
  today,
  closeHref,
  changeCustomerHref,
  action,
}: {
  customer: PaymentCustomer;
  values: CustomerPaymentFormValues;
  errors: Record<string, string | undefined>;
  choices: MoneyAccountChoices;
  today: string;
  closeHref: string;
  changeCustomerHref: string;
  action: string;
}) {
  const busy = useFormBusy("create");
  const check = useMemo(
    () => (form: FormData) => {
      const read = readCustomerPaymentForm(form);
      const parsed = parseCustomerPaymentForm(read);
      if (!parsed.ok) return parsed.errors;
      const errors = paymentErrors(parsed.input, {
        invoices: customer.invoices,
        vatWithholding: customer.vatWithholding,
        today,
      });
      return Object.keys(errors).length ? errors : null;
    },
    [customer, today],
  );
  const { errors, onSubmit } = useFormCheck(check, serverErrors, CUSTOMER_PAYMENT_MESSAGES.failed);
  const [method, setMethod] = useState(values.method);
  const [amounts, setAmounts] = useState({
    received: values.received,
    vdsAmount: values.vdsAmount,
    aitRate: values.aitRate,
    allocations: values.allocations,
  });
  const preview = paymentPreview(amounts, customer.invoices, customer.credit);
  const accountRef = useRef<HTMLSelectElement>(null);
  const referenceLabel = CUSTOMER_PAYMENT_REFERENCE_LABELS[method as CustomerPaymentMethod] ?? "Reference";
  const referenceRequired = method === "cheque" || method === "bkash" || method === "nagad";
  const groups = PAYMENT_METHODS.map((m) => ({
    label: PAYMENT_METHOD_LABELS[m],
    options: choices.accounts
      .filter((a) => a.paymentMethod === m)
      .map((a) => ({ value: a.id, label: `${a.code} ${a.name}` })),
  })).filter((g) => g.options.length > 0);
  const setAllocation = (invoiceId: string, amount: string) =>
    setAmounts((a) => ({
      ...a,
      allocations: a.allocations.map((row) => (row.invoiceId === invoiceId ? { ...row, amount } : row)),
    }));
  const f = preview.figures;
  return (
    <RecordFormDialog
      title="Record payment"
      description="What the customer paid, and what it settles. What is not allocated to an invoice is kept as their credit."
      closeHref={closeHref}
      action={action}
      intent="create"
      onSubmit={onSubmit}
      submitLabel="Record payment"
      busyLabel="Recording..."
      busy={busy}
    >
      <input type="hidden" name="customerId" value={customer.id} />
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
        {(errors.form || errors.customerId) && (
          <div className="sm:col-span-2">
            <FormError message={errors.form ?? errors.customerId} />
          </div>
        )}
        <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-slate-50 p-3 text-sm sm:col-span-2">
          <div className="min-w-0">
            <span className="block text-xs text-slate-500">Customer</span>
            <span className="font-medium break-words text-ink-900" data-testid="payment-customer">
              {customer.name}
              {customer.organisation ? ` · ${customer.organisation}` : ""}
            </span>
            {customer.vatWithholding && <span className="block text-xs text-sky-800">VAT withholding entity</span>}
          </div>
          <a href={changeCustomerHref} className="text-sm font-medium text-brand-700 hover:underline">
            Change
          </a>
        </div>
        <TextField
          name="date"
          label="Date"
          type="date"
          required
          max={today}
          defaultValue={values.date}
          error={errors.date}
        />
        <SelectField
          name="method"
          label="Method"
          required
          value={method}
          error={errors.method}
          options={CUSTOMER_PAYMENT_METHODS.map((m) => ({ value: m, label: CUSTOMER_PAYMENT_METHOD_LABELS[m] }))}
          onChange={(event) => {
            const chosen = event.currentTarget.value as CustomerPaymentMethod;
            setMethod(chosen);
            const money = CUSTOMER_PAYMENT_MONEY_METHOD[chosen];
            const account = accountRef.current;
            if (account && choices.accounts.find((a) => a.id === account.value)?.paymentMethod !== money)
              account.value = choices.defaults[money] ?? "";
          }}
        />
        <TextField
          name="methodReference"
          label={referenceLabel}
          required={referenceRequired}
          maxLength={CUSTOMER_PAYMENT_LIMITS.reference}
          defaultValue={values.methodReference}
          error={errors.methodReference}
          hint={referenceRequired ? undefined : "Optional"}
          autoComplete="off"
        />
        <GroupedSelectField
          name="moneyAccountId"
          label="Received into"
          required
          selectRef={accountRef}
          defaultValue={values.moneyAccountId}
          error={errors.moneyAccountId}
          hint={`A ${PAYMENT_METHOD_LABELS[CUSTOMER_PAYMENT_MONEY_METHOD[method as CustomerPaymentMethod] ?? "bank"].toLowerCase()} account`}
          options={[{ value: "", label: groups.length ? "Select account" : "No active cash, bank or wallet account" }]}
          groups={groups}
        />
        <TextField
          name="received"
          label="Amount received (৳)"
          inputMode="decimal"
          required
          defaultValue={values.received}
          error={errors.received}
          autoComplete="off"
          onChange={(event) => {
            const received = event.currentTarget.value;
            setAmounts((a) => ({ ...a, received }));
          }}
        />

        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-ink-900">Settles</legend>
          {customer.invoices.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="no-open-invoices">
              No open invoices: the whole payment is kept as the customer&apos;s credit (an advance).
            </p>
          ) : (
            <div className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200">
              {customer.invoices.map((invoice, index) => {
                const key = `allocations.${index}`;
                const left = preview.leftOn[invoice.id] ?? 0n;
                const id = `allocation-${invoice.id}`;
                return (
                  <div
                    key={invoice.id}
                    className="grid gap-2 p-3 sm:grid-cols-[1fr_11rem] sm:items-center"
                    data-testid="allocation-row"
                  >
                    <input type="hidden" name="allocationInvoiceId" value={invoice.id} />
                    <label htmlFor={id} className="min-w-0 text-sm">
                      <span className="block font-medium text-ink-900">{invoice.number}</span>
                      <span className="block text-xs text-slate-500">
                        Issued {formatShortDate(invoice.issueDate)} · due {formatMoney(invoice.due)} of{" "}
                        {formatMoney(invoice.total)}
                        {left >= 0n && left !== toPaisa(invoice.due) && (
                          <span data-testid="left-after"> · {formatMoney(fromPaisa(left))} left after this</span>
                        )}
                      </span>
                    </label>
                    <div>
                      <input
                        id={id}
                        name="allocationAmount"
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="0.00"
                        aria-label={`Amount settling ${invoice.number}`}
                        aria-invalid={errors[key] ? true : undefined}
                        defaultValue={values.allocations[index]?.amount ?? ""}
                        className={`${inputClass} text-right ${errors[key] ? "border-red-600" : "border-slate-300"}`}
                        onChange={(event) => setAllocation(invoice.id, event.currentTarget.value)}
                      />
                      {errors[key] && <p className="mt-1 text-sm text-red-700">{errors[key]}</p>}
                    </div>
                  </div>
                );
              })}
            </div>
          )}
          {errors.allocations && <p className="mt-1 text-sm text-red-700">{errors.allocations}</p>}
        </fieldset>

        {customer.vatWithholding ? (
          <TextField
            name="vdsAmount"
            label="VDS withheld (৳)"
            inputMode="decimal"
            defaultValue={values.vdsAmount}
            error={errors.vdsAmount}
            hint={
              f && f.vdsMax > 0n
                ? `The VAT share of what is settled: ${formatMoney(fromPaisa(f.vdsMax))}`
                : "VAT deducted at source, on what the payment settles"
            }
            autoComplete="off"
            onChange={(event) => {
              const vdsAmount = event.currentTarget.value;
              setAmounts((a) => ({ ...a, vdsAmount }));
            }}
          />
        ) : (
          <input type="hidden" name="vdsAmount" value="" />
        )}
        <TextField
          name="aitRate"
          label="AIT rate (%)"
          inputMode="decimal"
          defaultValue={values.aitRate}
          error={errors.aitRate}
          hint={
            f && f.ait > 0n
              ? `AIT ${formatMoney(fromPaisa(f.ait))} on ${formatMoney(fromPaisa(f.aitBase))} before VAT`
              : "Income tax withheld, on the value before VAT settled"
          }
          autoComplete="off"
          onChange={(event) => {
            const aitRate = event.currentTarget.value;
            setAmounts((a) => ({ ...a, aitRate }));
          }}
        />
        <TextAreaField
          name="notes"
          label="Notes"
          rows={2}
          maxLength={CUSTOMER_PAYMENT_LIMITS.notes}
          defaultValue={values.notes}
          error={errors.notes}
          className="sm:col-span-2"
        />

        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3 text-sm sm:col-span-2 sm:grid-cols-4"
          data-testid="payment-preview"
          aria-live="polite"
        >
          <PreviewItem term="Payment total" value={f ? fromPaisa(f.total) : null} testId="preview-total" />
          <PreviewItem term="Settles invoices" value={f ? fromPaisa(f.allocated) : null} testId="preview-settles" />
          <PreviewItem
            term="Owes after"
            value={f ? fromPaisa(preview.owesAfter) : null}
            testId="preview-owes"
            note={`now ${formatMoney(fromPaisa(preview.owesBefore))}`}
          />
          <PreviewItem
            term="Credit after"
            value={f ? fromPaisa(preview.creditAfter) : null}
            testId="preview-credit"
            note={`now ${formatMoney(fromPaisa(preview.creditBefore))}`}
          />
        </dl>
      </div>
    </RecordFormDialog>
  );
}

function PreviewItem({
  term,
  value,
  note,
  testId,
}: {
  term: string;
  value: string | null;
  note?: string;
  testId: string;
}) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="font-semibold text-ink-900 tabular-nums" data-testid={testId}>
        {value === null ? "—" : formatMoney(value)}
      </dd>
      {note && <dd className="text-xs text-slate-500">{note}</dd>}
    </div>
  );
}
