import { readFileSync } from "node:fs";
import { expect as baseExpect } from "@playwright/test";
import { zipTextFiles } from "../support/read-zip";
import { adminServerTest } from "./support/admin-server";

// Settings > Export (issue 39): an administrator opens the screen from the settings tabs, reads what the file holds
// and downloads it: a ZIP with the README, every table's CSV and the ledger's journal. On a server of its own: the
// download writes an audit line, which the shared server's audit specs would count.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "export-admin@e2e.test", password: "export-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);

test("an administrator downloads the company's data from Settings > Export @mobile", async ({ page }, info) => {
  test.setTimeout(120_000);
  await signedIn(page, "/admin/settings");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Export" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/export$/);
  await expect(page.getByRole("heading", { name: "Export", level: 1 })).toBeVisible();
  await expect(page.getByText("customers.csv", { exact: true })).toBeVisible();
  await expect(page.getByText("ledger.journal", { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download ZIP" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^utsab-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = info.outputPath("company-data.zip");
  await download.saveAs(saved);
  const files = await zipTextFiles(readFileSync(saved));
  for (const file of ["README.md", "customers.csv", "invoices.csv", "ledger-lines.csv", "payslips.csv", "jobs.csv"])
    expect([...files.keys()]).toContain(file);
  expect(files.get("ledger.journal")).toMatch(/^; The posted ledger, exported /);
  // The seeded catalogue is in the inventory's file, under its header.
  expect(files.get("inventory.csv")!.split("\r\n")[0]).toBe(
    "\uFEFFId,Name,Category,Group,Source,Description,Price,Price Unit,SD Rate (%),Size,Quantity,Status,Under Repair,Purchase Rate,Archived At",
  );
  expect(files.get("inventory.csv")!.split("\r\n").length).toBeGreaterThan(3);
});
