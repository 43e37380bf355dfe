import { useActionData } from "react-router";
import { privatePageMiddleware } from "~/domain/auth/guard.server";
import { RESET_PAGES } from "~/domain/auth/password-reset";
import { passRetryAfter } from "~/lib/sign-in-answer.server";
import { ForgotPasswordPage } from "~/ui/auth/forgot-password-page";
import { forgotPasswordAction, forgotPasswordLoader } from "../password-reset-pages.server";
import type { Route } from "./+types/forgot-password";

// "Forgot password?" of the customer portal (issue 20): public like the sign-in page, outside the portal's guarded
// layout. The
// loader and action are shared with the other audience's page (password-reset-pages.server.ts).

const PAGES = RESET_PAGES.customer;

export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

// A refused request's Retry-After, on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Customer portal" },
  { name: "robots", content: "noindex" },
];

export const loader = (args: Route.LoaderArgs) => forgotPasswordLoader(args);

export const action = (args: Route.ActionArgs) => forgotPasswordAction(args, "customer");

export default function CustomerForgotPassword({ loaderData }: Route.ComponentProps) {
  return (
    <ForgotPasswordPage
      signInHref={PAGES.signIn}
      forgotHref={PAGES.forgot}
      sent={loaderData.sent}
      emailSetUp={loaderData.emailSetUp}
      result={useActionData<typeof action>()}
    />
  );
}
