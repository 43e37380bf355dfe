import { KeyRound } from "lucide-react";
import { Form, Link } from "react-router";
import { formCheck } from "~/lib/form-errors";
import { parseForgotPasswordForm, readForgotPasswordForm } from "~/domain/auth/password-reset-form";
import { PASSWORD_RESET_MESSAGES } from "~/domain/auth/password-reset";
import { FormError, SubmitButton, TextField, useFormBusy, useFormCheck, useToast } from "~/ui/admin/form";
import { primaryButton } from "~/ui/buttons";
import { AuthCard, authLinkClass, SuccessNote } from "./auth-card";
import type { SignInRefusalData } from "./sign-in-page";

const checkForgotPassword = formCheck(readForgotPasswordForm, parseForgotPasswordForm);

/**
 * "Forgot password?" of the back office and the portal: the address to e-mail a reset link to. Checked in the
 * browser first (ADR 0022) and a plain form post without JavaScript; once sent (?sent), the one neutral answer.
 */
export function ForgotPasswordPage({
  signInHref,
  forgotHref,
  sent,
  emailSetUp,
  result,
}: {
  signInHref: string;
  forgotHref: string;
  sent: boolean;
  /** False while SMTP_URL is unset: the page says no link can reach anyone now. */
  emailSetUp: boolean;
  result: SignInRefusalData | undefined;
}) {
  const busy = useFormBusy();
  useToast(result?.toast);
  const { errors, onSubmit } = useFormCheck(checkForgotPassword, result?.errors ?? {});
  const notSetUp = !emailSetUp && (
    <p role="note" className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      {PASSWORD_RESET_MESSAGES.emailNotSetUp}
    </p>
  );
  if (sent && !result)
    return (
      <AuthCard icon={KeyRound} title="Check your e-mail" intro="A link to choose a new password">
        <SuccessNote>{PASSWORD_RESET_MESSAGES.requested}</SuccessNote>
        {notSetUp}
        <p className="mt-4 text-sm text-slate-600">
          Nothing after a few minutes? Check your spam folder, or{" "}
          <Link to={forgotHref} className={authLinkClass}>
            ask again
          </Link>{" "}
          with the address you sign in with.
        </p>
        <p className="mt-4 text-center text-sm">
          <Link to={signInHref} className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot password?"
      intro="Type the e-mail address you sign in with, and we will e-mail you a link to choose a new password."
    >
      {notSetUp}
      <Form method="post" className="mt-6 space-y-4" noValidate onSubmit={onSubmit}>
        <FormError message={result?.formError} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          defaultValue={result?.values.email}
          error={errors.email}
          required
        />
        <SubmitButton
          label="Send reset link"
          busyLabel="Sending..."
          busy={busy}
          className={`${primaryButton} w-full`}
        />
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={signInHref} className={authLinkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
