import { useState } from "react";
import { Form } from "react-router";
import { parseMergeForm, readMergeForm, type MergeFormValues } from "~/domain/sales/customer-form";
import { formCheck } from "~/lib/form-errors";
import { paramsOf, RecordFind } from "~/ui/admin/customers/customer-find";
import { DialogActions, FormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, SubmitButton, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Merge two records of one party (customers, issue 22; suppliers, issue 36): the duplicate's documents and ledger lines
// move to the record kept, which takes the details it lacks; the duplicate leaves the list. The two pickers offer the
// records matching the search above them (at most 50, the preselected always); what is chosen rides along with a
// search (?duplicate=, ?keep=), so one may search for the duplicate, then for the other.

const check = formCheck(readMergeForm, parseMergeForm);

export function RecordMergeDialog({
  title,
  description,
  find,
  choices,
  failed,
  values,
  errors: serverErrors,
  closeHref,
  pathname,
  action,
  children,
}: {
  title: string;
  description: string;
  /** The search above the pickers. */
  find: { label: string; placeholder: string; find: string; note: string };
  choices: { value: string; label: string }[];
  /** The failure toast, from the first message. */
  failed: (reason: string) => string;
  values: MergeFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  /** The screen's path: where the search goes. */
  pathname: string;
  action: string;
  /** A note above the pickers. */
  children?: React.ReactNode;
}) {
  const busy = useFormBusy("merge");
  const { errors, onSubmit } = useFormCheck(check, serverErrors, failed);
  const [duplicate, setDuplicate] = useState(values.duplicateId);
  const [keep, setKeep] = useState(values.keepId);
  return (
    <FormDialog title={title} description={description} size="sm" closeHref={closeHref}>
      <RecordFind action={pathname} keep={{ ...paramsOf(closeHref), merge: "1", duplicate, keep }} {...find} />
      <Form method="post" action={action} noValidate replace preventScrollReset onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="merge" />
        <div className="grid gap-4 px-5 py-4">
          <FormError message={errors.form} />
          {children}
          <SelectField
            name="duplicateId"
            label="Duplicate (merged away)"
            required
            defaultValue={values.duplicateId}
            onChange={(event) => setDuplicate(event.currentTarget.value)}
            error={errors.duplicateId}
            options={[{ value: "", label: "Select the duplicate" }, ...choices]}
          />
          <SelectField
            name="keepId"
            label="Keep"
            required
            defaultValue={values.keepId}
            onChange={(event) => setKeep(event.currentTarget.value)}
            error={errors.keepId}
            options={[{ value: "", label: "Select the record to keep" }, ...choices]}
          />
        </div>
        <DialogActions closeHref={closeHref}>
          <SubmitButton label="Merge" busyLabel="Merging..." busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
