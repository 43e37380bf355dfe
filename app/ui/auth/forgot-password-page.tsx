import { KeyRound } from "lucide-react";
import { Form } from "react-router";
import { formCheck } from "~/lib/form-errors";
import { parseForgotPasswordForm, readForgotPasswordForm } from "~/domain/auth/password-reset-form";
import { PASSWORD_RESET_MESSAGES } from "~/domain/auth/password-reset";
import { FormError } from "~/ui/admin/form";
import {
  AccountEmailField,
  AuthCard,
  AuthLink,
  AuthLinks,
  AuthNote,
  AuthSubmitButton,
  useCheckedAuthForm,
} from "./auth-card";
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
  const { busy, errors, onSubmit } = useCheckedAuthForm(checkForgotPassword, result);
  const notSetUp = !emailSetUp && <AuthNote tone="warning">{PASSWORD_RESET_MESSAGES.emailNotSetUp}</AuthNote>;
  const backToSignIn = (
    <AuthLinks>
      <AuthLink to={signInHref}>Back to sign in</AuthLink>
    </AuthLinks>
  );
  // Without e-mail nothing is on its way: the page says only that (the answer is the same for every address).
  if (sent && !result && !emailSetUp)
    return (
      <AuthCard icon={KeyRound} title="No e-mail can be sent yet" intro="A link to choose a new password">
        {notSetUp}
        {backToSignIn}
      </AuthCard>
    );
  if (sent && !result)
    return (
      <AuthCard icon={KeyRound} title="Check your e-mail" intro="A link to choose a new password">
        <AuthNote tone="success">{PASSWORD_RESET_MESSAGES.requested}</AuthNote>
        <p className="mt-4 text-sm text-slate-600">
          Nothing after a few minutes? Check your spam folder, or <AuthLink to={forgotHref}>ask again</AuthLink> with
          the address you sign in with.
        </p>
        {backToSignIn}
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
        <AccountEmailField defaultValue={result?.values.email} error={errors.email} />
        <AuthSubmitButton label="Send reset link" busyLabel="Sending..." busy={busy} />
      </Form>
      {backToSignIn}
    </AuthCard>
  );
}
