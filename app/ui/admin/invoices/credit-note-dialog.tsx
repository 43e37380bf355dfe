import { useMemo, useState } from "react";
import { creditNoteFigures } from "~/domain/sales/invoice-arithmetic";
import {
  CREDIT_NOTE_REASON_MAX,
  INVOICE_MESSAGES,
  parseCreditNoteForm,
  readCreditNoteForm,
  type CreditNoteFormValues,
} from "~/domain/sales/invoice-forms";
import type { InvoiceDetails } from "~/domain/sales/invoice-list";
import { formCheck } from "~/lib/form-errors";
import { formatMoney } from "~/lib/format";
import { fromPaisa, normalizeMoney, toPaisa } from "~/lib/money";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextAreaField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Issue credit note (Mushak-6.7; issue 22): takes back the whole invoice (what is not yet credited: it is then
// cancelled) or a value before VAT, with VAT at the invoice's rate, and the reason printed on it. The figures are
// shown before it is confirmed: what reduces what the invoice owes and what becomes the customer's credit.

export function CreditNoteDialog({
  invoice,
  values,
  errors: serverErrors,
  closeHref,
  action,
}: {
  invoice: InvoiceDetails;
  values: CreditNoteFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("credit-note");
  const [scope, setScope] = useState(values.scope === "part" ? "part" : "whole");
  const [amount, setAmount] = useState(values.amount);
  const check = useMemo(
    () => formCheck(readCreditNoteForm, (v: CreditNoteFormValues) => parseCreditNoteForm(v, invoice.netLeft)),
    [invoice.netLeft],
  );
  const { errors, onSubmit } = useFormCheck(check, serverErrors, INVOICE_MESSAGES.creditNoteFailed);
  const creditedNet = invoice.creditNotes.reduce((s, n) => s + toPaisa(n.netAmount), 0n);
  const creditedSd = invoice.creditNotes.reduce((s, n) => s + toPaisa(n.sdAmount), 0n);
  const creditedVat = invoice.creditNotes.reduce((s, n) => s + toPaisa(n.vatAmount), 0n);
  const typed = normalizeMoney(amount);
  const value = scope === "whole" ? "whole" : typed && toPaisa(typed) > 0n ? toPaisa(typed) : null;
  const figures =
    value === null || (value !== "whole" && value > toPaisa(invoice.netLeft))
      ? null
      : creditNoteFigures(
          {
            net: toPaisa(invoice.netAmount),
            sd: toPaisa(invoice.sdAmount),
            vat: toPaisa(invoice.vatAmount),
            total: toPaisa(invoice.total),
            vatRatePercent: invoice.vatRatePercent,
            creditedNet,
            creditedSd,
            creditedVat,
            due: toPaisa(invoice.due),
          },
          value,
        );
  return (
    <RecordFormDialog
      title="Issue credit note"
      description={`On invoice ${invoice.number} to ${invoice.buyerName}. An issued invoice is never edited: a credit note takes back part or all of it.`}
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="credit-note"
      onSubmit={onSubmit}
      submitLabel="Issue credit note"
      busyLabel="Issuing..."
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <input type="hidden" name="invoiceId" value={invoice.id} />
        <FormError message={errors.form ?? errors.invoiceId} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-ink-900">Take back</legend>
          {(
            [
              [
                "whole",
                "The whole invoice",
                `All that is not yet credited (${formatMoney(invoice.netLeft)} before VAT); the invoice is cancelled`,
              ],
              ["part", "Part of it", "A value before VAT; VAT at the invoice's rate is added"],
            ] as const
          ).map(([key, label, hint]) => (
            <label
              key={key}
              className={`flex items-start gap-3 rounded-md border px-3 py-2 text-sm ${
                scope === key ? "border-brand-500 bg-brand-50" : "border-slate-200"
              }`}
            >
              <input
                type="radio"
                name="scope"
                value={key}
                checked={scope === key}
                onChange={() => setScope(key)}
                className="mt-0.5"
              />
              <span>
                <span className="block font-medium text-ink-900">{label}</span>
                <span className="block text-xs text-slate-600">{hint}</span>
              </span>
            </label>
          ))}
          {errors.scope && (
            <p className="text-sm text-red-700" role="alert">
              {errors.scope}
            </p>
          )}
        </fieldset>
        {scope === "part" && (
          <TextField
            name="amount"
            label="Amount before VAT (৳)"
            inputMode="decimal"
            required
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
            hint={`At most ${formatMoney(invoice.netLeft)}`}
            autoComplete="off"
          />
        )}
        <TextAreaField
          name="reason"
          label="Reason"
          required
          rows={3}
          maxLength={CREDIT_NOTE_REASON_MAX}
          defaultValue={values.reason}
          error={errors.reason}
          hint="Printed on the credit note, e.g. two chairs were not delivered"
        />
        {figures && (
          <dl
            className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm"
            data-testid="credit-figures"
          >
            <dt className="text-slate-600">Value before VAT</dt>
            <dd className="text-right tabular-nums">{formatMoney(fromPaisa(figures.net))}</dd>
            {figures.sd !== 0n && (
              <>
                <dt className="text-slate-600">Supplementary duty</dt>
                <dd className="text-right tabular-nums">{formatMoney(fromPaisa(figures.sd))}</dd>
              </>
            )}
            <dt className="text-slate-600">VAT</dt>
            <dd className="text-right tabular-nums">{formatMoney(fromPaisa(figures.vat))}</dd>
            <dt className="font-semibold text-ink-900">Credit note total</dt>
            <dd className="text-right font-semibold tabular-nums">{formatMoney(fromPaisa(figures.total))}</dd>
            <dt className="text-slate-600">Off what the invoice owes</dt>
            <dd className="text-right tabular-nums">{formatMoney(fromPaisa(figures.appliedToInvoice))}</dd>
            <dt className="text-slate-600">To the customer&apos;s credit</dt>
            <dd className="text-right tabular-nums">{formatMoney(fromPaisa(figures.toCredit))}</dd>
          </dl>
        )}
      </div>
    </RecordFormDialog>
  );
}
