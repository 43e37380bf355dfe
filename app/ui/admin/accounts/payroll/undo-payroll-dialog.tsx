import { formatMoney, formatMonthYear } from "~/lib/format";
import { formCheck } from "~/lib/form-errors";
import {
  parseUndoPayrollForm,
  PAYROLL_MESSAGES,
  readUndoPayrollForm,
  UNDO_REASON_MAX,
} from "~/domain/payroll/payroll-form";
import type { PayrollRunRow } from "~/domain/payroll/payroll-page";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextAreaField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Undo a processed month (issue 25): only while nothing of it is paid; the run's entry is taken back by its mirror
// dated today, its payslips and pending salary payments cancelled, and the month may be processed again. The
// reason is required and kept with the run and in the audit log.

const CHECK = formCheck(readUndoPayrollForm, parseUndoPayrollForm);

export function UndoPayrollDialog({
  run,
  reason,
  errors: serverErrors,
  closeHref,
  action,
}: {
  run: PayrollRunRow;
  reason: string;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("undo");
  const { errors, onSubmit } = useFormCheck(CHECK, serverErrors, PAYROLL_MESSAGES.undoFailed);
  const name = formatMonthYear(run.month);
  return (
    <RecordFormDialog
      title={`Undo payroll for ${name}`}
      description={`${run.employees} ${run.employees === 1 ? "payslip" : "payslips"}, net ${formatMoney(run.net)}`}
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="undo"
      onSubmit={onSubmit}
      submitLabel="Undo payroll"
      busyLabel="Undoing..."
      busy={busy}
    >
      <input type="hidden" name="runId" value={run.id} />
      <div className="grid gap-4 px-5 py-4 text-sm text-slate-700">
        <FormError message={errors.form} />
        <p>
          An entry dated today takes the month&apos;s salaries entry back; its payslips and pending salary payments are
          cancelled. {name} can then be processed again.
        </p>
        <TextAreaField
          name="reason"
          label="Reason"
          required
          rows={3}
          maxLength={UNDO_REASON_MAX}
          defaultValue={reason}
          error={errors.reason}
          hint={`Why it is undone (up to ${UNDO_REASON_MAX} characters), kept with the month and in the audit log`}
        />
      </div>
    </RecordFormDialog>
  );
}
