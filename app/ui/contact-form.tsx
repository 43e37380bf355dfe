import { CheckCircle2, Loader2, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { toast } from "sonner";
import { CONTACT_SENT, type ContactFormOutcome } from "~/domain/content/contact-form";
import { HoneypotField } from "./honeypot-field";
import { primaryButton, secondaryButton } from "./buttons";

export type ContactFieldLimits = Record<"name" | "email" | "phone" | "subject" | "message", number>;

const inputClass =
  "block w-full rounded-md border bg-white px-3 py-2.5 text-ink-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

interface FieldProps {
  name: keyof ContactFieldLimits;
  label: string;
  maxLength: number;
  defaultValue?: string;
  error?: string;
  required?: boolean;
  hint?: string;
  multiline?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  pattern?: string;
  title?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

function Field({ name, label, error, hint, multiline, required, inputRef, type = "text", ...rest }: FieldProps) {
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `${inputClass} ${error ? "border-red-600" : "border-slate-300"}`,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      <div className="mt-1.5">
        {multiline ? (
          <textarea {...common} rows={6} maxLength={rest.maxLength} defaultValue={rest.defaultValue} />
        ) : (
          <input {...common} ref={inputRef} type={type} {...rest} />
        )}
      </div>
      {hint && !error && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contact form (storefront.md /contact). A React Router <Form> posting to the page's action, so it works
 * without JavaScript too: the server answers with field errors and the values typed, or with success, which
 * replaces the form with the 'Message Sent!' view. With JavaScript, `sending` turns the button into a
 * disabled 'Sending...'.
 */
export function ContactForm({
  outcome,
  sending,
  limits,
}: {
  outcome: ContactFormOutcome | undefined;
  sending: boolean;
  limits: ContactFieldLimits;
}) {
  // 'Send Another Message' hides this success answer; the next answer is a new object and shows again.
  const [dismissed, setDismissed] = useState<ContactFormOutcome | undefined>(undefined);
  const sent = outcome?.status === "sent" && outcome !== dismissed;
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const focusNameNext = useRef(false);

  useEffect(() => {
    if (outcome?.status === "sent") {
      // A darker green than sonner's rich success colours, which miss the 4.5:1 contrast on their background.
      toast.success(CONTACT_SENT);
      successRef.current?.focus();
    } else if (outcome?.status === "invalid") {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [outcome]);

  useEffect(() => {
    if (!sent && focusNameNext.current) {
      focusNameNext.current = false;
      nameRef.current?.focus();
    }
  }, [sent]);

  if (sent) {
    return (
      <div className="flex flex-col items-center py-10 text-center">
        <CheckCircle2 aria-hidden size={56} className="text-emerald-600" />
        <h2 ref={successRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-ink-900 focus:outline-none">
          Message Sent!
        </h2>
        <p className="mt-3 max-w-md text-slate-700">{CONTACT_SENT}</p>
        {/* Without JavaScript this loads an empty form; with it, the click shows one at once. */}
        <form method="get" action="/contact" className="mt-8">
          <button
            type="submit"
            className={secondaryButton}
            onClick={(event) => {
              event.preventDefault();
              focusNameNext.current = true;
              setDismissed(outcome);
            }}
          >
            Send Another Message
          </button>
        </form>
      </div>
    );
  }

  const values = outcome && outcome.status !== "sent" ? outcome.values : {};
  const errors = outcome?.status === "invalid" ? outcome.errors : {};
  const formError = outcome?.status === "limited" ? outcome.formError : undefined;

  return (
    <Form
      method="post"
      ref={formRef}
      className="relative space-y-5"
      aria-labelledby="contact-form-heading"
      aria-describedby="contact-required-note"
    >
      <h2 id="contact-form-heading" className="text-2xl font-bold text-ink-900">
        Send Us a Message
      </h2>
      <p id="contact-required-note" className="text-sm text-slate-600">
        Fields marked <span className="font-semibold text-red-700">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          name="name"
          label="Name"
          required
          autoComplete="name"
          maxLength={limits.name}
          defaultValue={values.name}
          error={errors.name}
          inputRef={nameRef}
        />
        <Field
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={limits.email}
          defaultValue={values.email}
          error={errors.email}
        />
        <Field
          name="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          maxLength={limits.phone}
          pattern="[\+\d\s\(\)\.\-]*"
          title="Digits, spaces and + ( ) . - only"
          defaultValue={values.phone}
          error={errors.phone}
        />
        <Field
          name="subject"
          label="Subject"
          required
          maxLength={limits.subject}
          defaultValue={values.subject}
          error={errors.subject}
        />
      </div>
      <Field
        name="message"
        label="Message"
        multiline
        required
        maxLength={limits.message}
        defaultValue={values.message}
        error={errors.message}
      />
      <HoneypotField id="contact-hp" />
      {formError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {formError}
        </p>
      )}
      <button type="submit" disabled={sending} className={`${primaryButton} w-full sm:w-auto`}>
        {sending ? (
          <>
            <Loader2 aria-hidden size={18} className="animate-spin" />
            Sending...
          </>
        ) : (
          <>
            <Send aria-hidden size={18} />
            Send Message
          </>
        )}
      </button>
    </Form>
  );
}
