import AxeBuilder from "@axe-core/playwright";
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { UPCOMING_EVENTS } from "./support/fixtures";
import { hydrated } from "./support/auth";

const activeSlide = (page: Page) => page.locator('section[aria-label="Highlights"] img[data-active="true"]');
const heroAlt = async (page: Page) => activeSlide(page).getAttribute("alt");
const HERO_ALTS = [
  "A concert stage with beams of light over the crowd",
  "A wedding hall dressed in warm light and flowers",
  "A conference stage with a wide LED wall",
  "An open-air festival stage at dusk",
];

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
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("hero slideshow: advances every 5 s, arrows and dots wrap both ways", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    expect(await heroAlt(page)).toBe(HERO_ALTS[0]);
    await page.clock.fastForward(5000);
    await expect.poll(() => heroAlt(page)).toBe(HERO_ALTS[1]);

    await page.mouse.move(0, 0);
    await page.getByRole("button", { name: "Previous slide" }).click();
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => heroAlt(page)).toBe(HERO_ALTS[3]);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => heroAlt(page)).toBe(HERO_ALTS[0]);
    await page.getByRole("button", { name: "Slide 3 of 4" }).click();
    await expect.poll(() => heroAlt(page)).toBe(HERO_ALTS[2]);
    await expect(page.getByRole("button", { name: "Slide 3 of 4" })).toHaveAttribute("aria-current", "true");
  });

  test("hero slideshow holds still while hovered or focused", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await page.locator('section[aria-label="Highlights"] h1').hover();
    await page.clock.fastForward(12_000);
    expect(await heroAlt(page)).toBe(HERO_ALTS[0]);

    await page.mouse.move(0, 0);
    await page.getByRole("button", { name: "Slide 2 of 4" }).focus();
    await page.clock.fastForward(12_000);
    expect(await heroAlt(page)).toBe(HERO_ALTS[0]);

    await page.getByRole("button", { name: "Slide 2 of 4" }).blur();
    await page.clock.fastForward(5000);
    await expect.poll(() => heroAlt(page)).toBe(HERO_ALTS[1]);
  });

  test("hero slideshow stays still for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await page.mouse.move(0, 0);
    await page.clock.fastForward(20_000);
    expect(await heroAlt(page)).toBe(HERO_ALTS[0]);
  });

  test("lists the 14 categories, upcoming events, the call to action and the featured equipment", async ({ page }) => {
    await page.goto("/");
    const categories = page.locator('section[aria-labelledby="categories"] a');
    await expect(categories).toHaveCount(14);
    await expect(categories.first()).toHaveAttribute("href", "/products?category=lighting");
    await expect(categories.last()).toHaveAttribute("href", "/products?category=fx");

    const upcoming = page.locator('section[aria-labelledby="upcoming"]');
    for (const event of UPCOMING_EVENTS)
      await expect(upcoming.getByRole("heading", { name: event.title })).toBeVisible();
    await expect(upcoming.getByRole("link", { name: "View all events" })).toHaveAttribute("href", "/events");
    await expect(upcoming.getByRole("link", { name: `View Details: ${UPCOMING_EVENTS[0].title}` })).toHaveAttribute(
      "href",
      `/events/${UPCOMING_EVENTS[0].slug}`,
    );
    // Home dates read 'MMM dd, yyyy'.
    await expect(upcoming.locator("time").first()).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);

    await expect(
      page.locator('section[aria-labelledby="cta"]').getByRole("link", { name: /Request a Quotation/ }),
    ).toHaveAttribute("href", "/quotation");

    const featured = page.locator('section[aria-labelledby="featured"] article');
    await expect(featured).toHaveCount(3);
    await expect(featured.nth(0)).toContainText("P3 Indoor LED Video Wall");
    await expect(featured.nth(0)).toContainText("৳5,000 / sqm/day");
    await expect(featured.nth(1)).toContainText("৳1,500 / unit/day");
    await expect(featured.nth(2)).toContainText("৳10,000 / set/day");
    await expect(featured.nth(0).getByRole("link")).toHaveAttribute("href", "/products/led-wall-p3");
  });

  test("success stories carousel shows completed events and wraps both ways", async ({ page }) => {
    await page.goto("/");
    const stories = page.locator('[aria-label="Success Stories"]');
    const title = stories.getByRole("heading", { level: 3 });
    // Completed events, latest first.
    await expect(title).toHaveText("Corporate Gala Night");
    await stories.getByRole("button", { name: "Next story" }).click();
    await expect(title).toHaveText("Smartphone Product Launch");
    await stories.getByRole("button", { name: "Next story" }).click();
    await expect(title).toHaveText("Corporate Gala Night");
    await stories.getByRole("button", { name: "Previous story" }).click();
    await expect(title).toHaveText("Smartphone Product Launch");
    await stories.getByRole("button", { name: "Story 1 of 2" }).click();
    await expect(title).toHaveText("Corporate Gala Night");
    await expect(stories.getByRole("link", { name: "View Details" })).toHaveAttribute(
      "href",
      "/events/corporate-gala-night",
    );
    await expect(stories.getByRole("link", { name: "Explore Gallery" })).toHaveAttribute("href", "/gallery");
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("loads at most 150 KB of JavaScript (gzip)", async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.body().then((b) => gzipSync(b).length));
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const sizes = await Promise.all(scripts);
    expect(sizes.length).toBeGreaterThan(0);
    const total = sizes.reduce((a, b) => a + b, 0);
    test.info().annotations.push({ type: "home JS gzip bytes", description: String(total) });
    expect(total).toBeLessThanOrEqual(150 * 1024);
  });

  test("sends the security headers", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    // A page from the page cache allows its own inline scripts by hash; it carries no nonce (ADR 0011).
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
    expect(headers["cache-control"]).toBe("public, max-age=60, s-maxage=300");
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

test.describe("shared layout", () => {
  test("the header turns white with a shadow after 50 px of scroll", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveCSS("background-color", "rgb(255, 255, 255)");
    expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
  });

  test("the mobile menu opens, and closes on a route change @mobile-only", async ({ page }) => {
    await page.goto("/");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    // On a phone the bar holds the logos and the menu button only, with nothing pushed off screen.
    await expect(page.locator("header").first().getByRole("link", { name: "Request Quotation" }).first()).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(menu).toBeHidden();
  });

  test("a route change scrolls to the top", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator("footer").getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the footer has the service links and the company's details from the database", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const category of ["lighting", "sound", "led", "stage", "furniture", "photo"]) {
      await expect(footer.locator(`a[href="/products?category=${category}"]`)).toHaveCount(1);
    }
    await expect(footer).toContainText("House 42, Road 11, Block E, Banani, Dhaka 1213, Bangladesh");
    await expect(footer.getByRole("link", { name: "+880 1711-234567" })).toHaveAttribute("href", "tel:+8801711234567");
    await expect(footer.getByRole("link", { name: "info@utsabevents.com.bd" })).toHaveAttribute(
      "href",
      "mailto:info@utsabevents.com.bd",
    );
    await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute(
      "href",
      "https://www.facebook.com/utsabevents",
    );
    for (const [name, path] of [
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
    ] as const) {
      const link = footer.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", path);
    }
  });

  test("the header shows the logos from the database and the navigation", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header").first();
    await expect(header.locator("img")).toHaveCount(2);
    await expect(header.locator("img").first()).toHaveAttribute("src", "/images/logos/utsab-mark.webp");
    // Over the hero the logos are shown as they are, on a white plate: no filter turns them white (issue 20).
    await expect(header).toHaveAttribute("data-scrolled", "false");
    for (const logo of await header.locator("img").all()) await expect(logo).toHaveCSS("filter", "none");
    await expect(header.locator("[data-logo-plate]")).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(header.getByRole("link", { name: "Request Quotation" }).first()).toHaveAttribute("href", "/quotation");
  });
});

test("GET /healthz answers 200 when the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
});

test("an unknown address answers 404 with the site's page @mobile", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.locator("footer")).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found");
});

test("robots.txt and sitemap.xml are built from the live data", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/products/led-wall-p3</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/events/${UPCOMING_EVENTS[0].slug}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/products?category=fx</loc>`);
});
