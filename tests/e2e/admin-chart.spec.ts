import { expect as baseExpect, test as base, type Page } from "@playwright/test";
import { hydrated, open } from "./support/auth";
import { postsOf, startPostgresSite, stopPostgresSite, type PostgresSite } from "./support/postgres-site";

// The chart of accounts, an account's page and Settings > Accounting (issue 21) as people use them: add an account
// (a wrong field stopped in the browser, a taken code refused by the server), rename it, deactivate and reactivate
// it, see its running balance after two postings, give it a role (it then cannot be deactivated) and set the lock
// date; an accountant finds Settings > Accounting among the tabs, staff are refused it.
// Each worker has a server of its own on a PostgreSQL database of its own, so the test posts its entries (with the
// domain's postEntry) while the server runs.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "root@chart.test", password: "chart-admin-password-1" };
const shots = (name: string, project: string) => `.tmp/screenshots/chart-${name}-${project}.png`;

const test = base.extend<object, { site: PostgresSite | null }>({
  site: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const site = await startPostgresSite({ name: "chart", admin: ADMIN });
      await provide(site);
      if (site) await stopPostgresSite(site);
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ site }, provide) => provide(site?.server.url),
});

test.beforeEach(({ site }) => {
  test.skip(!site, "no PostgreSQL at 127.0.0.1:5432");
});
test.describe.configure({ timeout: 180_000 });

