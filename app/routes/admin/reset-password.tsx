import { useActionData } from "react-router";
import { secretLinkPageMiddleware } from "~/domain/auth/guard.server";
import { RESET_PAGES } from "~/domain/auth/password-reset";
import { passRetryAfter } from "~/lib/sign-in-answer.server";
import { ResetPasswordPage } from "~/ui/auth/reset-password-page";
import { resetPasswordAction, resetPasswordLoader } from "../password-reset-pages.server";
import type { Route } from "./+types/reset-password";

// The back office's reset link (issue 20): /admin/reset-password?token=..., public like the sign-in page. The
// loader and action are shared with the other audience's page (password-reset-pages.server.ts).

const PAGES = RESET_PAGES.staff;

// The token is in the URL: no Referer carries it to another site.
export const middleware: Route.MiddlewareFunction[] = [secretLinkPageMiddleware];

// A refused reset's Retry-After, on the page and on its data request.
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Reset password | Admin" },
  { name: "robots", content: "noindex" },
];

export const loader = (args: Route.LoaderArgs) => resetPasswordLoader(args, "staff");

export const action = (args: Route.ActionArgs) => resetPasswordAction(args, "staff");

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
