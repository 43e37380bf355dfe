import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { screenFitProblems } from "./support/screen-fit";

// The General Ledger (backoffice.md §2, §5, §8; issue 21): New Journal Entry with the lines editor (one empty line to
// start, the first not removable, Save disabled until the totals balance and are not zero, the form's own rules in
// the browser first), the entry in the list with its lines, Reverse dated today in Dhaka, a draft's Edit and Post,
// and the same form without JavaScript. On a server of its own: the entries it posts move no other spec's figures.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "ledger-admin@e2e.test", password: "ledger-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const PATH = "/admin/accounts/ledger";

const dialog = (page: Page) => page.getByRole("dialog");
const tagOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const todayInDhaka = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date());

/** The entry titled `reference` in the list. */
const entry = (page: Page, reference: string): Locator =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: reference, exact: true }) });

async function fitsWindow(page: Page, within: "main" | "dialog" = "main") {
  expect(await screenFitProblems(page, within)).toEqual([]);
}

/** Fills line `n` (1-based) of the open editor. */
async function fillLine(page: Page, n: number, account: string, side: "Debit" | "Credit", amount: string) {
  await dialog(page).getByLabel(`Line ${n} Account`).selectOption({ label: account });
  await dialog(page).getByLabel(`Line ${n} ${side} (৳)`).fill(amount);
}

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

