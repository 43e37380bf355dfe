import { redirect, useActionData } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, privatePageMiddleware } from "~/domain/auth/guard.server";
import { RESET_DONE_QUERY, RESET_PAGES } from "~/domain/auth/password-reset";
import { readResetPasswordForm } from "~/domain/auth/password-reset-form";
import { resetLinkState, resetPasswordWithLink } from "~/domain/auth/password-reset.server";
import { passRetryAfter, passwordResetRefusal } from "~/lib/sign-in-answer.server";
import { ResetPasswordPage, type ResetLinkView } from "~/ui/auth/reset-password-page";
import type { Route } from "./+types/reset-password";

// The back office's reset link (issue 20): /admin/reset-password?token=..., public like the sign-in page. The page
// shows the form only for a link that works (a read: nothing is used until the form is posted); once the password
// is set, the sign-in page says so.

const PAGES = RESET_PAGES.staff;

export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

// A refused reset's Retry-After, on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Reset password | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs): Promise<{ link: ResetLinkView }> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await resetLinkState(getDb(), token, "staff");
  return { link: link.state === "usable" ? { state: "usable", token, email: link.user.email } : { state: link.state } };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData().catch(() => new FormData());
  const { ipAddress, userAgent } = auditActor(args, null);
  const outcome = await resetPasswordWithLink(getDb(), readResetPasswordForm(form), {
    audience: "staff",
    actor: { ipAddress, userAgent },
  });
  if (outcome.ok) return redirect(`${outcome.signInPath}?${RESET_DONE_QUERY}`);
  return passwordResetRefusal(outcome);
}

export default function AdminResetPassword({ loaderData }: Route.ComponentProps) {
  return (
    <ResetPasswordPage
      link={loaderData.link}
      forgotHref={PAGES.forgot}
      signInHref={PAGES.signIn}
      result={useActionData<typeof action>()}
    />
  );
}
