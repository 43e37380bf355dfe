import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startSmtp } from "../support/test-smtp";
import { dhakaDatePlus } from "./support/fixtures";
import { removeDataDir, startServer, stopServer, withStoppedDatabase } from "./support/isolated-server";
import { productPickerReady } from "./support/quotation-journey";

const SENT_WITH_EMAIL = "Quotation submitted successfully! A confirmation email has been sent.";
const SENT_WITHOUT_EMAIL = "Quotation submitted successfully! We will contact you soon.";

const DETAILS = {
  "Full Name": "Nusrat Karim",
  Email: "nusrat.karim@example.com",
  "Phone Number": "+880 1712-000111",
  "Event Name": "Karim Family Wedding",
  "Event Date": dhakaDatePlus(30),
  "Event Time": "18:30",
  "Event Location": "Senakunja, Dhaka Cantonment, Dhaka",
};

async function ready(page: Page, path = "/quotation") {
  await page.goto(path);
  await productPickerReady(page);
}

async function addProduct(page: Page, name: RegExp, quantity?: number) {
  // After a submission the page's data reloads: wait for the picker to hold the list again.
  await productPickerReady(page);
  await page.getByLabel("Product", { exact: true }).selectOption({ label: (await optionLabel(page, name))! });
  if (quantity !== undefined) await page.getByLabel("Quantity", { exact: true }).fill(String(quantity));
  await page.getByRole("button", { name: "Add" }).click();
}

async function optionLabel(page: Page, name: RegExp) {
  const labels = await page.locator("#product option").allTextContents();
  return labels.find((l) => name.test(l));
}

async function fillDetails(page: Page) {
  for (const [label, value] of Object.entries(DETAILS)) await page.getByLabel(label).fill(value);
}

