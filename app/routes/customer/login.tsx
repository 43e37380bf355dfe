import { redirect, useActionData } from "react-router";
import { getDb } from "~/db/client.server";
import { getCustomer, safeCustomerRedirect } from "~/domain/auth/customer-guard.server";
import { auditActor, privatePageMiddleware } from "~/domain/auth/guard.server";
import { signInCustomer } from "~/domain/auth/sign-in.server";
import { passRetryAfter, signInRefusal } from "~/lib/sign-in-answer.server";
import { SignInPage } from "~/ui/auth/sign-in-page";
import type { Route } from "./+types/login";

// The portal's sign-in (backoffice.md §2 Customer Login): a plain form post, so it works without JavaScript;
// the same use case, limits and audit lines as the back office's, for customers only.

export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

// A refused sign-in's Retry-After, on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

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
  return signInRefusal(outcome);
}

export default function CustomerLogin() {
  return (
    <SignInPage
      title="Customer Login"
      intro="Sign in to view and respond to your quotations"
      submitLabel="Login"
      forgotPasswordHref="/customer/forgot-password"
      busyLabel="Logging in..."
      result={useActionData<typeof action>()}
    />
  );
}
