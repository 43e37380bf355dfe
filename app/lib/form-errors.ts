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
