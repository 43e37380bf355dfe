import { useMemo } from "react";
import {
  CUSTOMER_PAYMENT_LIMITS,
  CUSTOMER_PAYMENT_MESSAGES,
  parseVdsCertificateForm,
  readVdsCertificateForm,
  type VdsCertificateFormValues,
} from "~/domain/sales/customer-payment-form";
import type { CustomerPaymentRow } from "~/domain/sales/customer-payment-list";
import { formCheck } from "~/lib/form-errors";
import { formatMoney, formatShortDate } from "~/lib/format";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// The VDS certificate (Mushak-6.6) of a payment: its number and date once it has come in. The VAT withheld counts
// against VAT payable in the VAT period of the certificate's date.

export function CertificateDialog({
  payment,
  values,
  errors: serverErrors,
  today,
  closeHref,
  action,
}: {
  payment: CustomerPaymentRow;
  values: VdsCertificateFormValues;
  errors: Record<string, string | undefined>;
  today: string;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("certificate");
  const check = useMemo(
    () =>
      formCheck(readVdsCertificateForm, (v: VdsCertificateFormValues) =>
        parseVdsCertificateForm(v, { today, paymentDate: payment.date }),
      ),
    [today, payment.date],
  );
  const { errors, onSubmit } = useFormCheck(check, serverErrors, CUSTOMER_PAYMENT_MESSAGES.certificateFailed);
  return (
    <RecordFormDialog
      title="VDS certificate"
      description="The customer's Mushak-6.6 for the VAT they withheld. It counts in the VAT period of its date."
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="certificate"
      id={payment.id}
      onSubmit={onSubmit}
      submitLabel="Record certificate"
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form ?? errors.id} />
        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3 text-sm"
          data-testid="certificate-summary"
        >
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">Customer</dt>
            <dd className="font-medium break-words text-ink-900">{payment.customerName}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Payment of</dt>
            <dd className="text-ink-900">{formatShortDate(payment.date)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">VDS withheld</dt>
            <dd className="font-semibold text-ink-900 tabular-nums">{formatMoney(payment.vdsAmount)}</dd>
          </div>
        </dl>
        <TextField
          name="vdsCertificateNo"
          label="Certificate number"
          required
          maxLength={CUSTOMER_PAYMENT_LIMITS.certificateNo}
          defaultValue={values.vdsCertificateNo}
          error={errors.vdsCertificateNo}
          autoComplete="off"
        />
        <TextField
          name="vdsCertificateDate"
          label="Certificate date"
          type="date"
          required
          min={payment.date}
          max={today}
          defaultValue={values.vdsCertificateDate}
          error={errors.vdsCertificateDate}
        />
      </div>
    </RecordFormDialog>
  );
}
