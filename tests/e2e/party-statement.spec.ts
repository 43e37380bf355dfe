import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { pdfFile, pdfText } from "../support/pdf-text";
import { open, signedIn } from "./support/auth";
import { E2E_OPEN_PAYABLE } from "./support/fixtures";
import { screenFitProblems } from "./support/screen-fit";

// Print a supplier's statement (issue 36): from the General Ledger the open payable's supplier (its line names them)
// opens their ledger statement; the period chosen, the bill is on it with what the company owes, and Download PDF
// gives the statement on the company's letterhead. The screen fits 1280 px and 375 px (screenshots kept in
// test-results/). Only reads: on the shared server.

const dhakaDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date(Date.now() + days * 86_400_000));

test("print a supplier's statement from the General Ledger", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const supplier = E2E_OPEN_PAYABLE.party;
  // The payable's entry, found by its words (the document's reference is on the payable, not its entry).
  await signedIn(page, "accountant", `/admin/accounts/ledger?q=${encodeURIComponent("E2E open payable")}`);
  await page.getByRole("link", { name: supplier }).first().click();
  await expect(page.getByRole("heading", { name: `Statement of ${supplier}`, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/accounts\/parties\/supplier\/[0-9a-f-]{36}\/statement$/);

  // The bill was dated 40 days ago: a period from 60 days back shows it as a line.
  const from = dhakaDay(-60);
  const to = dhakaDay(0);
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  const line = page.getByTestId("statement-line").filter({ hasText: E2E_OPEN_PAYABLE.description });
  await expect(line).toContainText("৳18,500.00");
  await expect(page.getByTestId("statement-opening")).toContainText("৳0.00");
  await expect(page.getByTestId("statement-closing-words")).toContainText(`${supplier} is owed ৳18,500.00`);
  await expect(page.getByRole("button", { name: "E-mail to supplier" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Supplier", exact: true })).toHaveAttribute(
    "href",
    /^\/admin\/suppliers\/[0-9a-f-]{36}$/,
  );
  expect(await screenFitProblems(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("supplier-statement-1280.png"), fullPage: true });

  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("supplier-statement-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-supplier-.+-${from}-to-${to}\\.pdf$`));
  const saved = testInfo.outputPath("supplier-statement.pdf");
  await download.saveAs(saved);
  const text = pdfText(pdfFile(readFileSync(saved)));
  for (const expected of [
    "STATEMENT OF ACCOUNT",
    "Supplier ledger",
    supplier,
    "Payable",
    "18,500.00 Cr",
    "Closing balance",
    `${supplier} is owed ৳18,500.00.`,
  ])
    expect(text).toContain(expected);

  // The same statement opens straight from its address too, and a period it cannot read is named.
  await open(page, `${new URL(page.url()).pathname}?from=someday`);
  await expect(page.getByText("From: enter the first day of the statement as a date (YYYY-MM-DD)")).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
});
