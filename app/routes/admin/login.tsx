import { redirect, useActionData } from "react-router";
import { getDb } from "~/db/client.server";
import { safeRedirectTarget } from "~/domain/auth/forms";
import { auditActor, getStaffUser, privatePageMiddleware } from "~/domain/auth/guard.server";
import { signInStaff } from "~/domain/auth/sign-in.server";
import { passRetryAfter, signInRefusal } from "~/lib/sign-in-answer.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { SignInPage } from "~/ui/auth/sign-in-page";
import type { Route } from "./+types/login";

export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

// A refused sign-in's Retry-After, on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  // Already signed in: straight on.
  if (await getStaffUser(args))
    throw redirect(safeRedirectTarget(new URL(args.request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData().catch(() => new FormData());
  const actor = auditActor(args, null);
  const outcome = await signInStaff(getDb(), form, {
    headers: args.request.headers,
    actor: { ipAddress: actor.ipAddress, userAgent: actor.userAgent },
  });
  if (outcome.ok) {
    return redirectWithToast(
      safeRedirectTarget(form.get("redirectTo")),
      { type: "success", message: outcome.message },
      { headers: outcome.setCookies },
    );
  }
  return signInRefusal(outcome);
}

export default function AdminLogin() {
  return (
    <SignInPage
      title="Admin Login"
      intro="Please sign in to access the admin dashboard"
      submitLabel="Sign in"
      forgotPasswordHref="/admin/forgot-password"
      busyLabel="Signing in..."
      result={useActionData<typeof action>()}
    />
  );
}
