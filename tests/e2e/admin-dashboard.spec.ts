import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page, type Response } from "@playwright/test";
import { signedIn, signIn } from "./support/auth";
import { dhakaDatePlus, E2E_USERS } from "./support/fixtures";
import { removeDataDir, startServer, stopServer } from "./support/isolated-server";
import { productPickerReady } from "./support/quotation-journey";

const CARD_TITLES = [
  "Pending Quotations",
  "Upcoming Events",
  "Available Equipment",
  "Active Employees",
  "Monthly Revenue",
  "Items Under Repair",
];

/** Any text unique to the Chart.js library: a public method name that minifying keeps. */
const CHART_LIBRARY_MARK = "getDatasetMeta";

const card = (page: Page, key: string) => page.getByTestId(`card-${key}`);

async function figure(locator: Locator): Promise<number> {
  return Number((await locator.getByTestId("card-value").textContent())!.replace(/[^\d]/g, ""));
}

async function requestQuotation(page: Page, eventName: string) {
  await page.goto("/quotation?product=moving-head-beam");
  await productPickerReady(page);
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const details = {
    "Full Name": "Dashboard Tester",
    Email: "dashboard.tester@example.com",
    "Phone Number": "+880 1712-000222",
    "Event Name": eventName,
    "Event Date": dhakaDatePlus(40),
    "Event Time": "17:00",
    "Event Location": "Banani, Dhaka",
  };
  for (const [label, value] of Object.entries(details)) await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
}

async function sendContactMessage(page: Page, name: string, subject: string) {
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("visitor@example.com");
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill(subject);
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("We need a line-array system and four wireless microphones for 400 people.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("main").getByRole("heading", { name: "Message Sent!" })).toBeVisible();
}

/**
 * The bodies of the scripts a page loads while `work` runs. Fetched again by address afterwards: the browser drops
 * a response's body once its page is navigated away from (signing in does), and the scripts are immutable assets.
 */
async function scriptsLoaded(page: Page, work: () => Promise<void>): Promise<Map<string, string>> {
  const urls = new Set<string>();
  const onResponse = (r: Response) => {
    if (r.request().resourceType() === "script") urls.add(r.url());
  };
  page.on("response", onResponse);
  await work();
  page.off("response", onResponse);
  const bodies = new Map<string, string>();
  for (const url of urls) bodies.set(new URL(url).pathname, await (await page.request.get(url)).text());
  return bodies;
}

test("a quotation request adds one to Pending Quotations, and it and a contact message head Recent Activity", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A server of its own: other specs send quotation requests to the shared one at the same time.
  const server = await startServer({ ADMIN_EMAIL: E2E_USERS.admin.email, ADMIN_PASSWORD: E2E_USERS.admin.password });
  try {
    const page = await browser.newPage({ baseURL: server.url });
    await signIn(page, "admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const before = await figure(card(page, "pendingQuotations"));

    const eventName = `Dashboard Check ${Date.now()}`;
    await requestQuotation(page, eventName);
    await page.goto("/admin");
    await expect(card(page, "pendingQuotations").getByTestId("card-value")).toHaveText(String(before + 1));
    const activity = page.getByTestId("activity").getByRole("listitem");
    await expect(activity.first()).toContainText(`New quotation request received for ${eventName}`);
    await expect(activity.first().locator("time")).toHaveText(/^(just now|1 minute ago)$/);

    await sendContactMessage(page, "Dashboard Visitor", "Stage lighting for a gala");
    await page.goto("/admin");
    await expect(activity.first()).toContainText("New contact message from Dashboard Visitor");
    await expect(activity.first()).toContainText("Stage lighting for a gala");
    await expect(activity.nth(1)).toContainText(eventName);

    // Each line leads to its record: the message in the inbox, the request in Quotations.
    await expect(activity.first().getByRole("link")).toHaveAttribute("href", /^\/admin\/inbox\/[0-9a-f-]{36}$/);
    await activity.nth(1).getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/quotations\?view=[0-9a-f-]{36}$/);
    // The request opens in its details panel.
    await expect(page.getByRole("dialog").getByText(eventName).first()).toBeVisible();

    // The figure leads to the list it counts.
    await page.goto("/admin");
    await card(page, "pendingQuotations").click();
    await expect(page).toHaveURL(/\/admin\/quotations\?status=pending$/);
    await page.close();
  } finally {
    expect(await stopServer(server)).toBe(0);
    removeDataDir(server.dataDir);
  }
});

