import { KeyRound } from "lucide-react";
import { Form } from "react-router";
import { formCheck } from "~/lib/form-errors";
import { parseResetPasswordForm, readResetPasswordForm } from "~/domain/auth/password-reset-form";
import { PASSWORD_RESET_MESSAGES } from "~/domain/auth/password-reset";
import { NewPasswordFields } from "~/ui/admin/change-password-form";
import { FormError } from "~/ui/admin/form";
import type { Toast } from "~/lib/toast";
import { AuthCard, AuthLink, AuthLinks, AuthNote, AuthSubmitButton, useCheckedAuthForm } from "./auth-card";

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
  const { busy, errors, onSubmit } = useCheckedAuthForm(checkResetPassword, result);
  if (link.state !== "usable")
    return (
      <AuthCard icon={KeyRound} title="Choose a new password" intro="This link cannot be used">
        <AuthNote tone="error">
          {link.state === "deactivated" ? PASSWORD_RESET_MESSAGES.deactivated : PASSWORD_RESET_MESSAGES.linkInvalid}
        </AuthNote>
        <AuthLinks>
          {link.state === "invalid" && <AuthLink to={forgotHref}>Ask for a new link</AuthLink>}
          <AuthLink to={signInHref}>Back to sign in</AuthLink>
        </AuthLinks>
      </AuthCard>
    );
  return (
    <AuthCard icon={KeyRound} title="Choose a new password" intro={`For ${link.email}`}>
      <Form method="post" className="mt-6 space-y-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="token" value={link.token} />
        {/* The account's address, for the browser's password manager to file the new password under. */}
        <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <FormError message={result?.formError ?? errors.form} />
        <NewPasswordFields errors={errors} />
        <AuthSubmitButton label="Set new password" busyLabel="Saving..." busy={busy} />
      </Form>
      <p className="mt-4 text-center text-sm text-slate-600">Every place you are signed in will be signed out.</p>
    </AuthCard>
  );
}
