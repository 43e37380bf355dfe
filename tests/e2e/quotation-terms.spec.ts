import { expect as baseExpect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { dhakaDatePlus } from "./support/fixtures";
import { firstPortalSignIn, mailingServer, openQuotationPanel, requestQuotation } from "./support/quotation-journey";

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

const site = mailingServer(ADMIN);

test("the terms edited in Settings reach the e-mail and the portal of the next quotation sent", async ({ browser }) => {
  test.setTimeout(300_000);

  // 1. Settings > Company: a blank term is refused in the browser, nothing posted; then a new term is saved.
  const admin = await site.page(browser);
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
  const visitor = await site.page(browser);
  await requestQuotation(visitor, {
    quantity: 2,
    details: {
      "Full Name": "Tahsin Terms",
      Email: CUSTOMER.email,
      "Phone Number": "+880 1712-000444",
      "Event Name": "Terms Launch Night",
      "Event Date": dhakaDatePlus(40),
      "Event Time": "19:00",
      "Event Location": "Gulshan, Dhaka",
    },
  });
  const confirmation = (await site.mailsTo(CUSTOMER.email, "We received your quotation request"))[0]!;
  const reference = /^Subject: We received your quotation request \(reference ([0-9a-f]{8})\)$/m.exec(
    confirmation,
  )?.[1];
  expect(reference, confirmation).toBeTruthy();

  // 3. Staff send it.
  const panel = await openQuotationPanel(admin, CUSTOMER.email);
  await panel.getByRole("button", { name: "Send Quotation" }).click();
  await expect(admin.getByText("Quotation sent to customer!").first()).toBeVisible();

  // 4. The e-mail prints the terms as saved.
  const sent = (await site.mailsTo(CUSTOMER.email, "Your quotation from"))[0]!;
  expect(sent).toContain("Terms and conditions");
  expect(sent).toContain(`4. ${CANCELLATION}`);
  expect(sent).not.toContain("(revision");
  const password = /Temporary password: (\S+)/.exec(sent)?.[1];
  expect(password).toBeTruthy();

  // 5. The customer signs in to the portal and reads the same terms on the quotation's page, under its short reference.
  const customer = await site.page(browser);
  await firstPortalSignIn(customer, {
    email: CUSTOMER.email,
    temporaryPassword: password!,
    newPassword: CUSTOMER.newPassword,
  });
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
