import { expect as baseExpect, test } from "@playwright/test";
import { hydrated } from "./support/auth";
import { removeDataDir, startServer, stopServer, withStoppedDatabase } from "./support/isolated-server";
import { screenFitProblems } from "./support/screen-fit";

// A bank transaction on a control account names its party (issue 36): Add Transaction with the receivable on the
// other side asks for the customer (refused without one, the message under the select), and the posted withdrawal
// says whose adjustment it is. The dialog fits 375 px and 1280 px (screenshots kept in test-results/). On a server of
// its own: the receivable is marked as kept by customer while the server is stopped (whether or not the seed marks
// it), and the customer is added there.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "bank-parties@e2e.test", password: "bank-parties-password" };
const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SIGN_IN_RATE_LIMIT: "1000/900" };
const PATH = "/admin/accounts/reconciliation";

test("Add Transaction to the receivable names the customer", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  let server = await startServer(env);
  const dataDir = server.dataDir;
  try {
    expect(await stopServer(server)).toBe(0);
    await withStoppedDatabase(dataDir, async (db) => {
      await db.query("update chart_of_accounts set party_kind = 'customer' where code = '1300'");
      await db.query("insert into customers (name, email) values ('Nadia Rahman', 'nadia@bank-parties.test')");
    });
    server = await startServer({ ...env, DATA_DIR: dataDir });

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const start = `${PATH}?account=1100&new=1`;
    await page.goto(`/admin/login?redirectTo=${encodeURIComponent(start)}`);
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === PATH, { timeout: 30_000 });
    await hydrated(page);

    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Add Transaction" })).toBeVisible();
    await dialog.getByLabel("Kind").selectOption({ label: "Withdrawal" });
    const counter = dialog.getByLabel("Goes to (account)");
    // No party is asked for an account kept by none.
    await counter.selectOption({ label: "3200 - Owner's Drawings" });
    await expect(dialog.getByLabel("Customer")).toHaveCount(0);
    await counter.selectOption({ label: "1300 - Accounts Receivable (kept by customer)" });
    const customer = dialog.getByLabel("Customer");
    await expect(customer).toBeVisible();
    await dialog.getByLabel("Amount (৳)").fill("1,750");
    await dialog.getByLabel("Description").fill("Refund of overpayment");
    await dialog.getByLabel("Reference").fill("RF-NADIA");

    // Without the customer: refused, the message under the select, nothing posted.
    await dialog.getByRole("button", { name: "Add Transaction" }).click();
    await expect(
      dialog.getByText(
        "Account 1300 Accounts Receivable is kept by customer: choose the customer whose balance this transaction adjusts",
      ),
    ).toBeVisible();
    await expect(customer).toHaveAttribute("aria-invalid", "true");

    await customer.selectOption({ label: "Nadia Rahman · nadia@bank-parties.test" });
    await expect(customer).toHaveValue(/^customer:/);
    await page.screenshot({ path: testInfo.outputPath("add-transaction-party-1280.png") });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => screenFitProblems(page, "dialog"), { timeout: 5_000 }).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath("add-transaction-party-375.png") });
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Withdrawal of ৳1,750.00 recorded").first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const line = page.getByTestId("ledger-line").filter({ hasText: "RF-NADIA" });
    await expect(line).toContainText("Refund of overpayment (adjustment of customer Nadia Rahman)");
    await expect(line).toContainText("৳1,750.00");
    await context.close();
  } finally {
    await stopServer(server);
    removeDataDir(dataDir);
  }
});
