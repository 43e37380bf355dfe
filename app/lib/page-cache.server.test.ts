import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { invalidatePublicData } from "./cache.server";
import {
  getCachedPage,
  isCacheableResponse,
  isPageCacheCandidate,
  matchesEtag,
  pageCacheKey,
  renderOnce,
  toCachedPage,
  type CachedPage,
} from "./page-cache.server";

const csp = { development: false, https: false };
const PLACEHOLDER = "Pl4ceholderN0nce";

afterEach(() => invalidatePublicData());

function htmlResponse(init: ResponseInit & { headers?: Record<string, string> } = {}) {
  return new Response(null, {
    status: init.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60", ...init.headers },
  });
}

describe("isPageCacheCandidate", () => {
  it("takes GET and HEAD of public addresses from visitors without a session", () => {
    expect(isPageCacheCandidate({ method: "GET", path: "/" })).toBe(true);
    expect(isPageCacheCandidate({ method: "HEAD", path: "/products" })).toBe(true);
    expect(isPageCacheCandidate({ method: "GET", path: "/products.data", cookie: "theme=dark" })).toBe(true);
  });

  it("never takes a post, a back-office, portal or API address, or a visitor with a session", () => {
    expect(isPageCacheCandidate({ method: "POST", path: "/contact" })).toBe(false);
    expect(isPageCacheCandidate({ method: "GET", path: "/admin" })).toBe(false);
    expect(isPageCacheCandidate({ method: "GET", path: "/admin/quotations" })).toBe(false);
    expect(isPageCacheCandidate({ method: "GET", path: "/admin.data" })).toBe(false);
    expect(isPageCacheCandidate({ method: "GET", path: "/customer/quotations/1" })).toBe(false);
    expect(isPageCacheCandidate({ method: "GET", path: "/api/email/quotation" })).toBe(false);
    expect(isPageCacheCandidate({ method: "GET", path: "/", cookie: "better-auth.session_token=abc" })).toBe(false);
    expect(
      isPageCacheCandidate({ method: "GET", path: "/", cookie: "a=1; __Secure-better-auth.session_token=x" }),
    ).toBe(false);
  });

  it("does not mistake a public address that merely starts like a private one", () => {
    expect(isPageCacheCandidate({ method: "GET", path: "/administrative-services" })).toBe(true);
  });
});

describe("isCacheableResponse", () => {
  it("keeps a 200 whose route calls it public", () => {
    expect(isCacheableResponse(htmlResponse())).toBe(true);
  });
  it("never keeps an error page, a private or no-store page, or one that sets a cookie", () => {
    expect(isCacheableResponse(htmlResponse({ status: 404 }))).toBe(false);
    expect(isCacheableResponse(htmlResponse({ status: 500 }))).toBe(false);
    expect(isCacheableResponse(htmlResponse({ headers: { "Cache-Control": "no-store" } }))).toBe(false);
    expect(isCacheableResponse(htmlResponse({ headers: { "Cache-Control": "private, max-age=60" } }))).toBe(false);
    expect(isCacheableResponse(htmlResponse({ headers: { "Set-Cookie": "a=b" } }))).toBe(false);
    expect(isCacheableResponse(new Response(null, { status: 200 }))).toBe(false);
  });
});

describe("toCachedPage", () => {
  it("takes the nonce out of the HTML and allows its inline scripts by hash instead", () => {
    const html = `<html><head><style nonce="${PLACEHOLDER}">a{}</style></head><body><script nonce="${PLACEHOLDER}">go()</script></body></html>`;
    const page = toCachedPage(htmlResponse(), Buffer.from(html), PLACEHOLDER, csp)!;
    expect(page.body.toString()).toBe("<html><head><style>a{}</style></head><body><script>go()</script></body></html>");
    expect(page.csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(page.csp).not.toContain("nonce");
    expect(gunzipSync(page.gzip).equals(page.body)).toBe(true);
    expect(brotliDecompressSync(page.brotli).equals(page.body)).toBe(true);
    expect(page.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(page.headers).toEqual([
      ["content-type", "text/html; charset=utf-8"],
      ["cache-control", "public, max-age=60"],
    ]);
  });

  it("refuses to keep a page where the nonce shows anywhere but in a nonce attribute", () => {
    const html = `<script nonce="${PLACEHOLDER}">var n = "${PLACEHOLDER}"</script>`;
    expect(toCachedPage(htmlResponse(), Buffer.from(html), PLACEHOLDER, csp)).toBeNull();
  });

  it("gives the same bytes and ETag for the same page, and another ETag when it changes", () => {
    const a = toCachedPage(htmlResponse(), Buffer.from("<p>one</p>"), PLACEHOLDER, csp)!;
    const b = toCachedPage(htmlResponse(), Buffer.from("<p>one</p>"), PLACEHOLDER, csp)!;
    const c = toCachedPage(htmlResponse(), Buffer.from("<p>two</p>"), PLACEHOLDER, csp)!;
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(c.etag);
  });
});

describe("matchesEtag", () => {
  it("compares weakly and accepts lists and *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("renderOnce", () => {
  const page = (text: string): CachedPage => ({
    status: 200,
    headers: [],
    body: Buffer.from(text),
    gzip: Buffer.alloc(0),
    brotli: Buffer.alloc(0),
    etag: `W/"${text}"`,
  });

  it("renders a page once for a burst of requests and keeps it", async () => {
    let renders = 0;
    const render = async () => {
      renders++;
      return page("p");
    };
    const key = pageCacheKey("/burst", "2026-11-23");
    const results = await Promise.all(Array.from({ length: 20 }, () => renderOnce(key, render)));
    expect(renders).toBe(1);
    expect(results.every((r) => r?.etag === 'W/"p"')).toBe(true);
    expect(getCachedPage(key)?.etag).toBe('W/"p"');
  });

  it("does not keep a page rendered while a change was announced, nor one not to be kept", async () => {
    const key = pageCacheKey("/during-change", "2026-11-23");
    let finish: (p: CachedPage) => void = () => {};
    const rendering = renderOnce(key, () => new Promise<CachedPage>((resolve) => (finish = resolve)));
    invalidatePublicData();
    finish(page("stale"));
    await rendering;
    expect(getCachedPage(key)).toBeUndefined();
    await renderOnce(key, async () => null);
    expect(getCachedPage(key)).toBeUndefined();
  });

  it("is cleared by invalidatePublicData", async () => {
    const key = pageCacheKey("/cleared", "2026-11-23");
    await renderOnce(key, async () => page("kept"));
    expect(getCachedPage(key)).toBeDefined();
    invalidatePublicData();
    expect(getCachedPage(key)).toBeUndefined();
  });

  it("keys pages by the day in Dhaka, so a page turns over at midnight there", () => {
    expect(pageCacheKey("/events", "2026-11-23")).not.toBe(pageCacheKey("/events", "2026-11-24"));
  });
});
