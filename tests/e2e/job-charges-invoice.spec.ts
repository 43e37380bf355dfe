import { expect as baseExpect, test } from "@playwright/test";
import { TEMPLATE_DIR_ENV } from "../../scripts/lib/pglite-template.mjs";
import { startPreparedServer } from "../../scripts/lib/server.mjs";
import { open, signIn } from "./support/auth";
import { E2E_JOB } from "./support/fixtures";
import { screenFitProblems } from "./support/screen-fit";

// A damage charge invoiced on its own (issue 37): the fixtures' job is of a quotation already invoiced in full, so no
// quotation invoice is coming to carry a charge. The administrator adds one on the job's page, which then offers
// Invoice the charges with what waits; the charges invoice opens (its kind, its job, the charge as its line, VAT at
// the company's rate), and the job's charge names it. On a server of its own prepared as the shared one: the
// invoice moves the customer's figures, which other specs read. The offer fits 375 px (a screenshot kept in
// test-results/).

const expect = baseExpect.configure({ timeout: 20_000 });
const JOB_PAGE = `/admin/jobs/${E2E_JOB.id}`;
const CHARGE = "Bent leg of a stage deck on return";

test("invoice a job's damage charge on its own when the quotation is invoiced in full", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const server = await startPreparedServer({ template: process.env[TEMPLATE_DIR_ENV], stdio: "ignore" });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page, "admin", JOB_PAGE);
    await expect(page.getByRole("heading", { name: "Charges" })).toBeVisible();

    await page.getByLabel("Description", { exact: true }).fill(CHARGE);
    await page.getByLabel("Amount (৳)", { exact: true }).fill("3500");
    await page.getByRole("button", { name: "Add charge" }).click();
    const box = page.getByTestId("invoice-charges");
    await expect(box).toContainText("1 charge of this customer waits for an invoice: ৳3,500.00 before VAT");
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
    await box.screenshot({ path: testInfo.outputPath("invoice-charges-375.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await box.screenshot({ path: testInfo.outputPath("invoice-charges-1280.png") });

    await box.getByRole("button", { name: "Invoice the charges" }).click();
    const heading = page.getByRole("heading", { level: 1, name: /^Invoice INV-/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace(/^Invoice /, "").trim();
    await expect(page.getByText(`Invoice ${number} issued for 1 damage and loss charge`).first()).toBeVisible();
    await expect(page.getByText("Charges invoice", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("invoice-jobs").getByRole("link")).toHaveText(/^JOB-\d{6}$/);
    await expect(page.getByTestId("invoice-lines")).toContainText(CHARGE);
    // ৳3,500 and VAT at the company's 15%.
    await expect(page.getByTestId("invoice-totals")).toContainText("৳4,025.00");

    await open(page, JOB_PAGE);
    await expect(page.getByRole("link", { name: number })).toBeVisible();
    await expect(page.getByTestId("invoice-charges")).toHaveCount(0);
    await context.close();
  } finally {
    await server.stop();
  }
});
