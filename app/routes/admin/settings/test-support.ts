// Helpers for the settings screens' integration tests: real users signed in through signInStaff, requests
// carrying their session cookie, and the loader's or action's answer read the way React Router would.
import { getDb } from "~/db/client.server";
import { signInStaff } from "~/domain/auth/sign-in.server";
import type { UserRole } from "~/domain/auth/roles";
import { createPasswordUser } from "~/domain/auth/users.server";
import { routeArgs, sessionCookie } from "../../../../tests/support/admin-session";

export const CLIENT_ADDRESS = "192.0.2.1";

export function formOf(fields: Record<string, string | readonly string[]>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") form.append(k, v);
    else for (const item of v) form.append(k, item);
  }
  return form;
}

export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

export interface SignedIn {
  id: string;
  name: string;
  email: string;
  password: string;
  cookie: string;
}

/** Signs in through the real sign-in use case and returns the session cookie. */
export async function signInAs(email: string, password: string): Promise<{ ok: boolean; cookie: string }> {
  const outcome = await signInStaff(getDb(), formOf({ email, password }), {
    headers: new Headers(),
    actor: { ipAddress: CLIENT_ADDRESS, userAgent: "vitest" },
  });
  return { ok: outcome.ok, cookie: outcome.ok ? cookieHeader(outcome.setCookies) : "" };
}

/** Creates a back-office user of `role` and signs them in. */
export async function signedInUser(
  role: UserRole,
  name: string,
  options: { mustChangePassword?: boolean } = {},
): Promise<SignedIn> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
  const password = `${name}-password-1`;
  const { id } = await createPasswordUser(getDb(), { name, email, password, role, ...options });
  return { id, name, email, password, cookie: await sessionCookie(email, password) };
}

/** A GET request carrying a session cookie (for loadSession and the flash toast). */
export function getRequest(path: string, cookie = ""): Request {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

/** A loader's arguments, as a signed-in browser (or, without a cookie, a visitor) would send them. */
export function loaderArgs(path: string, cookie = "") {
  return routeArgs(path, { cookie });
}

/** An action's arguments: the form posted to `path` (a list posts its field once per item). */
export function actionArgs(path: string, fields: Record<string, string | readonly string[]>, cookie = "") {
  return routeArgs(path, { cookie, form: formOf(fields) });
}

/** What a loader or action answered: status and body, whether it returned data(), a plain value or a Response. */
export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export function answer<T>(result: unknown): Answer<T> {
  if (result instanceof Response) return { status: result.status, body: undefined as T, headers: result.headers };
  if (result && typeof result === "object" && (result as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  return { status: 200, body: result as T, headers: new Headers() };
}

/** The status of what a loader or action threw (a redirect, or data() with 401/403), or fails if nothing was. */
export async function thrownStatus(run: () => Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    if (thrown && typeof thrown === "object" && (thrown as { type?: unknown }).type === "DataWithResponseInit")
      return { status: answer(thrown).status };
    throw thrown;
  }
  throw new Error("expected the request to be refused, but it was answered");
}
