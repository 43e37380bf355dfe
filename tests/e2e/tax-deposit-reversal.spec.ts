import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { expect as baseExpect, type Page } from "@playwright/test";
import { pdfWords } from "../support/pdf-text";
import { adminServerTest } from "./support/admin-server";
import { hydrated } from "./support/auth";
import { screenFitProblems } from "./support/screen-fit";

// Reverse a tax deposit from Tax Management (issue 36): a challan recorded through Record deposit, then its Reverse
// dialog (what is taken back, the date, the reason; the browser refusing an empty reason without posting), and the
// deposit left in the list marked reversed, its amount struck through, with the reversing entry and the reason; the
// entry's link opens it in the General Ledger, reversing the deposit's. The dialog fits 375 px and 1280 px (screenshots
// kept in test-results/). On a server of its own: the deposit moves the bank's balance, which other specs read; and the
// VAT periods closed below are this server's alone.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "tax-reversal-admin@e2e.test", password: "tax-reversal-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const PATH = "/admin/accounts/tax";

const dialog = (page: Page) => page.getByRole("dialog");

test("a deposit reversed from the Tax screen is marked reversed", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const challan = `TR-E2E-${Date.now().toString(36).toUpperCase()}`;
  await signedIn(page, PATH);
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

// Issue 37: a VAT credit closed on one return comes into the next (Mushak-9.1's note 52), whose net for treasury
// deposit (note 50) is what its Pay asks once closed. January and February 2019 are this server's own: a purchase
// with VAT in January (৳2,340 of input VAT, a credit), a sale in February (৳25,500 of output VAT). The return's page
// fits 375 px and 1280 px, and its PDF is rendered to PNG beside the screenshots.
test("a VAT credit closed on one return is brought into the next, which asks the rest", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const addRecord = async (kind: string, date: string, taxable: string, party: string, bin: string) => {
    await page.goto(`${PATH}?new=1`);
    await hydrated(page);
    const form = dialog(page);
    await form.getByLabel("What VAT").selectOption({ label: kind });
    await form.getByLabel("Date").fill(date);
    await form.getByLabel("Account").selectOption({ label: "1000 - Cash in Hand" });
    await form.getByLabel("Taxable Amount (৳)").fill(taxable);
    await form.getByLabel("Tax Rate").selectOption({ label: "15% (standard)" });
    await form.getByLabel(kind.startsWith("Input") ? "Supplier" : "Party").fill(party);
    await form.getByLabel("BIN").fill(bin);
    await form.getByRole("button", { name: "Add Record" }).click();
    await expect(dialog(page)).toHaveCount(0);
  };
  const close = async (key: string, label: string) => {
    await page.goto(`${PATH}?period=${key}`);
    await hydrated(page);
    await page.getByRole("link", { name: "Close period" }).click();
    await expect(dialog(page).getByRole("heading", { name: `Close VAT period ${label}` })).toBeVisible();
    await dialog(page).getByRole("button", { name: "Close period" }).click();
    await expect(dialog(page)).toHaveCount(0);
  };

  await signedIn(page, PATH);
  await addRecord("Input VAT (claimable on a purchase)", "2019-01-15", "15600", "Sound House Ltd", "000123456-0101");
  await close("2019-01", "January 2019");
  await expect(page.getByText("৳2,340.00 carried forward").first()).toBeVisible();
  await addRecord("Output VAT (owed on a sale)", "2019-02-10", "170000", "Grameen Events Ltd", "001234567-0202");

  // February's return brings January's credit in: note 52, and 50 = 34 − 52.
  await page.goto(`${PATH}?period=2019-02`);
  await hydrated(page);
  await expect(page.getByTestId("vat-return")).toContainText("Credit brought forward৳2,340.00");
  await page.getByRole("link", { name: "Mushak-9.1" }).click();
  await expect(page.getByRole("heading", { name: "VAT return: February 2019", level: 1 })).toBeVisible();
  const note = (n: number) => page.locator(`tr[data-note="${n}"]`);
  await expect(note(4)).toContainText("৳170,000.00");
  await expect(note(4).locator('[data-column="vat"]')).toHaveText(/৳25,500\.00/);
  await expect(note(34).locator('[data-column="vat"]')).toHaveText(/৳25,500\.00/);
  await expect(note(52).locator('[data-column="vat"]')).toHaveText(/৳2,340\.00/);
  await expect(note(50).locator('[data-column="vat"]')).toHaveText(/৳23,160\.00/);
  await page.screenshot({ path: testInfo.outputPath("mushak-9-1-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("mushak-9-1-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The PDF by the page's link: the return by its notes, rendered to PNG for a person to look at.
  const pdfHref = await page.getByRole("link", { name: "PDF" }).getAttribute("href");
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const bytes = await pdf.body();
  const words = pdfWords(bytes);
  expect(words).toContain("Closing balance of the last tax period (VAT) ৳2,340.00");
  expect(words).toContain("Net payable VAT for treasury deposit ৳23,160.00");
  const file = testInfo.outputPath("mushak-9-1.pdf");
  writeFileSync(file, bytes);
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "2", file, testInfo.outputPath("mushak-9-1")]);

  // Closed, February's Pay asks what its return left: ৳23,160.00.
  await close("2019-02", "February 2019");
  await page.getByRole("link", { name: "Record the deposit of February 2019" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Record deposit" })).toBeVisible();
  await expect(dialog(page).getByLabel("Amount (৳)")).toHaveValue("23160.00");
});
