import path from "node:path";
import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";

// Inventory Management (backoffice.md §2; issue 9): the list with and without JavaScript, the Add / Edit dialog
// with the spec's messages, a picture upload, deleting, and the storefront showing each change at once. Each
// test makes its own items, named with a tag so a search finds only them.

// Every step is a round trip to a server on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// A server of these tests' own (one per worker): the items they add must not change the catalogue the
// storefront specs count on the shared server.
const ADMIN = { email: "inventory-admin@e2e.test", password: "inventory-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PICTURE = path.resolve("public/images/products/cocktail-table-set-1.webp");

const dialog = (page: Page) => page.getByRole("dialog");
const field = (page: Page, name: string) => dialog(page).getByRole("textbox", { name, exact: true });
const rowWith = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

/** Fills the Add dialog's required fields. */
async function fillNewItem(page: Page, name: string, price: string) {
  const d = dialog(page);
  await field(page, "Name").fill(name);
  await d.getByRole("combobox", { name: "Category", exact: true }).selectOption({ label: "Lighting" });
  await field(page, "Price (৳)").fill(price);
  await field(page, "Units owned").fill("5");
  await field(page, "Tags").fill(" outdoor ,  wedding,, outdoor ");
}

test("add with the spec's messages, upload a picture, edit, delete: the storefront follows at once @mobile", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = unique();
  const name = `Moving Head Beam ${tag}`;
  await signedIn(page, "/admin/inventory");
  await expect(page.getByRole("heading", { name: "Inventory Management", level: 1 })).toBeVisible();

  // An empty form: every required field says what is wrong, the toast says why, the dialog stays open.
  await page.getByRole("link", { name: "Add Inventory" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Add New Inventory Item" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Save Item" }).click();
  await expect(page.getByText("Failed to add item: Name is required").first()).toBeVisible();
  await expect(dialog(page).getByText("Choose a category")).toHaveCount(2); // the option and the message
  await expect(dialog(page).getByText("Price is required")).toBeVisible();
  await expect(dialog(page)).toBeVisible();

  // A bad price is named and what was typed is kept.
  await fillNewItem(page, name, "-12.5");
  await dialog(page).getByRole("button", { name: "Save Item" }).click();
  await expect(dialog(page).getByText("Price must be 0 or more")).toBeVisible();
  await expect(field(page, "Name")).toHaveValue(name);

  await field(page, "Price (৳)").fill("1500");
  await dialog(page).getByLabel("Upload pictures").setInputFiles(PICTURE);
  await dialog(page).getByRole("button", { name: "Save Item" }).click();
  await expect(page.getByText("Item added successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // The list finds it by a tag's text; its public page is live, with the uploaded picture.
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const row = rowWith(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.locator("img")).toHaveAttribute("src", /^\/media\/inventory\/.+\.webp$/);
  const slug = `moving-head-beam-${tag}`;
  await expect(row.getByRole("link", { name: new RegExp(slug) })).toBeVisible();
  const storefront = await page.context().newPage();
  await storefront.goto(`/products/${slug}`);
  await expect(storefront.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(storefront.getByText("৳1,500").first()).toBeVisible();

  // Edit: the dialog opens filled in; the new price shows on the storefront at once.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Inventory Item" })).toBeVisible();
  await expect(field(page, "Tags")).toHaveValue("outdoor, wedding");
  await field(page, "Price (৳)").fill("2,250");
  await dialog(page).getByRole("button", { name: "Update Item" }).click();
  await expect(page.getByText("Item updated successfully").first()).toBeVisible();
  await expect(rowWith(page, name)).toContainText("৳2,250.00");
  await storefront.reload();
  await expect(storefront.getByText("৳2,250").first()).toBeVisible();

  // Delete asks first; the item then leaves the storefront.
  await rowWith(page, name)
    .getByRole("link", { name: `Delete ${name}` })
    .click();
  await expect(dialog(page).getByText("Are you sure you want to delete this item?")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Item deleted successfully").first()).toBeVisible();
  await expect(page.getByText("No items found.")).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filters.")).toBeVisible();
  // Asked of the server (a browser may keep the page for its max-age of 60 s).
  const gone = await page.request.get(`/products/${slug}`);
  expect(gone.status()).toBe(404);
});

test("sorting toggles with an arrow, filters reset the page, and pages have up to 5 buttons", async ({ page }) => {
  await signedIn(page, "/admin/inventory");
  const prices = async () =>
    (await page.getByRole("row").locator('td[data-label="Price"]').allInnerTexts()).map((t) =>
      Number(t.split("\n")[0]!.replace(/[৳,]/g, "")),
    );
  await page.getByRole("link", { name: /^Price/ }).click();
  await expect(page).toHaveURL(/sort=price/);
  const sorted = (list: number[], dir: 1 | -1) => list.every((p, i) => i === 0 || (p - list[i - 1]!) * dir >= 0);
  await expect.poll(async () => sorted(await prices(), 1)).toBe(true);
  await expect(page.getByRole("columnheader", { name: /Price/ })).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("link", { name: /^Price/ }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect.poll(async () => sorted(await prices(), -1)).toBe(true);
  await expect(page.getByRole("columnheader", { name: /Price/ })).toHaveAttribute("aria-sort", "descending");

  // Page 2, then a filter: back to page 1.
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Lighting" });
  await expect(page).toHaveURL(/category=lighting/);
  expect(page.url()).not.toMatch(/page=/);
  // The URL can change a moment before the filtered rows are drawn: wait for them, do not read once.
  await expect
    .poll(async () => [...new Set(await page.locator('td[data-label="Category"]').allInnerTexts())])
    .toEqual(["Lighting"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("searching, filtering, sorting, paging and adding an item work by plain links and posts", async ({ page }) => {
    test.setTimeout(120_000);
    await signedIn(page, "/admin/inventory");
    await page.getByRole("combobox", { name: "Manual status" }).selectOption("available");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=available/);
    for (const cell of await page.locator('td[data-label="Manual status"]').allInnerTexts())
      expect(cell).toBe("Available");

    await page.getByRole("link", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(page).toHaveURL(/status=available/);

    const tag = unique();
    const name = `Fog Machine ${tag}`;
    await page.getByRole("link", { name: "Add Inventory" }).click();
    // The server's dialog is named by its title (Radix names it only once hydrated; FormDialog writes it out).
    await expect(page.getByRole("dialog", { name: "Add New Inventory Item" })).toBeVisible();
    await fillNewItem(page, name, "900.5");
    await dialog(page).getByRole("button", { name: "Save Item" }).click();
    // The toast needs JavaScript; the redirect back to the list (dialog closed) is the answer here.
    await expect(page).not.toHaveURL(/new=1/);
    await expect(dialog(page)).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search" }).fill(name.toUpperCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(rowWith(page, name)).toContainText("৳900.50");
  });
});
