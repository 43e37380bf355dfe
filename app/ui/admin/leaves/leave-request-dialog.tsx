import { LEAVE_TYPES } from "~/domain/people/constants";
import {
  LEAVE_LIMITS,
  LEAVE_MESSAGES,
  LEAVE_TYPE_LABELS,
  parseLeaveForm,
  readLeaveForm,
  type LeaveFormValues,
} from "~/domain/people/leave-form";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "../form-dialog";
import { FormError, SelectField, TextAreaField, TextField, useFormBusy, useFormCheck } from "../form";

// Request Leave (beyond the spec; issue 11): a signed-in employee asks for leave for themselves. The form's own
// rules run in the browser first; overlapping leave is refused by the server.

const CHECK_LEAVE_FORM = formCheck(readLeaveForm, parseLeaveForm);

export function LeaveRequestDialog({
  values,
  errors: serverErrors,
  closeHref,
  action,
}: {
  values: LeaveFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("request");
  const { errors, onSubmit } = useFormCheck(CHECK_LEAVE_FORM, serverErrors, LEAVE_MESSAGES.requestFailed);
  return (
    <RecordFormDialog
      title="Request Leave"
      closeHref={closeHref}
      size="sm"
      action={action}
      intent="request"
      onSubmit={onSubmit}
      submitLabel="Request Leave"
      busyLabel="Requesting..."
      busy={busy}
    >
      <div className="space-y-4 px-5 py-4">
        <FormError message={errors.form} />
        <SelectField
          name="type"
          label="Type"
          required
          defaultValue={values.type}
          error={errors.type}
          options={[
            { value: "", label: "Select type" },
            ...LEAVE_TYPES.map((t) => ({ value: t, label: LEAVE_TYPE_LABELS[t] })),
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="startDate"
            label="Start Date"
            type="date"
            required
            defaultValue={values.startDate}
            error={errors.startDate}
          />
          <TextField
            name="endDate"
            label="End Date"
            type="date"
            required
            defaultValue={values.endDate}
            error={errors.endDate}
          />
        </div>
        <TextAreaField
          name="reason"
          label="Reason"
          rows={3}
          maxLength={LEAVE_LIMITS.reason}
          defaultValue={values.reason}
          error={errors.reason}
          hint="Optional"
        />
      </div>
    </RecordFormDialog>
  );
}
