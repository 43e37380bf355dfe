import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getEnv } from "../../lib/env.server";
import { getLogger } from "../../lib/logger.server";
import { requestInfo } from "../../lib/request-context";
import type { AuditActor } from "../audit/audit.server";
import { redactLinkPath } from "../quotations/link-token";
import {
  actionGate,
  can,
  intentPermission,
  viewPermission,
  type AdminPath,
  type IntentOf,
  type Permission,
} from "./permissions";
import { isStaffRole } from "./roles";
import { loadSession, type SignedInUser } from "./session.server";

// The one guard module of the back office (DESIGN §8, §9). The /admin layout's middleware runs first for every
// child loader and action; each loader then asks requireView(args, "<its path>") and each action
// requireAction(args, "<its path>"), which look the permission up in ADMIN_ROUTE_ACCESS (and the action's form
// intents there too), so a route never names a permission itself (tests/unit/route-access.test.ts). Both also
// work when a test calls the loader or action directly (they then read the session themselves).

export const LOGIN_PATH = "/admin/login";
export const CHANGE_PASSWORD_PATH = "/admin/change-password";
const PATHS_OPEN_WHILE_PASSWORD_MUST_CHANGE = new Set([CHANGE_PASSWORD_PATH, "/admin/logout"]);

export const ACCESS_DENIED_MESSAGE = "You do not have access to this page.";

export interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** "not-loaded": not looked up yet in this request; user null: nobody signed in. */
const sessionContext = createContext<{ user: SignedInUser | null; setCookies: string[] } | "not-loaded">("not-loaded");

/** The request's session, looked up once per request (kept in the router context); the portal's guard shares it. */
export async function sessionOf({ request, context }: GuardArgs) {
  let loaded = context.get(sessionContext);
  if (loaded === "not-loaded") {
    const session = await loadSession(request);
    loaded = { user: session?.user ?? null, setCookies: session?.setCookies ?? [] };
    (context as RouterContextProvider).set(sessionContext, loaded);
  }
  return loaded;
}

/** The signed-in back-office user, or null (nobody, or a customer: treated as signed out, spec §5). */
export async function getStaffUser(args: GuardArgs): Promise<SignedInUser | null> {
  const { user } = await sessionOf(args);
  return user && isStaffRole(user.role) ? user : null;
}

export const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The path and query a visitor asked for, to come back to after signing in (never a .data URL). */
function requestedPath(request: Request, home: string): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const path = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || home;
  return path + (url.search === "?" ? "" : url.search);
}

/**
 * Sends a visitor who is not signed in to the sign-in page (the back office's, or `loginPath` with its `home`:
 * the portal's); a write is refused outright.
 */
export function signInRequired(request: Request, loginPath = LOGIN_PATH, home = "/admin"): never {
  if (!isRead(request)) throw data("Sign in to continue.", { status: 401 });
  const to = requestedPath(request, home);
  throw redirect(to === home ? loginPath : `${loginPath}?redirectTo=${encodeURIComponent(to)}`);
}

/**
 * Holds a user whose password must change to the password form (`changePasswordPath`): a read is sent there, a
 * write refused; `openPaths` (the form itself, signing out) stay open.
 */
export function holdUntilPasswordChanged(
  request: Request,
  user: Pick<SignedInUser, "mustChangePassword">,
  changePasswordPath: string,
  openPaths?: ReadonlySet<string>,
): void {
  if (!user.mustChangePassword) return;
  if (openPaths?.has(new URL(request.url).pathname.replace(/\.data$/, ""))) return;
  if (!isRead(request)) throw data("Set a new password first.", { status: 403 });
  throw redirect(changePasswordPath);
}

/**
 * The signed-in staff user if their role has `permission`; otherwise the request ends: sign-in for nobody, the
 * password form while a new password is due, 403 for a role without the permission.
 */
async function requirePermission(args: GuardArgs, permission: Permission): Promise<SignedInUser> {
  const user = await getStaffUser(args);
  if (!user) signInRequired(args.request);
  if (permission !== "account.self") holdUntilPasswordChanged(args.request, user, CHANGE_PASSWORD_PATH);
  if (!can(user.role, permission)) throw data(ACCESS_DENIED_MESSAGE, { status: 403 });
  return user;
}

/** Like requirePermission, for a user who must hold at least one of `permissions`. */
async function requireAnyPermission(args: GuardArgs, permissions: readonly Permission[]): Promise<SignedInUser> {
  const user = await getStaffUser(args);
  if (!user) signInRequired(args.request);
  if (!permissions.includes("account.self")) holdUntilPasswordChanged(args.request, user, CHANGE_PASSWORD_PATH);
  if (!permissions.some((p) => can(user.role, p))) throw data(ACCESS_DENIED_MESSAGE, { status: 403 });
  return user;
}

/** Any signed-in staff user (sign out, for one). */
export async function requireStaffUser(args: GuardArgs): Promise<SignedInUser> {
  const user = await getStaffUser(args);
  if (!user) signInRequired(args.request);
  return user;
}

