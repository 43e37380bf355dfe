// Calling a back-office loader or action from an integration test as a signed-in user of a given role.
import { getDb } from "../../app/db/client.server";
import { signInStaff } from "../../app/domain/auth/sign-in.server";
import type { UserRole } from "../../app/domain/auth/roles";
import { createPasswordUser } from "../../app/domain/auth/users.server";
import { createRequestContext } from "../../app/lib/request-context";

export const TEST_CLIENT_ADDRESS = "203.0.113.50";

export interface TestUser {
  id: string;
  email: string;
  role: UserRole;
  /** The Cookie header of a session of this user ("" for nobody). */
  cookie: string;
}

export const ANONYMOUS: TestUser = { id: "", email: "", role: "customer", cookie: "" };

/** Creates a user of `role` and signs them in through the real sign-in (which writes its own audit line). */
export async function signedInUser(
  role: UserRole,
  email = `${role}-${crypto.randomUUID()}@example.com`,
): Promise<TestUser> {
  const password = "test-password-1";
  const { id } = await createPasswordUser(getDb(), { name: `Test ${role}`, email, password, role });
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  const outcome = await signInStaff(getDb(), form, {
    headers: new Headers(),
    actor: { ipAddress: TEST_CLIENT_ADDRESS, userAgent: "vitest" },
  });
  if (!outcome.ok) throw new Error(`could not sign in as ${role}: ${outcome.formError ?? "?"}`);
  return { id, email, role, cookie: outcome.setCookies.map((c) => c.split(";")[0]).join("; ") };
}

interface CallOptions {
  as: TestUser;
  params?: Record<string, string>;
  /** A POST with these fields; a GET without. */
  form?: Record<string, string>;
}

/** Runs a route's loader or action the way React Router would, with the user's session cookie. */
export async function callRoute<A, R>(
  handler: (args: A) => R,
  path: string,
  options: CallOptions,
): Promise<Awaited<R>> {
  const headers = new Headers({ "user-agent": "vitest" });
  if (options.as.cookie) headers.set("cookie", options.as.cookie);
  let body: FormData | undefined;
  if (options.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(options.form)) body.set(k, v);
  }
  const request = new Request(`http://localhost${path}`, { method: body ? "POST" : "GET", headers, body });
  const args = {
    request,
    params: options.params ?? {},
    context: createRequestContext({ clientAddress: TEST_CLIENT_ADDRESS }),
  };
  return await handler(args as unknown as A);
}

/** What a route threw (a Response, or data() with its status) as a status and body; fails if it did not throw. */
export async function thrownBy(
  promise: Promise<unknown>,
): Promise<{ status: number; body: unknown; location: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, body: await error.text(), location: error.headers.get("location") };
    if (error && typeof error === "object" && "init" in error && "data" in error) {
      const init = (error as { init: ResponseInit | null }).init;
      return { status: init?.status ?? 200, body: (error as { data: unknown }).data, location: null };
    }
    throw error;
  }
  throw new Error("expected the route to throw, but it answered");
}

/** The body and status of an action's `data(...)` answer, or of a plain object (status 200). */
export function answerOf<T>(result: T): { status: number; body: unknown } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const r = result as { init: ResponseInit | null; data: unknown };
    return { status: r.init?.status ?? 200, body: r.data };
  }
  return { status: 200, body: result };
}
