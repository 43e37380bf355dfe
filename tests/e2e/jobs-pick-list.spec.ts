import { expect as baseExpect, type Page } from "@playwright/test";
import { pdfWords } from "../support/pdf-text";
import { adminServerTest } from "./support/admin-server";
import { dhakaDatePlus } from "./support/fixtures";
import { openQuotationPanel, requestQuotation } from "./support/quotation-journey";
import { screenFitProblems } from "./support/screen-fit";
import { hydrated } from "./support/auth";

// A job's pick list (issue 26): a visitor's request approved by staff opens a job; its pick list shows the moving
// heads under Lighting with the units to pick, reserved and sent; Download PDF gives a PDF naming the job's
// reference; Print labels for these items and the inventory's Print label give the labels PDF. The screen fits a
// 375 px phone (screenshots at 375 and 1280 px in .tmp/screenshots). On a server of its own: the job it opens moves
// no other spec's stock.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "pick-list-admin@e2e.test", password: "pick-list-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const EMAIL = "pick-list-customer@e2e.test";

async function pdfAt(page: Page, href: string) {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  const bytes = new Uint8Array(await response.body());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return { bytes, disposition: response.headers()["content-disposition"] ?? "" };
}

test("approve a request, open its job's pick list, download the PDF, print the labels", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A visitor asks for 3 moving heads; staff approve the request, which opens its job.
  const visitor = await browser.newPage();
  await requestQuotation(visitor, {
    quantity: 3,
    details: {
      "Full Name": "Pick List Customer",
      Email: EMAIL,
      "Phone Number": "+880 1712-000777",
      "Event Name": "Pick List Gala Night",
      "Event Date": dhakaDatePlus(60),
      "Event Time": "19:00",
      "Event Location": "Radisson Blu, Dhaka",
    },
  });
  await visitor.close();
  await signedIn(page, "/admin/quotations");
  const panel = await openQuotationPanel(page, EMAIL);
  await panel.getByRole("button", { name: "Approve", exact: true }).click();
  const openJob = panel.getByRole("link", { name: "Open job" });
  await expect(openJob).toBeVisible();
  const jobPath = (await openJob.getAttribute("href"))!;
  const reference = (await panel.getByRole("heading", { name: /^Job JOB-\d{6}/ }).textContent())!.match(
    /JOB-\d{6}/,
  )![0];

  // The pick list: the job's header, Lighting with the moving heads: 3 reserved, 0 sent, 3 to pick.
  await page.goto(`${jobPath}/pick-list`);
  await expect(page.getByRole("heading", { name: /Pick List Gala Night/ })).toBeVisible();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
  const lighting = page.getByRole("region", { name: "Lighting" });
  await expect(lighting).toBeVisible();
  const row = lighting.getByRole("row").filter({ hasText: "Moving Head Beam Light" });
  await expect(row.getByLabel("3 to pick")).toBeVisible();
  await expect(row.getByRole("cell", { name: "3", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "0", exact: true })).toBeVisible();
  await expect(row.getByRole("checkbox", { name: "Picked Moving Head Beam Light" })).toBeVisible();
  await expect(lighting.getByText("3 units to pick")).toBeVisible();
  await expect(page.getByText("3 units to pick · 3 reserved · 0 already sent", { exact: true })).toBeVisible();
  await page.screenshot({ path: ".tmp/screenshots/jobs-pick-list-1280.png", fullPage: true });

  // Download PDF: the job's pick list, named after its reference.
  const download = page.getByRole("link", { name: "Download PDF" });
  const pdf = await pdfAt(page, (await download.getAttribute("href"))!);
  expect(pdf.disposition).toContain(`${reference}-pick-list.pdf`);
  const words = pdfWords(pdf.bytes);
  expect(words).toContain(reference);
  expect(words).toContain("Pick List Gala Night");
  expect(words).toContain("Lighting");
  expect(words).toContain("Moving Head Beam Light");

  // Print labels for these items: the labels PDF of the moving heads.
  const labels = page.getByRole("link", { name: "Print labels for these items" });
  await expect(labels).toHaveAttribute("target", "_blank");
  expect(pdfWords((await pdfAt(page, (await labels.getAttribute("href"))!)).bytes)).toContain("Moving Head Beam Light");

  // At 375 px the pick list fits the phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
  await expect(row.getByLabel("3 to pick")).toBeVisible();
  await page.screenshot({ path: ".tmp/screenshots/jobs-pick-list-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The inventory: a row's Print label opens its label as a PDF.
  await page.goto("/admin/inventory?q=Moving%20Head%20Beam");
  await hydrated(page);
  const printLabel = page.getByRole("link", { name: "Print label for Moving Head Beam Light" });
  await expect(printLabel).toBeVisible();
  const label = await pdfAt(page, (await printLabel.getAttribute("href"))!);
  expect(label.disposition).toContain("inline");
  expect(pdfWords(label.bytes)).toContain("moving-head-beam");
  await expect(page.getByRole("link", { name: "Print labels", exact: true })).toBeVisible();
  await page.screenshot({ path: ".tmp/screenshots/jobs-inventory-labels-1280.png" });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: ".tmp/screenshots/jobs-inventory-labels-375.png", fullPage: true });
});