test.describe("quotation request", () => {
  test("the picker lists the inventory by name, and ?product= preselects an item @mobile", async ({ page }) => {
    await ready(page, "/quotation?product=photo-booth-360");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request a Quotation");
    await expect(
      page.getByText("Fill out the form below to receive a customized quotation for your event needs."),
    ).toBeVisible();
    const names = (await page.locator("#product option").allTextContents()).slice(1);
    expect(names.length).toBeGreaterThan(10);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(await page.locator("#product option:checked").textContent()).toMatch(/^360° Photo Booth/);
    await expect(page.getByLabel("Quantity", { exact: true })).toHaveAttribute("max", "3");
  });

  test("the cart: add once, quantities between 1 and the stock, remove, totals with 2 decimals", async ({ page }) => {
    await ready(page);
    await expect(page.getByText("Please add at least one product to your quotation.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Request" })).toBeDisabled();

    // Add with nothing selected does nothing.
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(0);

    await addProduct(page, /^P3 Indoor LED Video Wall/, 2);
    await addProduct(page, /^360° Photo Booth/, 5);
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText("৳5,000.00");
    await expect(lines.nth(0).getByTestId("cart-line-total")).toHaveText("৳10,000.00");
    // The booth has 3 in stock: the quantity is held at 3.
    await expect(lines.nth(1).getByTestId("cart-quantity")).toHaveText("3");
    await expect(page.getByTestId("cart-total")).toHaveText("৳85,000.00");

    // Adding the same product again is ignored.
    await addProduct(page, /^P3 Indoor LED Video Wall/, 7);
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).getByTestId("cart-quantity")).toHaveText("2");

    await expect(page.getByRole("button", { name: "One more 360° Photo Booth" })).toBeDisabled();
    await page.getByRole("button", { name: "One less P3 Indoor LED Video Wall" }).click();
    await expect(lines.nth(0).getByTestId("cart-quantity")).toHaveText("1");
    await expect(page.getByRole("button", { name: "One less P3 Indoor LED Video Wall" })).toBeDisabled();
    await page.getByRole("button", { name: "One more P3 Indoor LED Video Wall" }).click();
    await expect(lines.nth(0).getByTestId("cart-quantity")).toHaveText("2");

    await page.getByRole("button", { name: "Remove 360° Photo Booth" }).click();
    await expect(lines).toHaveCount(1);
    await expect(page.getByTestId("cart-total")).toHaveText("৳10,000.00");
    await expect(page.getByRole("button", { name: "Submit Request" })).toBeEnabled();
  });

  test("every field's message shows on submit and goes when the field is corrected", async ({ page }) => {
    await ready(page);
    await addProduct(page, /^Moving Head Beam Light/, 4);
    await page.getByRole("button", { name: "Submit Request" }).click();
    for (const message of [
      "Name is required",
      "Email is required",
      "Phone number is required",
      "Event name is required",
      "Event date is required",
      "Event time is required",
      "Event location is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel("Email").fill("not-an-address");
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await page.getByLabel("Email").fill("a@b.co");
    await expect(page.getByText("Invalid email address")).toBeHidden();
    await page.getByLabel("Full Name").fill("A");
    await expect(page.getByText("Name is required", { exact: true })).toBeHidden();

    // Today in Dhaka is the earliest event date, for the browser's date picker and for the form's check.
    await expect(page.getByLabel("Event Date")).toHaveAttribute("min", dhakaDatePlus(0));
    await page.getByLabel("Event Date").fill(dhakaDatePlus(-1));
    await expect(page.getByText("Event date cannot be in the past", { exact: true })).toBeVisible();
    await page.getByLabel("Event Date").fill(dhakaDatePlus(0));
    await expect(page.getByText("Event date cannot be in the past", { exact: true })).toBeHidden();
  });

  test("a complete request shows 'Request Sent!' without claiming an e-mail (no SMTP), and starts over @mobile", async ({
    page,
  }) => {
    // As over plain http on the office network, where crypto.randomUUID exists only in secure contexts.
    await page.addInitScript(() => {
      delete (Crypto.prototype as { randomUUID?: unknown }).randomUUID;
    });
    await ready(page, "/quotation?product=led-wall-p3");
    await page.getByLabel("Quantity", { exact: true }).fill("32");
    await page.getByRole("button", { name: "Add" }).click();
    await fillDetails(page);
    const notified = page.waitForResponse((r) => r.url().endsWith("/api/email/quotation"));
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    await expect(page.getByText(SENT_WITHOUT_EMAIL)).toBeVisible();
    await expect(page.getByText(SENT_WITH_EMAIL)).toHaveCount(0);
    // The e-mails were queued (the call answered ok), but none goes out without SMTP: no toast says so.
    expect((await notified).ok()).toBe(true);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Confirmation email sent!" })).toHaveCount(0);

    await page.getByRole("button", { name: "Submit Another Request" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(0);
    await expect(page.getByLabel("Full Name")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Submit Request" })).toBeDisabled();
    // The new form has a new key, so a second request is a new quotation.
    await addProduct(page, /^Moving Head Beam Light/, 2);
    await fillDetails(page);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
  });

  test("Enter in a field of the request submits it; Enter in the picker's quantity adds the product", async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && !r.url().endsWith("/api/email/quotation")) posts.push(r.url());
    });
    await ready(page);
    await page
      .getByLabel("Product", { exact: true })
      .selectOption({ label: (await optionLabel(page, /^Moving Head Beam Light/))! });
    await page.getByLabel("Quantity", { exact: true }).fill("3");
    await page.getByLabel("Quantity", { exact: true }).press("Enter");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-quantity")).toHaveText("3");
    expect(posts).toEqual([]);

    await fillDetails(page);
    await page.getByLabel("Full Name").press("Enter");
    await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    expect(posts).toHaveLength(1);
  });

  test("says so when the e-mail call fails, and the quotation stays sent", async ({ page }) => {
    await page.route("**/api/email/quotation", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"ok":false,"error":"SMTP down"}' }),
    );
    await ready(page, "/quotation?product=moving-head-beam");
    await page.getByRole("button", { name: "Add" }).click();
    await fillDetails(page);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Quotation submitted, but email notification failed" }),
    ).toBeVisible();
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await ready(page);
    await addProduct(page, /^P3 Indoor LED Video Wall/, 2);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});

