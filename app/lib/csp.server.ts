import { createHash } from "node:crypto";

// The Content-Security-Policy of every response (DESIGN §8). Scripts run only from our own origin plus, for
// inline scripts, either this response's nonce or, for a page served from the page cache, the SHA-256 of each
// of its inline scripts, computed once when the page is cached (ADR 0011): a cached page then carries no
// nonce at all, so the same bytes can go to every visitor and through a CDN without handing out a nonce.

export interface CspOptions {
  development: boolean;
  /** The public address is https: ask browsers to upgrade any http sub-resource. */
  https: boolean;
  /** Other origins images may come from: the S3 bucket's public origin (storageImageSources). */
  imageSources?: string[];
}

/** The policy with `scriptSources` ('nonce-…' or 'sha256-…' entries) allowed besides 'self'. */
export function contentSecurityPolicy(scriptSources: string[], options: CspOptions): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...scriptSources, ...(options.development ? ["'unsafe-inline'"] : [])]],
    // React renders style attributes; no third-party style sheets.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...(options.imageSources ?? [])]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...(options.development ? ["ws:", "wss:"] : [])]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  if (options.https) directives.push(["upgrade-insecure-requests", []]);
  return directives.map(([name, values]) => [name, ...values].join(" ")).join("; ");
}

export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

// An inline script: a <script> element with no src attribute. Its text is hashed exactly as written, which is
// what browsers hash (script text is never entity-decoded).
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/** The 'sha256-…' source of each distinct inline script of an HTML document, in order of appearance. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
