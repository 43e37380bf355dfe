import { Undo2 } from "lucide-react";
import { Form } from "react-router";
import { checkInField, type CheckInField } from "~/domain/jobs/job-forms";
import type { JobPageLine } from "~/domain/jobs/job-page.server";
import { FormError, inputClass, SubmitButton, useFormBusy } from "~/ui/admin/form";
import { secondaryButton } from "~/ui/buttons";

// The job page's Check in panel (issue 26): per line with units out, how many came back, came back damaged or did
// not come back; for damaged ones Send to repair (with the date expected back) or Write off; a note for damaged or
// lost units, and an optional charge to the customer. Or everything out, back as returned, in one click.

export interface CheckInPanelProps {
  action: string;
  /** Only the lines with units out. */
  lines: readonly JobPageLine[];
  reference: string;
  errors: Record<string, string>;
  values: Record<string, Partial<Record<CheckInField, string>>> | null;
}

function Field({
  id,
  label,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function LineFields({
  line,
  reference,
  errors,
  values,
}: {
  line: JobPageLine;
  reference: string;
  errors: Record<string, string>;
  values: Partial<Record<CheckInField, string>>;
}) {
  const props = (field: CheckInField) => {
    const name = checkInField(field, line.id);
    const id = `checkin-${field}-${line.id}`;
    const error = errors[name];
    return {
      id,
      error,
      input: {
        id,
        name,
        defaultValue: values[field] ?? "",
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
        className: `${inputClass} mt-1 ${error ? "border-red-600" : "border-slate-300"}`,
      },
    };
  };
  const count = (field: "returned" | "damaged" | "lost", label: string) => {
    const p = props(field);
    return (
      <Field id={p.id} label={label} error={p.error}>
        <input {...p.input} type="number" min={0} max={line.out} step={1} inputMode="numeric" placeholder="0" />
      </Field>
    );
  };
  const detailFields = ["outcome", "repairDate", "note", "chargeAmount", "chargeDescription", "damaged", "lost"];
  const detailsOpen = detailFields.some(
    (f) => errors[checkInField(f as CheckInField, line.id)] || values[f as CheckInField],
  );
  const outcome = props("outcome");
  const repairDate = props("repairDate");
  const note = props("note");
  const chargeAmount = props("chargeAmount");
  const chargeDescription = props("chargeDescription");
  return (
    <li className="py-3">
      <p className="text-sm font-medium text-ink-900">
        {line.name}
        <span className="font-normal text-slate-500">
          {" "}
          · {line.out} out of {line.dispatched} sent
        </span>
      </p>
      <div className="mt-2 grid grid-cols-3 gap-2 sm:max-w-md">
        {count("returned", "Returned")}
        {count("damaged", "Damaged")}
        {count("lost", "Lost")}
      </div>
      <details open={detailsOpen} className="mt-2 rounded-md border border-slate-200 p-3 open:bg-slate-50">
        <summary className="cursor-pointer text-sm font-medium text-brand-800">
          Damaged or lost: where, why, charge
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field id={outcome.id} label="Damaged units go to" error={outcome.error}>
            <select {...outcome.input}>
              <option value="">Choose…</option>
              <option value="repair">Send to repair</option>
              <option value="write_off">Write off</option>
            </select>
          </Field>
          <Field id={repairDate.id} label="Expected back from repair (optional)" error={repairDate.error}>
            <input {...repairDate.input} type="date" />
          </Field>
          <Field id={note.id} label="Note (required for damaged or lost)" error={note.error} className="sm:col-span-2">
            <textarea {...note.input} rows={2} maxLength={1000} />
          </Field>
          <Field id={chargeAmount.id} label="Charge the customer (৳, optional)" error={chargeAmount.error}>
            <input {...chargeAmount.input} inputMode="decimal" placeholder="0.00" />
          </Field>
          <Field id={chargeDescription.id} label="Charge description" error={chargeDescription.error}>
            <input {...chargeDescription.input} placeholder={`Damage to N × ${line.name} (${reference})`} />
          </Field>
        </div>
      </details>
    </li>
  );
}

export function CheckInPanel({ action, lines, reference, errors, values }: CheckInPanelProps) {
  const busy = useFormBusy("check-in");
  const out = lines.reduce((s, l) => s + l.out, 0);
  return (
    <section aria-labelledby="check-in-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="check-in-title" className="text-lg font-semibold text-ink-900">
          Check in
        </h2>
        <p className="text-sm text-slate-600">
          {out} {out === 1 ? "unit" : "units"} out
        </p>
      </div>
      <Form method="post" action={action} replace preventScrollReset className="mt-3">
        <input type="hidden" name="intent" value="check-in" />
        <input type="hidden" name="mode" value="all" />
        <button type="submit" className={secondaryButton} disabled={busy}>
          <Undo2 aria-hidden className="size-4" /> Check in everything as returned
        </button>
      </Form>
      <Form method="post" action={action} replace preventScrollReset className="mt-4 border-t border-slate-100 pt-2">
        <input type="hidden" name="intent" value="check-in" />
        <input type="hidden" name="mode" value="lines" />
        <FormError message={errors.form} />
        <ul className="divide-y divide-slate-100">
          {lines.map((line) => (
            <LineFields
              key={line.id}
              line={line}
              reference={reference}
              errors={errors}
              values={values?.[line.id] ?? {}}
            />
          ))}
        </ul>
        <SubmitButton label="Check in" busyLabel="Checking in..." busy={busy} />
      </Form>
    </section>
  );
}
