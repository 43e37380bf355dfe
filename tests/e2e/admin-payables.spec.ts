import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { screenFitProblems } from "./support/screen-fit";

// Payables & Receivables (backoffice.md §2; issue 21): New Payable overdue in its table with the totals by age,
// Settle part of it (the browser refusing more than is left first), what is left shown, then the rest, and the
// settled one gone from the list; New Receivable in the other table. On a server of its own.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "payables-admin@e2e.test", password: "payables-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const PATH = "/admin/accounts/payables";

const dialog = (page: Page) => page.getByRole("dialog");
const tagOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const dhakaDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date(Date.now() + days * 86_400_000));

async function fitsWindow(page: Page, within: "main" | "dialog" = "main") {
  expect(await screenFitProblems(page, within)).toEqual([]);
}

const payables = (page: Page) => page.getByRole("region", { name: "Accounts Payable" });

test("new payable, part-settled, what is left, then settled and gone @mobile", async ({ page }) => {
  test.setTimeout(150_000);
  const tag = tagOf();
  const supplier = `Rahman Engineering ${tag}`;
  await signedIn(page, PATH);
  await expect(page.getByRole("heading", { name: "Payables & Receivables", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Accounts Payable", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Accounts Receivable", level: 2 })).toBeVisible();
  await fitsWindow(page);

  await page.getByRole("link", { name: "New Payable" }).click();
  await expect(dialog(page).getByRole("heading", { name: "New Payable" })).toBeVisible();
  await fitsWindow(page, "dialog");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await dialog(page).getByRole("button", { name: "Add Payable" }).click();
  await expect(page.getByText("Failed to add payable: Supplier is required").first()).toBeVisible();
  expect(posts).toEqual([]);
  await dialog(page).getByLabel("Supplier").fill(supplier);
  await dialog(page).getByLabel(/^Date/).fill(dhakaDay(-40));
  await dialog(page).getByLabel("Category").selectOption("Maintenance");
  await dialog(page).getByLabel("Amount (৳)").fill("10,000");
  await dialog(page).getByLabel("Description").fill("Generator overhaul");
  await dialog(page).getByLabel("Due Date").fill(dhakaDay(-10));
  await dialog(page).getByRole("button", { name: "Add Payable" }).click();
  await expect(page.getByText("Payable added successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const row = page.getByTestId("payable-row").filter({ hasText: supplier });
  await expect(row.getByTestId("left")).toHaveText("৳10,000.00");
  await expect(row.getByText("Overdue")).toBeVisible();
  await expect(row.getByText("10 days overdue")).toBeVisible();
  // Ten days past due: in 1–30, with whatever else this server holds.
  await expect(page.getByTestId("ageing-payable").getByTestId("age-1-30")).not.toHaveText("৳0.00");

  await row.getByRole("link", { name: /^Settle / }).click();
  await expect(dialog(page).getByRole("heading", { name: "Settle payable" })).toBeVisible();
  await fitsWindow(page, "dialog");
  await expect(dialog(page).getByTestId("settle-left")).toHaveText("৳10,000.00");
  await expect(dialog(page).getByLabel("Amount (৳)")).toHaveValue("10000.00");
  posts.length = 0;
  await dialog(page).getByLabel("Amount (৳)").fill("12000");
  await dialog(page).getByRole("button", { name: "Record payment" }).click();
  await expect(dialog(page).getByText("Amount can be at most what is left: ৳10,000.00")).toBeVisible();
  expect(posts).toEqual([]);
  await dialog(page).getByLabel("Payment Method").selectOption("cash");
  await expect(dialog(page).getByLabel("Paid from").locator("option:checked")).toHaveText("1000 Cash in Hand");
  await dialog(page).getByLabel("Amount (৳)").fill("4000");
  await dialog(page).getByLabel("Reference").fill(`CHQ-${tag}`);
  await dialog(page).getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("Paid ৳4,000.00; ৳6,000.00 left").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row.getByTestId("left")).toHaveText("৳6,000.00");
  await expect(row.getByText("৳4,000.00 settled")).toBeVisible();

  await row.getByRole("link", { name: /^View / }).click();
  await expect(dialog(page).getByTestId("details-left")).toHaveText("৳6,000.00");
  await expect(dialog(page).getByText(`Cash · 1000 Cash in Hand · CHQ-${tag}`)).toBeVisible();
  await dialog(page).getByRole("link", { name: "Settle" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Settle payable" })).toBeVisible();
  await expect(dialog(page).getByLabel("Amount (৳)")).toHaveValue("6000.00");
  await dialog(page).getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(`Paid in full: the payable to ${supplier} is settled`).first()).toBeVisible();
  await expect(page.getByTestId("payable-row").filter({ hasText: supplier })).toHaveCount(0);
});

test("a new receivable is listed under Accounts Receivable, not yet due", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const customer = `Bashundhara Group ${tag}`;
  await signedIn(page, `${PATH}?new=receivable`);
  await expect(dialog(page).getByRole("heading", { name: "New Receivable" })).toBeVisible();
  await dialog(page).getByLabel("Customer").fill(customer);
  await dialog(page).getByLabel("Category").selectOption("Service Fee");
  await dialog(page).getByLabel("Amount (৳)").fill("56000");
  await dialog(page).getByLabel("Due Date").fill(dhakaDay(14));
  await dialog(page).getByRole("button", { name: "Add Receivable" }).click();
  await expect(page.getByText("Receivable added successfully").first()).toBeVisible();
  const row = page.getByTestId("receivable-row").filter({ hasText: customer });
  await expect(row.getByTestId("left")).toHaveText("৳56,000.00");
  await expect(row.getByText("Due in 14 days")).toBeVisible();
  await expect(row.getByText("Overdue")).toHaveCount(0);
  await expect(payables(page).getByText(customer)).toHaveCount(0);
});
