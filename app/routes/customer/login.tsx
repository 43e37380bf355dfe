import { LockKeyhole } from "lucide-react";
import { data, Form, redirect, useActionData, useSearchParams } from "react-router";
import { getDb } from "~/db/client.server";
import { getCustomer, safeCustomerRedirect } from "~/domain/auth/customer-guard.server";
import { auditActor, privatePageMiddleware } from "~/domain/auth/guard.server";
import { signInCustomer } from "~/domain/auth/sign-in.server";
import { FormError, SubmitButton, TextField, useFormBusy, useToast } from "~/ui/admin/form";
import { primaryButton } from "~/ui/buttons";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/login";

// The portal's sign-in (backoffice.md §2 Customer Login): a plain form post, so it works without JavaScript;
// the same use case, limits and audit lines as the back office's, for customers only.

export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

export const meta: Route.MetaFunction = () => [{ title: "Customer Login" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  // Already signed in: straight on.
  if (await getCustomer(args))
    throw redirect(safeCustomerRedirect(new URL(args.request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData().catch(() => new FormData());
  const actor = auditActor(args, null);
  const outcome = await signInCustomer(getDb(), form, {
    headers: args.request.headers,
    actor: { ipAddress: actor.ipAddress, userAgent: actor.userAgent },
  });
  if (outcome.ok) {
    const headers = new Headers();
    for (const c of outcome.setCookies) headers.append("Set-Cookie", c);
    // One whose password must change is sent on to the password form by the portal's guard.
    return redirect(safeCustomerRedirect(form.get("redirectTo")), { headers });
  }
  const headers: HeadersInit = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
  return data(
    {
      errors: outcome.errors ?? {},
      formError: outcome.formError ?? null,
      values: outcome.values,
      toast: outcome.formError ? { type: "error" as const, message: outcome.formError } : null,
    },
    { status: outcome.status, headers },
  );
}

export default function CustomerLogin() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useFormBusy();
  useToast(result?.toast);
  return (
    <main className="grid min-h-screen place-items-center bg-slate-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mx-auto grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
          <LockKeyhole aria-hidden className="size-6" />
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold text-ink-900">Customer Login</h1>
        <p className="mt-1 text-center text-sm text-slate-600">Sign in to view and respond to your quotations</p>
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
          <SubmitButton label="Login" busyLabel="Logging in..." busy={busy} className={`${primaryButton} w-full`} />
        </Form>
      </div>
      <Toaster />
    </main>
  );
}