/**
 * A loader's guard: the signed-in user who may open `path`'s page, as ADMIN_ROUTE_ACCESS says. Every back-office
 * loader asks for its own path's entry, so the matrix is the one place a page's permission is written.
 */
export async function requireView(args: GuardArgs, path: AdminPath): Promise<SignedInUser> {
  const need = viewPermission(path);
  // A route with no page of its own (sign-out) sends every visitor to the sign-in page.
  if (need === null) signInRequired(args.request);
  if (need === "public") throw new Error(`${path} is public: its loader needs no guard`);
  return requirePermission(args, need);
}

export const UNKNOWN_INTENT_MESSAGE = "This form asks for something this page does not do.";

export interface ActionAccess<P extends AdminPath> {
  user: SignedInUser;
  /**
   * The form's `intent` once the user is known to hold its permission (the matrix's); an intent the matrix does
   * not list for this route is refused with 400, one the user's role may not do with 403.
   */
  intent(form: FormData): IntentOf<P>;
}

/**
 * An action's guard, before its body is read: the signed-in user must hold a permission this route's action
 * needs (any of its intents'), so a visitor without one is refused without the request being read.
 */
export async function requireAction<P extends AdminPath>(args: GuardArgs, path: P): Promise<ActionAccess<P>> {
  const gate = actionGate(path);
  if (gate === null) throw data("This page takes no form.", { status: 405 });
  if (gate === "public") throw new Error(`${path} is public: its action needs no guard`);
  const user = gate === "signed-in" ? await requireStaffUser(args) : await requireAnyPermission(args, gate);
  return {
    user,
    intent(form: FormData): IntentOf<P> {
      const intent = form.get("intent");
      const need = typeof intent === "string" ? intentPermission(path, intent) : undefined;
      if (need === undefined) throw data(UNKNOWN_INTENT_MESSAGE, { status: 400 });
      if (!can(user.role, need)) throw data(ACCESS_DENIED_MESSAGE, { status: 403 });
      return intent as IntentOf<P>;
    },
  };
}

/** The audit log's view of who acts and from where. */
export function auditActor(
  args: GuardArgs,
  user: Pick<SignedInUser, "id" | "email"> | null,
  label?: string,
): AuditActor {
  return {
    userId: user?.id ?? null,
    label: user?.email ?? label ?? "anonymous",
    ipAddress: requestInfo(args.context).clientAddress || null,
    userAgent: args.request.headers.get("user-agent"),
  };
}

/**
 * A state change must come from our own pages (DESIGN §8): a POST whose Origin (or, without one, Sec-Fetch-Site)
 * shows another site is refused, on top of the SameSite=Lax cookie.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (isRead(request)) return false;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    const own = new Set([new URL(request.url).origin, new URL(getEnv().publicUrl).origin]);
    return !own.has(origin);
  }
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || origin === "null";
}

/**
 * A refused cross-site write, as one warning line without a stack trace: it is someone else's page (or a probe)
 * posting here, not a fault of the server. React Router's own Origin check, which refuses such posts to pages
 * before our middleware runs, is logged the same way (entry.server.tsx).
 */
export function logCrossSiteRefusal(request: Request): void {
  getLogger().warn(
    {
      method: request.method,
      url: redactLinkPath(request.url),
      origin: request.headers.get("origin"),
      secFetchSite: request.headers.get("sec-fetch-site"),
    },
    "cross-site request refused",
  );
}

/** Ends a cross-site write (isCrossSiteWrite) with 403, logged as one warning line. */
export function refuseCrossSiteWrite(request: Request): void {
  if (!isCrossSiteWrite(request)) return;
  logCrossSiteRefusal(request);
  throw data("Cross-site request refused.", { status: 403 });
}

/** Back-office and portal pages are private to one user: never stored by a cache, never indexed. */
export function markPrivate(response: Response): void {
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
}

/**
 * The /admin layout's middleware: refuses cross-site writes, requires a signed-in staff user, sends one whose
 * password must change to the password form, passes on a renewed session cookie, and marks every answer
 * private. Each child's loader and action still checks its own permission.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const { request } = args;
  refuseCrossSiteWrite(request);
  const { user, setCookies } = await sessionOf(args);
  if (!user || !isStaffRole(user.role)) signInRequired(request);
  holdUntilPasswordChanged(request, user, CHANGE_PASSWORD_PATH, PATHS_OPEN_WHILE_PASSWORD_MUST_CHANGE);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  markPrivate(response);
  return response;
};

/** For the pages outside the guarded layout (sign-in): private, and cross-site writes refused. */
export const privatePageMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  refuseCrossSiteWrite(request);
  const response = await next();
  markPrivate(response);
  return response;
};

/**
 * For a page whose URL carries a secret (the quotation link's token, a password reset's): private, and sent with
 * Referrer-Policy: same-origin, so the token never leaves for another site in a Referer. Not no-referrer: with it
 * the browser posts the page's own forms with "Origin: null", which React Router refuses as cross-site, so they
 * would not work without JavaScript.
 */
export const secretLinkPageMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  refuseCrossSiteWrite(request);
  const response = await next();
  markPrivate(response);
  response.headers.set("Referrer-Policy", "same-origin");
  return response;
};
