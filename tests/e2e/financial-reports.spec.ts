import { readFileSync } from "node:fs";
import { expect as baseExpect, test as base, type Locator, type Page } from "@playwright/test";
import { signedIn } from "./support/auth";
import { startPostgresSite, stopPostgresSite, type PostgresSite } from "./support/postgres-site";
import { screenFitProblems } from "./support/screen-fit";

// Financial Reports (issue 24) as an accountant uses them, at 1280 and 375 px: each tab of a small book of August
// and September 2025 (capital into the bank, rental income in cash and into the bank, office rent from the bank),
// the period toggle and arrows changing the figures, a figure opened on its General Ledger lines and another account
// chosen there, Export Report downloading the CSV and the PDF of what is shown, a month the URL cannot give named;
// every screen fits a phone. Each worker has a server of its own on a PostgreSQL database of its own, whose entries
// are posted once (the domain's postEntry) when it starts.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "root@reports.test", password: "reports-admin-password-1" };
const PATH = "/admin/accounts/reports";
const SEP = `${PATH}?tab=profit-and-loss&period=monthly&month=2025-09`;

/** The worker's site (set by its fixture), where signIn signs in. */
let siteUrl: string | undefined;

const test = base.extend<object, { site: PostgresSite | null }>({
  site: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const site = await startPostgresSite({ name: "reports", admin: ADMIN });
      if (site) await postBook(site);
      siteUrl = site?.server.url;
      await provide(site);
      if (site) await stopPostgresSite(site);
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ site }, provide) => provide(site?.server.url),
});

test.beforeEach(({ site }) => {
  test.skip(!site, "no PostgreSQL at 127.0.0.1:5432");
});
test.describe.configure({ timeout: 120_000 });

/** The book the spec reads: fiscal year 2025-26 (July to June), August and September. */
async function postBook(site: PostgresSite) {
  const { postEntry } = await import("../../app/domain/accounting/ledger.server");
  const { twoLines } = await import("../../app/domain/accounting/journal");
  const { seedId } = await import("../../app/db/seed/ids");
  const account = (code: string) => seedId(`account:${code}`);
  const entry = (date: string, reference: string, description: string, debit: string, credit: string, paisa: bigint) =>
    site.db.db.transaction((tx) =>
      postEntry(tx, {
        date,
        description,
        reference,
        source: { type: "manual" },
        lines: twoLines(account(debit), account(credit), paisa),
        createdBy: null,
      }),
    );
  await entry("2025-08-05", "E2E-CAP", "Owner's capital", "1100", "3000", 10_000_000n);
  await entry("2025-08-20", "E2E-AUG", "Stage hire, cash", "1000", "4000", 2_500_000n);
  await entry("2025-09-10", "E2E-SEP", "Sound system hire", "1100", "4000", 4_000_000n);
  await entry("2025-09-18", "E2E-RENT", "Office rent September", "6100", "1100", 1_200_000n);
}

/** Opens `then` signed in as the site's administrator: through the form once in the worker (support/auth.ts). */
async function signIn(page: Page, then: string) {
  if (!siteUrl) throw new Error("signIn: no site in this worker");
  await signedIn(page, ADMIN, then, siteUrl);
  await expect(page).toHaveURL((url) => url.pathname === PATH);
}

const statement = (page: Page) => page.getByTestId("statement-table");
/** The figures of a statement's row whose label reads `label` (its code and name for an account). */
const rowOf = (page: Page, label: string | RegExp): Locator =>
  statement(page)
    .locator("tbody tr")
    .filter({ has: page.getByRole("rowheader", { name: label }) });
const shots = (name: string, project: string) => `.tmp/screenshots/financial-reports-${name}-${project}.png`;

async function fits(page: Page) {
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
}

