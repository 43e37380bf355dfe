import {
  parseReopenForm,
  readReopenForm,
  REOPEN_MESSAGES,
  REOPEN_REASON_LIMITS,
} from "~/domain/banking/finish-reconciliation-form";
import { formCheck } from "~/lib/form-errors";
import { formatShortDate } from "~/lib/format";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextAreaField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Reopen (Bank Reconciliation; issue 23): a finished reconciliation opened again, with the reason kept beside it
// (audited). Its lines may then be unmatched and lines imported into its days again.

const CHECK = formCheck(readReopenForm, parseReopenForm);

export function ReopenDialog({
  reconciliationId,
  asOfDate,
  reason,
  errors: serverErrors,
  closeHref,
  action,
}: {
  reconciliationId: string;
  asOfDate: string;
  reason: string;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("reopen");
  const { errors, onSubmit } = useFormCheck(CHECK, serverErrors, REOPEN_MESSAGES.failed);
  return (
    <RecordFormDialog
      title={`Reopen the reconciliation up to ${formatShortDate(asOfDate)}`}
      description="Its statement lines can then be unmatched and lines imported into its days again. Its figures and the report stay, marked reopened; finish it again when done."
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="reopen"
      onSubmit={onSubmit}
      submitLabel="Reopen"
      busyLabel="Reopening..."
      busy={busy}
    >
      <input type="hidden" name="reconciliationId" value={reconciliationId} />
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form ?? errors.reconciliationId} />
        <TextAreaField
          name="reason"
          label="Reason"
          required
          rows={3}
          minLength={REOPEN_REASON_LIMITS.min}
          maxLength={REOPEN_REASON_LIMITS.max}
          defaultValue={reason}
          error={errors.reason}
          hint={`Why it is reopened (${REOPEN_REASON_LIMITS.min} to ${REOPEN_REASON_LIMITS.max} characters), kept in the audit log`}
        />
      </div>
    </RecordFormDialog>
  );
}
