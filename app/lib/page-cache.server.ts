import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { onPublicDataInvalidated } from "./cache.server";
import { contentSecurityPolicy, inlineScriptHashes, type CspOptions } from "./csp.server";

// The rendered-page cache (DESIGN §7, ADR 0011): public GET pages, and the data requests React Router makes
// when a visitor navigates in the browser, are rendered once and then served as stored bytes to every visitor
// without a session, with an ETag and 304 on If-None-Match. A page is kept only when its route calls it public
// (Cache-Control: public) and it answered 200 without setting a cookie: error pages and 404s never are. Every
// key carries today's date in Dhaka, so pages that depend on the date turn over at midnight there. The cache is
// cleared by invalidatePublicData(), with the data cache.

/** Budget for stored pages (plain, gzip and brotli bytes together); the least recently used go first. */
const MAX_BYTES = 24 * 1024 * 1024;
const MAX_ENTRIES = 2_000;
/** Like the data cache: a page is rebuilt at least this often even if no change is announced. */
const TTL_MS = 60_000;

export interface CachedPage {
  status: number;
  /** Headers to send as they are (content type, cache control...). */
  headers: [string, string][];
  body: Buffer;
  /** Compressed once when stored, for browsers that accept them. */
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  /** For an HTML page: the policy allowing exactly its inline scripts. */
  csp?: string;
}

interface PageCacheState {
  pages: LRUCache<string, CachedPage>;
  /** Renders under way, so that a burst of requests for a page not yet cached renders it once. */
  rendering: Map<string, Promise<CachedPage | null>>;
}

const key = Symbol.for("app.page-cache");
type WithPageCache = typeof globalThis & { [key]?: PageCacheState };

function state(): PageCacheState {
  const g = globalThis as WithPageCache;
  if (!g[key]) {
    const created: PageCacheState = {
      pages: new LRUCache<string, CachedPage>({
        max: MAX_ENTRIES,
        maxSize: MAX_BYTES,
        sizeCalculation: (page) => page.body.length + page.gzip.length + page.brotli.length + 512,
        ttl: TTL_MS,
        ttlResolution: 0,
        perf: { now: () => Date.now() },
      }),
      rendering: new Map(),
    };
    g[key] = created;
    onPublicDataInvalidated(() => {
      created.pages.clear();
      created.rendering.clear();
    });
  }
  return g[key];
}

// Areas that are never public, whatever their headers say.
const PRIVATE_PATHS = /^\/(?:admin|customer|api)(?:[/.?]|$)/;
// A session (better-auth's cookie, or any cookie named as one): such a visitor always gets a fresh render.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?[^=;]*(?:session|better-auth)[^=;]*=/i;

/** Whether a request may be answered from, or fill, the page cache. */
export function isPageCacheCandidate(request: { method: string; path: string; cookie?: string }): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (PRIVATE_PATHS.test(request.path)) return false;
  return !(request.cookie && SESSION_COOKIE.test(request.cookie));
}

/** The key of a page: the day in Dhaka and the URL path with its query. */
export function pageCacheKey(url: string, today: string): string {
  return `${today} ${url}`;
}

/** Whether a rendered response may be kept for everyone. */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return /(?:^|,)\s*public\b/i.test(cacheControl) && !/no-store|private/i.test(cacheControl);
}

const KEPT_HEADERS = ["content-type", "cache-control", "x-robots-tag", "content-language", "link"];

function isHtml(response: Response): boolean {
  return (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/**
 * The stored form of a cacheable response whose body is `body`. HTML was rendered with `placeholderNonce`: the
 * nonce attributes are taken out and the policy lists the inline scripts' hashes instead. Null when the page
 * cannot be kept (the placeholder turns up anywhere but in a nonce attribute).
 */
export function toCachedPage(
  response: Response,
  body: Buffer,
  placeholderNonce: string,
  csp: CspOptions,
): CachedPage | null {
  let bytes = body;
  let policy: string | undefined;
  if (isHtml(response)) {
    const html = body.toString("utf8").split(` nonce="${placeholderNonce}"`).join("");
    if (html.includes(placeholderNonce)) return null;
    bytes = Buffer.from(html, "utf8");
    policy = contentSecurityPolicy(inlineScriptHashes(html), csp);
  } else if (body.includes(placeholderNonce)) {
    return null;
  }
  const headers: [string, string][] = [];
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.push([name, value]);
  }
  return {
    status: response.status,
    headers,
    body: bytes,
    gzip: gzipSync(bytes),
    brotli: brotliCompressSync(bytes, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    etag: `W/"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`,
    csp: policy,
  };
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for a GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

export function getCachedPage(cacheKey: string): CachedPage | undefined {
  return state().pages.get(cacheKey);
}

/**
 * The page under `cacheKey`, rendering it with `render` when it is not stored; concurrent callers share one
 * render. `render` answers null for a response that is not to be kept (it then serves that response itself).
 */
export function renderOnce(cacheKey: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
  const s = state();
  const underway = s.rendering.get(cacheKey);
  if (underway) return underway;
  const pages = s.pages;
  const rendering = render().then((page) => {
    // Kept only if no invalidation came while rendering (that clears `rendering`): the page may be stale.
    if (page && s.rendering.get(cacheKey) === rendering) pages.set(cacheKey, page);
    return page;
  });
  s.rendering.set(cacheKey, rendering);
  const forget = () => {
    if (s.rendering.get(cacheKey) === rendering) s.rendering.delete(cacheKey);
  };
  rendering.then(forget, forget);
  return rendering;
}