test("each tab, the period toggle and arrows change the figures, every screen fits @mobile", async ({ page }, info) => {
  const project = info.project.name;
  await signIn(page, SEP);

  // Profit & Loss of September 2025 against August, with the chart of the fiscal year's months.
  await expect(page.getByRole("heading", { name: "Financial Reports", level: 1 })).toBeVisible();
  await expect(page.getByText("Fiscal year 2025-26 (Jul 01, 2025 – Jun 30, 2026)", { exact: false })).toBeVisible();
  await expect(page.getByTestId("period-label")).toHaveText("Sep 2025");
  await expect(statement(page).locator("thead")).toContainText("Sep 2025");
  await expect(statement(page).locator("thead")).toContainText("Aug 2025");
  await expect(rowOf(page, /4000\s*Equipment Rental Income/)).toContainText("৳40,000.00");
  await expect(rowOf(page, /4000\s*Equipment Rental Income/)).toContainText("৳25,000.00");
  await expect(rowOf(page, /4000\s*Equipment Rental Income/)).toContainText("+60.0%");
  await expect(rowOf(page, "Net profit")).toContainText("৳28,000.00");
  // Chart.js draws the months on its canvas (the HTML bars give way to it).
  await expect(page.getByTestId("income-expense-chart-canvas")).toBeVisible();
  await expect(page.getByTestId("income-expense-chart-html")).toHaveCount(0);
  await page.getByText("The figures by month").click();
  await expect(page.getByRole("rowheader", { name: "Sep 2025" })).toBeVisible();
  await fits(page);
  await page.screenshot({ path: shots("profit-and-loss", project), fullPage: true });

  // The toggle: the quarter, the fiscal year, back to the month; the arrows step a month.
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Quarterly" }).click();
  await expect(page).toHaveURL(/period=quarterly&fy=2025&q=1/);
  await expect(page.getByTestId("period-label")).toHaveText("Q1 2025-26");
  await expect(page.getByLabel("Quarter")).toHaveValue("1");
  await expect(rowOf(page, "Net profit")).toContainText("৳53,000.00");
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Yearly" }).click();
  await expect(page.getByTestId("period-label")).toHaveText("FY 2025-26");
  await expect(rowOf(page, "Net profit")).toContainText("৳53,000.00");
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Monthly" }).click();
  await expect(page.getByTestId("period-label")).toHaveText("Jul 2025");
  await page.getByRole("link", { name: "Next period: Aug 2025" }).click();
  await expect(page.getByTestId("period-label")).toHaveText("Aug 2025");
  await expect(rowOf(page, "Net profit")).toContainText("৳25,000.00");
  // A month chosen in the field applies at once.
  await page.getByLabel("Month", { exact: true }).fill("2025-09");
  await expect(page).toHaveURL(/month=2025-09/);
  await expect(rowOf(page, "Net profit")).toContainText("৳28,000.00");

  // Balance Sheet at 30 September 2025: it balances, the year's profit in equity.
  await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Balance Sheet" }).click();
  await expect(page).toHaveURL(/tab=balance-sheet&period=monthly&month=2025-09/);
  await expect(statement(page).locator("thead")).toContainText("As at 30 Sep 2025");
  await expect(rowOf(page, /1100\s*Bank - Current Account/)).toContainText("৳128,000.00");
  await expect(rowOf(page, "Profit for the year to date")).toContainText("৳53,000.00");
  await expect(rowOf(page, "Total liabilities and equity")).toContainText("৳153,000.00");
  await expect(page.getByText("Assets equal liabilities and equity in every column.")).toBeVisible();
  await fits(page);
  await page.screenshot({ path: shots("balance-sheet", project), fullPage: true });

  // Cash Flow of September: the profit, the net change equal to the bank's and cash's change.
  await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Cash Flow" }).click();
  await expect(rowOf(page, "Net profit")).toContainText("৳28,000.00");
  await expect(rowOf(page, "Net change in cash")).toContainText("৳28,000.00");
  await expect(rowOf(page, "Cash at the start of the period")).toContainText("৳125,000.00");
  await expect(rowOf(page, "Cash at the end of the period")).toContainText("৳153,000.00");
  await fits(page);
  await page.screenshot({ path: shots("cash-flow", project), fullPage: true });

  // Trial Balance of September: the bank's opening, debits, credits and closing; the totals agree.
  await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Trial Balance" }).click();
  await expect(rowOf(page, /1100\s*Bank - Current Account/)).toContainText(
    /৳100,000\.00\s*৳40,000\.00\s*৳12,000\.00\s*৳128,000\.00/,
  );
  await expect(rowOf(page, "Totals")).toContainText(/৳125,000\.00\s*৳125,000\.00\s*৳52,000\.00\s*৳52,000\.00/);
  await expect(page.getByText("Debits equal credits in every column.")).toBeVisible();
  await fits(page);
  await page.screenshot({ path: shots("trial-balance", project), fullPage: true });
});

