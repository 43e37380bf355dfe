import { expect as baseExpect, test, type Page } from "@playwright/test";
import { TEMPLATE_DIR_ENV } from "../../scripts/lib/pglite-template.mjs";
import { startPreparedServer } from "../../scripts/lib/server.mjs";
import { hydrated, open, signIn } from "./support/auth";
import { E2E_CUSTOMER_RECORD, E2E_USERS } from "./support/fixtures";
import { screenFitProblems } from "./support/screen-fit";

// Void a bounced payment from the customer's page and see the invoice owe again (issue 36's proof): the accountant
// records a cheque on the fixtures' customer's part-paid tax invoice (Record payment from the invoice's row), then on
// the customer's page opens Void on it: the dialog shows what is taken back (the cheque, its total, the invoice it
// settled); the browser refuses it without a reason; with one, the toast, the payment left listed marked Voided with
// the date and the reason (its amounts struck through, no Void any more) and the invoice's due back to what it was.
// The invoice's "Paid by" and the Payments list mark it too. The dialog and the voided row fit 375 px and 1280 px
// (screenshots kept in test-results/). On a server of its own prepared as the shared one (the seed and the fixtures):
// the cheque and its void move the bank, the receivable and the customer's figures, which other specs read.

const expect = baseExpect.configure({ timeout: 20_000 });
const CHEQUE = `CHQ-${Date.now().toString(36).toUpperCase()}`;
const REASON = "Cheque bounced: insufficient funds (returned by the bank)";
const PAID = "185000";
const PAID_TAKA = "৳185,000.00";
const CUSTOMER_PAGE = `/admin/customers/${E2E_CUSTOMER_RECORD.id}`;

const dialog = (page: Page) => page.getByRole("dialog");