async function signIn(page: Page, user: { email: string; password: string }) {
  await open(page, "/admin/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await hydrated(page);
}

const dialog = (page: Page) => page.getByRole("dialog");

/** Two entries on the account today, through the book's one way in: 1,500.00 in, then 250.50 out. */
async function postTwoEntries(site: PostgresSite, accountId: string) {
  const { postEntry } = await import("../../app/domain/accounting/ledger.server");
  const { twoLines } = await import("../../app/domain/accounting/journal");
  const { seedId } = await import("../../app/db/seed/ids");
  const { todayInDhaka } = await import("../../app/lib/dhaka-time");
  const date = todayInDhaka();
  const entry = (reference: string, description: string, debit: string, credit: string, amount: bigint) =>
    site.db.db.transaction((tx) =>
      postEntry(tx, {
        date,
        description,
        reference,
        source: { type: "manual" },
        lines: twoLines(debit, credit, amount),
        createdBy: null,
      }),
    );
  const suffix = accountId.slice(0, 6);
  await entry(`JE-IN-${suffix}`, "Stage hire paid in cash", accountId, seedId("account:4000"), 150_000n);
  await entry(`JE-OUT-${suffix}`, "Printer paper", seedId("account:6500"), accountId, 25_050n);
}

test("add, rename, deactivate and reactivate an account; its running balance; a role and the lock date @mobile", async ({
  page,
  site,
}, info) => {
  const project = info.project.name;
  const code = project === "mobile" ? "1031" : "1030";
  const firstName = `Site Float ${project}`;
  const name = `Site Office Float ${project}`;
  await signIn(page, ADMIN);

  // The menu leads there (on a phone, through the menu button).
  await open(page, "/admin");
  if (project === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Back office" }).last();
  await menu.locator("summary", { hasText: "Accounts" }).click();
  await menu.getByRole("link", { name: "Chart of accounts" }).click();
  await expect(page.getByRole("heading", { name: "Chart of accounts", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("row").filter({ hasText: "1000 Cash in Hand" })).toBeVisible();
  await page.screenshot({ path: shots("list", project) });

  // Add: a missing name is stopped by the browser with the field's message, nothing posted.
  await page.getByRole("link", { name: "Add Account" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Add Account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const posts = postsOf(page);
  await dialog(page).getByLabel("Code").fill(code);
  await dialog(page).getByLabel("Type").selectOption("asset");
  await dialog(page).getByRole("button", { name: "Add Account" }).click();
  await expect(dialog(page).getByText("Name is required")).toBeVisible();
  expect(posts).toEqual([]);
  await dialog(page).getByLabel("Name").fill(firstName);
  await dialog(page).getByLabel("Parent account").selectOption({ label: "1000 Cash in Hand" });
  await dialog(page).getByLabel("Payment account").selectOption({ label: "Yes: Cash" });
  await dialog(page).getByLabel("Description").fill("Cash kept at the site office for small purchases");
  await page.screenshot({ path: shots("add-dialog", project) });
  await dialog(page).getByRole("button", { name: "Add Account" }).click();
  await expect(page.getByText("Account added successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  let row = page.getByRole("row").filter({ hasText: `${code} ${firstName}` });
  await expect(row).toBeVisible();

  // A code that is taken: the server's field message, the dialog still open.
  await page.getByRole("link", { name: "Add Account" }).click();
  await dialog(page).getByLabel("Code").fill("1000");
  await dialog(page).getByLabel("Name").fill("Second Cash");
  await dialog(page).getByLabel("Type").selectOption("asset");
  await dialog(page).getByRole("button", { name: "Add Account" }).click();
  await expect(dialog(page).getByText("Another account has this code")).toBeVisible();
  await dialog(page).getByRole("link", { name: "Cancel" }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Rename.
  await row.getByRole("link", { name: `Edit ${code} ${firstName}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await dialog(page).getByLabel("Name").fill(name);
  await page.screenshot({ path: shots("edit-dialog", project) });
  await dialog(page).getByRole("button", { name: "Update Account" }).click();
  await expect(page.getByText("Account updated successfully").first()).toBeVisible();
  row = page.getByRole("row").filter({ hasText: `${code} ${name}` });
  await expect(row).toBeVisible();

  // Deactivate, then reactivate.
  await row.getByRole("link", { name: `Deactivate ${code} ${name}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Deactivate account" })).toBeVisible();
  await page.screenshot({ path: shots("deactivate-dialog", project) });
  await dialog(page).getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("Account deactivated: it is no longer offered for new postings").first()).toBeVisible();
  await expect(row.getByText("Deactivated")).toBeVisible();
  await row.getByRole("link", { name: `Reactivate ${code} ${name}` }).click();
  await dialog(page).getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText("Account reactivated").first()).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();

  // Two postings; the account's page shows this month's figures and the balance after each line, newest first.
  const { chartOfAccounts } = await import("../../app/db/schema");
  const { eq } = await import("drizzle-orm");
  const [account] = await site!.db.db.select().from(chartOfAccounts).where(eq(chartOfAccounts.code, code));
  await postTwoEntries(site!, account!.id);
  await open(page, `/admin/accounts/chart?q=${code}`);
  await expect(page.getByRole("row").filter({ hasText: name }).getByText("৳1,249.50")).toBeVisible();
  await page.getByRole("link", { name: `${code} ${name}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: `${code} ${name}`, level: 1 })).toBeVisible();
  await expect(page.getByText("Under 1000 Cash in Hand")).toBeVisible();
  const figures = page.getByRole("definition");
  await expect(figures).toHaveText(["৳0.00", "৳1,500.00", "৳250.50", "৳1,249.50"]);
  const lines = page.getByRole("region", { name: "Lines of the account" }).getByRole("row");
  await expect(lines.filter({ hasText: "Printer paper" })).toContainText("৳1,249.50");
  await expect(lines.filter({ hasText: "Stage hire paid in cash" })).toContainText("৳1,500.00");
  await expect(lines.nth(1)).toContainText("Printer paper");
  await page.screenshot({ path: shots("account-page", project), fullPage: true });
  // Each line opens its entry in the General Ledger.
  await expect(lines.filter({ hasText: "Printer paper" }).getByRole("link", { name: /JE-OUT-/ })).toHaveAttribute(
    "href",
    /\/admin\/accounts\/ledger\?entry=[0-9a-f-]{36}$/,
  );

  // Settings > Accounting: the account becomes the default cash account; a lock date in the future is refused
  // by the browser; a past one is saved.
  await open(page, "/admin/settings/accounting");
  await expect(page.getByRole("heading", { name: "Accounting settings", level: 1 })).toBeVisible();
  await page.getByLabel("Cash: default account").selectOption({ label: `${code} ${name}` });
  const settingsPosts = postsOf(page);
  await page.getByLabel("Lock date").fill("2099-12-31");
  await page.getByRole("button", { name: "Save accounting settings" }).click();
  await expect(page.getByText(/The lock date cannot be in the future/).first()).toBeVisible();
  expect(settingsPosts).toEqual([]);
  await page.getByLabel("Lock date").fill("2025-01-31");
  await page.screenshot({ path: shots("settings", project) });
  await page.getByRole("button", { name: "Save accounting settings" }).click();
  await expect(page.getByText("Accounting settings saved").first()).toBeVisible();
  await open(page, "/admin/settings/accounting");
  await expect(page.getByLabel("Cash: default account")).toHaveValue(account!.id);
  await expect(page.getByLabel("Lock date")).toHaveValue("2025-01-31");
  await expect(page.getByText("The books are closed up to and including Jan 31, 2025.")).toBeVisible();

  // Now a role uses it: the dialog names the role and leads to the settings instead of deactivating.
  await open(page, `/admin/accounts/chart?q=${code}`);
  await page.getByRole("link", { name: `Deactivate ${code} ${name}` }).click();
  await expect(dialog(page).getByText(`${code} ${name} cannot be deactivated now.`)).toBeVisible();
  await expect(dialog(page).getByText(/It is used for "Cash: default account" in Settings > Accounting/)).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  await expect(dialog(page).getByRole("link", { name: "Open Settings > Accounting" })).toBeVisible();
  await page.screenshot({ path: shots("deactivate-refused", project) });
});

test("an accountant finds Settings > Accounting beside My account; staff do not @mobile", async ({ browser, site }) => {
  const { createPasswordUser } = await import("../../app/domain/auth/users.server");
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const accountant = { email: `accountant.${unique}@chart.test`, password: `acc-${unique}-password` };
  const staff = { email: `staff.${unique}@chart.test`, password: `staff-${unique}-password` };
  await createPasswordUser(site!.db.db, { name: "Nusrat Accountant", ...accountant, role: "accountant" });
  await createPasswordUser(site!.db.db, { name: "Rafi Staff", ...staff, role: "staff" });

  const accountantPage = await (await browser.newContext({ baseURL: site!.server.url })).newPage();
  await signIn(accountantPage, accountant);
  await open(accountantPage, "/admin/settings/account");
  const tabs = accountantPage.getByRole("navigation", { name: "Settings" });
  await expect(tabs.getByRole("link")).toHaveText(["Accounting", "My account"]);
  await tabs.getByRole("link", { name: "Accounting" }).click();
  await expect(accountantPage.getByRole("heading", { name: "Accounting settings", level: 1 })).toBeVisible();

  const staffPage = await (await browser.newContext({ baseURL: site!.server.url })).newPage();
  await signIn(staffPage, staff);
  const response = await open(staffPage, "/admin/settings/accounting");
  expect(response?.status()).toBe(403);
  await open(staffPage, "/admin/settings/account");
  await expect(staffPage.getByRole("navigation", { name: "Settings" })).toHaveCount(0);
});
