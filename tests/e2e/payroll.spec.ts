import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { monthFromNow } from "./support/months";
import { screenFitProblems } from "./support/screen-fit";

// Payroll (issue 25): the spec's table of active employees; Process Payroll for last month shows a card per
// employee (earnings, deductions, net payable); processing it answers "Payroll processed successfully" and the month
// is listed; a second run of the month is refused with its message; Undo asks for a reason (the browser refuses
// none) and the month reads Undone. The same at 375 px for the month before. The screens and dialogs fit a 375 px
// window; screenshots at 375 and 1280 px. On a server of its own: its payroll moves no other spec's figures.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "payroll-admin@e2e.test", password: "payroll-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const PATH = "/admin/accounts/payroll";
const dialog = (page: Page) => page.getByRole("dialog");
const runRow = (page: Page, name: string) => page.getByRole("row", { name: `Payroll ${name}` });

/** The screen (or its dialog) fits a 375 px window; `shot` names its screenshots at 375 and 1280 px. */
async function fitsPhone(page: Page, within: "main" | "dialog" = "main", shot?: string) {
  if (shot) await page.screenshot({ path: `.tmp/screenshots/payroll-${shot}-1280.png`, fullPage: within === "main" });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page, within), { timeout: 5_000 }).toEqual([]);
  if (shot) await page.screenshot({ path: `.tmp/screenshots/payroll-${shot}-375.png`, fullPage: within === "main" });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Processes `month` through the dialog at the window's width, then refuses it a second time. */
async function processMonth(page: Page, month: { value: string; name: string }) {
  await page.getByRole("link", { name: "Process Payroll" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Process Payroll" })).toBeVisible();
  await dialog(page).getByLabel("Month").fill(month.value);
  await expect(page).toHaveURL(new RegExp(`process=${month.value}`));
  const card = dialog(page).getByRole("listitem", { name: "Tanvir Rahman" });
  await expect(card.getByText("Earnings")).toBeVisible();
  await expect(card.getByText("Deductions", { exact: true })).toBeVisible();
  await expect(card.getByText("৳120,000.00").first()).toBeVisible();
  await expect(card.getByText("Net payable")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Process Payroll" }).click();
  await expect(page.getByText("Payroll processed successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(runRow(page, month.name).getByText("Processed", { exact: true })).toBeVisible();

  // A second time: the dialog says so on the field, and processing is refused with the message.
  const already = `Payroll for ${month.name} has already been processed: undo it first to process it again`;
  await page.goto(`${PATH}?process=${month.value}`);
  await expect(dialog(page).getByText(already)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Process Payroll" }).click();
  await expect(page.getByText(`Failed to process payroll: ${already}`).first()).toBeVisible();
  await expect(dialog(page)).toBeVisible();
}

/** Undoes `month` with a reason (none first: the browser refuses it). */
async function undoMonth(page: Page, month: { name: string }, reason: string) {
  await page.goto(PATH);
  await runRow(page, month.name)
    .getByRole("link", { name: `Undo ${month.name}` })
    .click();
  await expect(dialog(page).getByRole("heading", { name: `Undo payroll for ${month.name}` })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Undo payroll" }).click();
  await expect(page.getByText("Failed to undo payroll: Reason is required").first()).toBeVisible();
  await dialog(page).getByLabel("Reason").fill(reason);
  await dialog(page).getByRole("button", { name: "Undo payroll" }).click();
  await expect(page.getByText(`Payroll for ${month.name} undone`).first()).toBeVisible();
  await expect(runRow(page, month.name).getByText("Undone", { exact: true })).toBeVisible();
  await expect(runRow(page, month.name).getByText(reason)).toBeVisible();
}

test("process last month at 1280 px, refused a second time, undone with a reason; the same at 375 px", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const last = monthFromNow(-1);
  const before = monthFromNow(-2);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The spec's table of active employees with their figures.
  await signedIn(page, PATH);
  await expect(page.getByRole("heading", { name: "Payroll", level: 1 })).toBeVisible();
  const table = page.getByRole("region", { name: "Active employees' pay" });
  for (const column of ["Name", "E-mail", "Position", "Department", "Basic Salary", "House Rent", "Medical"])
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Net Salary" })).toBeVisible();
  const tanvir = table.getByRole("row").filter({ hasText: "Tanvir Rahman" });
  await expect(tanvir).toContainText("tanvir.rahman@utsabevents.com.bd");
  await expect(tanvir).toContainText("৳120,000.00");
  await expect(tanvir).toContainText("৳60,000.00");
  await expect(page.getByRole("button", { name: "Generate Report" })).toBeDisabled();
  await expect.poll(() => screenFitProblems(page, "main"), { timeout: 5_000 }).toEqual([]);
  await fitsPhone(page, "main", "screen");

  // At 1280 px: Process Payroll for last month.
  await page.goto(PATH);
  await page.getByRole("link", { name: "Process Payroll" }).click();
  await expect(dialog(page).getByLabel("Month")).toHaveValue(monthFromNow(0).value);
  await page.goto(PATH);
  await processMonth(page, last);
  await fitsPhone(page, "dialog", "refused");

  // Generate Report for the month processed offers its register.
  await page.goto(`${PATH}?month=${last.value}`);
  await page.getByText("Generate Report").click();
  await expect(page.getByRole("link", { name: "Register (PDF)" })).toHaveAttribute(
    "href",
    `${PATH}/report?month=${last.value}&format=pdf`,
  );
  await expect(page.getByRole("link", { name: "Register (CSV)" })).toHaveAttribute(
    "href",
    `${PATH}/report?month=${last.value}&format=csv`,
  );

  // Its payslips.
  await page.goto(PATH);
  await runRow(page, last.name)
    .getByRole("link", { name: `Payslips of ${last.name}` })
    .click();
  await expect(dialog(page).getByRole("heading", { name: `Payslips, ${last.name}` })).toBeVisible();
  await expect(dialog(page).getByRole("link", { name: "Payslip of Tanvir Rahman (PDF)" })).toHaveAttribute(
    "href",
    /\/admin\/accounts\/payroll\/payslips\/[0-9a-f-]{36}\/pdf$/,
  );
  await fitsPhone(page, "dialog", "payslips");

  await undoMonth(page, last, "Salaries were revised before paying");
  await fitsPhone(page, "main", "undone");

  // At 375 px: the month before, through the same dialog.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(PATH);
  await page.getByRole("link", { name: "Process Payroll" }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel("Month").fill(before.value);
  await expect(page).toHaveURL(new RegExp(`process=${before.value}`));
  await expect(dialog(page).getByText(before.name)).toBeVisible();
  await expect(dialog(page).getByRole("listitem", { name: "Tanvir Rahman" })).toBeVisible();
  await expect.poll(() => screenFitProblems(page, "dialog"), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: ".tmp/screenshots/payroll-process-dialog-375.png" });
  await page.goto(PATH);
  await processMonth(page, before);
  await undoMonth(page, before, "Processed the wrong month");
  await expect.poll(() => screenFitProblems(page, "main"), { timeout: 5_000 }).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${PATH}?process=${last.value}`);
  await expect(dialog(page).getByRole("listitem", { name: "Tanvir Rahman" })).toBeVisible();
  await page.screenshot({ path: ".tmp/screenshots/payroll-process-dialog-1280.png" });
});
