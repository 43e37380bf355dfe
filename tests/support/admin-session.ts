import { getDb } from "../../app/db/client.server";
import { signInStaff } from "../../app/domain/auth/sign-in.server";
import { createRequestContext } from "../../app/lib/request-context";

// Acting as a signed-in back-office user in a loader or action test: sign in through the real use case and
// send its cookie, as a browser would.

export async function sessionCookie(email: string, password: string): Promise<string> {
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  const outcome = await signInStaff(getDb(), form, {
    headers: new Headers(),
    actor: { ipAddress: "192.0.2.1", userAgent: "vitest" },
  });
  if (!outcome.ok)
    throw new Error(`could not sign in ${email}: ${outcome.formError ?? JSON.stringify(outcome.errors)}`);
  return outcome.setCookies.map((c) => c.split(";")[0]!).join("; ");
}

/** Loader or action arguments for `path`, as the router would pass them (middleware aside). */
export function routeArgs(
  path: string,
  options: {
    cookie?: string;
    method?: string;
    form?: Record<string, string> | FormData;
    params?: Record<string, string>;
  } = {},
) {
  const url = `http://localhost${path}`;
  const headers = new Headers({ "User-Agent": "vitest" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: FormData | undefined;
  if (options.form) {
    if (options.form instanceof FormData) body = options.form;
    else {
      body = new FormData();
      for (const [k, v] of Object.entries(options.form)) body.append(k, v);
    }
  }
  const method = options.method ?? (body ? "POST" : "GET");
  return {
    request: new Request(url, { method, headers, body }),
    params: options.params ?? {},
    context: createRequestContext({ clientAddress: "192.0.2.1" }),
    unstable_pattern: path,
  };
}

/** The Response a loader or action threw or returned (redirects and refusals are thrown). */
export async function responseOf(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    throw new Error(`expected a Response, got ${JSON.stringify(result)?.slice(0, 200)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // data() with a status is thrown as a DataWithResponseInit.
    if (
      thrown &&
      typeof thrown === "object" &&
      "type" in thrown &&
      (thrown as { type: string }).type === "DataWithResponseInit"
    ) {
      const d = thrown as unknown as { data: unknown; init: ResponseInit | null };
      return new Response(JSON.stringify(d.data), d.init ?? {});
    }
    throw thrown;
  }
}
