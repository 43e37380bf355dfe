import {
  parseRateStructureForm,
  RATE_STRUCTURE_LIMITS,
  RATE_STRUCTURE_MESSAGES,
  readRateStructureForm,
  type RateStructureFormValues,
} from "~/domain/catalogue/rate-structures";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "../form-dialog";
import { FormError, inputClass, TextField, useFormBusy, useFormCheck } from "../form";

// Add / Edit Rate Structure (Settings > Rate structures; ADR 0019): the days charged for a rental of 1 to 7 days
// and per further week. The form's own rules run in the browser first.

export const RATE_STRUCTURES_PATH = "/admin/settings/rate-structures";
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const CHECK_RATE_STRUCTURE_FORM = formCheck(readRateStructureForm, parseRateStructureForm);

export function RateStructureDialog({
  mode,
  values,
  errors: serverErrors,
  action,
}: {
  mode: "create" | "update";
  values: RateStructureFormValues;
  errors: Record<string, string | undefined>;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    CHECK_RATE_STRUCTURE_FORM,
    serverErrors,
    () => RATE_STRUCTURE_MESSAGES.fieldsInvalid,
  );
  const dayErrors = DAYS.map((_, i) => errors[`days.${i}`]).filter(Boolean);
  return (
    <RecordFormDialog
      title={mode === "create" ? "Add Rate Structure" : "Edit Rate Structure"}
      description="For a rental of 1 to 7 days, how many days are charged; and how many for each further week."
      closeHref={RATE_STRUCTURES_PATH}
      size="sm"
      action={action}
      intent={mode}
      id={values.id}
      onSubmit={onSubmit}
      submitLabel={mode === "create" ? "Add Structure" : "Save Structure"}
      busy={busy}
    >
      <div className="space-y-4 px-5 py-4">
        <FormError message={errors.form} />
        <TextField
          name="name"
          label="Name"
          defaultValue={values.name}
          error={errors.name}
          maxLength={RATE_STRUCTURE_LIMITS.name}
          placeholder="e.g. 3-day week"
          required
        />
        <fieldset>
          <legend className="text-sm font-medium text-ink-900">Days charged for a rental of</legend>
          <div className="mt-1 grid grid-cols-4 gap-2 sm:grid-cols-7">
            {DAYS.map((d, i) => (
              <label key={d} className="block text-xs text-slate-600">
                {d} {d === 1 ? "day" : "days"}
                <input
                  name={`days${d}`}
                  inputMode="numeric"
                  defaultValue={values.days[i]}
                  aria-invalid={errors[`days.${i}`] ? true : undefined}
                  className={`mt-1 ${inputClass} text-right tabular-nums ${errors[`days.${i}`] ? "border-red-600" : "border-slate-300"}`}
                />
              </label>
            ))}
          </div>
          {dayErrors.map((message) => (
            <p key={message} className="mt-1 text-sm text-red-700">
              {message}
            </p>
          ))}
        </fieldset>
        <TextField
          name="extraWeekDays"
          label="Days charged per further week"
          inputMode="numeric"
          defaultValue={values.extraWeekDays}
          error={errors.extraWeekDays}
          hint="From 1 to 7. A part of a further week is charged as its length in the table above, never more than this."
          required
        />
      </div>
    </RecordFormDialog>
  );
}