test("a figure opens its General Ledger lines; another account chosen there @mobile", async ({ page }, info) => {
  await signIn(page, SEP);
  await statement(page).getByRole("link", { name: "4000 Equipment Rental Income, Sep 2025: ৳40,000.00" }).click();
  await expect(page).toHaveURL(/tab=general-ledger&period=monthly&month=2025-09&account=/);
  await expect(page.getByRole("heading", { name: "General Ledger: 4000 Equipment Rental Income" })).toBeVisible();
  await expect(page.getByLabel("Account", { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  const lines = page.getByRole("region", { name: /Lines of 4000/ });
  await expect(lines.getByRole("link", { name: "E2E-SEP" })).toBeVisible();
  await expect(lines).toContainText("Sound system hire");
  // The month's income is the period's credits; the balance runs on from the fiscal year's start.
  await expect(lines.locator('tr[data-row="total"]').last()).toContainText("Total for the period৳0.00৳40,000.00");
  await expect(lines.locator('tr[data-row="grand"]')).toContainText("Closing balance৳65,000.00");
  await fits(page);
  await page.screenshot({ path: shots("general-ledger", info.project.name), fullPage: true });

  // The bank's lines in the quarter: the select applies at once; the opening, each line's balance, the closing.
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Quarterly" }).click();
  await expect(page.getByTestId("period-label")).toHaveText("Q1 2025-26");
  await page.getByLabel("Account", { exact: true }).selectOption({ label: "1100 - Bank - Current Account" });
  await expect(page.getByRole("heading", { name: "General Ledger: 1100 Bank - Current Account" })).toBeVisible();
  const bank = page.getByRole("region", { name: /Lines of 1100/ });
  await expect(bank.locator('tr[data-row="line"]')).toHaveCount(3);
  await expect(bank.locator('tr[data-row="line"]').nth(2)).toContainText("E2E-RENT");
  await expect(bank.locator('tr[data-row="line"]').nth(2)).toContainText("৳128,000.00");
  await expect(bank.locator('tr[data-row="grand"]')).toContainText("৳128,000.00");
  // A line opens its entry in the General Ledger screen.
  await bank.getByRole("link", { name: "E2E-RENT" }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/ledger\?entry=/);
  await expect(page.getByText("Office rent September").first()).toBeVisible();
});

test("Export Report downloads the CSV and the PDF of what is on screen @mobile", async ({ page }) => {
  await signIn(page, `${PATH}?tab=balance-sheet&period=quarterly&fy=2025&q=1`);
  await page.getByText("Export Report").click();
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^CSV/ }).click()]);
  expect(csv.suggestedFilename()).toBe("balance-sheet-2025-26-q1.csv");
  const text = readFileSync((await csv.path())!, "utf8");
  expect(text).toContain("Balance Sheet");
  expect(text).toContain("Q1 2025-26 (1 Jul 2025 – 30 Sep 2025) · fiscal year 2025-26");
  expect(text).toContain("1100,Bank - Current Account,128000.00");
  expect(text).toContain(",Total liabilities and equity,153000.00");

  await page.getByText("Export Report").click();
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^PDF/ }).click()]);
  expect(pdf.suggestedFilename()).toBe("balance-sheet-2025-26-q1.pdf");
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
});

test("a month the address cannot give is named, and today's month shown instead @mobile", async ({ page }) => {
  await signIn(page, `${PATH}?period=monthly&month=2025-13`);
  const alert = page.getByRole("alert").filter({ hasText: "cannot be shown" });
  await expect(alert).toContainText("Choose a month");
  const today = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Dhaka", month: "short", year: "numeric" })
    .format(new Date())
    .replace(",", "");
  await expect(page.getByTestId("period-label")).toHaveText(today);
  await fits(page);
});
