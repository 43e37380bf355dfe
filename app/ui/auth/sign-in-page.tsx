import { LockKeyhole } from "lucide-react";
import { Form, useSearchParams } from "react-router";
import { FormError, SubmitButton, TextField, useFormBusy, useToast } from "~/ui/admin/form";
import { primaryButton } from "~/ui/buttons";
import { Toaster } from "~/ui/toaster";
import type { Toast } from "~/lib/toast";

/** What a refused sign-in answers (signInRefusal): the messages and the e-mail as typed. */
export interface SignInRefusalData {
  errors: Record<string, string>;
  formError: string | null;
  values: { email: string };
  toast: Toast | null;
}

/**
 * The one sign-in page of the back office and the portal (backoffice.md §2 Admin login, Customer Login): a plain
 * form post, so it works without JavaScript; each passes its own title and the spec's button texts.
 */
export function SignInPage({
  title,
  intro,
  submitLabel,
  busyLabel,
  result,
}: {
  title: string;
  intro: string;
  submitLabel: string;
  busyLabel: string;
  result: SignInRefusalData | undefined;
}) {
  const [params] = useSearchParams();
  const busy = useFormBusy();
  useToast(result?.toast);
  return (
    <main className="grid min-h-screen place-items-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mx-auto grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
          <LockKeyhole aria-hidden className="size-6" />
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold text-ink-900">{title}</h1>
        <p className="mt-1 text-center text-sm text-slate-600">{intro}</p>
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
      </div>
      <Toaster />
    </main>
  );
}
