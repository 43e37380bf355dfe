import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { hydrated } from "./support/auth";
import { screenFitProblems } from "./support/screen-fit";

// Reverse a tax deposit from Tax Management (issue 36): a challan recorded through Record deposit, then its Reverse
// dialog (what is taken back, the date, the reason; the browser refusing an empty reason without posting), and the
// deposit left in the list marked reversed, its amount struck through, with the reversing entry and the reason; the
// entry's link opens it in the General Ledger, reversing the deposit's. The dialog fits 375 px and 1280 px (screenshots
// kept in test-results/). On a server of its own: the deposit moves the bank's balance, which other specs read.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "tax-reversal-admin@e2e.test", password: "tax-reversal-admin-password" };
const { test, signIn } = adminServerTest(ADMIN);
const PATH = "/admin/accounts/tax";

const dialog = (page: Page) => page.getByRole("dialog");

test("a deposit reversed from the Tax screen is marked reversed", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const challan = `TR-E2E-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, PATH);
  await expect(page.getByRole("heading", { name: "Tax Management", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Record deposit" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Record deposit" })).toBeVisible();
  await dialog(page)
    .getByRole("combobox", { name: "Tax", exact: true })
    .selectOption({ label: "Income tax (the company's)" });
  await dialog(page).getByLabel("Treasury challan number").fill(challan);
  await dialog(page).getByLabel("Amount (৳)").fill("4,250");
  await dialog(page).getByRole("button", { name: "Record deposit" }).click();
  await expect(
    page.getByText(`Deposit of the company's income tax recorded (challan ${challan})`).first(),
  ).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // Loaded afresh: the toast gone from the screenshots.
  await page.reload();
  await hydrated(page);
  const row = page.getByTestId("deposit").filter({ hasText: challan });
  await expect(row).toContainText("৳4,250.00");
  await row.getByRole("link", { name: `Reverse the deposit of challan ${challan}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Reverse deposit" })).toBeVisible();
  await expect(dialog(page).getByTestId("void-facts")).toContainText(challan);
  await expect(dialog(page).getByTestId("void-facts")).toContainText("৳4,250.00");
  const reason = dialog(page).getByLabel("Reason");
  await reason.fill("The bank returned the challan unpaid");
  await page.screenshot({ path: testInfo.outputPath("reverse-deposit-1280.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page, "dialog"), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("reverse-deposit-375.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The browser's check: no reason, no post.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await reason.fill("");
  await dialog(page).getByRole("button", { name: "Reverse deposit" }).click();
  await expect(dialog(page).getByText("Reason is required: say why it is taken back")).toBeVisible();
  expect(posts).toEqual([]);
  await reason.fill("The bank returned the challan unpaid");

  await dialog(page).getByRole("button", { name: "Reverse deposit" }).click();
  await expect(
    page
      .getByText(`Income tax (the company's) deposit of challan ${challan} reversed: it no longer counts as paid`)
      .first(),
  ).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // Still listed, marked: struck through, the reversing entry and the reason; no Reverse any more.
  await expect(row).toHaveAttribute("data-reversed", "true");
  const note = row.getByTestId("deposit-reversal");
  await expect(note).toContainText("Reversed");
  await expect(note).toContainText("The bank returned the challan unpaid");
  await expect(row.getByText("৳4,250.00")).toHaveClass(/line-through/);
  await expect(row.getByRole("link", { name: /^Reverse the deposit/ })).toHaveCount(0);
  await page.locator("table", { has: row }).screenshot({ path: testInfo.outputPath("deposit-reversed-1280.png") });

  // The reversing entry, in the General Ledger: it reverses the deposit's entry.
  await note.getByRole("link", { name: /^the entry of / }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/ledger\?entry=/);
  await expect(
    page.getByText(`Reversal of the Income tax (the company's) deposit, challan ${challan}`).first(),
  ).toBeVisible();
  await expect(page.getByText(/^Reverses /).first()).toBeVisible();
});
