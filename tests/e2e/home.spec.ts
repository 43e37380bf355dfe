import { expect, test } from "@playwright/test";

test.describe("home page", () => {
  test("shows the company name from the database, with no errors in the console @mobile", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Utsab Event Technologies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Utsab Event Technologies");
    await expect(page.getByText("Welcome to")).toBeVisible();
    // Let hydration and any late requests finish before judging the console.
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("sends the security headers", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("caches hashed assets for a year and compresses pages", async ({ page, request }) => {
    await page.goto("/");
    const script = await page.locator('link[rel="modulepreload"]').first().getAttribute("href");
    expect(script).toMatch(/^\/assets\/.+-[A-Za-z0-9_-]{8}\.js$/);
    const asset = await request.get(script!);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const html = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(html.headers()["content-encoding"]).toBe("gzip");
  });
});

test("GET /healthz answers 200 when the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
});

test("an unknown address answers 404 with a page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
});
