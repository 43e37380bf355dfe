import { mkdirSync } from "node:fs";
import { expect as baseExpect, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { dhakaDatePlus } from "./support/fixtures";
import { openQuotationPanel, requestQuotation } from "./support/quotation-journey";
import { screenFitProblems } from "./support/screen-fit";
import { hydrated } from "./support/auth";

// The jobs' list, calendar and warehouse day (issue 26): a quotation asked for on the website and approved in the
// back office opens a job; it shows on the calendar's month grid at 1280 px and in its agenda at 375 px (no sideways
// scroll), in the week view and as the week moves, in the list's search and status filter (both in the URL), and
// on the warehouse's day it leaves. On a server of its own, so the job it opens moves no shared figure.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "jobs-calendar-admin@e2e.test", password: "jobs-calendar-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);

const EVENT = `Calendar Gala ${Date.now().toString(36)}`;
const EMAIL = `calendar.gala.${Date.now().toString(36)}@example.com`;
const DAY = dhakaDatePlus(1);
const SHOTS = ".tmp/screenshots";

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/jobs-${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

test("an approved quotation's job on the calendar (month, agenda, week), in the list and on its warehouse day", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A visitor asks for 3 moving heads for tomorrow; staff approve it: the job opens.
  await requestQuotation(page, {
    quantity: 3,
    details: {
      "Full Name": "Calendar Customer",
      Email: EMAIL,
      "Phone Number": "+880 1712-000444",
      "Event Name": EVENT,
      "Event Date": DAY,
      "Event Time": "18:00",
      "Event Location": "Bashundhara Convention Center, Dhaka",
    },
  });
  await signedIn(page, "/admin/quotations");
  const panel = await openQuotationPanel(page, EMAIL);
  await panel.getByRole("button", { name: "Approve" }).click();
  await expect(panel.getByText("Approved", { exact: true }).first()).toBeVisible();

  // The list: search by the event, then by the job's reference, and filter by status; all in the URL.
  await settle(page, "/admin/jobs");
  await page.getByLabel("Search", { exact: true }).fill(EVENT);
  await expect(page).toHaveURL(/[?&]q=Calendar\+Gala/);
  const row = page.getByRole("row").filter({ hasText: EVENT });
  await expect(row).toHaveCount(1);
  const reference = (await row.getByRole("link").first().textContent())!.trim();
  expect(reference).toMatch(/^JOB-\d{6}$/);
  await expect(row).toContainText("Calendar Customer");
  await expect(row).toContainText("3 reserved");
  await page.getByLabel("Search", { exact: true }).fill(reference);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}`));
  await expect(page.getByRole("row").filter({ hasText: reference })).toHaveCount(1);
  await page.getByLabel("Status", { exact: true }).selectOption("planned");
  await expect(page).toHaveURL(/[?&]status=planned/);
  await expect(page.getByRole("row").filter({ hasText: reference })).toHaveCount(1);
  await page.getByLabel("Status", { exact: true }).selectOption("returned");
  await expect(page).toHaveURL(/[?&]status=returned/);
  await expect(page.getByText("No jobs found.")).toBeVisible();
  // A status the list does not know is named.
  await settle(page, "/admin/jobs?status=lost");
  await expect(page.getByRole("alert")).toContainText("Status must be Planned, Out, Returned or Overdue");
  await settle(page, "/admin/jobs");
  await shot(page, "list");

  // The month at 1280 px: a grid of 7 columns, the job on its day.
  const month = DAY.slice(0, 7);
  await settle(page, `/admin/jobs/calendar?month=${month}`);
  const grid = page.getByTestId("month-grid");
  await expect(grid).toBeVisible();
  await expect(page.getByTestId("month-agenda")).toBeHidden();
  const cell = grid.locator(`[data-day="${DAY}"]`);
  await expect(cell.locator(`[data-job="${reference}"]`)).toBeVisible();
  await expect(grid.locator('[role="columnheader"]')).toHaveCount(7);
  const card = grid.getByRole("article", { name: new RegExp(reference) });
  await expect(card).toContainText("3 units: Moving Head Beam Light ×3");
  await expect(card).toContainText("No crew yet");
  expect(await screenFitProblems(page)).toEqual([]);
  await shot(page, "calendar-month");

  // The week: seven columns, the job on its day; Next and Previous move the week in the URL.
  await page.getByRole("link", { name: "Week", exact: true }).click();
  await expect(page).toHaveURL(/show=week/);
  await settle(page, `/admin/jobs/calendar?show=week&date=${DAY}`);
  const week = page.getByTestId("week");
  await expect(week.locator(`[data-day="${DAY}"] [data-job="${reference}"]`)).toBeVisible();
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${dhakaDatePlus(1 + 7 - mondayOffset(DAY))}`));
  await expect(week.locator(`[data-job="${reference}"]`)).toHaveCount(0);
  await page.getByRole("link", { name: "Previous week" }).click();
  await expect(week.locator(`[data-job="${reference}"]`)).toBeVisible();
  await shot(page, "calendar-week");

  // The warehouse's day: tomorrow (Next from today) the job leaves with its 3 moving heads.
  await settle(page, "/admin/jobs/day");
  await page.getByRole("link", { name: "Next day" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${DAY}`));
  const leaving = page.getByRole("region", { name: /Leaving/ });
  const job = leaving.getByRole("article", { name: new RegExp(reference) });
  await expect(job).toContainText("Moving Head Beam Light");
  await expect(job).toContainText("×3");
  await expect(job.getByRole("link", { name: `Pick list of ${reference}` })).toHaveAttribute(
    "href",
    /\/admin\/jobs\/[0-9a-f-]{36}\/pick-list$/,
  );
  await shot(page, "day");

  // 375 px: the month is an agenda of days with jobs, nothing scrolls sideways; so are the week, list and day.
  await page.setViewportSize({ width: 375, height: 740 });
  await settle(page, `/admin/jobs/calendar?month=${month}`);
  await expect(page.getByTestId("month-grid")).toBeHidden();
  const agenda = page.getByTestId("month-agenda");
  await expect(
    agenda.locator(`[data-day="${DAY}"]`).getByRole("article", { name: new RegExp(reference) }),
  ).toBeVisible();
  expect(await screenFitProblems(page)).toEqual([]);
  await shot(page, "calendar-month");
  await settle(page, `/admin/jobs/calendar?show=week&date=${DAY}`);
  await expect(page.getByTestId("week").locator(`[data-day="${DAY}"] [data-job="${reference}"]`)).toBeVisible();
  expect(await screenFitProblems(page)).toEqual([]);
  await shot(page, "calendar-week");
  await settle(page, `/admin/jobs?q=${reference}`);
  expect(await screenFitProblems(page)).toEqual([]);
  await shot(page, "list");
  await settle(page, `/admin/jobs/day?date=${DAY}`);
  expect(await screenFitProblems(page)).toEqual([]);
  await shot(page, "day");
});

/** Days from `date` back to its week's Monday. */
function mondayOffset(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}
