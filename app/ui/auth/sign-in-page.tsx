import { LockKeyhole } from "lucide-react";
import { Form, useSearchParams } from "react-router";
import { PASSWORD_RESET_MESSAGES } from "~/domain/auth/password-reset";
import { FormError, TextField, useFormBusy, useToast } from "~/ui/admin/form";
import type { Toast } from "~/lib/toast";
import { AccountEmailField, AuthCard, AuthLink, AuthLinks, AuthNote, AuthSubmitButton } from "./auth-card";

/** What a refused sign-in answers (signInRefusal): the messages and the e-mail as typed. */
export interface SignInRefusalData {
  errors: Record<string, string>;
  formError: string | null;
  values: { email: string };
  toast: Toast | null;
}

/**
 * The one sign-in page of the back office and the portal (backoffice.md §2 Admin login, Customer Login): a plain
 * form post, so it works without JavaScript; each passes its own title, the spec's button texts and its
 * "Forgot password?" page. Opened with ?reset=done after a reset, it says the new password is set.
 */
export function SignInPage({
  title,
  intro,
  submitLabel,
  busyLabel,
  forgotPasswordHref,
  result,
}: {
  title: string;
  intro: string;
  submitLabel: string;
  busyLabel: string;
  forgotPasswordHref: string;
  result: SignInRefusalData | undefined;
}) {
  const [params] = useSearchParams();
  const busy = useFormBusy();
  useToast(result?.toast);
  return (
    <AuthCard icon={LockKeyhole} title={title} intro={intro}>
      {params.get("reset") === "done" && !result && <AuthNote tone="success">{PASSWORD_RESET_MESSAGES.done}</AuthNote>}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormError message={result?.formError} />
        <AccountEmailField defaultValue={result?.values.email} error={result?.errors.email} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={result?.errors.password}
          required
        />
        <AuthSubmitButton label={submitLabel} busyLabel={busyLabel} busy={busy} />
      </Form>
      <AuthLinks>
        <AuthLink to={forgotPasswordHref}>Forgot password?</AuthLink>
      </AuthLinks>
    </AuthCard>
  );
}
