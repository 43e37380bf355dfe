import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { companySeed } from "../../app/db/seed/company";
import { DEFAULT_QUOTATION_TERMS } from "../../app/domain/settings/quotation-terms";
import { postHugeBody } from "../support/huge-post";
import { createFreshDatabase } from "../support/postgres";
import { removeDataDir, startServer, stopServer } from "./support/isolated-server";

// Issue 7: public pages are rendered once and served as the same bytes to every visitor without a session,
// with an ETag, a 304 for a matching If-None-Match, and a Content-Security-Policy that allows the page's own
// inline scripts by hash (no nonce to hand out through a shared cache). Bodies are bounded before parsing.

test.describe.configure({ mode: "parallel" });

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!)).map((m) => m[2]!);
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

for (const pagePath of [
  "/",
  "/products",
  "/products?category=lighting",
  "/products/led-wall-p3",
  "/events",
  "/gallery",
]) {
  test(`${pagePath} is the same bytes for everyone, with hashes for its scripts and a 304 when unchanged`, async ({
    baseURL,
  }) => {
    const first = await fetch(baseURL + pagePath);
    const second = await fetch(baseURL + pagePath);
    const [a, b] = [await first.text(), await second.text()];
    expect(first.status).toBe(200);
    expect(a).toBe(b);
    expect(a).not.toContain("nonce=");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(second.headers.get("etag")).toBe(etag);

    const policy = first.headers.get("content-security-policy")!;
    const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!.split(" ");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.some((s) => s.startsWith("'nonce-"))).toBe(false);
    const scripts = inlineScripts(a);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(scriptSrc).toContain(sha256(script));

    const revalidated = await fetch(baseURL + pagePath, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });
}

test("the data of a client-side navigation is cached too", async ({ baseURL }) => {
  const first = await fetch(`${baseURL}/products.data`);
  expect(first.status).toBe(200);
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^W\//);
  expect(await first.text()).toContain("led-wall-p3");
  expect((await fetch(`${baseURL}/products.data`, { headers: { "If-None-Match": etag } })).status).toBe(304);
});

test("a visitor gets the stored brotli or gzip copy, whichever it accepts", async ({ baseURL }) => {
  const plain = await (await fetch(`${baseURL}/gallery`, { headers: { "Accept-Encoding": "identity" } })).text();
  // fetch decodes the body; the header tells how it came.
  for (const [accepted, used] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
  ]) {
    const compressed = await fetch(`${baseURL}/gallery`, { headers: { "Accept-Encoding": accepted! } });
    expect(compressed.headers.get("content-encoding")).toBe(used);
    expect(await compressed.text()).toBe(plain);
  }
});

test("a visitor with a session, an error page and a no-store page each get their own nonce, never a cached page", async ({
  baseURL,
}) => {
  const nonceOf = async (url: string, init?: RequestInit) => {
    const response = await fetch(url, init);
    const html = await response.text();
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce, url).toBeTruthy();
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(response.headers.get("etag")).toBeNull();
    return { nonce, status: response.status };
  };
  const session = { headers: { Cookie: "better-auth.session_token=abc" } };
  const [s1, s2] = [await nonceOf(`${baseURL}/`, session), await nonceOf(`${baseURL}/`, session)];
  expect(s1.nonce).not.toBe(s2.nonce);
  const [m1, m2] = [
    await nonceOf(`${baseURL}/products/no-such-item`),
    await nonceOf(`${baseURL}/products/no-such-item`),
  ];
  expect(m1.status).toBe(404);
  expect(m1.nonce).not.toBe(m2.nonce);
  const [q1, q2] = [await nonceOf(`${baseURL}/quotation`), await nonceOf(`${baseURL}/quotation`)];
  expect(q1.nonce).not.toBe(q2.nonce);
});

test("a cached page runs in the browser without a policy violation, and navigates", async ({ page, baseURL }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to execute/i.test(message.text())) violations.push(message.text());
  });
  await fetch(`${baseURL}/`); // make sure the browser gets the stored copy
  await page.goto("/");
  await page.getByRole("link", { name: "Browse Equipment" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
});

for (const pathname of ["/contact", "/quotation", "/quotation.data", "/api/email/quotation"]) {
  for (const chunked of [false, true]) {
    test(`a 100 MB ${chunked ? "chunked " : ""}POST to ${pathname} is refused with 413 before it is read`, async ({
      baseURL,
    }) => {
      const { status, sentBytes } = await postHugeBody(baseURL!, pathname, chunked);
      expect(status).toBe(413);
      // Answered while most of the body was still unsent: it was never read whole.
      expect(sentBytes).toBeLessThan(50 * 1024 * 1024);
    });
  }
}

test("two servers on one PostgreSQL database: a change saved on A's settings screen shows on B at once", async () => {
  test.setTimeout(120_000);
  const database = await createFreshDatabase(
    process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    "e2e_sync",
  );
  test.skip(!database && !process.env.CI, "no PostgreSQL at 127.0.0.1:5432");
  expect(database).not.toBeNull();
  const databaseUrl = database!.url;
  const dirs = [
    mkdtempSync(path.join(os.tmpdir(), "utsab-sync-a-")),
    mkdtempSync(path.join(os.tmpdir(), "utsab-sync-b-")),
  ];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  // The first server to start seeds the empty database, with this administrator.
  const admin = { email: "root@sync.test", password: "sync-admin-password" };
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    for (const dir of dirs)
      servers.push(
        await startServer({
          DATABASE_URL: databaseUrl,
          DATA_DIR: dir,
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
        }),
      );
    const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]];
    const heading = async (url: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(url)).text())?.[1];
    for (const s of servers) expect(await heading(s.url)).toBe("Utsab Event Technologies");

    // Both serve their cached page: a change written behind their backs (no announcement) is not seen yet.
    await client.connect();
    await client.query("update company_settings set name = 'Quietly Renamed Ltd'");
    for (const s of servers) expect(await heading(s.url)).toBe("Utsab Event Technologies");

    // An administrator signs in on server A and saves the company settings form, as a browser posts it.
    const login = await fetch(`${a.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(admin),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const form = new URLSearchParams({
      name: "Renamed Rentals Ltd",
      tagline: companySeed.tagline!,
      address: companySeed.address,
      phones: companySeed.phones!.join("\n"),
      emails: companySeed.emails!.join("\n"),
      supportNote: companySeed.supportNote!,
      ...companySeed.socialLinks,
      notificationEmail: companySeed.notificationEmail,
      vatRegistrationNumber: "",
      vatRatePercent: "15",
      // The quotation terms are part of the form since issue 20.
      ...DEFAULT_QUOTATION_TERMS,
    });
    for (const row of companySeed.businessHours!) {
      form.append("hoursDays", row.days);
      form.append("hoursHours", row.hours);
    }
    const saved = await fetch(`${a.url}/admin/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: a.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Settings saved successfully");
    const [row] = (await client.query<{ name: string }>("select name from company_settings")).rows;
    expect(row!.name).toBe("Renamed Rentals Ltd");

    // A cleared its own caches; B was told through the database and shows the new name at once.
    expect(await heading(a.url)).toBe("Renamed Rentals Ltd");
    await expect.poll(() => heading(b.url), { timeout: 5_000 }).toBe("Renamed Rentals Ltd");
  } finally {
    await client.end().catch(() => {});
    for (const s of servers) await stopServer(s);
    dirs.forEach(removeDataDir);
    await database!.drop();
  }
});
