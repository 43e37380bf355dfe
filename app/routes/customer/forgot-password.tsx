import { redirect, useActionData } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, privatePageMiddleware } from "~/domain/auth/guard.server";
import { RESET_PAGES } from "~/domain/auth/password-reset";
import { readForgotPasswordForm } from "~/domain/auth/password-reset-form";
import { requestPasswordReset } from "~/domain/auth/password-reset.server";
import { passRetryAfter, signInRefusal } from "~/lib/sign-in-answer.server";
import { ForgotPasswordPage } from "~/ui/auth/forgot-password-page";
import type { Route } from "./+types/forgot-password";

// "Forgot password?" of the customer portal (issue 20): public like the sign-in page, outside the portal's guarded
// layout. The use case answers the same whether or not the address has an account; the answer is shown after a
// redirect (?sent), so reloading it sends nothing again.

const PAGES = RESET_PAGES.customer;

export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

// A refused request's Retry-After, on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Customer portal" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData().catch(() => new FormData());
  const { ipAddress, userAgent } = auditActor(args, null);
  const outcome = await requestPasswordReset(getDb(), readForgotPasswordForm(form), {
    audience: "customer",
    actor: { ipAddress, userAgent },
  });
  if (outcome.ok) return redirect(`${PAGES.forgot}?sent`);
  return signInRefusal(outcome);
}

export default function CustomerForgotPassword({ loaderData }: Route.ComponentProps) {
  return (
    <ForgotPasswordPage
      signInHref={PAGES.signIn}
      forgotHref={PAGES.forgot}
      sent={loaderData.sent}
      result={useActionData<typeof action>()}
    />
  );
}
