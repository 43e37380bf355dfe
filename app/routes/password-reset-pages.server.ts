import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { auditActor, type GuardArgs } from "~/domain/auth/guard.server";
import { RESET_DONE_QUERY, RESET_PAGES, type ResetAudience } from "~/domain/auth/password-reset";
import { readForgotPasswordForm, readResetPasswordForm } from "~/domain/auth/password-reset-form";
import { requestPasswordReset, resetLinkState, resetPasswordWithLink } from "~/domain/auth/password-reset.server";
import { passwordResetRefusal, signInRefusal } from "~/lib/sign-in-answer.server";
import type { ResetLinkView } from "~/ui/auth/reset-password-page";
import { emailIsSetUp } from "~/domain/email/delivery.server";

// The loaders and actions of "Forgot password?" and the reset link, once for both audiences (issue 20, ADR 0024):
// app/routes/admin/ and app/routes/customer/ each have the two pages, which differ only in the audience, their
// titles and where they link. Not a route module: app/routes.ts does not list it.

/**
 * The forgot-password page: its answer is shown after a redirect (?sent), so a reload sends nothing again; and
 * whether e-mail leaves at all, since without SMTP the link only waits in the outbox (which hides its token).
 */
export function forgotPasswordLoader({ request }: { request: Request }) {
  return { sent: new URL(request.url).searchParams.has("sent"), emailSetUp: emailIsSetUp() };
}

/** Answers the same whether or not the address has an account (password-reset.server.ts). */
export async function forgotPasswordAction(args: GuardArgs, audience: ResetAudience) {
  const form = await args.request.formData().catch(() => new FormData());
  const { ipAddress, userAgent } = auditActor(args, null);
  const outcome = await requestPasswordReset(getDb(), readForgotPasswordForm(form), {
    audience,
    actor: { ipAddress, userAgent },
  });
  if (outcome.ok) return redirect(`${RESET_PAGES[audience].forgot}?sent`);
  return signInRefusal(outcome);
}

/** The reset page shows the form only for a link that works (a read: nothing is used until the form is posted). */
export async function resetPasswordLoader(
  { request }: { request: Request },
  audience: ResetAudience,
): Promise<{ link: ResetLinkView }> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await resetLinkState(getDb(), token, audience);
  return { link: link.state === "usable" ? { state: "usable", token, email: link.user.email } : { state: link.state } };
}

/** Sets the password; the sign-in page then says so. */
export async function resetPasswordAction(args: GuardArgs, audience: ResetAudience) {
  const form = await args.request.formData().catch(() => new FormData());
  const { ipAddress, userAgent } = auditActor(args, null);
  const outcome = await resetPasswordWithLink(getDb(), readResetPasswordForm(form), {
    audience,
    actor: { ipAddress, userAgent },
  });
  if (outcome.ok) return redirect(`${outcome.signInPath}?${RESET_DONE_QUERY}`);
  return passwordResetRefusal(outcome);
}