test.describe("quotation request without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart and the form work by posting to the server", async ({ page }) => {
    await page.goto("/quotation");
    await page
      .getByLabel("Product", { exact: true })
      .selectOption({ label: (await optionLabel(page, /^Line Array Sound System/))! });
    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-total")).toHaveText("৳20,000.00");
    await page.getByRole("button", { name: "One more Line Array Sound System" }).click();
    await expect(page.getByTestId("cart-quantity")).toHaveText("3");
    await fillDetails(page);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    await expect(page.getByText(SENT_WITHOUT_EMAIL)).toBeVisible();
  });

  test("Enter in a field sends the request, not the picker's Add", async ({ page }) => {
    await page.goto("/quotation");
    await page
      .getByLabel("Product", { exact: true })
      .selectOption({ label: (await optionLabel(page, /^Moving Head Beam Light/))! });
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await fillDetails(page);
    // A product chosen but not added: an Add would put it in the cart instead of sending.
    await page
      .getByLabel("Product", { exact: true })
      .selectOption({ label: (await optionLabel(page, /^Line Array Sound System/))! });
    await page.getByLabel("Full Name").press("Enter");
    await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
  });
});

test("the quotation, its lines and both e-mails are stored; with SMTP the page says the e-mail was sent", async () => {
  test.setTimeout(120_000);
  const smtp = await startSmtp();
  const server = await startServer({ SMTP_URL: smtp.url });
  try {
    const { chromium } = await import("@playwright/test");
    const { CHROMIUM_ARGS, TEST_BROWSER_PATH } = await import("../../scripts/lib/chromium.mjs");
    const browser = await chromium.launch({ executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ baseURL: server.url });
    await ready(page, "/quotation?product=photo-booth-360");
    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Add" }).click();
    await fillDetails(page);
    await page.getByLabel("Additional Notes").fill("Please bring a backup generator.");
    // A double click still makes one quotation.
    await page.getByRole("button", { name: "Submit Request" }).dblclick();
    await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    await expect(page.getByText(SENT_WITH_EMAIL)).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toContainText("Confirmation email sent!");
    await browser.close();
    expect(await stopServer(server)).toBe(0);
    await withStoppedDatabase(server.dataDir, async (db) => {
      const quotations = await db.query<Record<string, string>>("select * from quotations");
      expect(quotations.rows).toHaveLength(1);
      expect(quotations.rows[0]).toMatchObject({
        customer_name: "Nusrat Karim",
        email: "nusrat.karim@example.com",
        event_name: "Karim Family Wedding",
        status: "pending",
        total: "50000.00",
        notes: "Please bring a backup generator.",
      });
      const lines = await db.query<Record<string, unknown>>(
        "select name, quantity, unit_price, total from quotation_lines",
      );
      expect(lines.rows).toEqual([
        { name: "360° Photo Booth", quantity: 2, unit_price: "25000.00", total: "50000.00" },
      ]);
      const mail = await db.query<{ to_address: string; kind: string }>(
        "select to_address, kind from email_outbox order by kind",
      );
      expect(mail.rows).toEqual([
        { to_address: "bookings@utsabevents.com.bd", kind: "quotation.created.company" },
        { to_address: "nusrat.karim@example.com", kind: "quotation.created.customer" },
      ]);
    });
  } finally {
    await stopServer(server);
    removeDataDir(server.dataDir);
    await smtp.close();
  }
});

test("a refused submission shows 'Failed to submit quotation.' with the reason and keeps the form", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startServer({ FORM_RATE_LIMIT: "1/600" });
  try {
    const page = await browser.newPage({ baseURL: server.url });
    await ready(page);
    await addProduct(page, /^Cold Spark Machine/, 2);
    await fillDetails(page);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
    await page.getByRole("button", { name: "Submit Another Request" }).click();
    await addProduct(page, /^Cold Spark Machine/, 1);
    await fillDetails(page);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({
        hasText: "Failed to submit quotation. Too many requests from your connection. Please try again in 10 minutes.",
      }),
    ).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue(DETAILS["Full Name"]);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await page.close();
  } finally {
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
});
