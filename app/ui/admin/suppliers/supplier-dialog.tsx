import {
  parseSupplierForm,
  readSupplierForm,
  SUPPLIER_LIMITS,
  SUPPLIER_MESSAGES,
  type SupplierFormValues,
} from "~/domain/purchases/supplier-form";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextAreaField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// New supplier and Edit (issue 36): name, BIN, TIN, phone, e-mail, address, where the company pays them (a bank
// account, or a mobile wallet), payment terms and notes. The browser checks with the domain's rules first
// (parseSupplierForm), and every message stands beside its field.

const check = formCheck(readSupplierForm, parseSupplierForm);

export function SupplierDialog({
  mode,
  values,
  errors: serverErrors,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: SupplierFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    check,
    serverErrors,
    mode === "create" ? SUPPLIER_MESSAGES.createFailed : SUPPLIER_MESSAGES.updateFailed,
  );
  return (
    <RecordFormDialog
      title={mode === "create" ? "New supplier" : "Edit supplier"}
      description="A payable names its supplier; the purchase register prints the BIN."
      closeHref={closeHref}
      action={action}
      intent={mode}
      onSubmit={onSubmit}
      submitLabel={mode === "create" ? "Add supplier" : "Save changes"}
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
          maxLength={SUPPLIER_LIMITS.name}
          defaultValue={values.name}
          error={errors.name}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <TextField
          name="bin"
          label="BIN"
          inputMode="numeric"
          maxLength={SUPPLIER_LIMITS.bin}
          defaultValue={values.bin}
          error={errors.bin}
          hint="9 or 13 digits, when VAT-registered"
          autoComplete="off"
        />
        <TextField
          name="tin"
          label="TIN"
          inputMode="numeric"
          maxLength={SUPPLIER_LIMITS.tin}
          defaultValue={values.tin}
          error={errors.tin}
          hint="12 digits (e-TIN)"
          autoComplete="off"
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          maxLength={SUPPLIER_LIMITS.phone}
          defaultValue={values.phone}
          error={errors.phone}
          autoComplete="off"
        />
        <TextField
          name="email"
          label="E-mail"
          type="email"
          maxLength={SUPPLIER_LIMITS.email}
          defaultValue={values.email}
          error={errors.email}
          autoComplete="off"
        />
        <TextAreaField
          name="address"
          label="Address"
          rows={2}
          maxLength={SUPPLIER_LIMITS.address}
          defaultValue={values.address}
          error={errors.address}
          className="sm:col-span-2"
        />
        <TextField
          name="bankName"
          label="Bank"
          maxLength={SUPPLIER_LIMITS.bankName}
          defaultValue={values.bankName}
          error={errors.bankName}
          hint="With the account number below"
          autoComplete="off"
        />
        <TextField
          name="bankAccountNumber"
          label="Bank account number"
          inputMode="numeric"
          defaultValue={values.bankAccountNumber}
          error={errors.bankAccountNumber}
          autoComplete="off"
        />
        <TextField
          name="walletNumber"
          label="Mobile wallet number"
          type="tel"
          defaultValue={values.walletNumber}
          error={errors.walletNumber}
          hint="bKash or Nagad: 01XXXXXXXXX"
          autoComplete="off"
        />
        <TextField
          name="paymentTermsDays"
          label="Payment terms (days)"
          inputMode="numeric"
          defaultValue={values.paymentTermsDays}
          error={errors.paymentTermsDays}
          hint="Days from a bill's date it is due; empty: due on receipt"
          autoComplete="off"
        />
        <TextAreaField
          name="notes"
          label="Notes"
          rows={2}
          maxLength={SUPPLIER_LIMITS.notes}
          defaultValue={values.notes}
          error={errors.notes}
          className="sm:col-span-2"
        />
      </div>
    </RecordFormDialog>
  );
}
