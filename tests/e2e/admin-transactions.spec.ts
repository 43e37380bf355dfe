import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { screenFitProblems } from "./support/screen-fit";

// Transactions (backoffice.md §2, §8; issue 21): the cards read from the ledger, New Transaction checked in the
// browser first, a completed one changing Total Income and Current Balance at once, the method choosing its account
// and a category its type, the CSV of what is shown; and New Transaction as a plain form post without JavaScript.
// On a server of its own: what it posts moves no other spec's figures.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "transactions-admin@e2e.test", password: "transactions-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const PATH = "/admin/accounts";

const dialog = (page: Page) => page.getByRole("dialog");
const tagOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** A card's figure in paisa ("৳1,234.50" → 123450n). */
async function cardPaisa(page: Page, card: "income" | "expenses" | "balance"): Promise<bigint> {
  const text = (await page.getByTestId(`card-${card}`).getByTestId("card-value").textContent()) ?? "";
  const match = /^৳(-?[\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const whole = BigInt(match[1]!.replace(/,/g, ""));
  return whole * 100n + (whole < 0n ? -1n : 1n) * BigInt(match[2]!);
}

async function fitsWindow(page: Page, within: "main" | "dialog" = "main") {
  expect(await screenFitProblems(page, within)).toEqual([]);
}

test("a completed transaction changes the cards at once; the form checks itself first @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  await signedIn(page, PATH);
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  for (const title of ["Total Income", "Total Expenses", "Current Balance"])
    await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  await fitsWindow(page);
  const income = await cardPaisa(page, "income");
  const expenses = await cardPaisa(page, "expenses");
  const balance = await cardPaisa(page, "balance");

  await page.getByRole("link", { name: "New Transaction" }).click();
  await expect(dialog(page).getByRole("heading", { name: "New Transaction" })).toBeVisible();
  await fitsWindow(page, "dialog");
  // The form's own rules run in the browser first (ADR 0022): the messages appear and nothing is sent.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await dialog(page).getByRole("button", { name: "Add Transaction" }).click();
  await expect(page.getByText("Failed to add transaction: Choose a type: income or expense").first()).toBeVisible();
  await expect(dialog(page).getByText("Amount is required")).toBeVisible();
  await dialog(page).getByLabel("Amount (৳)").fill("0");
  await dialog(page).getByRole("button", { name: "Add Transaction" }).click();
  await expect(dialog(page).getByText("Amount must be more than 0")).toBeVisible();
  expect(posts).toEqual([]);

  // Choosing a category chooses its type; choosing a method chooses its default account.
  await dialog(page).getByLabel("Category").selectOption("Utilities");
  await expect(dialog(page).getByLabel("Type")).toHaveValue("expense");
  await dialog(page).getByLabel("Type").selectOption("income");
  await expect(dialog(page).getByLabel("Category")).toHaveValue("");
  await dialog(page).getByLabel("Category").selectOption("Equipment Rental");
  await dialog(page).getByLabel("Payment Method").selectOption("cash");
  await expect(dialog(page).getByLabel("Account")).toHaveValue(/.+/);
  await expect(dialog(page).getByLabel("Account").locator("option:checked")).toHaveText("1000 Cash in Hand");
  await dialog(page).getByLabel("Amount (৳)").fill("1,234.50");
  await dialog(page).getByLabel("Description").fill(`Truss hire ${tag}`);
  await dialog(page).getByLabel("Reference").fill(`INV-${tag}`);
  await dialog(page).getByRole("button", { name: "Add Transaction" }).click();
  await expect(page.getByText("Transaction added successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // From the ledger: the income and the cash it brought, both this month.
  await expect.poll(() => cardPaisa(page, "income")).toBe(income + 123_450n);
  expect(await cardPaisa(page, "balance")).toBe(balance + 123_450n);
  expect(await cardPaisa(page, "expenses")).toBe(expenses);

  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const row = page.getByRole("row").filter({ hasText: `Truss hire ${tag}` });
  await expect(row.getByText("+৳1,234.50")).toBeVisible();
  await expect(row.getByText("Completed")).toBeVisible();
  await fitsWindow(page);

  // The CSV of what is shown: this search, this month.
  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toBe(`/admin/accounts/export?q=${tag}`);
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    `Income,Equipment Rental,Truss hire ${tag},1234.50,Completed,Cash,1000 Cash in Hand,INV-${tag}`,
  );

  // Its details: the entry it posted.
  await row.getByRole("link", { name: /^View Equipment Rental/ }).click();
  await expect(dialog(page).getByRole("heading", { name: "Income: Equipment Rental" })).toBeVisible();
  await expect(dialog(page).getByRole("link", { name: "Its journal entry" })).toHaveAttribute(
    "href",
    /^\/admin\/accounts\/ledger\?entry=/,
  );
});

test("a pending expense is a payable: owed, its Settle on Payables & Receivables", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  await signedIn(page, `${PATH}?new=1`);
  await dialog(page).getByLabel("Type").selectOption("expense");
  await dialog(page).getByLabel("Category").selectOption("Transportation");
  await dialog(page).getByLabel("Amount (৳)").fill("2500");
  await dialog(page).getByLabel("Description").fill(`Truck to Sylhet ${tag}`);
  await dialog(page).getByLabel("Status").selectOption("pending");
  await dialog(page).getByLabel("Party").fill(`Haulage ${tag}`);
  await dialog(page).getByRole("button", { name: "Add Transaction" }).click();
  await expect(page.getByText("Transaction added successfully").first()).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `Truck to Sylhet ${tag}` });
  await expect(row.getByText("Pending")).toBeVisible();
  await row.getByRole("link", { name: /^Settle Transportation/ }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/payables\?settle=/);
  await expect(dialog(page).getByRole("heading", { name: "Settle payable" })).toBeVisible();
  await expect(dialog(page).getByTestId("settle-left")).toHaveText("৳2,500.00");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("New Transaction is a plain form post: a refusal keeps the dialog with its message, then it is added @mobile", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const tag = tagOf();
    await signedIn(page, PATH);
    await page.getByRole("link", { name: "New Transaction" }).click();
    await expect(page).toHaveURL(/\?new=1$/);
    await expect(page.getByRole("heading", { name: "New Transaction" })).toBeVisible();
    await dialog(page).getByLabel("Type").selectOption("expense");
    // A category of the other type: the server's message, what was typed kept.
    await dialog(page).getByLabel("Category").selectOption("Sales");
    await dialog(page).getByLabel("Amount (৳)").fill("750");
    await dialog(page).getByLabel("Description").fill(`Office tea ${tag}`);
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page.getByText("Sales is not an expense category")).toBeVisible();
    await expect(dialog(page).getByLabel("Description")).toHaveValue(`Office tea ${tag}`);
    await dialog(page).getByLabel("Category").selectOption("Office Expenses");
    await page.getByRole("button", { name: "Add Transaction" }).click();
    await expect(page).toHaveURL((url) => url.pathname === PATH && !url.search.includes("new="));
    await expect(page.getByRole("heading", { name: "New Transaction" })).toHaveCount(0);
    const row = page.getByRole("row").filter({ hasText: `Office tea ${tag}` });
    await expect(row.getByText("−৳750.00")).toBeVisible();
  });
});
