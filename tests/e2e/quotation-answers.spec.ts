import { readFileSync } from "node:fs";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { hydrated, signIn } from "./support/auth";
import { dhakaDatePlus } from "./support/fixtures";
import { stopServer, withStoppedDatabase, type IsolatedServer } from "./support/isolated-server";
import { closeOwnServer, startOwnServer } from "./support/quotation-journey";

// Messages that tell the truth (issue 20), on a server without SMTP_URL, where nothing leaves the outbox:
// - sending a quotation says the e-mail waits in the outbox (with a link to it), and administrators see a banner
//   under the header while messages wait;
// - the customer downloads the PDF of the revision the link's page shows, asks to negotiate ("Your request to
//   negotiate was sent"), and approves only after a confirmation naming the total, with JavaScript and without.
// Each quotation is answered once, so the tests run in order on quotations of their own.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = {
  email: "answers-admin@e2e.test",
  password: "answers-admin-password",
};
const QUOTATIONS = {
  withScript: {
    id: "a2000001-0000-4000-8000-000000000001",
    eventName: "Truthful Toast Gala",
    days: 50,
  },
  withoutScript: {
    id: "a2000002-0000-4000-8000-000000000002",
    eventName: "No Script Wedding",
    days: 55,
  },
} as const;
const WAITS = "Quotation saved. E-mail is not set up, so the message waits in the outbox.";

let server: IsolatedServer;
/** The first test's e-mailed link (revision 1 of QUOTATIONS.withScript), which the second one opens. */
let firstLink = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // A first start migrates, seeds and creates the administrator; two requests are then added while it is stopped.
  const first = await startOwnServer(ADMIN);
  await stopServer(first);
  await withStoppedDatabase(first.dataDir, async (db) => {
    for (const q of Object.values(QUOTATIONS)) {
      await db.query(
        `insert into quotations (id, customer_name, email, phone, event_name, event_date, event_time, event_location)
         values ($1, 'Rumana Haque', $2, '01711000000', $3, $4, '18:00', 'Banani, Dhaka')`,
        [q.id, `rumana.${q.days}@example.com`, q.eventName, dhakaDatePlus(q.days)],
      );
      await db.query(
        `insert into quotation_lines (quotation_id, inventory_item_id, name, quantity, unit_price, price_unit, days, total, line_no)
         select $1, id, name, 2, '2500', 'unit/day', 1, '5000', 0 from inventory_items where slug = 'moving-head-beam'`,
        [q.id],
      );
    }
  });
  server = await startOwnServer(ADMIN, { DATA_DIR: first.dataDir });
});

test.afterAll(() => closeOwnServer(server));

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await signIn(page, ADMIN);
  return page;
}

/**
 * Prices the quotation at `unitPrice` (2 units) and sends it; the toast says the e-mail waits and links to it in
 * the outbox, whose page shows the e-mail with the link to the quotation. That link's path.
 */
async function sendAndFindLink(staff: Page, id: string, unitPrice: string, button: string): Promise<string> {
  await staff.goto(`/admin/quotations?view=${id}`);
  await hydrated(staff);
  const panel = staff.getByRole("dialog");
  await panel.getByRole("textbox", { name: /Unit price of Moving Head Beam/ }).fill(unitPrice);
  await panel.getByRole("button", { name: button }).click();
  const toast = staff.locator("[data-sonner-toast]").filter({ hasText: WAITS });
  await expect(toast).toBeVisible();
  await toast.getByRole("link", { name: "Open in the outbox" }).click();
  await expect(staff).toHaveURL(/\/admin\/outbox\/[0-9a-f-]{36}$/);
  // Done with the toast: closed, it no longer covers the top right of the page.
  await toast.getByRole("button", { name: /close/i }).click();
  await expect(toast).toHaveCount(0);
  const body = await staff.locator("pre").first().textContent();
  const link = /\/customer\/link\/[A-Za-z0-9]{32}/.exec(body ?? "");
  expect(link, body ?? "").not.toBeNull();
  return link![0];
}

