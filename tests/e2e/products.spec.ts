import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/auth";

// The shared server holds the seed: 19 products, every one of the 14 categories with at least one item, and
// 'led' holding only the P3 LED wall.
const CATALOGUE_SIZE = 19;

/** Collects console errors and page errors (hydration mismatches show up here). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** Waits until the cards' entry animations have played, so what is checked is what stays on screen. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

const filters = (page: Page) => page.getByRole("navigation", { name: "Categories" });
const cards = (page: Page) => page.getByRole("region", { name: "Products" }).getByRole("article");

test.describe("/products", () => {
  test("lists the catalogue and filters it by category, keeping the choice in the URL", async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto("/products");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("All Equipment | Utsab Event Technologies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Equipment");
    await expect(page.getByText(`Showing ${CATALOGUE_SIZE} items`)).toBeVisible();
    await expect(cards(page)).toHaveCount(CATALOGUE_SIZE);
    await expect(filters(page).getByRole("link", { name: "All Equipment" })).toHaveAttribute("aria-current", "page");
    // 'All Equipment' and the 14 categories.
    await expect(filters(page).getByRole("link")).toHaveCount(15);

    await filters(page).getByRole("link", { name: "LED Walls" }).click();
    await expect(page).toHaveURL(/\/products\?category=led$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("LED Walls");
    await expect(page).toHaveTitle("LED Walls | Utsab Event Technologies");
    await expect(page.getByText("Showing 1 items")).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("link")).toHaveText("P3 Indoor LED Video Wall");
    await expect(filters(page).getByRole("link", { name: "LED Walls" })).toHaveAttribute("aria-current", "page");
    await expect(filters(page).getByRole("link", { name: "All Equipment" })).not.toHaveAttribute("aria-current");

    await filters(page).getByRole("link", { name: "Video Equipment" }).click();
    await expect(page.getByText("Showing 2 items")).toBeVisible();
    await expect(cards(page).getByRole("heading")).toHaveText([
      "10K Lumen Laser Projector",
      "55-inch Confidence Monitor",
    ]);

    // The browser's back button returns to the previous filter.
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("LED Walls");

    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("a filter link does not make the page jump to the top", async ({ page }) => {
    await page.goto("/products");
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await filters(page).getByRole("link", { name: "Sound Systems" }).click();
    await expect(page.getByText("Showing 2 items")).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
  });

  test("a card shows the first image, category, at most 3 tags, description and price with unit", async ({ page }) => {
    await page.goto("/products?category=led");
    const card = cards(page).first();
    await expect(card.getByRole("img", { name: "P3 Indoor LED Video Wall" })).toHaveAttribute(
      "src",
      "/images/products/led-wall-p3-1.webp",
    );
    await expect(card.getByText("LED Walls")).toBeVisible();
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "indoor",
      "p3",
      "video-wall",
    ]);
    await expect(card.getByText(/^A seamless 3\.9 mm-pitch indoor LED wall/)).toHaveClass(/line-clamp-2/);
    await expect(card.getByText("৳5,000")).toBeVisible();
    await expect(card.getByText("/ sqm/day")).toBeVisible();
    await card.getByRole("link", { name: "P3 Indoor LED Video Wall" }).click();
    await expect(page).toHaveURL(/\/products\/led-wall-p3$/);
  });

  test("an unknown category shows the empty state, and 'View All Products' goes back to everything @mobile", async ({
    page,
  }) => {
    const response = await page.goto("/products?category=spaceships");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Showing 0 items")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(
      page.getByText("Try selecting a different category or check back later", { exact: true }),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    await page.getByRole("link", { name: "View All Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText(`Showing ${CATALOGUE_SIZE} items`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "No products found" })).toHaveCount(0);
  });

  test("the cards enter one after the other, 0.05 s apart, unless the visitor prefers reduced motion", async ({
    page,
  }) => {
    const animationOf = (i: number) =>
      cards(page)
        .nth(i)
        .locator("xpath=..")
        .evaluate((li) => {
          const style = getComputedStyle(li);
          return { name: style.animationName, delay: style.animationDelay };
        });
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/products");
    expect(await animationOf(0)).toEqual({ name: "product-card-entry", delay: "0s" });
    expect(await animationOf(1)).toEqual({ name: "product-card-entry", delay: "0.05s" });
    expect(await animationOf(2)).toEqual({ name: "product-card-entry", delay: "0.1s" });

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    expect((await animationOf(1)).name).toBe("none");
  });

  test("on a phone the categories hide behind 'Show Filters' / 'Hide Filters' @mobile", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/products");
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Show Filters" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(filters(page)).toBeHidden();

    await toggle.click();
    const hide = page.getByRole("button", { name: "Hide Filters" });
    await expect(hide).toHaveAttribute("aria-expanded", "true");
    await expect(filters(page)).toBeVisible();
    await hide.click();
    await expect(page.getByRole("button", { name: "Show Filters" })).toHaveAttribute("aria-expanded", "false");
    await expect(filters(page)).toBeHidden();

    // Choosing a category filters the list and folds the panel away so the results are in view.
    await page.getByRole("button", { name: "Show Filters" }).click();
    await filters(page).getByRole("link", { name: "LED Walls" }).click();
    await expect(page).toHaveURL(/category=led/);
    await expect(page.getByText("Showing 1 items")).toBeVisible();
    await expect(filters(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Show Filters" })).toBeVisible();
  });

  test("without JavaScript the categories are simply shown on a phone @mobile", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/products`);
      await expect(filters(page)).toBeVisible();
      await expect(page.getByRole("button", { name: "Show Filters" })).toBeHidden();
      await filters(page).getByRole("link", { name: "Special Effects" }).click();
      await expect(page.getByText("Showing 2 items")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("on a wide screen the categories are always shown and the toggle is not", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/products");
    await expect(filters(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Show Filters" })).toBeHidden();
  });
});

test.describe("/products/{id}", () => {
  test("shows name, badges, description, tags, pricing, variations and the actions @mobile", async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto("/products/led-wall-p3");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("P3 Indoor LED Video Wall | Utsab Event Technologies");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/images\/products\/led-wall-p3-1\.webp$/,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("P3 Indoor LED Video Wall");
    const status = page.getByRole("list", { name: "Status" });
    await expect(status.getByRole("listitem")).toHaveText(["In-house", "Available"]);
    await expect(page.getByText(/^A seamless 3\.9 mm-pitch indoor LED wall/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "indoor",
      "p3",
      "video-wall",
      "conference",
      "wedding",
    ]);
    const pricing = page.getByRole("region", { name: "Pricing" });
    await expect(pricing.getByText("৳5,000")).toBeVisible();
    await expect(pricing.getByText("/ sqm/day")).toBeVisible();
    await expect(pricing.getByText(/^Priced per square metre per day\./)).toBeVisible();
    await expect(pricing.getByText("500 × 500 mm cabinets")).toBeVisible();
    const variations = page.getByRole("region", { name: "Variations" }).getByRole("listitem");
    await expect(variations).toHaveCount(2);
    await expect(variations.nth(0)).toContainText("8×4 meters");
    await expect(variations.nth(0)).toContainText("Available");
    await expect(variations.nth(1)).toContainText("12×6 meters");

    await expect(page.getByRole("main").getByRole("link", { name: "Request Quotation" })).toHaveAttribute(
      "href",
      "/quotation?product=led-wall-p3",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "LED Walls" }),
    ).toHaveAttribute("href", "/products?category=led");

    const why = page.getByRole("region", { name: "Why Choose Our Equipment" });
    await expect(why.getByRole("heading", { level: 3 })).toHaveText([
      "Premium Quality",
      "Technical Support",
      "Flexible Options",
    ]);

    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  test("shows each availability in words: Currently Booked, Under Repair, Outsourced and a booked variation", async ({
    page,
  }) => {
    await page.goto("/products/wireless-mic-kit");
    const variations = page.getByRole("region", { name: "Variations" }).getByRole("listitem");
    await expect(variations.filter({ hasText: "Handheld pair" }).getByText("Available", { exact: true })).toBeVisible();
    await expect(variations.filter({ hasText: "Headset pair" }).getByText("Booked", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Status" }).getByRole("listitem")).toHaveText([
      "In-house",
      "Available",
    ]);

    await page.goto("/products/laser-projector-10k");
    await expect(page.getByRole("list", { name: "Status" }).getByRole("listitem")).toHaveText([
      "In-house",
      "Currently Booked",
    ]);
    await expect(page.getByRole("region", { name: "Variations" })).toHaveCount(0);

    await page.goto("/products/fog-hazer");
    await expect(page.getByRole("list", { name: "Status" }).getByRole("listitem")).toHaveText([
      "In-house",
      "Under Repair",
    ]);

    await page.goto("/products/confidence-monitor");
    await expect(page.getByRole("list", { name: "Status" }).getByRole("listitem")).toHaveText([
      "Outsourced",
      "Available",
    ]);
  });

  test("an unknown id answers 404 with 'Product Not Found' inside the site's header and footer @mobile", async ({
    page,
  }) => {
    const response = await page.goto("/products/no-such-product");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Product Not Found | Utsab Event Technologies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product Not Found");
    await expect(
      page.getByText("The product you're looking for doesn't exist or has been removed.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("link", { name: "Back to Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Equipment");
  });

  test("the back button returns to the list the visitor came from, otherwise goes to /products", async ({ page }) => {
    await page.goto("/products?category=video");
    await cards(page).getByRole("link", { name: "55-inch Confidence Monitor" }).click();
    await expect(page).toHaveURL(/\/products\/confidence-monitor$/);
    await page.getByRole("link", { name: "Back to Products" }).click();
    await expect(page).toHaveURL(/\/products\?category=video$/);
    await expect(page.getByText("Showing 2 items")).toBeVisible();
    // It was the browser's back: the product page is ahead in history.
    await page.goForward();
    await expect(page).toHaveURL(/\/products\/confidence-monitor$/);

    // Arriving from elsewhere, it is a link to the whole list.
    await page.goto("/products/fog-hazer");
    await page.getByRole("link", { name: "Back to Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("the gallery moves with previous/next (wrapping) and thumbnails", async ({ page }) => {
    await page.goto("/products/led-wall-p3");
    await hydrated(page);
    const main = page.getByRole("button", { name: /^View larger: picture \d of 3$/ });
    await expect(main).toHaveAccessibleName("View larger: picture 1 of 3");
    await expect(main.locator("img")).toHaveAttribute("src", "/images/products/led-wall-p3-1.webp");

    await page.getByRole("button", { name: "Next picture" }).click();
    await expect(main).toHaveAccessibleName("View larger: picture 2 of 3");
    await expect(main.locator("img")).toHaveAttribute("src", "/images/products/led-wall-p3-2.webp");
    await expect(page.getByRole("button", { name: "Show picture 2 of 3" })).toHaveAttribute("aria-current", "true");

    await page.getByRole("button", { name: "Previous picture" }).click();
    await page.getByRole("button", { name: "Previous picture" }).click();
    await expect(main).toHaveAccessibleName("View larger: picture 3 of 3");
    await expect(main.locator("img")).toHaveAttribute("src", "/images/products/led-wall-p3-3.webp");
    await page.getByRole("button", { name: "Next picture" }).click();
    await expect(main).toHaveAccessibleName("View larger: picture 1 of 3");

    await page.getByRole("button", { name: "Show picture 3 of 3" }).click();
    await expect(main).toHaveAccessibleName("View larger: picture 3 of 3");
  });

  test("the lightbox: opens on click, arrows wrap, Escape/backdrop/close button close, scroll locked, focus kept and returned @mobile", async ({
    page,
  }) => {
    await page.goto("/products/led-wall-p3");
    await hydrated(page);
    const opener = page.getByRole("button", { name: /^View larger: picture \d of 3$/ });
    const dialog = page.getByRole("dialog", { name: "Pictures of P3 Indoor LED Video Wall" });
    const picture = dialog.getByRole("img");
    const focusInside = () =>
      page.evaluate(() => !!document.querySelector('[role="dialog"]')?.contains(document.activeElement));

    // Opens on click, at the picture shown.
    await page.evaluate(() => window.scrollTo(0, 200));
    await opener.click();
    await expect(dialog).toBeVisible();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await expect(picture).toHaveAccessibleName("P3 Indoor LED Video Wall, picture 1 of 3");
    await expect(dialog.getByText("1 / 3")).toBeVisible();

    // The page behind cannot scroll.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);

    // Focus is inside and stays there.
    expect(await focusInside()).toBe(true);
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await focusInside()).toBe(true);

    // Arrow keys move and wrap both ways.
    await page.keyboard.press("ArrowRight");
    await expect(picture).toHaveAccessibleName("P3 Indoor LED Video Wall, picture 2 of 3");
    await expect(picture).toHaveAttribute("src", "/images/products/led-wall-p3-2.webp");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(picture).toHaveAccessibleName("P3 Indoor LED Video Wall, picture 3 of 3");
    await page.keyboard.press("ArrowRight");
    await expect(picture).toHaveAccessibleName("P3 Indoor LED Video Wall, picture 1 of 3");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByText("3 / 3")).toBeVisible();

    // Escape closes; focus goes back to the opener, which now shows the same picture; scrolling works again.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAccessibleName("View larger: picture 3 of 3");
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

    // The close button closes.
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // A click on the dark backdrop closes.
    await opener.click();
    await expect(dialog).toBeVisible();
    // Pressed again if the viewer was on screen a moment before it took the press (a loaded machine; gallery.spec.ts).
    await expect(async () => {
      await page.mouse.click(8, 8);
      await expect(dialog).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(opener).toBeFocused();
  });
});

test.describe("accessibility", () => {
  for (const path of [
    "/products",
    "/products?category=led",
    "/products?category=spaceships",
    "/products/led-wall-p3",
    "/products/no-such-product",
  ]) {
    test(`axe finds no serious or critical issue on ${path} @mobile`, async ({ page }) => {
      await page.goto(path);
      await settle(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    });
  }

  test("axe finds no serious or critical issue with the filters open and in the lightbox @mobile", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/products");
    await settle(page);
    await page.getByRole("button", { name: "Show Filters" }).click();
    let results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    await page.goto("/products/led-wall-p3");
    await settle(page);
    await page.getByRole("button", { name: /^View larger: picture \d of 3$/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});
