import { formCheck } from "~/lib/form-errors";
import { formatShortDate } from "~/lib/format";
import {
  parseReopenYearForm,
  readReopenYearForm,
  REOPEN_YEAR_REASON_LIMITS,
  YEAR_END_MESSAGES,
  type FiscalYearRow,
} from "~/domain/accounting/year-end-close-form";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextAreaField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Reopen (year-end close; issue 24): the closing entry's mirror is posted on the same day and the year takes
// postings again; the reason is required and kept with the close and in the audit log.

const CHECK = formCheck(readReopenYearForm, parseReopenYearForm);

export function ReopenYearDialog({
  year,
  closeId,
  reason,
  errors: serverErrors,
  closeHref,
  action,
}: {
  year: FiscalYearRow;
  closeId: string;
  reason: string;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("reopen");
  const { errors, onSubmit } = useFormCheck(CHECK, serverErrors, YEAR_END_MESSAGES.reopenFailed);
  return (
    <RecordFormDialog
      title={`Reopen FY ${year.name}`}
      description={`An entry dated ${formatShortDate(year.to)} takes the closing entry back, and postings between ${formatShortDate(year.from)} and ${formatShortDate(year.to)} are allowed again. Close the year again when done.`}
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="reopen"
      onSubmit={onSubmit}
      submitLabel="Reopen"
      busyLabel="Reopening..."
      busy={busy}
    >
      <input type="hidden" name="closeId" value={closeId} />
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form ?? errors.closeId} />
        <TextAreaField
          name="reason"
          label="Reason"
          required
          rows={3}
          minLength={REOPEN_YEAR_REASON_LIMITS.min}
          maxLength={REOPEN_YEAR_REASON_LIMITS.max}
          defaultValue={reason}
          error={errors.reason}
          hint={`Why it is reopened (${REOPEN_YEAR_REASON_LIMITS.min} to ${REOPEN_YEAR_REASON_LIMITS.max} characters), kept with the year and in the audit log`}
        />
      </div>
    </RecordFormDialog>
  );
}
