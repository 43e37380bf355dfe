import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { signOut } from "~/domain/auth/account.server";
import { auditActor, LOGIN_PATH, privatePageMiddleware, requireAction } from "~/domain/auth/guard.server";
import type { Route } from "./+types/logout";

// Outside the guarded layout, so it refuses cross-site posts itself: another site must not sign staff out.
export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

// Signing out is a POST (DESIGN §8: no state change on GET); a GET just goes to the sign-in page.
export function loader() {
  return redirect(LOGIN_PATH);
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAction(args, "/admin/logout");
  const cookies = await signOut(getDb(), args.request.headers, user, auditActor(args, user));
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return redirect(LOGIN_PATH, { headers });
}
