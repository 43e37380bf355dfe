import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/auth";

// /gallery: the seed has one picture per category. Filters kept in ?category=, a lightbox per picture, the
// empty state for an unknown category, and 1 to 4 columns by screen width.

const SEED_TITLES = [
  "Telecom Annual Conference",
  "Grand Wedding Reception",
  "Open-Air Concert Rig",
  "Trade Fair Pavilion",
  "Smartphone Launch Reveal",
  "Medical Conference Plenary",
];
const FILTERS = [
  "All",
  "Corporate Events",
  "Weddings & Celebrations",
  "Concerts & Festivals",
  "Exhibitions & Trade Shows",
  "Product Launches",
  "Conferences & Seminars",
];

const grid = (page: Page) => page.getByTestId("gallery-grid");
const items = (page: Page) => grid(page).getByRole("button");
const filters = (page: Page) => page.getByRole("navigation", { name: "Gallery categories" });
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

/** Opens a page and waits until it is hydrated (its scripts loaded and run), so clicks reach React. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

async function columns(page: Page): Promise<number> {
  return grid(page).evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length);
}

test("shows the hero, the filters and every picture @mobile", async ({ page }) => {
  const response = await open(page, "/gallery");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Gallery | Utsab Event Technologies");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gallery");
  await expect(
    page.getByText("Explore our portfolio of events and equipment in action", { exact: true }),
  ).toBeVisible();
  await expect(filters(page).getByRole("link")).toHaveText(FILTERS);
  await expect(filters(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await expect(items(page)).toHaveCount(6);
  for (const [i, title] of SEED_TITLES.entries()) await expect(items(page).nth(i)).toContainText(title);
});

test("a filter shows one category, is kept in the URL and survives a reload @mobile", async ({ page }) => {
  await open(page, "/gallery");
  await filters(page).getByRole("link", { name: "Weddings & Celebrations" }).click();
  await expect(page).toHaveURL(/\/gallery\?category=wedding$/);
  await expect(filters(page).getByRole("link", { name: "Weddings & Celebrations" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(filters(page).getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current", "page");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page)).toContainText("Grand Wedding Reception");
  await expect(items(page)).toContainText("Weddings & Celebrations");

  await page.reload();
  await expect(items(page)).toHaveCount(1);
  await expect(filters(page).getByRole("link", { name: "Weddings & Celebrations" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  await filters(page).getByRole("link", { name: "Product Launches" }).click();
  await expect(page).toHaveURL(/\/gallery\?category=product-launch$/);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page)).toContainText("Smartphone Launch Reveal");

  await filters(page).getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(items(page)).toHaveCount(6);
});

test("changing the filter keeps the scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await open(page, "/gallery");
  // Scrolled down, with the filters still below the fixed header.
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  await filters(page).getByRole("link", { name: "Concerts & Festivals" }).click();
  await expect(page).toHaveURL(/category=concert$/);
  await expect(items(page)).toHaveCount(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(150);
});

test("a picture opens a lightbox with title and category; close button, backdrop and Escape close it @mobile", async ({
  page,
}) => {
  await open(page, "/gallery");
  const openLightbox = async () => {
    await items(page).filter({ hasText: "Open-Air Concert Rig" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  };

  let dialog = await openLightbox();
  await expect(dialog.getByRole("img", { name: "Open-Air Concert Rig" })).toHaveAttribute(
    "src",
    "/images/gallery/concert.webp",
  );
  await expect(dialog.getByText("Open-Air Concert Rig", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Concerts & Festivals", { exact: true })).toBeVisible();
  // Large, but at most 80% of the viewport's height.
  const viewport = page.viewportSize()!;
  const box = (await dialog.getByRole("img").boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(viewport.height * 0.8 + 1);
  expect(await bodyOverflow(page)).toBe("hidden");

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  expect(await bodyOverflow(page)).not.toBe("hidden");

  dialog = await openLightbox();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  dialog = await openLightbox();
  // The dark area around the picture, away from the picture and the buttons. On a loaded machine the lazily loaded
  // viewer can be on screen a moment before it takes the press (twice at 375 px in a full run): pressed again until
  // it closes, which is what a person does; it must close.
  await expect(async () => {
    await page.mouse.click(viewport.width / 2, 8);
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect(await bodyOverflow(page)).not.toBe("hidden");
});

test("an unknown category shows the empty state, and View All Items leads back to every picture @mobile", async ({
  page,
}) => {
  const response = await page.goto("/gallery?category=birthdays");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "No gallery items found" })).toBeVisible();
  await expect(page.getByText("No items matching the selected category.", { exact: true })).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
  await expect(filters(page).locator('[aria-current="page"]')).toHaveCount(0);
  await page.getByRole("link", { name: "View All Items" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(items(page)).toHaveCount(6);
});

test("one column at 375 px @mobile", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page, "/gallery");
  expect(await columns(page)).toBe(1);
});

test("four columns at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "/gallery");
  expect(await columns(page)).toBe(4);
  const [first, fifth] = await Promise.all([items(page).nth(0).boundingBox(), items(page).nth(4).boundingBox()]);
  // The fifth picture starts the second row.
  expect(fifth!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(Math.abs(fifth!.x - first!.x)).toBeLessThan(2);
});

test("no serious accessibility issues on the gallery, with and without the lightbox", async ({ page }) => {
  await open(page, "/gallery");
  await expect(items(page)).toHaveCount(6);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await items(page).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const withLightbox = await new AxeBuilder({ page }).analyze();
  expect(withLightbox.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});
