import { data } from "react-router";
import type { SignInRefused } from "../domain/auth/sign-in.server";
import type { Refused } from "../domain/use-case";
import { httpInitOf } from "./use-case-http";

// How the sign-in, password and password-reset pages answer a refusal over HTTP (the use cases only name the
// refusal).

/** A refused sign-in as both sign-in pages answer it: the messages, the e-mail as typed, Retry-After when limited. */
export function signInRefusal(outcome: SignInRefused) {
  // A refusal of the whole form (wrong password, too many attempts, another audience's) is said above the form
  // and in a toast; one of fields is said beside each field.
  const formError = Object.keys(outcome.errors).length > 0 ? null : outcome.message;
  return data(
    {
      errors: outcome.errors,
      formError,
      values: outcome.values,
      toast: formError ? { type: "error" as const, message: formError } : null,
    },
    httpInitOf(outcome),
  );
}

/**
 * The `headers` of the sign-in and password routes: their action's Retry-After reaches the answer, the page's
 * and its data request's (`.data`) alike; React Router passes only an action's cookies on by itself.
 */
export function passRetryAfter({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * A refused password reset as both reset pages answer it: the fields' messages beside them, a link that does not
 * work (or a refusal of the whole form, too many attempts say) above the form and in a toast; never the passwords.
 */
export function passwordResetRefusal(outcome: Refused) {
  const { form, ...fields } = outcome.errors;
  const formError = form ?? (Object.keys(fields).length > 0 ? null : outcome.message);
  return data(
    {
      errors: fields,
      formError,
      toast: formError ? { type: "error" as const, message: formError } : null,
    },
    httpInitOf(outcome),
  );
}
