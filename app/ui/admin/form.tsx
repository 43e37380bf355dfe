import { Loader2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useNavigation } from "react-router";
import { toast as showToast } from "sonner";
import type { FormCheck } from "~/lib/form-errors";
import type { Toast } from "~/lib/toast";
import { primaryButton } from "../buttons";

// The back office's form pieces (DESIGN §9 Forms): a labelled field with its message beside it, a form-level
// message, a submit button that names what it is doing, and the toast an action's result asks for.

export const inputClass =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-ink-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100";

/**
 * A field's label, its control, and the hint or the error beside it, wired for screen readers; every field
 * below is this frame around one control (and a screen's own control, with useFieldControl: the task's assignee).
 */
export function FieldFrame({
  id,
  label,
  required,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The id and the ARIA attributes a framed control carries: described by its error, else by its hint (as shown). */
export function useFieldControl(name: string, error?: string, hint?: string) {
  const id = `${useId()}-${name}`;
  const describedBy =
    [error ? `${id}-error` : "", hint && !error ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return {
    id,
    props: {
      id,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy,
      className: `mt-1 ${inputClass} ${error ? "border-red-600" : "border-slate-300"}`,
    },
  };
}

interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "name"> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

export function TextField({ name, label, error, hint, required, className, ...rest }: FieldProps) {
  const { id, props } = useFieldControl(name, error, hint);
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <input required={required} {...props} {...rest} />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name"> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

export function TextAreaField({ name, label, error, hint, required, className, ...rest }: TextAreaFieldProps) {
  const { id, props } = useFieldControl(name, error, hint);
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <textarea required={required} {...props} {...rest} />
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name"> {
  name: string;
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ name, label, error, options, required, className, ...rest }: SelectFieldProps) {
  const { id, props } = useFieldControl(name, error);
  return (
    <FieldFrame id={id} label={label} required={required} error={error} className={className}>
      <select required={required} {...props} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** Busy while this form's own submission is in flight (matched by its intent when several share a page). */
export function useFormBusy(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

export function SubmitButton({
  label,
  busyLabel,
  busy,
  className = primaryButton,
  name,
  value,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  className?: string;
  name?: string;
  value?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy} name={name} value={value}>
      {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** Shows the toast an action or loader returned, once per result. */
export function useToast(toast: Toast | null | undefined): void {
  useEffect(() => {
    if (!toast) return;
    // A toast's link (the outbox holding an unsent message) is a link in the toast, not a button.
    const action = toast.link ? (
      <Link to={toast.link.href} className="ml-auto shrink-0 text-sm font-semibold text-brand-700 underline">
        {toast.link.label}
      </Link>
    ) : undefined;
    // Long enough to read the message and follow its link. A modal dialog (Radix) turns pointer events off
    // outside itself; the toast takes them back, so its link and close button work over an open dialog.
    const options = { className: "pointer-events-auto", ...(toast.link ? { action, duration: 12_000 } : {}) };
    if (toast.type === "error") showToast.error(toast.message, options);
    else showToast.success(toast.message, options);
  }, [toast]);
}

/**
 * The browser's half of a dialog's form (DESIGN §9 Forms, ADR 0022): on submit, `check` (the domain's own rules,
 * formCheck) runs on what was typed; a refusal keeps the form from being sent, shows each field's message and
 * focuses the first field named. The action still decides; its messages show until the browser has its own.
 */
export function useFormCheck(
  check: FormCheck,
  serverErrors: Record<string, string | undefined>,
  /** The failure toast the action would answer with, from the first message (the spec's "Failed to ...: {message}"). */
  failedToast?: (message: string) => string,
): { errors: Record<string, string | undefined>; onSubmit: (event: React.FormEvent<HTMLFormElement>) => void } {
  // The browser's messages hold only against the server's answer they were made over (compared by content, as
  // callers may build a new empty object each render).
  const against = JSON.stringify(serverErrors);
  const [local, setLocal] = useState<{ against: string; errors: Record<string, string> } | null>(null);
  const errors = local && local.against === against ? local.errors : serverErrors;
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const found = check(new FormData(form, submitter instanceof HTMLElement ? submitter : null));
    if (!found || Object.keys(found).length === 0) {
      setLocal(null);
      return;
    }
    event.preventDefault();
    setLocal({ against, errors: found });
    if (failedToast) showToast.error(failedToast(Object.values(found)[0] ?? ""));
    // The first field in the form's own order that has a message.
    const first = [...form.elements].find(
      (el): el is HTMLElement & { name: string } =>
        el instanceof HTMLElement && "name" in el && typeof el.name === "string" && el.name in found,
    );
    first?.focus();
  }
  return { errors, onSubmit };
}
