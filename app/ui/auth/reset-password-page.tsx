import { KeyRound } from "lucide-react";
import { NEW_PASSWORD_MIN_LENGTH } from "~/domain/auth/forms";
import { Form, Link } from "react-router";
import { formCheck } from "~/lib/form-errors";
import { parseResetPasswordForm, readResetPasswordForm } from "~/domain/auth/password-reset-form";
import { PASSWORD_RESET_MESSAGES } from "~/domain/auth/password-reset";
import { FormError, SubmitButton, TextField, useFormBusy, useFormCheck, useToast } from "~/ui/admin/form";
import { primaryButton } from "~/ui/buttons";
import type { Toast } from "~/lib/toast";
import { AuthCard, authLinkClass } from "./auth-card";

const checkResetPassword = formCheck(readResetPasswordForm, parseResetPasswordForm);

/** What a refused reset answers (passwordResetRefusal): the fields' messages, the form's, and its toast. */
export interface ResetRefusalData {
  errors: Record<string, string>;
  formError: string | null;
  toast: Toast | null;
}

/** What the page's loader found of the link: whose it is (for the intro), or why it does not work. */
export type ResetLinkView =
  { state: "usable"; token: string; email: string } | { state: "invalid" } | { state: "deactivated" };

/**
 * The e-mailed link's page, of the back office and the portal: the new password twice, with the change-password
 * forms' rules, checked in the browser first (ADR 0022) and a plain form post without JavaScript. A link that does
 * not work says so and offers a new one.
 */
export function ResetPasswordPage({
  link,
  forgotHref,
  signInHref,
  result,
}: {
  link: ResetLinkView;
  forgotHref: string;
  signInHref: string;
  result: ResetRefusalData | undefined;
}) {
  const busy = useFormBusy();
  useToast(result?.toast);
  const { errors, onSubmit } = useFormCheck(checkResetPassword, result?.errors ?? {});
  if (link.state !== "usable")
    return (
      <AuthCard icon={KeyRound} title="Choose a new password" intro="This link cannot be used">
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {link.state === "deactivated" ? PASSWORD_RESET_MESSAGES.deactivated : PASSWORD_RESET_MESSAGES.linkInvalid}
        </p>
        <p className="mt-4 flex justify-center gap-4 text-sm">
          {link.state === "invalid" && (
            <Link to={forgotHref} className={authLinkClass}>
              Ask for a new link
            </Link>
          )}
          <Link to={signInHref} className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard icon={KeyRound} title="Choose a new password" intro={`For ${link.email}`}>
      <Form method="post" className="mt-6 space-y-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="token" value={link.token} />
        {/* The account's address, for the browser's password manager to file the new password under. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <FormError message={result?.formError ?? errors.form} />
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={NEW_PASSWORD_MIN_LENGTH}
          hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters, hard to guess (no common password or pattern).`}
          error={errors.newPassword}
          required
        />
        <TextField
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
        <SubmitButton
          label="Set new password"
          busyLabel="Saving..."
          busy={busy}
          className={`${primaryButton} w-full`}
        />
      </Form>
      <p className="mt-4 text-center text-sm text-slate-600">Every place you are signed in will be signed out.</p>
    </AuthCard>
  );
}
