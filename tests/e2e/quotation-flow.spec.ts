import { expect as baseExpect, test, type Page } from "@playwright/test";
import { hydrated, signIn } from "./support/auth";
import { dhakaDatePlus } from "./support/fixtures";
import { firstPortalSignIn, mailingServer, openQuotationPanel, requestQuotation } from "./support/quotation-journey";

// The whole path of a quotation (issue 10): a visitor requests; staff price it and send it; the e-mail (received
// by a real SMTP server) carries a link that opens the quotation without a password and the PDF; the customer
// asks to negotiate through the link; staff send revision 2 and the old link stops working; the customer signs in
// to the portal with the e-mailed temporary password, must change it, and approves; the back office's and the
// portal's figures follow at every step.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "flow-admin@e2e.test", password: "flow-admin-password" };
const CUSTOMER = {
  name: "Farhana Flow",
  email: `farhana.flow.${Date.now().toString(36)}@example.com`,
  newPassword: "farhana-own-password-2027",
};

const EVENT_DATE = dhakaDatePlus(45);

const site = mailingServer(ADMIN);

function linkIn(mail: string): string {
  const match = /https?:\/\/[^\s]+\/customer\/link\/([A-Za-z0-9]{32})/.exec(mail);
  if (!match) throw new Error(`no link in:\n${mail}`);
  return new URL(match[0]).pathname;
}

async function pendingFigure(page: Page): Promise<number> {
  await page.goto("/admin");
  await hydrated(page);
  const text = await page.getByTestId("card-pendingQuotations").getByTestId("card-value").textContent();
  return Number(text!.replace(/[^\d]/g, ""));
}

const openPanel = (staff: Page) => openQuotationPanel(staff, CUSTOMER.email);

