import { z } from "zod";
import { emailAddressSchema } from "../../lib/email-address";
import { formFields } from "../../lib/form-data";
import { fieldErrors } from "../../lib/form-errors";
import { checkRepeat, newPasswordFields } from "./forms";
import { PASSWORD_RESET_MESSAGES } from "./password-reset";

// The forgotten-password forms of both sign-in pages (issue 20), browser and server (ADR 0022, 0024): "Forgot
// password?" asks for an e-mail address; the e-mailed link opens a form for the new password, held to the length
// rules of the change-password forms here and to their strength rule on the server (password-strength.server.ts).

/** The "Forgot password?" form as typed. */
export interface ForgotPasswordValues {
  email: string;
}

export function readForgotPasswordForm(form: FormData): ForgotPasswordValues {
  return formFields(form, ["email"]);
}

const forgotPasswordSchema = z.object({ email: emailAddressSchema.transform((v) => v.toLowerCase()) });

/** The address to send a link to (lower case), or the field's message. */
export function parseForgotPasswordForm(
  values: ForgotPasswordValues,
): { ok: true; input: { email: string } } | { ok: false; errors: Record<string, string> } {
  const parsed = forgotPasswordSchema.safeParse(values);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

/** The new-password form as typed: the link's token (a hidden field) and the password twice. */
export interface ResetPasswordValues {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

export function readResetPasswordForm(form: FormData): ResetPasswordValues {
  return formFields(form, ["token", "newPassword", "confirmPassword"]);
}

/** better-auth's tokens are 24 letters and digits; anything else is no token of ours (and not worth a lookup). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9]{16,64}$/;

const resetPasswordSchema = z
  .object({
    token: z.string().regex(RESET_TOKEN_PATTERN, PASSWORD_RESET_MESSAGES.linkInvalid),
    ...newPasswordFields,
  })
  .superRefine(checkRepeat);

/**
 * The new password's length rules and the repeat (the strength rule needs the user and runs on the server); a
 * missing or malformed token is said on the whole form ("form"), as the link itself is wrong.
 */
export function parseResetPasswordForm(
  values: ResetPasswordValues,
): { ok: true; input: { token: string; newPassword: string } } | { ok: false; errors: Record<string, string> } {
  const parsed = resetPasswordSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: { token: parsed.data.token, newPassword: parsed.data.newPassword } };
  const { token, ...errors } = fieldErrors(parsed.error);
  return { ok: false, errors: token ? { form: token, ...errors } : errors };
}
