import { useActionData } from "react-router";
import { secretLinkPageMiddleware } from "~/domain/auth/guard.server";
import { RESET_PAGES } from "~/domain/auth/password-reset";
import { passRetryAfter } from "~/lib/sign-in-answer.server";
import { ResetPasswordPage } from "~/ui/auth/reset-password-page";
import { resetPasswordAction, resetPasswordLoader } from "../password-reset-pages.server";
import type { Route } from "./+types/reset-password";

// The customer portal's reset link (issue 20): /customer/reset-password?token=..., public like the sign-in page. The
// loader and action are shared with the other audience's page (password-reset-pages.server.ts).

const PAGES = RESET_PAGES.customer;

// The token is in the URL: no Referer carries it to another site.
export const middleware: Route.MiddlewareFunction[] = [secretLinkPageMiddleware];

// A refused reset's Retry-After, on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Reset password | Customer portal" },
  { name: "robots", content: "noindex" },
];

export const loader = (args: Route.LoaderArgs) => resetPasswordLoader(args, "customer");

export const action = (args: Route.ActionArgs) => resetPasswordAction(args, "customer");

export default function CustomerResetPassword({ loaderData }: Route.ComponentProps) {
  return (
    <ResetPasswordPage
      link={loaderData.link}
      forgotHref={PAGES.forgot}
      signInHref={PAGES.signIn}
      result={useActionData<typeof action>()}
    />
  );
}
