import { type MiddlewareFunction } from "react-router";
import {
  holdUntilPasswordChanged,
  markPrivate,
  refuseCrossSiteWrite,
  sessionOf,
  signInRequired,
  type GuardArgs,
} from "./guard.server";
import type { SignedInUser } from "./session.server";

// The customer portal's guard (backoffice.md §2 Customer pages, §6; DESIGN §8-9), beside the back office's in
// guard.server.ts and built from the same parts: one session lookup per request, the cross-site write check,
// the forced password change and the private, no-store, noindex answer. A customer is a signed-in user of role
// customer; staff are not customers (they are treated as signed out here, as a customer is in /admin).

export const CUSTOMER_HOME = "/customer/dashboard";
export const CUSTOMER_LOGIN_PATH = "/customer/login";
export const CUSTOMER_CHANGE_PASSWORD_PATH = "/customer/change-password";
const OPEN_WHILE_PASSWORD_MUST_CHANGE: ReadonlySet<string> = new Set([
  CUSTOMER_CHANGE_PASSWORD_PATH,
  "/customer/logout",
]);

/** The signed-in customer, or null (nobody, or a staff user: not a customer). */
export async function getCustomer(args: GuardArgs): Promise<SignedInUser | null> {
  const { user } = await sessionOf(args);
  return user && user.role === "customer" ? user : null;
}

function customerOrSignIn(request: Request, user: SignedInUser | null): SignedInUser {
  if (!user) signInRequired(request, CUSTOMER_LOGIN_PATH, CUSTOMER_HOME);
  return user;
}

/**
 * The signed-in customer, for every portal loader and action (a layout's middleware does not protect an action
 * called on its own): nobody goes to /customer/login (a write gets 401), a customer whose password must change
 * to the password form (a write gets 403), unless `allowPasswordChange` (the form itself, signing out).
 */
export async function requireCustomer(
  args: GuardArgs,
  options: { allowPasswordChange?: boolean } = {},
): Promise<SignedInUser> {
  const user = customerOrSignIn(args.request, await getCustomer(args));
  if (!options.allowPasswordChange) holdUntilPasswordChanged(args.request, user, CUSTOMER_CHANGE_PASSWORD_PATH);
  return user;
}

/**
 * The /customer layout's middleware: refuses cross-site writes, requires a signed-in customer, holds one whose
 * password must change to the password form, passes on a renewed session cookie, and marks every answer
 * private (no-store, noindex).
 */
export const customerMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const { request } = args;
  refuseCrossSiteWrite(request);
  const { setCookies } = await sessionOf(args);
  const user = customerOrSignIn(request, await getCustomer(args));
  holdUntilPasswordChanged(request, user, CUSTOMER_CHANGE_PASSWORD_PATH, OPEN_WHILE_PASSWORD_MUST_CHANGE);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  markPrivate(response);
  return response;
};

/** Where to go after signing in to the portal: a portal path asked for earlier (the statement the e-mail links to
 * among them), never another site. */
export function safeCustomerRedirect(value: unknown): string {
  if (typeof value !== "string") return CUSTOMER_HOME;
  if (!/^\/customer\/(?:dashboard|quotation\/|statement(?:$|[?/]))/.test(value) || /[\\\s]/.test(value))
    return CUSTOMER_HOME;
  return value;
}
