import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { signOut } from "~/domain/auth/account.server";
import { CUSTOMER_LOGIN_PATH, requireCustomer } from "~/domain/auth/customer-guard.server";
import { auditActor, privatePageMiddleware } from "~/domain/auth/guard.server";
import type { Route } from "./+types/logout";

export const middleware: Route.MiddlewareFunction[] = [privatePageMiddleware];

// Signing out is a POST (DESIGN §8: no state change on GET); a GET just goes to the sign-in page.
export function loader() {
  return redirect(CUSTOMER_LOGIN_PATH);
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCustomer(args, { allowPasswordChange: true });
  const cookies = await signOut(getDb(), args.request.headers, user, auditActor(args, user));
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return redirect(CUSTOMER_LOGIN_PATH, { headers });
}
