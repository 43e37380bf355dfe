import { CUSTOMER_MESSAGES, parseMergeForm, readMergeForm, type MergeFormValues } from "~/domain/sales/customer-form";
import { customerChoiceLabel, type CustomerChoice } from "~/domain/sales/customer-list";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Merge (issue 22): two records of the same customer become one. The duplicate's quotations, invoices, credit notes
// and payments move to the record kept, which takes the details it lacks; the duplicate leaves the list.

const check = formCheck(readMergeForm, parseMergeForm);

export function MergeDialog({
  values,
  choices,
  errors: serverErrors,
  closeHref,
  action,
}: {
  values: MergeFormValues;
  choices: CustomerChoice[];
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("merge");
  const { errors, onSubmit } = useFormCheck(check, serverErrors, CUSTOMER_MESSAGES.mergeFailed);
  const options = choices.map((c) => ({ value: c.id, label: customerChoiceLabel(c) }));
  return (
    <RecordFormDialog
      title="Merge customers"
      description="The duplicate's quotations, invoices, credit notes and payments move to the record kept; details the kept record lacks are taken from the duplicate. This cannot be undone."
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="merge"
      onSubmit={onSubmit}
      submitLabel="Merge"
      busyLabel="Merging..."
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form} />
        <SelectField
          name="duplicateId"
          label="Duplicate (merged away)"
          required
          defaultValue={values.duplicateId}
          error={errors.duplicateId}
          options={[{ value: "", label: "Select the duplicate" }, ...options]}
        />
        <SelectField
          name="keepId"
          label="Keep"
          required
          defaultValue={values.keepId}
          error={errors.keepId}
          options={[{ value: "", label: "Select the record to keep" }, ...options]}
        />
      </div>
    </RecordFormDialog>
  );
}