test("sending without SMTP says the e-mail waits; administrators see the banner under the header", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await adminPage(browser);
  // Nothing waits yet: no banner.
  await staff.goto("/admin");
  await expect(staff.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(staff.getByTestId("email-not-set-up")).toHaveCount(0);

  firstLink = await sendAndFindLink(staff, QUOTATIONS.withScript.id, "2500", "Send Quotation");
  const banner = staff.getByTestId("email-not-set-up");
  await expect(banner).toContainText("E-mail is not set up (SMTP_URL), so nothing is sent: 1 message waits");
  await banner.getByRole("link", { name: "See waiting messages" }).click();
  await expect(staff).toHaveURL(/\/admin\/outbox\?status=pending$/);
  await expect(staff.getByRole("row").filter({ hasText: "rumana.50@example.com" })).toBeVisible();

  // Under the header, never over it: the header's buttons stay where a click reaches them, on a phone too.
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 740 });
    const header = await staff.getByRole("banner").boundingBox();
    const box = await banner.boundingBox();
    expect(box!.y, `at ${width} px`).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    await staff.getByRole("button", { name: "Sign out" }).click({ trial: true });
    // The account link: the name and role on a wide screen, an icon on a phone.
    await staff.locator('header a[href="/admin/settings/account"]:visible').click({ trial: true });
  }
  await staff.context().close();
});

test("the customer downloads the PDF, asks to negotiate, and approves revision 2 after confirming its total", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  expect(firstLink, "the first test sent revision 1").not.toBe("");
  const staff = await adminPage(browser);
  const q = QUOTATIONS.withScript;

  const customer = await (await browser.newContext({ baseURL: server.url, acceptDownloads: true })).newPage();
  await customer.goto(firstLink);
  await hydrated(customer);
  await expect(customer.getByText("৳5,750.00")).toBeVisible(); // 2 × 2,500 + 15% VAT

  // The PDF of the revision shown, as it was sent.
  const [download] = await Promise.all([
    customer.waitForEvent("download"),
    customer.getByRole("link", { name: /Download PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^quotation-.+-r1\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  await customer.getByText("Negotiate", { exact: true }).click();
  await customer.getByLabel("What would you like us to change?").fill("Could it be ৳2,200 a light?");
  await customer.getByRole("button", { name: "Ask to negotiate" }).click();
  await expect(customer.getByText("Your request to negotiate was sent").first()).toBeVisible();
  await expect(customer.getByText(/Quotation negotiating successfully/)).toHaveCount(0);

  // Revision 2 at the asked price, by a new link.
  const secondLink = await sendAndFindLink(staff, q.id, "2200", "Send Revision 2");
  await customer.goto(secondLink);
  await hydrated(customer);

  // Approve asks first, naming the total; Cancel leaves it as it was.
  await customer.getByRole("link", { name: "Approve", exact: true }).click();
  await expect(customer).toHaveURL(/\?confirm=approve$/);
  const dialog = customer.getByRole("dialog", { name: "Approve this quotation?" });
  await expect(dialog.getByTestId("confirm-total")).toHaveText("৳5,060.00"); // 2 × 2,200 + 15% VAT
  await expect(dialog).toContainText(q.eventName);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(customer.getByText("Sent", { exact: true }).first()).toBeVisible();

  await customer.getByRole("link", { name: "Approve", exact: true }).click();
  await dialog.getByRole("button", { name: "Approve for ৳5,060.00" }).click();
  await expect(customer.getByText("Quotation approved successfully").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(customer.getByText("Approved", { exact: true }).first()).toBeVisible();
  await expect(customer).not.toHaveURL(/confirm=/);
  await customer.context().close();
  await staff.context().close();
});

test("without JavaScript, Approve opens the confirmation with the total, and its button approves", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await adminPage(browser);
  const q = QUOTATIONS.withoutScript;
  const linkPath = await sendAndFindLink(staff, q.id, "3000", "Send Quotation");
  await staff.context().close();

  const customer = await (await browser.newContext({ baseURL: server.url, javaScriptEnabled: false })).newPage();
  await customer.goto(linkPath);
  await customer.getByRole("link", { name: "Approve", exact: true }).click();
  await expect(customer).toHaveURL(/\?confirm=approve$/);
  // The server drew the confirmation, named as the dialog: the total (2 × 3,000 + 15% VAT) and the real submit.
  await expect(customer.getByRole("dialog", { name: "Approve this quotation?" })).toBeVisible();
  await expect(customer.getByTestId("confirm-total")).toHaveText("৳6,900.00");
  await expect(customer.getByText("Sent", { exact: true }).first()).toBeVisible();
  await customer.getByRole("button", { name: "Approve for ৳6,900.00" }).click();
  await expect(customer.getByRole("status").filter({ hasText: "Quotation approved successfully" })).toBeVisible();
  await expect(customer.getByText("Approved", { exact: true }).first()).toBeVisible();
  await expect(customer.getByTestId("confirm-total")).toHaveCount(0);
  await customer.context().close();
});
