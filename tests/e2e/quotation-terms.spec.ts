import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { readable, startSmtp, type TestSmtp } from "../support/test-smtp";
import { signIn } from "./support/auth";
import { dhakaDatePlus } from "./support/fixtures";
import { removeDataDir, startServer, stopServer, type IsolatedServer } from "./support/isolated-server";

// The company's own terms on quotations (issue 20): an administrator edits them in Settings > Company (a blank
// term is named in the browser and nothing is posted), staff send a quotation, and the customer reads the terms
// as saved in the e-mail and on the portal's page; the request's confirmation names the short reference the
// portal shows. On a server of its own: it changes the company's terms and sends a quotation.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "terms-admin@e2e.test", password: "terms-admin-password" };
const CUSTOMER = {
  email: `terms.customer.${Date.now().toString(36)}@example.com`,
  newPassword: "terms-customer-password-2027",
};
const CANCELLATION = `Cancellation: cancelled 14 days or more before the event, the advance is refunded in full (${Date.now().toString(36)}).`;

let smtp: TestSmtp;
let server: IsolatedServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  server = await startServer({
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SIGN_IN_RATE_LIMIT: "1000/900",
  });
});

test.afterAll(async () => {
  if (server) {
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
  await smtp?.close();
});

/** The messages the SMTP server received for `to` whose text holds `marker`, decoded, once there is one. */
async function mailTo(to: string, marker: string): Promise<string> {
  const matching = () =>
    smtp.received
      .filter((m) => m.rcptTo.includes(to))
      .map((m) => readable(m.raw).replace(/\r?\n[ \t]+/g, " "))
      .filter((m) => m.includes(marker));
  await expect.poll(() => matching().length, { timeout: 30_000 }).toBeGreaterThan(0);
  return matching()[0]!;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

test("the terms edited in Settings reach the e-mail and the portal of the next quotation sent", async ({ browser }) => {
  test.setTimeout(300_000);

  // 1. Settings > Company: a blank term is refused in the browser, nothing posted; then a new term is saved.
  const admin = await freshPage(browser);
  await signIn(admin, ADMIN, "/admin/settings");
  await expect(admin.getByRole("heading", { name: "Quotation terms" })).toBeVisible();
  const validity = admin.getByLabel("Validity term");
  const savedValidity = await validity.inputValue();
  expect(savedValidity).toBe("Prices are valid until the date shown above; after it, a new quotation is needed.");
  await validity.fill("   ");
  const posts: string[] = [];
  admin.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(admin.getByText("Validity term is required")).toBeVisible();
  await expect(validity).toBeFocused();
  expect(posts).toEqual([]);

  await validity.fill(savedValidity);
  await admin.getByLabel("Cancellation term").fill(CANCELLATION);
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(admin.getByText("Settings saved successfully").first()).toBeVisible();
  await admin.reload();
  await expect(admin.getByLabel("Cancellation term")).toHaveValue(CANCELLATION);

  // 2. A visitor asks for a quotation; the confirmation's subject has the short reference, not the whole id.
  const visitor = await freshPage(browser);
  await visitor.goto("/quotation?product=moving-head-beam");
  await visitor.waitForLoadState("networkidle");
  await expect(visitor.getByLabel("Product", { exact: true })).toBeEnabled();
  await visitor.getByLabel("Quantity", { exact: true }).fill("2");
  await visitor.getByRole("button", { name: "Add" }).click();
  const details = {
    "Full Name": "Tahsin Terms",
    Email: CUSTOMER.email,
    "Phone Number": "+880 1712-000444",
    "Event Name": "Terms Launch Night",
    "Event Date": dhakaDatePlus(40),
    "Event Time": "19:00",
    "Event Location": "Gulshan, Dhaka",
  };
  for (const [label, value] of Object.entries(details)) await visitor.getByLabel(label).fill(value);
  await visitor.getByRole("button", { name: "Submit Request" }).click();
  await expect(visitor.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
  const confirmation = await mailTo(CUSTOMER.email, "We received your quotation request");
  const reference = /^Subject: We received your quotation request \(reference ([0-9a-f]{8})\)$/m.exec(
    confirmation,
  )?.[1];
  expect(reference, confirmation).toBeTruthy();

  // 3. Staff send it.
  await admin.goto(`/admin/quotations?q=${encodeURIComponent(CUSTOMER.email)}`);
  await admin.waitForLoadState("networkidle");
  await admin.getByRole("link", { name: /View details of/ }).click();
  const panel = admin.getByRole("dialog");
  await expect(panel.getByRole("heading", { name: "Quotation Details" })).toBeVisible();
  await admin.waitForLoadState("networkidle");
  await panel.getByRole("button", { name: "Send Quotation" }).click();
  await expect(admin.getByText("Quotation sent to customer!").first()).toBeVisible();

  // 4. The e-mail prints the terms as saved.
  const sent = await mailTo(CUSTOMER.email, "Your quotation from");
  expect(sent).toContain("Terms and conditions");
  expect(sent).toContain(`4. ${CANCELLATION}`);
  expect(sent).not.toContain("(revision");
  const password = /Temporary password: (\S+)/.exec(sent)?.[1];
  expect(password).toBeTruthy();

  // 5. The customer signs in to the portal and reads the same terms on the quotation's page, under its short reference.
  const customer = await freshPage(browser);
  await customer.goto("/customer/login");
  await customer.waitForLoadState("networkidle");
  await customer.getByLabel("Email").fill(CUSTOMER.email);
  await customer.getByLabel("Password").fill(password!);
  await customer.getByRole("button", { name: "Login" }).click();
  await expect(customer).toHaveURL(/\/customer\/change-password/);
  await customer.getByLabel("Current password").fill(password!);
  await customer.locator('input[name="newPassword"]').fill(CUSTOMER.newPassword);
  await customer.getByLabel("Confirm new password").fill(CUSTOMER.newPassword);
  await customer.getByRole("button", { name: "Change Password" }).click();
  await expect(customer).toHaveURL(/\/customer\/dashboard/);
  await customer
    .getByRole("row")
    .filter({ hasText: "Terms Launch Night" })
    .getByRole("link", { name: /View Details/ })
    .click();
  await customer.waitForLoadState("networkidle");
  await expect(customer.getByRole("heading", { name: `Quotation #${reference}...` })).toBeVisible();
  const terms = customer.getByRole("list", { name: "Terms and conditions" });
  await expect(terms.getByRole("listitem")).toHaveCount(5);
  await expect(terms.getByRole("listitem").nth(0)).toHaveText(savedValidity);
  await expect(terms.getByRole("listitem").nth(3)).toHaveText(CANCELLATION);
});
