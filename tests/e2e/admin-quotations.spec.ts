import { expect, test } from "@playwright/test";
import { signedIn } from "./support/auth";
import { E2E_PORTAL_QUOTATIONS } from "./support/fixtures";

// Quotation Management's list as staff see it (backoffice.md §2, issue 10): the spec's columns, the loading
// skeleton while another state of the list loads, the status filter and search in the URL, the empty state, and
// the details panel opened from View Details, its lines charged for the rental's days. Read-only: the shared server's quotations are other specs' too.

test("the list: columns, skeleton while loading, filter and search in the URL, empty state, details @mobile", async ({
  page,
}, info) => {
  // Many steps in one test: on a busy 2-core machine, with the invoice fixtures (issue 22), 30 s was too tight.
  test.setTimeout(90_000);
  await signedIn(page, "admin", "/admin/quotations");
  await expect(page.getByRole("heading", { name: "Quotation Management", level: 1 })).toBeVisible();
  const sent = page.getByRole("row").filter({ hasText: E2E_PORTAL_QUOTATIONS.sent.eventName });
  await expect(sent.getByText("Sent", { exact: true })).toBeVisible();
  await expect(sent.getByRole("link", { name: "customer@e2e.test" })).toHaveAttribute(
    "href",
    "mailto:customer@e2e.test",
  );

  // The next state of the list is slow to come: the skeleton stands in for the rows meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/quotations\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Status").selectOption("pending");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("list-skeleton")).toBeVisible();
  release();
  await expect(page.getByTestId("list-skeleton")).toHaveCount(0);
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole("row").filter({ hasText: E2E_PORTAL_QUOTATIONS.sent.eventName })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: E2E_PORTAL_QUOTATIONS.pending.eventName })).toBeVisible();
  await page.unrouteAll();

  await page.goto("/admin/quotations?q=no-such-quotation-anywhere");
  await expect(page.getByText("No quotation requests found")).toBeVisible();

  await page.goto(`/admin/quotations?q=${encodeURIComponent(E2E_PORTAL_QUOTATIONS.pending.eventName)}`);
  await page.getByRole("link", { name: `View details of ${E2E_PORTAL_QUOTATIONS.pending.eventName}` }).click();
  const panel = page.getByRole("dialog");
  await expect(panel.getByRole("heading", { name: "Quotation Details" })).toBeVisible();
  await expect(panel.getByText("Submitted on")).toBeVisible();
  // The short reference the customer's e-mails, portal and PDF give.
  await expect(panel.getByText(`#${E2E_PORTAL_QUOTATIONS.pending.id.slice(0, 8)}`, { exact: true })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`view=${E2E_PORTAL_QUOTATIONS.pending.id}`));
  // A two-day rental: each line priced per day says its rate and days, and is charged for both (ADR 0019).
  const charges = panel.getByTestId("line-charge");
  await expect(charges).toHaveText(["1 sqm × ৳5,000.00 × 2 days", "8 × ৳1,500.00 × 2 days"]);
  await expect(panel.getByTestId("line-total")).toHaveText(["৳10,000.00", "৳24,000.00"]);
  // "Add a product" searches the inventory as one types (never the whole inventory in the page); choosing a match
  // adds its line, charged like the others. Nothing is saved here.
  await panel.getByLabel("Add a product").fill("truss");
  const match = panel.getByRole("button", { name: /Add Aluminium Stage Truss System/ });
  await match.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `.tmp/screenshots/quotation-panel-product-search-${info.project.name}.png` });
  await match.click();
  await expect(panel.getByTestId("line-charge")).toHaveCount(3);
  await expect(panel.getByRole("group", { name: "Lines" })).toContainText("Aluminium Stage Truss System");
  await expect(panel.getByLabel("Add a product")).toHaveValue("");
  await panel.getByRole("heading", { name: "Products" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `.tmp/screenshots/quotation-panel-days-${info.project.name}.png` });
});
