import { expect as baseExpect, type Browser, type Page } from "@playwright/test";
import { adminServerTest } from "./support/admin-server";
import { dhakaDatePlus } from "./support/fixtures";
import { openQuotationPanel, requestQuotation } from "./support/quotation-journey";
import { screenFitProblems } from "./support/screen-fit";
import { hydrated } from "./support/auth";

// A job's crew (issue 26): two requests for the same day approved by staff open two jobs; on the first, Assign crew
// puts a Technical Crew member on Setup; on the second, the same person is warned about (the first job named) and
// assigned anyway, the crew list marking "Also on JOB-…"; Make event makes the job's Event Management event, which
// the events list then shows. The crew tab fits a 375 px phone (screenshots at 375 and 1280 px in .tmp/screenshots).
// On a server of its own: the jobs and tasks it adds move no other spec's figures.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "crew-admin@e2e.test", password: "crew-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);

/** A visitor's request for `eventName` on `date`, approved by staff: the job's path and reference. */
async function approvedJob(page: Page, browser: Browser, eventName: string, email: string, date: string) {
  const visitor = await browser.newPage();
  await requestQuotation(visitor, {
    quantity: 1,
    details: {
      "Full Name": "Crew Customer",
      Email: email,
      "Phone Number": "+880 1712-000888",
      "Event Name": eventName,
      "Event Date": date,
      "Event Time": "19:00",
      "Event Location": "Radisson Blu, Dhaka",
    },
  });
  await visitor.close();
  const panel = await openQuotationPanel(page, email);
  await panel.getByRole("button", { name: "Approve", exact: true }).click();
  const openJob = panel.getByRole("link", { name: "Open job" });
  await expect(openJob).toBeVisible();
  const path = (await openJob.getAttribute("href"))!;
  const reference = (await panel.getByRole("heading", { name: /^Job JOB-\d{6}/ }).textContent())!.match(
    /JOB-\d{6}/,
  )![0];
  return { path, reference };
}

async function assign(page: Page, role: string, team: string, employee: string) {
  await page.getByRole("link", { name: "Assign crew" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Assign crew" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await dialog.getByLabel("Role").selectOption({ label: role });
  await dialog.getByLabel("Team").selectOption({ label: team });
  await dialog.getByLabel("Employee").selectOption({ label: employee });
  await dialog.getByRole("button", { name: "Assign", exact: true }).click();
  return dialog;
}

test("assign a crew member, assign them anyway on an overlapping job, make the event", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const date = dhakaDatePlus(75);
  await signedIn(page, "/admin/quotations");
  const first = await approvedJob(page, browser, "Crew Harbour Gala", "crew-first@e2e.test", date);
  const second = await approvedJob(page, browser, "Crew Product Launch", "crew-second@e2e.test", date);

  // The first job: Arif Hossain of Technical Crew on Setup.
  await page.goto(`${first.path}/crew`);
  await expect(page.getByText("No crew yet")).toBeVisible();
  await assign(page, "Setup", "Technical Crew", "Arif Hossain");
  await expect(page.getByText("Arif Hossain assigned to Setup")).toBeVisible();
  const crew = page.getByTestId("crew");
  await expect(crew.getByRole("row").filter({ hasText: "Arif Hossain" })).toContainText("Setup: Crew Harbour Gala");

  // The second job, the same day: the warning names the first job; Assign anyway.
  await page.goto(`${second.path}/crew`);
  const dialog = await assign(page, "Operate", "Technical Crew", "Arif Hossain");
  const warning = dialog.getByTestId("double-booking");
  await expect(warning).toContainText(`Arif Hossain is also on ${first.reference}`);
  await page.screenshot({ path: ".tmp/screenshots/jobs-crew-warning-1280.png" });
  await dialog.getByRole("button", { name: "Assign anyway" }).click();
  await expect(page.getByText("Arif Hossain assigned to Operate")).toBeVisible();
  const row = page.getByTestId("crew").getByRole("row").filter({ hasText: "Arif Hossain" });
  await expect(row.getByTestId("also-on")).toContainText(`Also on ${first.reference}`);

  // Make event: the job's event in Event Management, linked from the crew tab.
  await page.getByRole("button", { name: "Make event" }).click();
  await expect(page.getByText('Event "Crew Product Launch" added to Event Management')).toBeVisible();
  const eventLink = page.getByRole("link", { name: "Event: Crew Product Launch" });
  await expect(eventLink).toBeVisible();
  await expect(page.getByRole("button", { name: "Make event" })).toHaveCount(0);
  await page.screenshot({ path: ".tmp/screenshots/jobs-crew-1280.png", fullPage: true });

  // At 375 px the crew tab fits the phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: ".tmp/screenshots/jobs-crew-375.png", fullPage: true });
  await page.getByRole("link", { name: "Assign crew" }).click();
  await expect(page.getByRole("dialog").getByLabel("Employee")).toBeVisible();
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: ".tmp/screenshots/jobs-crew-assign-375.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto("/admin/events?q=Crew%20Product%20Launch");
  await hydrated(page);
  const card = page.getByRole("article", { name: "Crew Product Launch" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Radisson Blu");
  await expect(card.getByRole("link", { name: "View Crew Product Launch on the website" })).toBeVisible();
});
