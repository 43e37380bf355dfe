import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ADR 0023: a use case names why it refused (app/domain/use-case.ts) and the HTTP layer alone turns that into a
// status (app/lib/use-case-http.ts). This reads every module under app/domain and fails when one returns an HTTP
// status or builds an HTTP answer itself. The request guards are the exception: they answer a request before any
// use case runs (401, 403, 405), and live in app/domain/auth as the one place permissions are checked.

const DOMAIN = path.resolve(__dirname, "../../app/domain");
const GUARDS = new Set(["auth/guard.server.ts", "auth/customer-guard.server.ts"]);

function domainModules(dir = DOMAIN): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return domainModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What in a module's source makes it answer HTTP: a status code in a result, or react-router's answers. */
function httpInDomain(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\bstatus\s*:\s*[1-5]\d\d\b/g)) found.push(match[0]);
  if (/import\s*\{[^}]*\b(data|redirect|redirectDocument)\b[^}]*\}\s*from\s*"react-router"/.test(source))
    found.push("imports data/redirect from react-router");
  if (/\bnew Response\(|\bResponse\.json\(/.test(source)) found.push("builds a Response");
  return found;
}

describe("the domain never names an HTTP status (ADR 0023)", () => {
  it("finds a status code or an HTTP answer when a module has one, and nothing in plain domain code", () => {
    expect(httpInDomain(`return { ok: false, status: 409, errors };`)).toEqual(["status: 409"]);
    expect(httpInDomain(`type R = { ok: false; status: 400 | 404 };`)).toEqual(["status: 400"]);
    expect(httpInDomain(`import { data } from "react-router";`)).toEqual(["imports data/redirect from react-router"]);
    expect(httpInDomain(`return new Response("x")`)).toEqual(["builds a Response"]);
    expect(httpInDomain(`const status: QuotationStatus = "sent"; return refuse("conflict", m);`)).toEqual([]);
  });

  it.each(domainModules().map((file) => [path.relative(DOMAIN, file), file]))("%s", (name, file) => {
    if (GUARDS.has(name)) return;
    expect(httpInDomain(readFileSync(file, "utf8"))).toEqual([]);
  });
});
