import { PackageCheck, Send } from "lucide-react";
import { useRef } from "react";
import { Form } from "react-router";
import { dispatchField } from "~/domain/jobs/job-forms";
import type { JobPageLine } from "~/domain/jobs/job-page.server";
import { FormError, inputClass, SubmitButton, TextField, useFormBusy } from "~/ui/admin/form";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { CodeScanner } from "./code-scanner";

// The job page's Dispatch panel (issue 26): an item's code typed or scanned (one unit, or the quantity typed, of
// its first line with units to send), quantities per line, or everything left. Plain forms: typing works without
// JavaScript; the camera needs it.

export interface DispatchPanelProps {
  action: string;
  lines: readonly JobPageLine[];
  /** The action's field errors when the last dispatch was refused. */
  errors: Record<string, string>;
  /** What was typed, when refused. */
  values: { code?: string; quantity?: string; lines?: Record<string, string> } | null;
}

export function DispatchPanel({ action, lines, errors, values }: DispatchPanelProps) {
  const codeForm = useRef<HTMLFormElement>(null);
  const busy = useFormBusy("dispatch");
  const toSend = lines.filter((l) => !l.isPackage && l.toSend > 0);
  const left = toSend.reduce((s, l) => s + l.toSend, 0);
  return (
    <section aria-labelledby="dispatch-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dispatch-title" className="text-lg font-semibold text-ink-900">
          Dispatch
        </h2>
        <p className="text-sm text-slate-600">
          {left === 0 ? "Everything has left." : `${left} ${left === 1 ? "unit" : "units"} still to send`}
        </p>
      </div>
      {left > 0 && (
        <>
          <Form
            ref={codeForm}
            method="post"
            action={action}
            replace
            preventScrollReset
            className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <input type="hidden" name="intent" value="dispatch" />
            <input type="hidden" name="mode" value="code" />
            <TextField
              name="code"
              label="Item code"
              hint="Type or scan the code on the item's label"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              defaultValue={values?.code ?? ""}
              key={values?.code ?? "code"}
              error={errors.code}
              className="min-w-0 sm:flex-1"
            />
            <TextField
              name="quantity"
              label="Quantity"
              inputMode="numeric"
              placeholder="1"
              defaultValue={values?.quantity ?? ""}
              error={errors.quantity}
              className="sm:w-28"
            />
            <div className="flex flex-wrap gap-2 sm:pt-6">
              <SubmitButton label="Dispatch" busyLabel="Dispatching..." busy={busy} />
              <CodeScanner
                onCode={(code) => {
                  const form = codeForm.current;
                  const input = form?.elements.namedItem("code");
                  const quantity = form?.elements.namedItem("quantity");
                  if (!form || !(input instanceof HTMLInputElement)) return;
                  input.value = code;
                  // A scan is one unit: the label in front of the camera, whatever was typed for a typed code.
                  if (quantity instanceof HTMLInputElement) quantity.value = "1";
                  form.requestSubmit();
                }}
              />
            </div>
          </Form>

          <Form method="post" action={action} replace preventScrollReset className="mt-5">
            <input type="hidden" name="intent" value="dispatch" />
            <input type="hidden" name="mode" value="lines" />
            <h3 className="text-sm font-semibold text-ink-900">Per line</h3>
            <FormError message={errors.form} />
            <ul className="mt-2 divide-y divide-slate-100">
              {toSend.map((line) => {
                const field = dispatchField(line.id);
                const id = `dispatch-${line.id}`;
                return (
                  <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <label htmlFor={id} className="min-w-0 flex-1 text-sm text-slate-700">
                      <span className="font-medium text-ink-900">{line.name}</span>
                      {line.packageLineId && <span className="text-slate-500"> (part)</span>}
                      <span className="block text-xs text-slate-500">
                        {line.toSend} of {line.quantity} to send · {line.slug}
                      </span>
                    </label>
                    <div className="w-24">
                      <input
                        id={id}
                        name={field}
                        type="number"
                        min={0}
                        max={line.toSend}
                        step={1}
                        inputMode="numeric"
                        placeholder="0"
                        defaultValue={values?.lines?.[line.id] ?? ""}
                        aria-invalid={errors[field] ? true : undefined}
                        aria-describedby={errors[field] ? `${id}-error` : undefined}
                        className={`${inputClass} ${errors[field] ? "border-red-600" : "border-slate-300"}`}
                      />
                    </div>
                    {errors[field] && (
                      <p id={`${id}-error`} className="w-full text-sm text-red-700">
                        {errors[field]}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="submit" className={secondaryButton} disabled={busy}>
                <Send aria-hidden className="size-4" /> Dispatch these
              </button>
            </div>
          </Form>

          <Form
            method="post"
            action={action}
            replace
            preventScrollReset
            className="mt-4 border-t border-slate-100 pt-4"
          >
            <input type="hidden" name="intent" value="dispatch" />
            <input type="hidden" name="mode" value="all" />
            <button type="submit" className={primaryButton} disabled={busy}>
              <PackageCheck aria-hidden className="size-4" /> Dispatch everything
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
