import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { screenFitProblems } from "./support/screen-fit";

// Year-end close (issue 24): a rental posted in FY 2024-25 through the General Ledger; the year-end screen shows the
// year with its income and result; Close year's confirmation says what is posted (the profit to 3100 Retained
// Earnings on 30 Jun 2025, nothing else posted in the year until reopened); the year then reads Closed with who
// closed it and its closing entry in the General Ledger; Settings > Accounting refuses a new fiscal year start month
// while the year is closed; Reopen asks for a reason (the browser refuses none), the year reads Reopened with it;
// the start month then changes to January and the screen names years by their calendar year. The screens fit a
// 375 px window. On a server of its own: its close and settings move no other spec's figures.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "year-end-admin@e2e.test", password: "year-end-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const PATH = "/admin/accounts/reports/year-end";

const dialog = (page: Page) => page.getByRole("dialog");
const year = (page: Page, name: string) => page.getByRole("article", { name });
const tagOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const todayShort = () => {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date()).split("-");
  const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(m) - 1];
  return `${month} ${d}, ${y}`;
};

/** The screen (or its dialog) fits a 375 px window; `shot` names its screenshots at 375 and 1280 px. */
async function fitsPhone(page: Page, within: "main" | "dialog" = "main", shot?: string) {
  if (shot) await page.screenshot({ path: `.tmp/screenshots/year-end-${shot}-1280.png`, fullPage: within === "main" });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page, within), { timeout: 5_000 }).toEqual([]);
  if (shot) await page.screenshot({ path: `.tmp/screenshots/year-end-${shot}-375.png`, fullPage: within === "main" });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("close a past year with postings, see it closed, reopen it with a reason; the fiscal year's start month", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const reference = `YE-${tagOf()}`;
  await page.setViewportSize({ width: 1280, height: 800 });

  // A rental of ৳12,000.50 in FY 2024-25 (July to June), posted through the General Ledger.
  await signedIn(page, "/admin/accounts/ledger?new=1");
  const entry = dialog(page);
  await entry.getByLabel("Entry Date").fill("2025-03-15");
  await entry.getByLabel("Reference").fill(reference);
  await entry.getByLabel("Description", { exact: true }).fill("Stage lighting rental, March 2025");
  await entry.getByLabel("Status").selectOption("posted");
  await entry.getByLabel("Line 1 Account").selectOption({ label: "1000 · Cash in Hand" });
  await entry.getByLabel("Line 1 Debit (৳)").fill("12000.50");
  await entry.getByRole("button", { name: "Add line" }).click();
  await entry.getByLabel("Line 2 Account").selectOption({ label: "4000 · Equipment Rental Income" });
  await entry.getByLabel("Line 2 Credit (৳)").fill("12000.50");
  await entry.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Journal entry created successfully").first()).toBeVisible();

  // The year-end screen: FY 2024-25 open, its figures from the ledger.
  await page.goto(PATH);
  await expect(page.getByRole("heading", { name: "Year-end close", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Financial Reports" })).toHaveAttribute(
    "href",
    "/admin/accounts/reports",
  );
  const fy = year(page, "FY 2024-25");
  await expect(fy.getByText("Open", { exact: true })).toBeVisible();
  await expect(fy.getByText("Jul 01, 2024 – Jun 30, 2025")).toBeVisible();
  await expect(fy.locator("dd").nth(0)).toHaveText("৳12,000.50");
  await expect(fy.locator("dd").nth(1)).toHaveText("৳0.00");
  await expect(fy.locator("dd").nth(2)).toHaveText("৳12,000.50");
  await fitsPhone(page, "main", "open");

  // Close year: the confirmation says what will be posted.
  await fy.getByRole("link", { name: "Close year" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Close FY 2024-25" })).toBeVisible();
  await expect(dialog(page).getByText("Profit for the year")).toBeVisible();
  await expect(dialog(page).getByText(/One entry dated Jun 30, 2025 reverses/)).toContainText(
    "credits the profit of ৳12,000.50 to 3100 Retained Earnings",
  );
  await expect(
    dialog(page).getByText(
      "Until the year is reopened, nothing else can be posted between Jul 01, 2024 and Jun 30, 2025.",
    ),
  ).toBeVisible();
  await fitsPhone(page, "dialog", "close-dialog");
  await dialog(page).getByRole("button", { name: "Close year" }).click();
  await expect(page.getByText("Year closed successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(fy.getByText("Closed", { exact: true })).toBeVisible();
  await expect(fy.getByText(new RegExp(`Closed on ${todayShort()} by `))).toBeVisible();
  await expect(fy.getByRole("link", { name: "Reopen" })).toBeVisible();
  await fitsPhone(page, "main", "closed");

  // Its closing entry in the General Ledger.
  await fy.getByRole("link", { name: "Closing entry" }).click();
  await expect(page.getByText("Showing one entry.")).toBeVisible();
  await expect(page.getByText("Year-end close FY 2024-25").first()).toBeVisible();

  // Settings > Accounting: the fiscal year's start month is July and cannot change while the year is closed.
  await page.goto("/admin/settings/accounting");
  const startMonth = page.getByLabel("Fiscal year starts in");
  await expect(startMonth).toHaveValue("7");
  await startMonth.selectOption({ label: "January" });
  await expect(page.getByText(/^Today is in FY \d{4}: Jan 01, \d{4} – Dec 31, \d{4}\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Save accounting settings" }).click();
  const whileClosed =
    "The fiscal year's start month cannot change while a year is closed (FY 2024-25): reopen it first in Financial Reports > Year-end close";
  await expect(page.getByText(`Failed to save accounting settings: ${whileClosed}`).first()).toBeVisible();
  await expect(page.getByText(whileClosed, { exact: true })).toBeVisible();

  // Reopen: a reason is required, the browser says so first.
  await page.goto(PATH);
  await year(page, "FY 2024-25").getByRole("link", { name: "Reopen" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Reopen FY 2024-25" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Reopen" }).click();
  await expect(
    page.getByText("Failed to reopen year: Reason is required: say why the year is reopened").first(),
  ).toBeVisible();
  await fitsPhone(page, "dialog", "reopen-dialog");
  await dialog(page).getByLabel("Reason").fill("A supplier invoice of June 2025 arrived late");
  await dialog(page).getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByText("Year reopened successfully").first()).toBeVisible();
  const reopened = year(page, "FY 2024-25");
  await expect(reopened.getByText("Reopened", { exact: true })).toBeVisible();
  await expect(reopened.getByText("A supplier invoice of June 2025 arrived late")).toBeVisible();
  await expect(reopened.getByRole("link", { name: "Reopening entry" })).toBeVisible();
  await expect(reopened.getByRole("link", { name: "Close year" })).toBeVisible();
  await fitsPhone(page, "main", "reopened");

  // Now the start month changes: years are named by their calendar year.
  await page.goto("/admin/settings/accounting");
  await page.getByLabel("Fiscal year starts in").selectOption({ label: "January" });
  await page.getByRole("button", { name: "Save accounting settings" }).click();
  await expect(page.getByText("Accounting settings saved").first()).toBeVisible();
  await page.goto(PATH);
  const calendar = year(page, "FY 2025");
  await expect(calendar.getByText("Jan 01, 2025 – Dec 31, 2025")).toBeVisible();
  await expect(calendar.locator("dd").nth(0)).toHaveText("৳12,000.50");
});