test.describe("dashboard", () => {
  test("shows the six cards, the activity and the weekly chart drawn by the chart library @mobile", async ({
    page,
  }) => {
    await signedIn(page, "admin", "/admin");
    await expect(page).toHaveTitle("Dashboard | Utsab Admin");
    for (const title of CARD_TITLES)
      await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
    await expect(card(page, "monthlyRevenue").getByTestId("card-value")).toHaveText(/^৳[\d,]+$/);
    await expect(card(page, "monthlyRevenue")).toContainText("Income posted this month, from the ledger");
    await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Quotations per week" })).toBeVisible();
    // The library replaces the HTML bars with its canvas; the table stays for screen readers.
    await expect(page.getByTestId("weekly-chart-canvas")).toBeVisible();
    await expect(page.getByTestId("weekly-chart-html")).toHaveCount(0);
    await expect(
      page.getByRole("table", { name: "Quotation requests and approvals per week" }).locator("tbody tr"),
    ).toHaveCount(12);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test("the chart library is loaded by the dashboard alone, not by the storefront or the rest of the back office", async ({
    page,
  }) => {
    const storefront = await scriptsLoaded(page, async () => {
      await page.goto("/");
      await page.waitForLoadState("networkidle");
    });
    expect(storefront.size).toBeGreaterThan(0);
    expect([...storefront].filter(([, body]) => body.includes(CHART_LIBRARY_MARK)).map(([path]) => path)).toEqual([]);

    // Signing in and opening another back-office screen: the admin layout's scripts and that screen's.
    const backOffice = await scriptsLoaded(page, async () => {
      await signedIn(page, "admin", "/admin/events");
      await page.waitForLoadState("networkidle");
    });
    expect(backOffice.size).toBeGreaterThan(0);
    expect([...backOffice].filter(([, body]) => body.includes(CHART_LIBRARY_MARK)).map(([path]) => path)).toEqual([]);

    const dashboard = await scriptsLoaded(page, async () => {
      await page.getByRole("link", { name: "Dashboard" }).first().click();
      await expect(page.getByTestId("weekly-chart-canvas")).toBeVisible();
    });
    expect([...dashboard].filter(([, body]) => body.includes(CHART_LIBRARY_MARK))).toHaveLength(1);
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await signedIn(page, "admin", "/admin");
    await expect(page.getByTestId("weekly-chart-canvas")).toBeVisible();
    // The dashboard itself; the shell around it (side menu, header) belongs to the layout's own checks.
    const results = await new AxeBuilder({ page }).include("#admin-main").analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  test("the accountant sees every figure, linked only where an accountant may open the list", async ({ page }) => {
    await signedIn(page, "accountant", "/admin");
    await expect(card(page, "pendingQuotations")).toHaveAttribute("href", "/admin/quotations?status=pending");
    await expect(card(page, "monthlyRevenue")).toHaveAttribute("href", "/admin/accounts");
    await expect(card(page, "activeEmployees")).toHaveAttribute("href", "/admin/employees?status=active");
    for (const key of ["upcomingEvents", "availableUnits", "itemsUnderRepair"]) {
      await expect(card(page, key)).toBeVisible();
      await expect(card(page, key)).not.toHaveAttribute("href");
    }
  });
});

test.describe("dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the figures and the chart as HTML bars", async ({ page }) => {
    await signedIn(page, "staff", "/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("card-value")).toHaveCount(6);
    await expect(page.getByTestId("weekly-chart-html")).toBeVisible();
  });
});
