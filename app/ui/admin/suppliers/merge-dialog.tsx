import { useState } from "react";
import { Form } from "react-router";
import { SUPPLIER_MESSAGES } from "~/domain/purchases/supplier-form";
import { supplierChoiceLabel, supplierChoicesNote, type SupplierChoices } from "~/domain/purchases/supplier-list";
import { parseMergeForm, readMergeForm, type MergeFormValues } from "~/domain/sales/customer-form";
import { formCheck } from "~/lib/form-errors";
import { paramsOf, RecordFind } from "~/ui/admin/customers/customer-find";
import { DialogActions, FormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, SubmitButton, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Merge suppliers (issue 36), as Merge customers: two records of one supplier become one. The duplicate's lines on
// the ledger (its payables, their payments, its balance) move to the record kept, which takes the details it lacks;
// the duplicate leaves the list. The pickers offer the suppliers matching the search above them (at most 50, the
// preselected always); what is chosen rides along with a search (?duplicate=, ?keep=).

const check = formCheck(readMergeForm, parseMergeForm);

export function SupplierMergeDialog({
  values,
  picker,
  errors: serverErrors,
  closeHref,
  pathname,
  action,
}: {
  values: MergeFormValues;
  picker: SupplierChoices;
  errors: Record<string, string | undefined>;
  closeHref: string;
  /** The screen's path: where the search goes. */
  pathname: string;
  action: string;
}) {
  const busy = useFormBusy("merge");
  const { errors, onSubmit } = useFormCheck(check, serverErrors, SUPPLIER_MESSAGES.mergeFailed);
  const [duplicate, setDuplicate] = useState(values.duplicateId);
  const [keep, setKeep] = useState(values.keepId);
  const options = picker.choices.map((s) => ({ value: s.id, label: supplierChoiceLabel(s) }));
  return (
    <FormDialog
      title="Merge suppliers"
      description="The duplicate's payables, payments and balance on the ledger move to the record kept; details the kept record lacks are taken from the duplicate. This cannot be undone."
      size="sm"
      closeHref={closeHref}
    >
      <RecordFind
        action={pathname}
        keep={{ ...paramsOf(closeHref), merge: "1", duplicate, keep }}
        label="Find a supplier"
        placeholder="Name, e-mail, phone, BIN or TIN"
        find={picker.find}
        note={supplierChoicesNote(picker)}
      />
      <Form method="post" action={action} noValidate replace preventScrollReset onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="merge" />
        <div className="grid gap-4 px-5 py-4">
          <FormError message={errors.form} />
          <SelectField
            name="duplicateId"
            label="Duplicate (merged away)"
            required
            defaultValue={values.duplicateId}
            onChange={(event) => setDuplicate(event.currentTarget.value)}
            error={errors.duplicateId}
            options={[{ value: "", label: "Select the duplicate" }, ...options]}
          />
          <SelectField
            name="keepId"
            label="Keep"
            required
            defaultValue={values.keepId}
            onChange={(event) => setKeep(event.currentTarget.value)}
            error={errors.keepId}
            options={[{ value: "", label: "Select the record to keep" }, ...options]}
          />
        </div>
        <DialogActions closeHref={closeHref}>
          <SubmitButton label="Merge" busyLabel="Merging..." busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