test("a posted entry with two lines: the editor's rules, the list, and its reversal @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  const reference = `JE-${tagOf()}`;
  await signedIn(page, PATH);
  await expect(page.getByRole("heading", { name: "General Ledger", level: 1 })).toBeVisible();
  await fitsWindow(page);

  await page.getByRole("link", { name: "New Journal Entry" }).click();
  await expect(dialog(page).getByRole("heading", { name: "New Journal Entry" })).toBeVisible();
  await fitsWindow(page, "dialog");
  const save = dialog(page).getByRole("button", { name: "Save", exact: true });
  // One empty line to start, which cannot be removed; nothing to save yet.
  await expect(dialog(page).getByLabel(/^Line \d+ Account$/)).toHaveCount(1);
  await expect(dialog(page).getByRole("button", { name: /^Remove line/ })).toHaveCount(0);
  await expect(save).toBeDisabled();
  await expect(dialog(page).getByLabel("Entry Date")).toHaveValue(todayInDhaka());

  await dialog(page).getByLabel("Entry Date").fill("2026-03-05");
  await dialog(page).getByLabel("Reference").fill(reference);
  await dialog(page).getByLabel("Description", { exact: true }).fill("Cash rental for a wedding");
  await dialog(page).getByLabel("Status").selectOption("posted");
  await fillLine(page, 1, "1000 · Cash in Hand", "Debit", "1500.50");
  await dialog(page).getByRole("button", { name: "Add line" }).click();
  await expect(dialog(page).getByRole("button", { name: "Remove line 2" })).toBeVisible();
  await fillLine(page, 2, "4000 · Equipment Rental Income", "Credit", "1500.49");
  await expect(dialog(page).getByText("Out of balance by ৳0.01")).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog(page).getByLabel("Line 2 Credit (৳)").fill("1500.50");
  await expect(dialog(page).getByText("Balanced")).toBeVisible();
  await expect(save).toBeEnabled();

  // The form's own rules run in the browser first (ADR 0022): a line without an account posts nothing.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await dialog(page).getByLabel("Line 2 Account").selectOption({ label: "Select account" });
  await save.click();
  await expect(page.getByText("Failed to create journal entry: Choose an account").first()).toBeVisible();
  await expect(dialog(page).getByText("Choose an account")).toBeVisible();
  expect(posts).toEqual([]);

  await dialog(page).getByLabel("Line 2 Account").selectOption({ label: "4000 · Equipment Rental Income" });
  await save.click();
  await expect(page.getByText("Journal entry created successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await search(page, reference);
  const posted = entry(page, reference);
  await expect(posted.getByText("Posted", { exact: true })).toBeVisible();
  await expect(posted.getByText("Cash in Hand")).toBeVisible();
  await expect(posted.getByText("Equipment Rental Income")).toBeVisible();
  await expect(posted.getByText("৳1,500.50").first()).toBeVisible();
  await fitsWindow(page);

  await posted.getByRole("link", { name: `Reverse ${reference}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Reverse journal entry" })).toBeVisible();
  await expect(dialog(page).getByLabel("Reversal Date")).toHaveValue(todayInDhaka());
  await expect(dialog(page).getByRole("heading", { name: "What will be posted" })).toBeVisible();
  await fitsWindow(page, "dialog");
  await dialog(page).getByLabel("Reversal Date").fill("2026-03-06");
  await dialog(page).getByRole("button", { name: "Reverse Entry" }).click();
  await expect(page.getByText(`Entry reversed: REV-${reference} posted`).first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  const reversal = entry(page, `REV-${reference}`);
  await expect(reversal.getByText(`Reverses ${reference} (Mar 05, 2026)`)).toBeVisible();
  await expect(entry(page, reference).getByText(`Reversed by REV-${reference} (Mar 06, 2026)`)).toBeVisible();
  await expect(entry(page, reference).getByRole("link", { name: `Reverse ${reference}` })).toHaveCount(0);
  // The link shows that one entry.
  await reversal.getByRole("link", { name: `${reference} (Mar 05, 2026)` }).click();
  await expect(page.getByText("Showing one entry.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(entry(page, reference)).toBeVisible();
});

test("a draft: saved, edited, then posted @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  const reference = `DR-${tagOf()}`;
  await signedIn(page, `${PATH}?new=1`);
  await dialog(page).getByLabel("Entry Date").fill("2026-04-01");
  await dialog(page).getByLabel("Reference").fill(reference);
  await fillLine(page, 1, "6100 · Office Rent", "Debit", "25000");
  await dialog(page).getByRole("button", { name: "Add line" }).click();
  await fillLine(page, 2, "1100 · Bank - Current Account", "Credit", "25000");
  await dialog(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Journal entry created successfully").first()).toBeVisible();

  await search(page, reference);
  const draft = entry(page, reference);
  await expect(draft.getByText("Draft", { exact: true })).toBeVisible();
  await draft.getByRole("link", { name: `Edit ${reference}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Journal Entry" })).toBeVisible();
  await expect(dialog(page).getByLabel("Line 1 Debit (৳)")).toHaveValue("25000.00");
  await fitsWindow(page, "dialog");
  await dialog(page).getByLabel("Line 1 Debit (৳)").fill("26000");
  await dialog(page).getByLabel("Line 2 Credit (৳)").fill("26000");
  await dialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Journal entry updated successfully").first()).toBeVisible();
  await expect(entry(page, reference).getByText("৳26,000.00").first()).toBeVisible();

  await entry(page, reference)
    .getByRole("link", { name: `Post ${reference}` })
    .click();
  await expect(dialog(page).getByRole("heading", { name: "Post journal entry" })).toBeVisible();
  await fitsWindow(page, "dialog");
  await dialog(page).getByRole("button", { name: "Post Entry" }).click();
  await expect(page.getByText("Journal entry posted successfully").first()).toBeVisible();
  await expect(entry(page, reference).getByText("Posted", { exact: true })).toBeVisible();
  await expect(entry(page, reference).getByRole("link", { name: `Edit ${reference}` })).toHaveCount(0);
  await expect(entry(page, reference).getByRole("link", { name: `Reverse ${reference}` })).toBeVisible();
});

test("New Journal Entry works without JavaScript: Add line, the server's messages with what was typed, then saved", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const reference = `NJ-${tagOf()}`;
  await signedIn(page, PATH);
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    await plain.goto(`${PATH}?new=1`);
    const form = dialog(plain);
    await expect(form.getByRole("heading", { name: "New Journal Entry" })).toBeVisible();
    await expect(form.getByLabel(/^Line \d+ Account$/)).toHaveCount(1);
    await form.getByLabel("Reference").fill(reference);
    await form.getByLabel("Entry Date").fill("2026-05-02");
    await form.getByLabel("Status").selectOption("posted");
    await form.getByLabel("Line 1 Account").selectOption({ label: "1000 · Cash in Hand" });
    await form.getByLabel("Line 1 Debit (৳)").fill("700");
    // Add line posts the form and comes back with one more line, keeping what was typed.
    await form.getByRole("button", { name: "Add line" }).click();
    await expect(form.getByLabel(/^Line \d+ Account$/)).toHaveCount(2);
    await expect(form.getByLabel("Reference")).toHaveValue(reference);
    await expect(form.getByLabel("Line 1 Debit (৳)")).toHaveValue("700");
    await form.getByLabel("Line 2 Account").selectOption({ label: "4900 · Other Income" });
    await form.getByLabel("Line 2 Credit (৳)").fill("699.99");
    // Save is never disabled without JavaScript: the server refuses with the message, the form as typed.
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(form.getByText("Total debits (700.00) must equal total credits (699.99)")).toBeVisible();
    await expect(form.getByLabel("Line 2 Credit (৳)")).toHaveValue("699.99");
    await expect(form.getByLabel("Reference")).toHaveValue(reference);
    await form.getByLabel("Line 2 Credit (৳)").fill("700");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(plain).toHaveURL((url) => url.pathname === PATH && !url.search.includes("new"));
    await plain.goto(`${PATH}?q=${reference}`);
    await expect(entry(plain, reference).getByText("Posted", { exact: true })).toBeVisible();
    await expect(entry(plain, reference).getByText("Other Income")).toBeVisible();
  } finally {
    await context.close();
  }
});
