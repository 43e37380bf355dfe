import { LockKeyhole } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { PASSWORD_RESET_MESSAGES } from "~/domain/auth/password-reset";
import { FormError, SubmitButton, TextField, useFormBusy, useToast } from "~/ui/admin/form";
import { primaryButton } from "~/ui/buttons";
import type { Toast } from "~/lib/toast";
import { AuthCard, authLinkClass, SuccessNote } from "./auth-card";

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
      {params.get("reset") === "done" && !result && <SuccessNote>{PASSWORD_RESET_MESSAGES.done}</SuccessNote>}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormError message={result?.formError} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          defaultValue={result?.values.email}
          error={result?.errors.email}
          required
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={result?.errors.password}
          required
        />
        <SubmitButton label={submitLabel} busyLabel={busyLabel} busy={busy} className={`${primaryButton} w-full`} />
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={forgotPasswordHref} className={authLinkClass}>
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
