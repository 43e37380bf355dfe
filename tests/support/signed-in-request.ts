// Calling a back-office loader or action from an integration test as a signed-in user of a given role: users
// signed in through the real sign-in use case, requests carrying their session cookie as a browser would send
// it, and what the loader or action answered or threw read the way React Router would.
import { getDb } from "../../app/db/client.server";
import { loadSession } from "../../app/domain/auth/session.server";
import { signInCustomer, signInStaff } from "../../app/domain/auth/sign-in.server";
import type { UserRole } from "../../app/domain/auth/roles";
import { createPasswordUser } from "../../app/domain/auth/users.server";
import { createRequestContext } from "../../app/lib/request-context";

/** The client address of every test request and sign-in (so of the audit lines they write). */
export const TEST_CLIENT_ADDRESS = "203.0.113.50";

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: UserRole;
  /** The Cookie header of a session of this user ("" for nobody). */
  cookie: string;
}

/** Nobody: a visitor without a session. */
export const ANONYMOUS: TestUser = { id: "", name: "", email: "", password: "", role: "customer", cookie: "" };

/** The Cookie header a browser sends back for these Set-Cookie headers. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

/** Signs in through the real sign-in use case (which writes its own audit line), the portal's for a customer and
 * the back office's otherwise, and returns the session cookie; throws "could not sign in" if it was refused. */
export async function signIn(
  email: string,
  password: string,
  audience: "staff" | "customer" = "staff",
): Promise<string> {
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  const outcome = await (audience === "customer" ? signInCustomer : signInStaff)(getDb(), form, {
    headers: new Headers(),
    actor: { ipAddress: TEST_CLIENT_ADDRESS, userAgent: "vitest" },
  });
  if (!outcome.ok)
    throw new Error(`could not sign in ${email}: ${outcome.message} ${JSON.stringify(outcome.errors)}`);
  return cookieHeader(outcome.setCookies);
}

/** Creates a user of `role` (by default "Test <role>" with a fresh e-mail address) and signs them in. */
export async function signedInUser(
  role: UserRole,
  options: { name?: string; email?: string; mustChangePassword?: boolean } = {},
): Promise<TestUser> {
  const { name = `Test ${role}`, email = `${role}-${crypto.randomUUID()}@example.com`, mustChangePassword } = options;
  const password = "test-password-1";
  const { id } = await createPasswordUser(getDb(), { name, email, password, role, mustChangePassword });
  const cookie = await signIn(email, password, role === "customer" ? "customer" : "staff");
  return { id, name, email, password, role, cookie };
}

export interface RouteOptions {
  /** Whose session cookie the request carries: a TestUser, ANONYMOUS, or just a cookie. */
  as: Pick<TestUser, "cookie">;
  params?: Record<string, string>;
  /** The form posted: a list is posted once per item; a FormData is sent as multipart, as an upload form. */
  form?: Record<string, string | readonly string[]> | FormData;
  /** POST with a form, GET without, unless given. */
  method?: string;
  /** More request headers (say an Origin). */
  headers?: Record<string, string>;
}

/** Loader or action arguments for `path`, as the router would pass them (middleware aside). */
export function routeArgs(path: string, options: RouteOptions) {
  const headers = new Headers({ "user-agent": "vitest", ...options.headers });
  if (options.as.cookie) headers.set("cookie", options.as.cookie);
  let body: FormData | undefined;
  if (options.form instanceof FormData) body = options.form;
  else if (options.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(options.form)) {
      if (typeof v === "string") body.append(k, v);
      else for (const item of v) body.append(k, item);
    }
  }
  const method = options.method ?? (body ? "POST" : "GET");
  return {
    request: new Request(`http://localhost${path}`, { method, headers, body }),
    params: options.params ?? {},
    context: createRequestContext({ clientAddress: TEST_CLIENT_ADDRESS }),
    unstable_pattern: path,
  };
}

/** The session a browser sending this Cookie header has (null for none, or one that ended). */
export function sessionOf(cookie: string) {
  return loadSession(routeArgs("/admin", { as: { cookie } }).request);
}

/** Runs a route's loader or action (or middleware, wrapped) with routeArgs(path, options). */
export async function callRoute<A, R>(
  handler: (args: A) => R,
  path: string,
  options: RouteOptions,
): Promise<Awaited<R>> {
  return await handler(routeArgs(path, options) as unknown as A);
}

/** data(body, init) as React Router hands it over, returned or thrown. */
function dataWithInit(value: unknown): { data: unknown; init: ResponseInit | null } | null {
  return value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit"
    ? (value as { data: unknown; init: ResponseInit | null })
    : null;
}

/** What a loader or action answered. */
export interface Answer<T> {
  status: number;
  /** data()'s body or the plain value returned; undefined for a Response. */
  body: T;
  /** Only when the answer carries headers: a Response (a redirect, say), or data() given some. */
  headers?: Headers;
}

/** The status, body and headers of what a loader or action returned: data(), a plain value (200) or a Response. */
export function answerOf<T = unknown>(result: unknown): Answer<T> {
  if (result instanceof Response) return { status: result.status, body: undefined as T, headers: result.headers };
  const data = dataWithInit(result);
  if (!data) return { status: 200, body: result as T };
  const answer: Answer<T> = { status: data.init?.status ?? 200, body: data.data as T };
  if (data.init?.headers) answer.headers = new Headers(data.init.headers);
  return answer;
}

/** What a route threw (a Response, or data() with its status) as a status, body and where to; fails if it
 * did not throw. */
export async function thrownBy(
  promise: Promise<unknown>,
): Promise<{ status: number; body: unknown; location: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, body: await error.text(), location: error.headers.get("location") };
    const data = dataWithInit(error);
    if (data) return { status: data.init?.status ?? 200, body: data.data, location: null };
    throw error;
  }
  throw new Error("expected the route to throw, but it answered");
}

/** The toast a redirect carries in its flash cookie (redirectWithToast); null without one. */
export function flashToast(response: Response): unknown {
  const cookie = response.headers.get("set-cookie") ?? "";
  const value = /flash_toast=([^;]+)/.exec(cookie)?.[1];
  if (!value) return null;
  return JSON.parse(JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as string);
}