test("request, price and send, negotiate by link, revision 2, sign in, change the password, approve", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const staff = await site.page(browser);
  await signIn(staff, ADMIN);
  const pendingBefore = await pendingFigure(staff);

  // 1. A visitor asks for a quotation on the website.
  const visitor = await site.page(browser);
  await requestQuotation(visitor, {
    quantity: 4,
    details: {
      "Full Name": CUSTOMER.name,
      Email: CUSTOMER.email,
      "Phone Number": "+880 1712-000333",
      "Event Name": "Flow Product Launch",
      "Event Date": EVENT_DATE,
      "Event Time": "19:00",
      "Event Location": "Radisson Blu, Dhaka",
    },
  });
  expect(await pendingFigure(staff)).toBe(pendingBefore + 1);

  // 2. Staff open it: the price is prefilled from the inventory, totals follow the inputs, Send needs every price;
  // a two-day rental charges the light (priced per unit per day) for 2 days, the line saying so (issue 19).
  let panel = await openPanel(staff);
  await expect(panel.getByText("Flow Product Launch").first()).toBeVisible();
  await expect(panel.getByRole("link", { name: CUSTOMER.email })).toHaveAttribute("href", `mailto:${CUSTOMER.email}`);
  const price = panel.getByRole("textbox", { name: /Unit price of Moving Head Beam/ });
  await expect(price).not.toHaveValue("");
  await price.fill("");
  await expect(panel.getByText("Please enter a price for every product")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Send Quotation" })).toBeDisabled();
  await price.fill("2500");
  await panel.getByRole("textbox", { name: "Discount (৳)" }).fill("1000");
  // One day: 4 × 2,500 = 10,000; less 1,000 = 9,000; VAT 15% = 1,350.
  await expect(panel.getByTestId("line-charge")).toHaveText("4 × ৳2,500.00 × 1 day");
  await expect(panel.getByTestId("quote-total")).toHaveText("৳10,350.00");
  await panel.getByLabel("Last rental day").fill(dhakaDatePlus(46));
  // Two days: 4 × 2,500 × 2 = 20,000; less 1,000 = 19,000; VAT 15% = 2,850.
  await expect(panel.getByTestId("line-charge")).toHaveText("4 × ৳2,500.00 × 2 days");
  await expect(panel.getByTestId("line-total")).toHaveText("৳20,000.00");
  await expect(panel.getByTestId("quote-total")).toHaveText("৳21,850.00");
  await expect(panel.getByText("Taka Twenty-One Thousand Eight Hundred Fifty Only")).toBeVisible();
  await panel.getByRole("button", { name: "Send Quotation" }).click();
  await expect(staff.getByText("Quotation sent to customer!").first()).toBeVisible();
  panel = staff.getByRole("dialog");
  await expect(panel.getByText("Revision 1", { exact: true })).toBeVisible();
  expect(await pendingFigure(staff)).toBe(pendingBefore);

  // 3. The e-mail: the link, the figures, the temporary password and the PDF.
  const [first] = await site.mailsTo(CUSTOMER.email, "Your quotation from");
  expect(first).toBeDefined();
  expect(first).toContain("4 × ৳2,500.00 × 2 days = ৳20,000.00");
  expect(first).toContain("Total: ৳21,850.00");
  expect(first).toMatch(/Content-Type: application\/pdf; name=quotation-[0-9a-f]{8}-r1\.pdf/);
  const password = /Temporary password: (\S+)/.exec(first!)?.[1];
  expect(password).toBeTruthy();
  const firstLink = linkIn(first!);

  // 4. The link opens the quotation without a password; the customer asks to negotiate.
  const customer = await site.page(browser);
  const linkPage = await customer.goto(firstLink);
  expect(linkPage!.headers()["cache-control"]).toBe("private, no-store");
  expect(linkPage!.headers()["referrer-policy"]).toBe("same-origin");
  await customer.waitForLoadState("networkidle");
  await expect(customer.getByRole("heading", { name: /Quotation #/ })).toBeVisible();
  await expect(customer.getByText("৳21,850.00")).toBeVisible();
  await expect(customer.getByTestId("line-charge")).toHaveText("4 × ৳2,500.00 × 2 days");
  await customer.getByText("Negotiate", { exact: true }).click();
  await customer.getByLabel("What would you like us to change?").fill("Could you make it ৳2,200 a light?");
  await customer.getByRole("button", { name: "Ask to negotiate" }).click();
  await expect(customer.getByText("Your request to negotiate was sent").first()).toBeVisible();
  await expect(
    customer.getByText("You've requested to negotiate this quotation. The admin will contact you soon."),
  ).toBeVisible();

  // 5. Staff see the request in the timeline and send revision 2 at the asked price.
  panel = await openPanel(staff);
  await expect(panel.getByText("“Could you make it ৳2,200 a light?”")).toBeVisible();
  await panel.getByRole("textbox", { name: /Unit price of Moving Head Beam/ }).fill("2200");
  await panel.getByRole("button", { name: "Send Revision 2" }).click();
  await expect(staff.getByText("Quotation sent to customer!").first()).toBeVisible();
  await expect(staff.getByRole("dialog").getByText("Revision 2", { exact: true })).toBeVisible();
  const pdf = await staff.request.get(
    (await staff.getByRole("dialog").getByRole("link", { name: "PDF" }).first().getAttribute("href"))!,
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  const second = (await site.mailsTo(CUSTOMER.email, "Your quotation from", 2))[1]!;
  expect(second).toContain("(revision 2)");
  expect(second).not.toContain("Temporary password");
  await customer.goto(firstLink);
  await expect(customer.getByRole("heading", { name: "This link no longer opens a quotation" })).toBeVisible();

  // 6. The customer signs in with the temporary password, must choose their own, and approves.
  await firstPortalSignIn(customer, {
    email: CUSTOMER.email,
    temporaryPassword: password!,
    newPassword: CUSTOMER.newPassword,
  });
  await expect(customer.getByText("Password changed successfully!").first()).toBeVisible();
  const row = customer.getByRole("row").filter({ hasText: "Flow Product Launch" });
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  await row.getByRole("link", { name: /View Details/ }).click();
  await customer.waitForLoadState("networkidle");
  await expect(customer.getByText("৳19,090.00")).toBeVisible(); // (4 × 2,200 × 2 days − 1,000) + 15% VAT
  // The revision shown, as the PDF that was sent (issue 20).
  const [portalPdf] = await Promise.all([
    customer.waitForEvent("download"),
    customer.getByRole("link", { name: /Download PDF/ }).click(),
  ]);
  expect(portalPdf.suggestedFilename()).toMatch(/^quotation-.+-r2\.pdf$/);
  // Approving asks first, naming the total (issue 20).
  await customer.getByRole("link", { name: "Approve", exact: true }).click();
  const confirm = customer.getByRole("dialog", { name: "Approve this quotation?" });
  await expect(confirm.getByTestId("confirm-total")).toHaveText("৳19,090.00");
  await confirm.getByRole("button", { name: "Approve for ৳19,090.00" }).click();
  await expect(customer.getByText("Quotation approved successfully").first()).toBeVisible();
  await expect(customer).toHaveURL(/\/customer\/dashboard$/, { timeout: 10_000 });
  await expect(
    customer.getByRole("row").filter({ hasText: "Flow Product Launch" }).getByText("Approved", { exact: true }),
  ).toBeVisible();

  // 7. The back office: approved, with the customer's action in the timeline, and the company was e-mailed.
  panel = await openPanel(staff);
  await expect(panel.getByText("Approved", { exact: true }).first()).toBeVisible();
  await expect(panel.getByText("Status changed from Sent to Approved")).toBeVisible();
  await staff.goto("/admin/quotations?status=approved");
  await expect(staff.getByRole("row").filter({ hasText: "Flow Product Launch" })).toBeVisible();
});
