import { refuse, refuseFields, type Refused } from "../use-case";

// A rule of the book that refused an entry (PostingRefused, thrown inside the document's transaction), as the screens
// answer it once the transaction has rolled back: the fields' messages, and the first as the toast. The one way every
// use case turns it into a refusal. Browser-safe (the refusal carries only text).

export interface LedgerRefusalOptions {
  /** The toast of a failed save, given the first message ("Failed to settle: ..."); the message itself without it. */
  failed?: (reason: string) => string;
  /**
   * The form's own fields: a message on one of them stays there, any other goes on "form" (the first one kept).
   * Without it every message keeps its key (a form of lines: "lines.2.accountId").
   */
  fields?: readonly string[];
}

export function ledgerRefusal(
  error: { errors: Record<string, string>; message: string },
  options: LedgerRefusalOptions = {},
): Refused {
  let errors = error.errors;
  if (options.fields) {
    const fields = options.fields;
    errors = {};
    for (const [key, message] of Object.entries(error.errors)) errors[fields.includes(key) ? key : "form"] ??= message;
  }
  return options.failed ? refuseFields("invalid", options.failed, errors) : refuse("invalid", error.message, errors);
}
