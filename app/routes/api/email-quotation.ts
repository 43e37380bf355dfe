import { getDb } from "~/db/client.server";
import { notifyQuotationCreated } from "~/domain/quotations/notify.server";
import { httpStatusOf } from "~/lib/use-case-http";
import type { Route } from "./+types/email-quotation";

// POST /api/email/quotation (storefront.md §7.3): JSON in, JSON out. The rules are in
// app/domain/quotations/notify.server.ts; this module only speaks HTTP.

const MAX_BODY_CHARS = 64 * 1024;

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const notAllowed = () => reply(405, { ok: false, error: "Method not allowed" }, { Allow: "POST" });

/** A call from another site's page carries that site's Origin; one from our own pages (or no browser) does not. */
function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  const host = request.headers.get("Host") ?? new URL(request.url).host;
  try {
    return new URL(origin).host.toLowerCase() !== host.toLowerCase();
  } catch {
    // "null" (a sandboxed page, a file) or anything that is not a URL.
    return true;
  }
}

export function loader() {
  return notAllowed();
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return notAllowed();
  if (isCrossSite(request)) return reply(403, { ok: false, error: "Cross-site requests are not allowed" });

  const text = await request.text().catch(() => null);
  if (text === null) return reply(400, { ok: false, error: "The request body could not be read" });
  if (text.length > MAX_BODY_CHARS) return reply(413, { ok: false, error: "The request body is too large" });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return reply(400, { ok: false, error: "The request body must be JSON" });
  }

  const result = await notifyQuotationCreated(getDb(), body);
  if (result.ok) return reply(200, { ok: true });
  // The body's errors by path when the body broke the schema; none for a wrong recipient or a missing quotation.
  const errors = Object.keys(result.errors).length ? { errors: result.errors } : {};
  return reply(httpStatusOf(result), { ok: false, error: result.message, ...errors });
}
