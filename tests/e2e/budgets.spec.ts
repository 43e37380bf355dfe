import { expect as baseExpect, test as base, type Page } from "@playwright/test";
import { hydrated, open } from "./support/auth";
import { screenFitProblems } from "./support/screen-fit";
import { postsOf, startPostgresSite, stopPostgresSite, type PostgresSite } from "./support/postgres-site";

// Budgeting (issue 24; backoffice.md §2 Budget Management, §5, §8, §9) as people use it, at 1280 and 375 px: the
// Create Budget dialog (annual by default; in monthly mode twelve month inputs in the fiscal year's order with a
// running Total Allocated, Create Budget disabled until they add up to the Total Amount; a negative month stopped
// by the browser), the spec's toast, the card with the budget against the ledger's actual (entries posted today
// while the server runs), a month over budget marked; Edit; Copy to next year, after which the copy is refused.
// Each worker has a server of its own on a PostgreSQL database of its own; each project budgets its own account.

const expect = baseExpect.configure({ timeout: 15_000 });
const ADMIN = { email: "root@budgets.test", password: "budgets-admin-password-1" };
const shots = (name: string, project: string) => `.tmp/screenshots/budgets-${name}-${project}.png`;

const test = base.extend<object, { site: PostgresSite | null }>({
  site: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const site = await startPostgresSite({ name: "budgets", admin: ADMIN });
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
test.describe.configure({ timeout: 180_000 });

async function signIn(page: Page) {
  await open(page, "/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await hydrated(page);
}

const dialog = (page: Page) => page.getByRole("dialog");

/** An expense of `amount` paisa on the account today, paid from the bank, through the book's one way in. */
async function spendToday(site: PostgresSite, code: string, amount: bigint) {
  const { postEntry } = await import("../../app/domain/accounting/ledger.server");
  const { twoLines } = await import("../../app/domain/accounting/journal");
  const { seedId } = await import("../../app/db/seed/ids");
  const { todayInDhaka } = await import("../../app/lib/dhaka-time");
  await site.db.db.transaction((tx) =>
    postEntry(tx, {
      date: todayInDhaka(),
      description: `Paid ${code}`,
      source: { type: "manual" },
      lines: twoLines(seedId(`account:${code}`), seedId("account:1100"), amount),
      createdBy: null,
    }),
  );
}

/** Income of `amount` paisa on the account today, received in the bank. */
async function earnToday(site: PostgresSite, code: string, amount: bigint) {
  const { postEntry } = await import("../../app/domain/accounting/ledger.server");
  const { twoLines } = await import("../../app/domain/accounting/journal");
  const { seedId } = await import("../../app/db/seed/ids");
  const { todayInDhaka } = await import("../../app/lib/dhaka-time");
  await site.db.db.transaction((tx) =>
    postEntry(tx, {
      date: todayInDhaka(),
      description: `Received ${code}`,
      source: { type: "manual" },
      lines: twoLines(seedId("account:1100"), seedId(`account:${code}`), amount),
      createdBy: null,
    }),
  );
}

/** An annual budget of the current fiscal year, through the use case (the dialog is tested on another account). */
async function annualBudget(site: PostgresSite, code: string, amount: string, fiscalYear: number) {
  const { createBudget } = await import("../../app/domain/budgets/budget-use-cases.server");
  const { emptyBudgetForm } = await import("../../app/domain/budgets/budget-form");
  const { seedId } = await import("../../app/db/seed/ids");
  const actor = { userId: null, label: "e2e", ipAddress: null, userAgent: null };
  const result = await createBudget(
    site.db.db,
    actor,
    emptyBudgetForm(fiscalYear, { accountId: seedId(`account:${code}`), amount }),
  );
  if (!result.ok) throw new Error(`budget of ${code}: ${result.message} ${JSON.stringify(result.errors)}`);
}

/** The current fiscal year (July start) and its months' labels, first to last, and this month's label. */
async function currentYear() {
  const { todayInDhaka } = await import("../../app/lib/dhaka-time");
  const { budgetYearOfDate } = await import("../../app/domain/budgets/budget-form");
  const { fiscalYearMonths, fiscalYearName } = await import("../../app/domain/reports/report-periods");
  const today = todayInDhaka();
  const year = budgetYearOfDate(today, 7);
  const months = fiscalYearMonths(year, 7);
  return {
    year,
    name: fiscalYearName(year, 7),
    nextName: fiscalYearName(year + 1, 7),
    labels: months.map((m) => m.label),
    thisMonth: months.find((m) => m.from <= today && today <= m.to)!.label,
  };
}

test("create a monthly budget, see it against the ledger, edit it and copy it to next year @mobile", async ({
  page,
  site,
}, info) => {
  const project = info.project.name;
  const [code, name] = project === "mobile" ? ["6110", "Warehouse Rent"] : ["6100", "Office Rent"];
  const account = `${code} - ${name}`;
  const fy = await currentYear();
  // 15,000.00 spent today: this month's budget (10,000.00) is passed.
  await spendToday(site!, code, 1_500_000n);
  // Beside it, an income budget and an expense budget already passed for the year.
  const [income, over] = project === "mobile" ? ["4100", "6210"] : ["4000", "6200"];
  await annualBudget(site!, income, "1200000", fy.year);
  await earnToday(site!, income, 8_000_000n);
  await annualBudget(site!, over, "5000", fy.year);
  await spendToday(site!, over, 750_000n);
  await signIn(page);

  // The menu leads there (on a phone, through the menu button); a year with no budgets says so.
  await open(page, "/admin");
  if (project === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Back office" }).last();
  await menu.locator("summary", { hasText: "Accounts" }).click();
  await menu.getByRole("link", { name: "Budgeting" }).click();
  await expect(page.getByRole("heading", { name: "Budget Management", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Fiscal year" })).toHaveValue(String(fy.year));
  await open(page, `/admin/accounts/budget?fy=${project === "mobile" ? 2049 : 2048}`);
  await expect(page.getByTestId("budget-empty")).toContainText("No budgets for FY");
  await page.screenshot({ path: shots("empty", project), fullPage: true });

  // Create Budget: the current fiscal year, annual, the allocation hidden.
  await open(page, "/admin/accounts/budget");
  await page.getByRole("link", { name: "Create Budget" }).first().click();
  await expect(dialog(page).getByRole("heading", { name: "Create Budget" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(dialog(page).getByLabel("Fiscal Year")).toHaveValue(String(fy.year));
  await expect(dialog(page).getByRole("radio", { name: "Annual" })).toBeChecked();
  await expect(dialog(page).getByTestId("monthly-allocation")).toBeHidden();
  await dialog(page).getByLabel("Account").selectOption({ label: account });
  await dialog(page).getByLabel("Total Amount (৳)").fill("120000");

  // Monthly: twelve inputs in the fiscal year's order, at 0; Create Budget disabled until they add up.
  await dialog(page).getByRole("radio", { name: "Monthly" }).check();
  const allocation = dialog(page).getByTestId("monthly-allocation");
  await expect(allocation).toBeVisible();
  const months = allocation.getByRole("spinbutton");
  await expect(months).toHaveCount(12);
  for (let i = 0; i < 12; i++) {
    await expect(allocation.locator("label").nth(i)).toHaveText(fy.labels[i]!);
    await expect(months.nth(i)).toHaveValue("0");
  }
  const create = dialog(page).getByRole("button", { name: "Create Budget" });
  const total = dialog(page).getByTestId("total-allocated");
  await expect(total).toContainText("Total Allocated: ৳0.00 of ৳120,000.00");
  await expect(create).toBeDisabled();
  for (let i = 0; i < 11; i++) await months.nth(i).fill("10000");
  await months.nth(11).fill("9999");
  await expect(total).toContainText("Total Allocated: ৳119,999.00");
  await expect(total).toContainText("৳1.00 left to allocate");
  await expect(create).toBeDisabled();
  // A negative month that still adds up: the browser stops it with the month's message, nothing posted.
  const posts = postsOf(page);
  await months.nth(10).fill("-1");
  await months.nth(11).fill("20000");
  await expect(create).toBeEnabled();
  await create.click();
  await expect(dialog(page).getByText(`${fy.labels[10]} must be 0 or more`)).toBeVisible();
  expect(posts).toEqual([]);
  await months.nth(10).fill("10000");
  await months.nth(11).fill("10000");
  await expect(total).toContainText("The months add up to the Total Amount");
  await expect(create).toBeEnabled();
  await dialog(page).getByLabel("Notes").fill("Rent rises in January");
  expect(await screenFitProblems(page, "dialog")).toEqual([]);
  await page.screenshot({ path: shots("create-dialog", project) });
  await create.click();

  // The spec's toast; the card shows the budget against what was posted today.
  await expect(page.getByText("Budget created successfully").first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  const card = page.getByRole("article", { name: account });
  await expect(card).toBeVisible();
  await expect(card.getByText("Expense account · Monthly budget")).toBeVisible();
  await expect(card.getByTestId("budget-amount")).toHaveText("৳120,000.00");
  await expect(card.getByTestId("budget-actual")).toHaveText("৳15,000.00");
  await expect(card.getByTestId("budget-variance")).toHaveText("৳105,000.00 left");
  await expect(card.getByTestId("budget-used")).toHaveText("12.5%");
  await expect(card.getByText("1 month over")).toBeVisible();
  await expect(card.getByText("Rent rises in January")).toBeVisible();
  const overCard = page.getByRole("article", { name: new RegExp(`^${over} - `) });
  await expect(overCard.getByText("Over budget", { exact: true })).toBeVisible();
  await expect(overCard.getByTestId("budget-variance")).toHaveText("৳2,500.00 over budget");
  await expect(page.getByTestId("summary-over-count")).toHaveText("1");
  await expect(page.getByTestId("summary-income").getByTestId("summary-actual")).toHaveText("৳80,000.00");
  await card.getByText("By month", { exact: true }).click();
  const overRow = card.getByRole("row").filter({ hasText: fy.thisMonth });
  await expect(overRow).toContainText("Over");
  await expect(overRow).toContainText("৳10,000.00");
  await expect(overRow).toContainText("৳15,000.00");
  // The card, its months' table open, fits the window (at 375 px too).
  expect(await screenFitProblems(page)).toEqual([]);
  await page.screenshot({ path: shots("card", project), fullPage: true });

  // Edit: the same dialog, filled in; annual 100,000.00 now.
  await card.getByRole("link", { name: `Edit the budget of ${account}` }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Budget" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(dialog(page).getByLabel("Account")).toHaveValue(/[0-9a-f-]{36}/);
  await expect(dialog(page).getByRole("radio", { name: "Monthly" })).toBeChecked();
  await expect(dialog(page).getByTestId("monthly-allocation").getByRole("spinbutton").first()).toHaveValue("10000.00");
  await dialog(page).getByRole("radio", { name: "Annual" }).check();
  await expect(dialog(page).getByTestId("monthly-allocation")).toBeHidden();
  await dialog(page).getByLabel("Total Amount (৳)").fill("100000");
  await dialog(page).getByRole("button", { name: "Save Budget" }).click();
  await expect(page.getByText("Budget updated successfully").first()).toBeVisible();
  await expect(card.getByTestId("budget-amount")).toHaveText("৳100,000.00");
  await expect(card.getByText("Expense account · Annual budget")).toBeVisible();

  // Copy to next year: the toast leads there, the copy is on its page, and a second copy is not offered.
  await card.getByRole("button", { name: `Copy the budget of ${account} to FY ${fy.nextName}` }).click();
  await expect(page.getByText(`Budget copied to FY ${fy.nextName} successfully`).first()).toBeVisible();
  const copyButton = card.getByRole("button", { name: `Copy the budget of ${account} to FY ${fy.nextName}` });
  await expect(copyButton).toBeDisabled();
  await expect(card.getByText(`FY ${fy.nextName} already has a budget for this account`)).toBeVisible();
  await page.getByRole("link", { name: "Open that year" }).click();
  await expect(page).toHaveURL(new RegExp(`fy=${fy.year + 1}`));
  const copied = page.getByRole("article", { name: account });
  await expect(copied.getByTestId("budget-amount")).toHaveText("৳100,000.00");
  await expect(copied.getByTestId("budget-actual")).toHaveText("৳0.00");
  await page.screenshot({ path: shots("next-year", project), fullPage: true });
});
