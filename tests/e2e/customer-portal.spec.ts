import { expect, test, type Page } from "@playwright/test";
import { hydrated, open } from "./support/auth";
import { E2E_PORTAL_MUST_CHANGE, E2E_PORTAL_QUOTATIONS, E2E_USERS } from "./support/fixtures";

// The customer portal (backoffice.md §2 Customer pages, §4, §6): a customer signs in, sees only the quotations
// sent to their own e-mail, opens one, and gets 404 for another customer's; a customer with a temporary
// password must choose their own first.

const { pending, sent, other } = E2E_PORTAL_QUOTATIONS;

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("a customer signs in, sees only their own quotations, opens one, and cannot open another's @mobile", async ({
  page,
}) => {
  // Without a session the portal sends one to its sign-in page.
  await page.goto("/customer/dashboard");
  await expect(page).toHaveURL(/\/customer\/login$/);
  await hydrated(page);
  await expect(page).toHaveTitle("Customer Login");
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  await logIn(page, E2E_USERS.customer.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await logIn(page, E2E_USERS.customer.email, E2E_USERS.customer.password);
  await expect(page).toHaveURL(/\/customer\/dashboard$/);

  await expect(page.getByRole("banner")).toContainText(E2E_USERS.customer.email);
  const table = page.getByRole("region", { name: "Quotations" });
  const cell = (text: string) => table.getByRole("cell", { name: text, exact: true });
  await expect(cell(pending.eventName)).toBeVisible();
  await expect(cell(sent.eventName)).toBeVisible();
  await expect(page.getByText(other.eventName)).toHaveCount(0);
  await expect(table.getByText(`${sent.id.slice(0, 8)}...`, { exact: true })).toBeVisible();

  // The filter is in the URL.
  await page.getByLabel("Status").selectOption("sent");
  await expect(page).toHaveURL(/\/customer\/dashboard\?status=sent$/);
  await expect(cell(pending.eventName)).toHaveCount(0);
  await page.getByLabel("Status").selectOption("rejected");
  await expect(page.getByText("No quotations found")).toBeVisible();
  await page.getByLabel("Status").selectOption("");
  await expect(page).toHaveURL(/\/customer\/dashboard$/);

  // The sent one shows the revision's figures, in taka.
  await table.getByRole("link", { name: `View Details of ${sent.eventName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/quotation/${sent.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quotation #${sent.id.slice(0, 8)}...`);
  const speakers = page.getByRole("row", { name: /Line Array Speaker/ });
  await expect(speakers).toContainText("৳12,500.00");
  await expect(speakers).toContainText("৳50,000.00");
  await expect(page.getByText("VAT (15%)")).toBeVisible();
  await expect(page.getByText("৳66,125.00")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("$");
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Reject and Negotiate each open their own reason and button (not sent here: the fixture stays sent).
  const answer = page.locator("main");
  for (const [summary, prompt, button] of [
    ["Reject", "Why are you rejecting this quotation?", "Reject quotation"],
    ["Negotiate", "What would you like us to change?", "Ask to negotiate"],
  ] as const) {
    await expect(answer.getByLabel(prompt)).toBeHidden();
    await answer.getByText(summary, { exact: true }).click();
    await expect(answer.getByLabel(prompt)).toBeVisible();
    await expect(answer.getByRole("button", { name: button })).toBeVisible();
  }

  // The pending one shows the lines as asked for, without prices.
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.getByRole("link", { name: `View Details of ${pending.eventName}` }).click();
  await expect(page.getByText("Prices will be shown once the quotation is sent")).toBeVisible();
  await expect(page.getByText("Stage ready by 4 pm, please.")).toBeVisible();

  // Another customer's quotation, an unknown id and a malformed one are not there.
  for (const id of [other.id, "e2e0ffff-0000-4000-8000-00000000ffff", "not-an-id"]) {
    const response = await page.goto(`/customer/quotation/${id}`);
    expect(response?.status(), id).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { name: "Quotation not found" })).toBeVisible();
    await expect(page.getByText(other.eventName)).toHaveCount(0);
  }

  // Signing out closes the portal.
  await open(page, "/customer/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/customer\/login$/);
  await page.goto(`/customer/quotation/${sent.id}`);
  await expect(page).toHaveURL(/\/customer\/login\?redirectTo=/);
});

test("a staff user cannot sign in to the portal", async ({ page }) => {
  await open(page, "/customer/login");
  await logIn(page, E2E_USERS.staff.email, E2E_USERS.staff.password);
  await expect(page.getByRole("alert")).toHaveText("Unauthorized: Customer access required");
});

test("a customer with a temporary password must choose their own, then reaches the dashboard", async ({ page }) => {
  // Several sign-ins and password hashes: slow on a busy 2-core machine.
  test.setTimeout(90_000);
  const user = E2E_PORTAL_MUST_CHANGE;
  await open(page, "/customer/login");
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/customer\/change-password$/);
  await page.goto("/customer/dashboard");
  await expect(page).toHaveURL(/\/customer\/change-password$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await page.getByLabel("Current password").fill(user.password);
  await page.locator('input[name="newPassword"]').fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("New password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("Current password").fill(user.password);
  await page.locator('input[name="newPassword"]').fill("my-own-portal-password");
  await page.getByLabel("Confirm new password").fill("my-own-portal-password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByText("Password changed successfully!")).toBeVisible();
  await expect(page.getByText("No quotations found")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in is a plain form post, and errors come back in the page", async ({ page }) => {
    await page.goto("/customer/login");
    await logIn(page, E2E_USERS.customer.email, "wrong-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await logIn(page, E2E_USERS.customer.email, E2E_USERS.customer.password);
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    await expect(page.getByRole("heading", { name: "My Quotations" })).toBeVisible();
  });
});
