import type { z } from "zod";

/** A zod error as one message per field (the first), for showing beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "form";
    out[field] ??= issue.message;
  }
  return out;
}

/**
 * A form's own rules as the browser runs them before sending (DESIGN §9 Forms): the domain's read and parse
 * functions, the same ones the action decides with, so both give the same message for the same field.
 */
export type FormCheck = (form: FormData) => Record<string, string> | null;

export function formCheck<V>(
  read: (form: FormData) => V,
  parse: (values: V) => { ok: true } | { ok: false; errors: Record<string, string> },
): FormCheck {
  return (form) => {
    const result = parse(read(form));
    return result.ok ? null : result.errors;
  };
}
