import { expect as baseExpect } from "@playwright/test";
import { formatShortDate } from "../../app/lib/format";
import { adminServerTest } from "./support/admin-server";
import { dhakaDatePlus } from "./support/fixtures";
import { openQuotationPanel, requestQuotation } from "./support/quotation-journey";
import { screenFitProblems } from "./support/screen-fit";
import { hydrated } from "./support/auth";

// Out and back (issue 26's proof): a visitor asks for 3 moving heads; staff approve, which opens the job; the Jobs
// list finds it; its Pick list tab opens; on the Overview the moving heads leave by their typed item code (one with
// JavaScript off, a wrong code refused by name), then come back with one damaged, sent to repair with a date; the history says so and the
// inventory shows the item's unit under repair until that date. Screens fit 375 px (screenshots at 375 and 1280 px
// in .tmp/screenshots). On a server of its own: the units it moves touch no other spec's stock.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "jobs-flow-admin@e2e.test", password: "jobs-flow-admin-password" };
const { test, signedIn } = adminServerTest(ADMIN);
const EMAIL = "jobs-flow-customer@e2e.test";
const EVENT = "Jobs Flow Product Launch";
const CODE = "moving-head-beam";
const REPAIR_DATE = dhakaDatePlus(90);

test("approve → job → pick list → dispatch by typed code → check in one damaged to repair → units under repair", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  const visitor = await browser.newPage();
  await requestQuotation(visitor, {
    quantity: 3,
    details: {
      "Full Name": "Jobs Flow Customer",
      Email: EMAIL,
      "Phone Number": "+880 1712-000888",
      "Event Name": EVENT,
      "Event Date": dhakaDatePlus(30),
      "Event Time": "18:00",
      "Event Location": "Bashundhara Convention Center, Dhaka",
    },
  });
  await visitor.close();

  await signedIn(page, "/admin/quotations");
  const panel = await openQuotationPanel(page, EMAIL);
  await panel.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(panel.getByRole("link", { name: "Open job" })).toBeVisible();
  const reference = (await panel.getByRole("heading", { name: /^Job JOB-\d{6}/ }).textContent())!.match(
    /JOB-\d{6}/,
  )![0];

  // The Jobs list finds it; its row opens the job.
  await page.goto(`/admin/jobs?q=${encodeURIComponent(reference)}`);
  await hydrated(page);
  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByRole("heading", { name: new RegExp(EVENT) })).toBeVisible();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
  const jobPath = new URL(page.url()).pathname;
  await expect(page.getByRole("link", { name: "Quotation" })).toHaveAttribute("href", /\/admin\/quotations\?view=/);

  // The Pick list tab, and back to the Overview.
  await page.getByRole("navigation", { name: "Job" }).getByRole("link", { name: "Pick list" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `${jobPath}/pick-list`);
  await expect(page.getByText("3 units to pick").first()).toBeVisible();
  await page.getByRole("navigation", { name: "Job" }).getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL((url) => url.pathname === jobPath);
  await hydrated(page);

  // Dispatch by typing works without JavaScript: the plain form posts and the page comes back with 1 unit sent.
  const noScript = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(jobPath);
  await plain.getByLabel("Item code").fill(CODE);
  await plain.getByRole("button", { name: "Dispatch", exact: true }).click();
  await expect(plain.getByRole("region", { name: "Dispatch" }).getByText("2 units still to send")).toBeVisible();
  await noScript.close();

  // With JavaScript: a wrong code is refused by name; the right one, in capitals, sends the 2 left.
  await page.reload();
  await hydrated(page);
  const dispatch = page.getByRole("region", { name: "Dispatch" });
  await expect(dispatch.getByText("2 units still to send")).toBeVisible();
  await dispatch.getByLabel("Item code").fill("no-such-item");
  await dispatch.getByRole("button", { name: "Dispatch", exact: true }).click();
  await expect(dispatch.getByText("No item has the code no-such-item")).toBeVisible();
  await dispatch.getByLabel("Item code").fill(CODE.toUpperCase());
  await dispatch.getByLabel("Quantity").fill("2");
  await dispatch.getByRole("button", { name: "Dispatch", exact: true }).click();
  await expect(page.getByText(`2 units dispatched on ${reference}`).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Dispatch" })).toHaveCount(0);
  await expect(page.getByText("Out", { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: ".tmp/screenshots/jobs-overview-out-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: ".tmp/screenshots/jobs-overview-out-375.png", fullPage: true });

  // Check in at 375 px: 2 back, 1 damaged to repair with a date and a note.
  const checkIn = page.getByRole("region", { name: "Check in" });
  await checkIn.getByLabel("Returned").fill("2");
  await checkIn.getByLabel("Damaged", { exact: true }).fill("1");
  await checkIn.getByText("Damaged or lost: where, why, charge").click();
  await checkIn.getByLabel("Damaged units go to").selectOption({ label: "Send to repair" });
  await checkIn.getByLabel("Expected back from repair (optional)").fill(REPAIR_DATE);
  await checkIn.getByLabel("Note (required for damaged or lost)").fill("Lens cracked in transit");
  await checkIn.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByText(`3 units checked in on ${reference}`).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Check in" })).toHaveCount(0);
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText(`to repair, expected back ${formatShortDate(REPAIR_DATE)}`)).toBeVisible();
  await expect(history.getByText("Lens cracked in transit")).toBeVisible();
  await expect.poll(() => screenFitProblems(page), { timeout: 5_000 }).toEqual([]);
  await page.screenshot({ path: ".tmp/screenshots/jobs-overview-back-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: ".tmp/screenshots/jobs-overview-back-1280.png", fullPage: true });

  // The inventory: the moving heads have one unit in repair until that date.
  await page.goto("/admin/inventory?q=Moving%20Head%20Beam");
  await hydrated(page);
  await expect(page.getByText(`1 in repair until ${REPAIR_DATE}`)).toBeVisible();
});
