import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { monthFromNow } from "./support/months";
import { screenFitProblems } from "./support/screen-fit";

// Salary Disbursement (issue 25): last month processed through the Payroll page, a payslip's PDF opened from its
// payslips; Payables & Receivables lists the pending salary with a link to Salary Disbursement instead of Settle; the
// salary rows read Pending; Process Disbursement for that month lists each employee with how they are paid and the
// net, paid from the bank account with the spec's toast; the rows then read Completed; the bank advice downloads as a
// CSV of the employees. At 1280 px and at 375 px (the screen and the dialog fit a phone). On a server of its own: its
// payroll moves no other spec's figures.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "disbursement-admin@e2e.test", password: "disbursement-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const PATH = "/admin/accounts/salary-disbursement";
const dialog = (page: Page) => page.getByRole("dialog");

/** The screen (or its dialog) fits a 375 px window; `shot` names its screenshots at 375 and 1280 px. */
async function fitsPhone(page: Page, within: "main" | "dialog" = "main", shot?: string) {
  if (shot)
    await page.screenshot({
      path: `.tmp/screenshots/salary-disbursement-${shot}-1280.png`,
      fullPage: within === "main",
    });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page, within), { timeout: 5_000 }).toEqual([]);
  if (shot)
    await page.screenshot({
      path: `.tmp/screenshots/salary-disbursement-${shot}-375.png`,
      fullPage: within === "main",
    });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("process last month, open a payslip, pay the month from the bank, the rows completed, the bank advice", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const last = monthFromNow(-1);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Payroll: last month processed through its dialog.
  await signedIn(page, `/admin/accounts/payroll?process=${last.value}`);
  await expect(dialog(page).getByRole("heading", { name: "Process Payroll" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Process Payroll" }).click();
  await expect(page.getByText("Payroll processed successfully").first()).toBeVisible();
  const run = page.getByRole("row", { name: `Payroll ${last.name}` });
  await run.getByRole("link", { name: `Payslips of ${last.name}` }).click();
  const slipLink = dialog(page).getByRole("link", { name: "Payslip of Tanvir Rahman (PDF)" });
  await expect(slipLink).toBeVisible();
  const pdf = await page.request.get((await slipLink.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");

  // Payables & Receivables: the unpaid salary is the employee's (issue 36), not a payable; it is paid in Salary
  // Disbursement, from the employee's oldest unpaid month (another spec may have left an older one).
  await page.goto("/admin/accounts/payables?q=Tanvir%20Rahman");
  await expect(page.getByTestId("payable-row").filter({ hasText: "Tanvir Rahman" })).toHaveCount(0);
  const owed = page
    .getByTestId("party-ageing-employee")
    .getByTestId("party-ageing-row")
    .filter({ hasText: "Tanvir Rahman" });
  await expect(owed.getByRole("link", { name: /^Pay Tanvir Rahman for .* in Salary Disbursement$/ })).toHaveAttribute(
    "href",
    new RegExp(`^${PATH}\\?month=\\d{4}-\\d{2}$`),
  );

  // Salary Disbursement: the month's rows, pending.
  await page.goto(`${PATH}?month=${last.value}`);
  await expect(page.getByRole("heading", { name: "Salary Disbursement", level: 1 })).toBeVisible();
  const table = page.getByRole("region", { name: "Salary disbursements" });
  for (const column of ["Date", "Reference", "Description", "Payment Method", "Amount", "Status"])
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  const rows = page.getByTestId("salary-row");
  const count = await rows.count();
  expect(count).toBeGreaterThan(2);
  const tanvir = rows.filter({ hasText: "Tanvir Rahman" });
  await expect(tanvir).toContainText(`PAY-${last.value}`);
  await expect(tanvir).toContainText(`Salary payment for ${last.name}`);
  await expect(tanvir.getByText("Pending", { exact: true })).toBeVisible();
  // The seeded employees have no account numbers yet: flagged beside the table.
  await expect(page.getByTestId("payees-missing")).toContainText("Tanvir Rahman");
  await fitsPhone(page, "main", "pending");

  // The bank advice of the month: one header row, a row per employee.
  const adviceLink = page.getByRole("link", { name: `Bank advice (${last.name})` });
  await expect(adviceLink).toHaveAttribute("href", `${PATH}/advice?month=${last.value}`);
  const advice = await page.request.get(`${PATH}/advice?month=${last.value}`);
  expect(advice.status()).toBe(200);
  expect(advice.headers()["content-disposition"]).toContain(`salary-advice-${last.value}.csv`);
  const csv = (await advice.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(csv[0]).toBe("Employee,Method,Bank,Account number,Wallet number,Amount");
  expect(csv).toHaveLength(count + 1);
  expect(csv.some((line) => line.startsWith("Tanvir Rahman,"))).toBe(true);

  // Process Disbursement for the month: each employee with how they are paid, from the bank account, today.
  await page.getByRole("link", { name: "Process Disbursement" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Process Disbursement" })).toBeVisible();
  await expect(dialog(page).getByLabel("Month")).toHaveValue(last.value);
  const breakdown = dialog(page).getByTestId("disbursement-breakdown");
  await expect(breakdown.getByRole("listitem")).toHaveCount(count);
  await expect(breakdown.getByRole("listitem").filter({ hasText: "Tanvir Rahman" })).toContainText("Bank transfer");
  await expect(dialog(page).getByLabel("Paid from")).toHaveValue(/[0-9a-f-]{36}/);
  await expect(dialog(page).getByLabel("Paid from").locator("option:checked")).toHaveText(/^1100 /);
  await fitsPhone(page, "dialog", "dialog");
  await dialog(page)
    .getByRole("button", { name: /^Pay ৳/ })
    .click();
  await expect(page.getByText("Salary disbursement processed successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`month=${last.value}`));
  await expect(rows.filter({ hasText: "Tanvir Rahman" }).getByText("Completed", { exact: true })).toBeVisible();
  await expect(rows.getByText("Pending", { exact: true })).toHaveCount(0);
  await expect(rows.getByText("Completed", { exact: true })).toHaveCount(count);
  await fitsPhone(page, "main", "completed");

  // Nothing left: the dialog says so, and paying again is refused with the spec's failure toast.
  await page.goto(`${PATH}?disburse=${last.value}`);
  await expect(dialog(page).getByTestId("disbursement-empty")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await dialog(page)
    .getByRole("button", { name: /^Pay ৳/ })
    .click();
  await expect(
    page.getByText(`Failed to process salary disbursement: Every salary of ${last.name} is already paid`).first(),
  ).toBeVisible();
});

test("at 375 px: process the month before last, open a payslip, pay all but one employee; the button says what is paid", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const month = monthFromNow(-2);
  await page.setViewportSize({ width: 375, height: 800 });

  await signedIn(page, `/admin/accounts/payroll?process=${month.value}`);
  await expect(dialog(page).getByRole("heading", { name: "Process Payroll" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Process Payroll" }).click();
  await expect(page.getByText("Payroll processed successfully").first()).toBeVisible();
  await page
    .getByRole("row", { name: `Payroll ${month.name}` })
    .getByRole("link", { name: `Payslips of ${month.name}` })
    .click();
  const slipLink = dialog(page).getByRole("link", { name: "Payslip of Tanvir Rahman (PDF)" });
  await expect(slipLink).toBeVisible();
  const pdf = await page.request.get((await slipLink.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");

  await page.goto(`${PATH}?disburse=${month.value}`);
  await expect(dialog(page).getByRole("heading", { name: "Process Disbursement" })).toBeVisible();
  const items = dialog(page).getByTestId("disbursement-breakdown").getByRole("listitem");
  const count = await items.count();
  expect(count).toBeGreaterThan(2);
  // Amounts in paisa, read off the screen.
  const paisa = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
  const amount = async (name: string) =>
    paisa(await items.filter({ hasText: name }).locator("span.font-semibold.tabular-nums").innerText());
  const payButton = dialog(page).getByRole("button", { name: /^Pay ৳/ });
  const all = paisa(await payButton.innerText());
  const arif = await amount("Arif Hossain");
  await dialog(page).getByRole("checkbox", { name: "Pay Arif Hossain" }).uncheck();
  const left = (all - arif) / 100;
  await expect(payButton).toHaveText(
    `Pay ৳${left.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  await expect.poll(() => screenFitProblems(page, "dialog"), { timeout: 5_000 }).toEqual([]);
  await payButton.click();
  await expect(page.getByText("Salary disbursement processed successfully").first()).toBeVisible();
  const rows = page.getByTestId("salary-row");
  await expect(rows.getByText("Completed", { exact: true })).toHaveCount(count - 1);
  await expect(rows.filter({ hasText: "Arif Hossain" }).getByText("Pending", { exact: true })).toBeVisible();
  await expect.poll(() => screenFitProblems(page, "main"), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: ".tmp/screenshots/salary-disbursement-part-paid-375.png", fullPage: true });
});
