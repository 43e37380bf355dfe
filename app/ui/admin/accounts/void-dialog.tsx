import { formCheck } from "~/lib/form-errors";
import { parseVoidForm, readVoidForm, VOID_REASON_LIMITS, type VoidFormValues } from "~/domain/accounting/void-form";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextAreaField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Void or reverse a document (issue 36): a payment or receipt of a payable or receivable, a tax deposit, a typed tax
// record. What is taken back is shown first; then the reversal's date (not before the document's) and the reason,
// kept with the document and in the audit log. Opened by the URL like every back-office dialog; posts `intent` with
// the document's id.

export interface VoidFact {
  term: string;
  value: React.ReactNode;
}

export function VoidDocumentDialog({
  title,
  description,
  facts,
  values,
  minDate,
  errors: serverErrors,
  idRequired,
  failed,
  closeHref,
  action,
  intent,
  submitLabel,
  busyLabel,
}: {
  title: string;
  description: string;
  /** What is taken back: its date, amount, party... */
  facts: readonly VoidFact[];
  values: VoidFormValues;
  /** The document's own date: the reversal cannot be before it. */
  minDate: string;
  errors: Record<string, string | undefined>;
  /** The message of a form without the document's id. */
  idRequired: string;
  /** The failure toast, from the first message. */
  failed: (reason: string) => string;
  closeHref: string;
  action: string;
  intent: string;
  submitLabel: string;
  busyLabel: string;
}) {
  const busy = useFormBusy(intent);
  const check = formCheck(readVoidForm, (v: VoidFormValues) => parseVoidForm(v, idRequired));
  const { errors, onSubmit } = useFormCheck(check, serverErrors, failed);
  return (
    <RecordFormDialog
      title={title}
      description={description}
      size="sm"
      closeHref={closeHref}
      action={action}
      intent={intent}
      id={values.id}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form} />
        <dl
          className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
          data-testid="void-facts"
        >
          {facts.map((f) => (
            <div key={f.term} className="contents">
              <dt className="text-slate-500">{f.term}</dt>
              <dd className="min-w-0 font-medium break-words text-ink-900">{f.value}</dd>
            </div>
          ))}
        </dl>
        <TextField
          name="date"
          label="Date of the reversal"
          type="date"
          required
          min={minDate}
          defaultValue={values.date}
          error={errors.date}
          hint="The reversing entry's date: after the lock date, not before the document's own"
        />
        <TextAreaField
          name="reason"
          label="Reason"
          required
          rows={3}
          minLength={VOID_REASON_LIMITS.min}
          maxLength={VOID_REASON_LIMITS.max}
          defaultValue={values.reason}
          error={errors.reason}
          hint={`Why it is taken back (${VOID_REASON_LIMITS.min} to ${VOID_REASON_LIMITS.max} characters), kept with it and in the audit log`}
        />
      </div>
    </RecordFormDialog>
  );
}