test("void a bounced payment from the customer's page and see the invoice owe again", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const server = await startPreparedServer({ template: process.env[TEMPLATE_DIR_ENV], stdio: "ignore" });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, "accountant", CUSTOMER_PAGE);
    await expect(page.getByRole("heading", { name: E2E_USERS.customer.name, level: 1 })).toBeVisible();

    // The fixtures' tax invoice, part paid: what it owes before the cheque.
    const invoiceRow = page.getByTestId("customer-invoice").first();
    const number = (await invoiceRow.getByRole("link").first().textContent())!.trim();
    expect(number).toMatch(/^INV-/);
    const dueBefore = (await invoiceRow.locator('td[data-label="Due"]').textContent())!.trim();
    expect(dueBefore).toMatch(/^৳[\d,]+\.\d\d$/);

    // 1. A cheque settling part of it, recorded from the invoice's row.
    await invoiceRow.getByRole("link", { name: `Record payment on ${number}` }).click();
    const pay = dialog(page);
    await expect(pay.getByRole("heading", { name: "Record payment" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await pay.getByLabel("Method").selectOption({ label: "Cheque" });
    await pay.getByLabel("Cheque number").fill(CHEQUE);
    await pay.getByLabel("Amount received (৳)").fill(PAID);
    await pay.getByLabel(`Amount settling ${number}`).fill(PAID);
    await pay.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByText(`Payment of ${PAID_TAKA} recorded`).first()).toBeVisible();
    await expect(pay).toHaveCount(0);

    // 2. The customer's page: the invoice owes less; the cheque is listed with Void.
    await open(page, CUSTOMER_PAGE);
    await expect(invoiceRow.locator('td[data-label="Due"]')).not.toHaveText(dueBefore);
    const paymentRow = page.getByTestId("customer-payment").filter({ hasText: CHEQUE });
    await expect(paymentRow.locator('td[data-label="Received"]')).toHaveText(PAID_TAKA);
    await paymentRow
      .getByRole("link", { name: new RegExp(`^Void the payment of ${PAID_TAKA} on .* \\(${CHEQUE}\\)$`) })
      .click();
    await expect(page).toHaveURL(/\?void=[0-9a-f-]{36}$/);
    await expect(dialog(page).getByRole("heading", { name: "Void payment" })).toBeVisible();
    const facts = dialog(page).getByTestId("void-facts");
    await expect(facts).toContainText(`Cheque · ${CHEQUE}`);
    await expect(facts).toContainText(PAID_TAKA);
    await expect(facts.getByTestId("void-settled")).toHaveText(`${number}: ${PAID_TAKA}`);
    await page.waitForLoadState("networkidle");

    const reason = dialog(page).getByLabel("Reason");
    await reason.fill(REASON);
    await page.screenshot({ path: testInfo.outputPath("void-payment-dialog-1280.png") });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => screenFitProblems(page, "dialog"), { timeout: 5_000 }).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath("void-payment-dialog-375.png") });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The browser's check: no reason, no post.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await reason.fill("");
    await dialog(page).getByRole("button", { name: "Void payment" }).click();
    await expect(dialog(page).getByText("Reason is required: say why it is taken back")).toBeVisible();
    expect(posts).toEqual([]);
    await reason.fill(REASON);

    // 3. Voided: the toast, the dialog gone, the invoice owing what it did before the cheque.
    await dialog(page).getByRole("button", { name: "Void payment" }).click();
    await expect(
      page
        .getByText(
          `Payment of ${PAID_TAKA} from ${E2E_USERS.customer.name} voided: the invoices it settled owe it again`,
        )
        .first(),
    ).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === CUSTOMER_PAGE && url.search === "");
    await expect(invoiceRow.locator('td[data-label="Due"]')).toHaveText(dueBefore);

    // Still listed, marked: Voided with the date and the reason, its amounts struck through, no Void any more.
    await expect(paymentRow).toHaveAttribute("data-voided", "true");
    const note = paymentRow.getByTestId("payment-void");
    await expect(note).toContainText("Voided");
    await expect(note).toContainText(REASON);
    await expect(paymentRow.locator('td[data-label="Received"]').getByText(PAID_TAKA)).toHaveClass(/line-through/);
    await expect(paymentRow.getByRole("link", { name: /^Void the payment/ })).toHaveCount(0);

    // Loaded afresh (the toast gone from the screenshots): the voided row at both widths.
    await page.reload();
    await hydrated(page);
    expect(await screenFitProblems(page)).toEqual([]);
    const payments = page.getByRole("region", { name: "Payments" });
    await payments.screenshot({ path: testInfo.outputPath("voided-payment-1280.png") });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
    await payments.screenshot({ path: testInfo.outputPath("voided-payment-375.png") });
    await page.setViewportSize({ width: 1280, height: 800 });

    // 4. The invoice's "Paid by" keeps the cheque, marked voided; the Payments list shows it with its badge.
    await invoiceRow.getByRole("link", { name: number, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(page.getByTestId("invoice-due")).toHaveText(dueBefore);
    const allocation = page.getByTestId("allocation").filter({ hasText: CHEQUE });
    await expect(allocation).toHaveAttribute("data-voided", "true");
    await expect(allocation.getByTestId("allocation-void")).toContainText(`Voided`);
    await expect(allocation.getByTestId("allocation-void")).toContainText(REASON);
    await page.getByTestId("allocations").screenshot({ path: testInfo.outputPath("invoice-paid-by-1280.png") });

    await open(page, `/admin/payments?q=${encodeURIComponent(CHEQUE)}`);
    const listed = page.getByTestId("payment-row");
    await expect(listed).toHaveCount(1);
    await expect(listed).toHaveAttribute("data-voided", "true");
    await expect(listed.getByTestId("payment-void")).toContainText("Voided");
    await expect(listed.getByTestId("payment-void")).toContainText(REASON);
    await listed.screenshot({ path: testInfo.outputPath("payments-list-voided-1280.png") });
    await context.close();
  } finally {
    await server.stop();
  }
});
