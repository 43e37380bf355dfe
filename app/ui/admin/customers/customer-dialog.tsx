import { CUSTOMER_LIMITS } from "~/domain/sales/constants";
import {
  CUSTOMER_MESSAGES,
  parseCustomerForm,
  readCustomerForm,
  type CustomerFormValues,
} from "~/domain/sales/customer-form";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextAreaField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// New customer and Edit (issue 22): name, organisation, e-mail, phone, address, BIN and whether the customer is a
// VAT withholding entity (pays net of VDS and AIT), and notes. The browser checks with the domain's rules first.

const check = formCheck(readCustomerForm, parseCustomerForm);

export function CustomerDialog({
  mode,
  values,
  errors: serverErrors,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: CustomerFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    check,
    serverErrors,
    mode === "create" ? CUSTOMER_MESSAGES.createFailed : CUSTOMER_MESSAGES.updateFailed,
  );
  return (
    <RecordFormDialog
      title={mode === "create" ? "New customer" : "Edit customer"}
      description="Invoices print the name, organisation, address and BIN as they are on the day of issue."
      closeHref={closeHref}
      action={action}
      intent={mode}
      onSubmit={onSubmit}
      submitLabel={mode === "create" ? "Add customer" : "Save changes"}
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
        {errors.form && (
          <div className="sm:col-span-2">
            <FormError message={errors.form} />
          </div>
        )}
        <TextField
          name="name"
          label="Name"
          required
          maxLength={CUSTOMER_LIMITS.name}
          defaultValue={values.name}
          error={errors.name}
          autoComplete="off"
        />
        <TextField
          name="organisation"
          label="Organisation"
          maxLength={CUSTOMER_LIMITS.organisation}
          defaultValue={values.organisation}
          error={errors.organisation}
          autoComplete="off"
        />
        <TextField
          name="email"
          label="E-mail"
          type="email"
          maxLength={CUSTOMER_LIMITS.email}
          defaultValue={values.email}
          error={errors.email}
          hint="One live customer per address"
          autoComplete="off"
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          maxLength={CUSTOMER_LIMITS.phone}
          defaultValue={values.phone}
          error={errors.phone}
          autoComplete="off"
        />
        <TextAreaField
          name="address"
          label="Address"
          rows={2}
          maxLength={CUSTOMER_LIMITS.address}
          defaultValue={values.address}
          error={errors.address}
          className="sm:col-span-2"
        />
        <TextField
          name="bin"
          label="BIN"
          inputMode="numeric"
          maxLength={CUSTOMER_LIMITS.bin}
          defaultValue={values.bin}
          error={errors.bin}
          hint="9 or 13 digits, when VAT-registered"
          autoComplete="off"
        />
        <div className="flex items-start gap-2 pt-6">
          <input
            id="customer-vat-withholding"
            type="checkbox"
            name="vatWithholding"
            value="on"
            defaultChecked={values.vatWithholding === "on"}
            className="mt-0.5 size-4 rounded border-slate-300 text-brand-600"
          />
          <label htmlFor="customer-vat-withholding" className="text-sm text-ink-900">
            <span className="font-medium">VAT withholding entity</span>
            <span className="block text-xs text-slate-500">
              A limited company, bank, NGO or government body: pays net of VDS and AIT
            </span>
          </label>
        </div>
        <TextAreaField
          name="notes"
          label="Notes"
          rows={2}
          maxLength={CUSTOMER_LIMITS.notes}
          defaultValue={values.notes}
          error={errors.notes}
          className="sm:col-span-2"
        />
      </div>
    </RecordFormDialog>
  );
}
