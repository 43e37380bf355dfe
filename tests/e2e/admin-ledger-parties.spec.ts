import { expect as baseExpect, test } from "@playwright/test";
import { hydrated } from "./support/auth";
import { removeDataDir, startServer, stopServer, withStoppedDatabase } from "./support/isolated-server";

// A manual journal on a control account names its party (issue 36): New Journal Entry debiting Accounts Receivable
// asks for the line's customer, and the posted entry names them ("Accounts Receivable · Nadia Rahman", an adjustment
// of hers). On a server of its own: the receivable is marked as kept by customer while the server is stopped (the
// seed does not mark it yet), and the customer is added there.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "ledger-parties@e2e.test", password: "ledger-parties-password" };
const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SIGN_IN_RATE_LIMIT: "1000/900" };
const PATH = "/admin/accounts/ledger";

test("a posted manual entry debiting the receivable names its customer", async ({ browser }) => {
  test.setTimeout(180_000);
  let server = await startServer(env);
  const dataDir = server.dataDir;
  try {
    expect(await stopServer(server)).toBe(0);
    await withStoppedDatabase(dataDir, async (db) => {
      await db.query("update chart_of_accounts set party_kind = 'customer' where code = '1300'");
      await db.query("insert into customers (name, email) values ('Nadia Rahman', 'nadia@parties.test')");
    });
    server = await startServer({ ...env, DATA_DIR: dataDir });

    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto(`/admin/login?redirectTo=${encodeURIComponent(`${PATH}?new=1`)}`);
    await hydrated(page);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === PATH, { timeout: 30_000 });
    await hydrated(page);

    const dialog = page.getByRole("dialog");
    const save = dialog.getByRole("button", { name: "Save", exact: true });
    await expect(dialog.getByRole("heading", { name: "New Journal Entry" })).toBeVisible();
    await dialog.getByLabel("Entry Date").fill("2026-03-05");
    await dialog.getByLabel("Reference").fill("ADJ-NADIA");
    await dialog.getByLabel("Description", { exact: true }).fill("Late fee charged");
    await dialog.getByLabel("Status").selectOption("posted");
    // A line on the receivable asks for its customer; the income line asks for none.
    await expect(dialog.getByLabel("Line 1 Customer")).toHaveCount(0);
    await dialog.getByLabel("Line 1 Account").selectOption({ label: "1300 · Accounts Receivable" });
    await expect(dialog.getByLabel("Line 1 Customer")).toBeVisible();
    await dialog.getByLabel("Line 1 Debit (৳)").fill("500");
    await dialog.getByRole("button", { name: "Add line" }).click();
    await dialog.getByLabel("Line 2 Account").selectOption({ label: "4900 · Other Income" });
    await dialog.getByLabel("Line 2 Credit (৳)").fill("500");
    await expect(dialog.getByLabel("Line 2 Customer")).toHaveCount(0);

    // Saved without the customer: refused in the browser on the line's Customer.
    await save.click();
    await expect(dialog.getByText("Choose the customer of this line")).toBeVisible();
    await expect(dialog.getByLabel("Line 1 Customer")).toBeFocused();

    await dialog.getByLabel("Line 1 Customer").selectOption({ label: "Nadia Rahman · nadia@parties.test" });
    await save.click();
    await expect(page.getByText("Journal entry created successfully").first()).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const entry = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "ADJ-NADIA", exact: true }) });
    await expect(entry.getByText("Posted", { exact: true })).toBeVisible();
    const line = entry.getByRole("row").filter({ hasText: "Accounts Receivable" });
    await expect(line).toContainText("1300Accounts Receivable · Nadia Rahman");
    await expect(line.getByText("Adjustment of Nadia Rahman")).toBeVisible();
    await expect(entry.getByRole("row").filter({ hasText: "Other Income" })).not.toContainText("Nadia");
    await context.close();
  } finally {
    await stopServer(server);
    removeDataDir(dataDir);
  }
});
