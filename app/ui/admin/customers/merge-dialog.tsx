import { useState } from "react";
import { Form } from "react-router";
import { CUSTOMER_MESSAGES, parseMergeForm, readMergeForm, type MergeFormValues } from "~/domain/sales/customer-form";
import { customerChoiceLabel, type CustomerChoices } from "~/domain/sales/customer-list";
import { formCheck } from "~/lib/form-errors";
import { DialogActions, FormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, SubmitButton, useFormBusy, useFormCheck } from "~/ui/admin/form";
import { CustomerFind, paramsOf } from "./customer-find";

// Merge (issue 22): two records of the same customer become one. The duplicate's quotations, invoices, credit notes
// and payments move to the record kept, which takes the details it lacks; the duplicate leaves the list.
// The two pickers offer the customers matching the search above them (at most 50, the preselected always); what is
// chosen rides along with a search (?duplicate=, ?keep=), so one may search for the duplicate, then for the other.

const check = formCheck(readMergeForm, parseMergeForm);

export function MergeDialog({
  values,
  picker,
  errors: serverErrors,
  closeHref,
  pathname,
  action,
  mergesMoney,
}: {
  values: MergeFormValues;
  picker: CustomerChoices;
  errors: Record<string, string | undefined>;
  closeHref: string;
  /** The screen's path: where the search goes. */
  pathname: string;
  action: string;
  /** The user may merge records with invoices, credit notes or payments (the accounts'); else the dialog says so. */
  mergesMoney: boolean;
}) {
  const busy = useFormBusy("merge");
  const { errors, onSubmit } = useFormCheck(check, serverErrors, CUSTOMER_MESSAGES.mergeFailed);
  const [duplicate, setDuplicate] = useState(values.duplicateId);
  const [keep, setKeep] = useState(values.keepId);
  const options = picker.choices.map((c) => ({ value: c.id, label: customerChoiceLabel(c) }));
  return (
    <FormDialog
      title="Merge customers"
      description="The duplicate's quotations, invoices, credit notes and payments move to the record kept; details the kept record lacks are taken from the duplicate. This cannot be undone."
      size="sm"
      closeHref={closeHref}
    >
      <CustomerFind action={pathname} keep={{ ...paramsOf(closeHref), merge: "1", duplicate, keep }} picker={picker} />
      <Form method="post" action={action} noValidate replace preventScrollReset onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="merge" />
        <div className="grid gap-4 px-5 py-4">
          <FormError message={errors.form} />
          {!mergesMoney && (
            <p className="text-sm text-slate-600">
              Records with invoices, credit notes or payments can be merged only by an accountant or an admin.
            </p>
          )}
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
