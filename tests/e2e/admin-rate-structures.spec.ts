import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { hydrated } from "./support/auth";

// Settings > Rate structures (issue 19, ADR 0019): add a structure, let an item use it, and see the delete refused
// while it is in use. On a server of its own, so the structure and the item's change stay out of other specs.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "rates-admin@e2e.test", password: "rates-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);

const dialog = (page: Page) => page.getByRole("dialog");

test("add a rate structure, give it to an item, and a delete in use is refused @mobile", async ({ page }, info) => {
  test.setTimeout(120_000);
  const name = `Three-day week ${info.project.name}`;
  await signedIn(page, "/admin/settings/rate-structures");
  await expect(page.getByRole("heading", { name: "Rate structures", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Daily (every day charged)" })).toBeVisible();

  await page.getByRole("link", { name: "Add Rate Structure" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Add Rate Structure" })).toBeVisible();
  await dialog(page).getByLabel("Name").fill(name);
  // More days charged than rented is refused, naming the field.
  await dialog(page).getByLabel("2 days").fill("3");
  await dialog(page).getByRole("button", { name: "Add Structure" }).click();
  await expect(dialog(page).getByText("Days charged for 2 days must be from 1 to 2")).toBeVisible();
  const figures = ["1", "2", "3", "3", "3", "3", "3"];
  for (const [i, value] of figures.entries())
    await dialog(page)
      .getByLabel(`${i + 1} ${i === 0 ? "day" : "days"}`, { exact: true })
      .fill(value);
  await dialog(page).getByLabel("Days charged per further week").fill("3");
  await dialog(page).getByRole("button", { name: "Add Structure" }).click();
  await expect(page.getByText("Rate structure added").first()).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `.tmp/screenshots/rate-structures-${info.project.name}.png`, fullPage: true });

  // An item picks it in its dialog.
  await page.goto("/admin/inventory?q=LED");
  await hydrated(page);
  const item = page.getByRole("row").filter({ hasText: "LED" }).first();
  await item.getByRole("link", { name: /^Edit / }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Inventory Item" })).toBeVisible();
  await dialog(page).getByLabel("Rate structure").selectOption({ label: name });
  await dialog(page).getByRole("button", { name: "Update Item" }).click();
  await expect(page.getByText("Item updated successfully").first()).toBeVisible();

  // In use: the delete is refused with the reason, and the structure stays.
  await page.goto("/admin/settings/rate-structures");
  await hydrated(page);
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Delete ${name}` })
    .click();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByText("This rate structure is used by 1 item; choose another structure for it in Inventory first").first(),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
});
