import { QUOTATION_LIMITS } from "~/domain/quotations/request";

export const REQUEST_FIELDS = [
  { name: "name", label: "Full Name", type: "text", autoComplete: "name", max: QUOTATION_LIMITS.name },
  { name: "email", label: "Email", type: "email", autoComplete: "email", max: QUOTATION_LIMITS.email },
  { name: "phone", label: "Phone Number", type: "tel", autoComplete: "tel", max: QUOTATION_LIMITS.phone },
  { name: "event_name", label: "Event Name", type: "text", autoComplete: "off", max: QUOTATION_LIMITS.eventName },
  { name: "event_date", label: "Event Date", type: "date", autoComplete: "off", max: 10 },
  { name: "event_time", label: "Event Time", type: "time", autoComplete: "off", max: 8 },
  {
    name: "event_location",
    label: "Event Location",
    type: "text",
    autoComplete: "street-address",
    max: QUOTATION_LIMITS.eventLocation,
  },
] as const;

export type RequestFieldName = (typeof REQUEST_FIELDS)[number]["name"] | "notes";
export type RequestValues = Record<RequestFieldName, string>;

export const EMPTY_VALUES: RequestValues = {
  name: "",
  email: "",
  phone: "",
  event_name: "",
  event_date: "",
  event_time: "",
  event_location: "",
  notes: "",
};

const inputClass =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-ink-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600";

/**
 * The contact and event fields, each with its label and its message under it. `earliestEventDate` (today in
 * Dhaka, from the loader) is the date input's minimum, the same day the form's rules check against.
 */
export function RequestFields({
  values,
  errors,
  onChange,
  earliestEventDate,
}: {
  values: RequestValues;
  errors: Record<string, string>;
  onChange: (name: RequestFieldName, value: string) => void;
  earliestEventDate: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {REQUEST_FIELDS.map((field) => (
        <div key={field.name} className={field.name === "event_location" ? "sm:col-span-2" : undefined}>
          <label htmlFor={field.name} className="text-sm font-medium text-ink-900">
            {field.label}{" "}
            <span className="text-red-700" aria-hidden>
              *
            </span>
          </label>
          <input
            id={field.name}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.max}
            min={field.name === "event_date" ? earliestEventDate : undefined}
            required
            value={values[field.name]}
            onChange={(e) => onChange(field.name, e.target.value)}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? `${field.name}-error` : undefined}
            className={`${inputClass} ${errors[field.name] ? "border-red-600" : "border-slate-300"}`}
          />
          {errors[field.name] && (
            <p id={`${field.name}-error`} className="mt-1 text-sm text-red-700">
              {errors[field.name]}
            </p>
          )}
        </div>
      ))}
      <div className="sm:col-span-2">
        <label htmlFor="notes" className="text-sm font-medium text-ink-900">
          Additional Notes
        </label>
        <textarea
          id="notes"
          name="notes"
          rows={4}
          maxLength={QUOTATION_LIMITS.notes}
          value={values.notes}
          onChange={(e) => onChange("notes", e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? "notes-error" : "notes-hint"}
          className={`${inputClass} ${errors.notes ? "border-red-600" : "border-slate-300"}`}
        />
        {errors.notes ? (
          <p id="notes-error" className="mt-1 text-sm text-red-700">
            {errors.notes}
          </p>
        ) : (
          <p id="notes-hint" className="mt-1 text-sm text-slate-600">
            Venue access, setup times, power on site, anything we should know.
          </p>
        )}
      </div>
    </div>
  );
}
