import { expect as baseExpect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { formatMoney } from "../../app/lib/format";
import { pdfWords } from "../support/pdf-text";
import { hydrated, signIn } from "./support/auth";
import { dhakaDatePlus } from "./support/fixtures";
import { firstPortalSignIn, mailingServer, openQuotationPanel, requestQuotation } from "./support/quotation-journey";

// From an approved quotation to money in the bank and a VAT return (issue 22's proof): a visitor requests; staff
// price it and send it; the customer signs in with the e-mailed temporary password, changes it and approves; the
// administrator marks the customer a VAT withholding entity with a BIN and issues the full tax invoice from the
// quotation's panel; its e-mail (received by a real SMTP server) carries the PDF; the portal shows it due and its
// PDF downloads; a payment net of VDS and AIT settles it (in the back office and the portal); the VDS certificate
// comes in; Tax Management shows the invoice's output VAT and the VDS, and Generate Report's CSV and PDF hold them.

const expect = baseExpect.configure({ timeout: 20_000 });
const ADMIN = { email: "invoice-flow-admin@e2e.test", password: "invoice-flow-admin-password" };
const CUSTOMER = {
  name: "Tanvir Invoice",
  organisation: "Invoice Flow Traders Ltd.",
  email: `tanvir.invoice.${Date.now().toString(36)}@example.com`,
  newPassword: "tanvir-own-password-2027",
  bin: "0012345670101",
};
/** The company's BIN, typed in Settings > Company before the first tax invoice. */
const SELLER_BIN = "000765432-0101";
const EVENT = "Invoice Flow Gala Night";
const EVENT_DATE = dhakaDatePlus(40);
const CERTIFICATE = "M66-FLOW-0001";

// The quotation: 4 moving heads at ৳2,345.55 for one day, less ৳1,000, VAT 15%. The expected figures, in paisa, are
// reckoned here from those numbers (half up, as the law's rounding), not by the application's arithmetic.
const QUANTITY = 4n;
const UNIT_PRICE = 234_555n;
const DISCOUNT = 100_000n;
const VAT_PERCENT = 15n;
const AIT_PERCENT = 2n;
/** a × p / 100, half up, for a ≥ 0. */
const percentOf = (amount: bigint, percent: bigint) => (amount * percent * 2n + 100n) / 200n;
const NET = QUANTITY * UNIT_PRICE - DISCOUNT; // 8,382.20
const VAT = percentOf(NET, VAT_PERCENT); // 1,257.33
const TOTAL = NET + VAT; // 9,639.53
const VDS = VAT; // a full payment: the VAT share of what it settles is all of the VAT
const AIT = percentOf(NET, AIT_PERCENT); // 167.64
const RECEIVED = TOTAL - VDS - AIT; // 8,214.56

/** ৳1,234.56, as the screens show an amount. */
const taka = (paisa: bigint) => formatMoney(plain(paisa));
/** 1234.56, as a form takes it and a CSV holds it. */
const plain = (paisa: bigint) =>
  `${paisa < 0n ? "-" : ""}${(paisa < 0n ? -paisa : paisa) / 100n}.${String((paisa < 0n ? -paisa : paisa) % 100n).padStart(2, "0")}`;

const site = mailingServer(ADMIN);

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

test("approve, invoice, e-mail, portal, payment with VDS and AIT, settled, certificate, the VAT report", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  expect(plain(TOTAL)).toBe("9639.53");
  expect(plain(RECEIVED)).toBe("8214.56");

  const staff = await site.page(browser);
  await signIn(staff, ADMIN);

  // 1. A visitor asks for a quotation; staff price it and send it.
  const visitor = await site.page(browser);
  await requestQuotation(visitor, {
    quantity: Number(QUANTITY),
    details: {
      "Full Name": CUSTOMER.name,
      Email: CUSTOMER.email,
      "Phone Number": "+880 1712-000444",
      "Event Name": EVENT,
      "Event Date": EVENT_DATE,
      "Event Time": "18:00",
      "Event Location": "InterContinental, Dhaka",
    },
  });
  let panel = await openQuotationPanel(staff, CUSTOMER.email);
  await panel.getByRole("textbox", { name: /Unit price of Moving Head Beam/ }).fill(plain(UNIT_PRICE));
  await panel.getByRole("textbox", { name: "Discount (৳)" }).fill(plain(DISCOUNT));
  await expect(panel.getByTestId("line-charge")).toHaveText(`4 × ${taka(UNIT_PRICE)} × 1 day`);
  await expect(panel.getByTestId("quote-total")).toHaveText(taka(TOTAL));
  await panel.getByRole("button", { name: "Send Quotation" }).click();
  await expect(staff.getByText("Quotation sent to customer!").first()).toBeVisible();
  const [quotationMail] = await site.mailsTo(CUSTOMER.email, "Your quotation from");
  const password = /Temporary password: (\S+)/.exec(quotationMail!)?.[1];
  expect(password).toBeTruthy();

  // 2. The customer signs in with the temporary password, chooses their own, and approves.
  const customer = await site.page(browser);
  await firstPortalSignIn(customer, {
    email: CUSTOMER.email,
    temporaryPassword: password!,
    newPassword: CUSTOMER.newPassword,
  });
  // No invoice yet.
  await expect(customer.getByRole("heading", { name: "Your invoices" })).toBeVisible();
  await expect(customer.getByText("No invoices yet")).toBeVisible();
  await customer
    .getByRole("row")
    .filter({ hasText: EVENT })
    .getByRole("link", { name: /View Details/ })
    .click();
  await customer.waitForLoadState("networkidle");
  await customer.getByRole("link", { name: "Approve", exact: true }).click();
  const confirm = customer.getByRole("dialog", { name: "Approve this quotation?" });
  await confirm.getByRole("button", { name: `Approve for ${taka(TOTAL)}` }).click();
  await expect(customer.getByText("Quotation approved successfully").first()).toBeVisible();
  await expect(customer).toHaveURL(/\/customer\/dashboard$/, { timeout: 10_000 });

  // 3. The approval made the customer's record; the administrator marks it a VAT withholding entity with its BIN.
  await open(staff, `/admin/customers?q=${encodeURIComponent(CUSTOMER.email)}`);
  await staff.getByRole("link", { name: CUSTOMER.name, exact: true }).click();
  await expect(staff.getByRole("heading", { name: CUSTOMER.name, level: 1 })).toBeVisible();
  await staff.waitForLoadState("networkidle");
  await staff.getByRole("link", { name: "Edit", exact: true }).click();
  const edit = staff.getByRole("dialog", { name: "Edit customer" });
  await expect(edit.getByLabel("Name")).toHaveValue(CUSTOMER.name);
  await edit.getByLabel("Organisation").fill(CUSTOMER.organisation);
  await edit.getByLabel("BIN").fill(CUSTOMER.bin);
  await edit.getByLabel(/VAT withholding entity/).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(staff.getByText("Yes: pays net of VDS and AIT")).toBeVisible();
  await expect(staff.getByText(CUSTOMER.bin)).toBeVisible();
  const customerUrl = new URL(staff.url()).pathname;

  // 4. A new install has no BIN: the Issue invoice dialog refuses, pointing to Settings > Company (issue 37), where
  // the administrator types it. Then the full invoice, the figures shown before it is confirmed.
  panel = await openQuotationPanel(staff, CUSTOMER.email);
  await expect(panel.getByText("No invoice yet.")).toBeVisible();
  await panel.getByRole("link", { name: "Issue invoice" }).click();
  let issue = staff.getByRole("dialog", { name: "Issue invoice" });
  await expect(issue.getByText(/The company's BIN is not set: .* Settings > Company/)).toBeVisible();
  await issue.getByRole("link", { name: "Open Settings > Company" }).click();
  await hydrated(staff);
  await staff.getByLabel("VAT registration number (BIN)").fill(SELLER_BIN);
  await staff.getByRole("button", { name: "Save Settings" }).click();
  await expect(staff.getByText("Settings saved successfully").first()).toBeVisible();
  panel = await openQuotationPanel(staff, CUSTOMER.email);
  await panel.getByRole("link", { name: "Issue invoice" }).click();
  issue = staff.getByRole("dialog", { name: "Issue invoice" });
  await expect(issue.getByRole("radio", { name: /Full/ })).toBeChecked();
  await expect(issue.getByTestId("figures-net")).toHaveText(taka(NET));
  await expect(issue.getByTestId("figures-vat")).toHaveText(taka(VAT));
  await expect(issue.getByTestId("figures-total")).toHaveText(taka(TOTAL));
  await staff.waitForLoadState("networkidle");
  await issue.getByRole("button", { name: "Issue invoice" }).click();
  const heading = staff.getByRole("heading", { level: 1, name: /^Invoice INV-/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace(/^Invoice /, "").trim();
  expect(number).toMatch(/^INV-\d{4}-\d{2}-\d{6}$/);
  await expect(staff.getByText(`Invoice ${number} issued`).first()).toBeVisible();
  const invoiceUrl = new URL(staff.url()).pathname;
  expect(invoiceUrl).toMatch(/^\/admin\/invoices\/[0-9a-f-]{36}$/);
  // The buyer is the organisation, when the customer has one.
  await expect(staff.getByTestId("buyer-name")).toHaveText(CUSTOMER.organisation);
  await expect(staff.getByText(`BIN ${CUSTOMER.bin}`)).toBeVisible();
  await expect(staff.getByTestId("invoice-due")).toHaveText(taka(TOTAL));
  await expect(staff.getByText("Due", { exact: true }).first()).toBeVisible();

  // 5. Its e-mail, received over SMTP at the customer's address, with the PDF named by its number.
  const [invoiceMail] = await site.mailsTo(CUSTOMER.email, `Tax invoice ${number}`);
  expect(invoiceMail).toMatch(new RegExp(`Subject: Tax invoice ${number} from `));
  expect(invoiceMail).toContain(`Total: ${taka(TOTAL)}`);
  expect(invoiceMail).toContain(`VAT (15%): ${taka(VAT)}`);
  expect(invoiceMail).toMatch(new RegExp(`Content-Type: application/pdf; name="?${number}\\.pdf"?`));
  expect(invoiceMail).toMatch(new RegExp(`Content-Disposition: attachment; filename="?${number}\\.pdf"?`));

  // 6. The portal shows it, due, and its PDF downloads.
  await open(customer, "/customer/dashboard");
  let portalRow = customer.getByRole("row").filter({ hasText: number });
  await expect(portalRow).toContainText(EVENT);
  await expect(portalRow.locator('td[data-label="Total"]')).toHaveText(taka(TOTAL));
  await expect(portalRow.locator('td[data-label="Paid"]')).toHaveText(taka(0n));
  await expect(portalRow.locator('td[data-label="Due"]')).toHaveText(taka(TOTAL));
  await expect(portalRow.getByText("Due", { exact: true })).toBeVisible();
  const pdfHref = await portalRow.getByRole("link", { name: `Download PDF of ${number}` }).getAttribute("href");
  const pdf = await customer.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const pdfText = pdfWords(await pdf.body());
  expect(pdfText).toContain(number);
  expect(pdfText).toContain(CUSTOMER.bin);
  expect(pdfText).toContain(`VAT registration (BIN): ${SELLER_BIN}`);

  // 7. The payment: the customer pays net of the VAT they withhold (VDS) and the income tax (AIT, 2%).
  await open(staff, invoiceUrl);
  await staff.getByRole("link", { name: "Record payment", exact: true }).click();
  const pay = staff.getByRole("dialog", { name: "Record payment" });
  await expect(pay.getByTestId("payment-customer")).toContainText(CUSTOMER.name);
  await expect(pay.getByText("VAT withholding entity")).toBeVisible();
  // Opened from the invoice: its due typed in as what is received and what it settles.
  await expect(pay.getByLabel("Amount received (৳)")).toHaveValue(plain(TOTAL));
  await expect(pay.getByLabel(`Amount settling ${number}`)).toHaveValue(plain(TOTAL));
  await staff.waitForLoadState("networkidle");
  // The VDS suggested is the VAT share of what it settles.
  await expect(pay.getByText(`The VAT share of what is settled: ${taka(VDS)}`)).toBeVisible();
  await pay.getByLabel("Bank reference").fill("TT-FLOW-0001");
  await pay.getByLabel("VDS withheld (৳)").fill(plain(VDS));
  await pay.getByLabel("AIT rate (%)").fill(String(AIT_PERCENT));
  await expect(pay.getByText(`AIT ${taka(AIT)} on ${taka(NET)} before VAT`)).toBeVisible();
  await pay.getByLabel("Amount received (৳)").fill(plain(RECEIVED));
  await expect(pay.getByTestId("preview-total")).toHaveText(taka(TOTAL));
  await expect(pay.getByTestId("preview-settles")).toHaveText(taka(TOTAL));
  await expect(pay.getByTestId("preview-owes")).toHaveText(taka(0n));
  await expect(pay.getByTestId("preview-credit")).toHaveText(taka(0n));
  await pay.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText(`Payment of ${taka(TOTAL)} recorded; ${number} settled`).first()).toBeVisible();
  await expect(pay).toBeHidden();
  const paymentRow = staff.getByRole("row").filter({ hasText: CUSTOMER.name });
  await expect(paymentRow.locator('td[data-label="Received"]')).toHaveText(taka(RECEIVED));
  await expect(paymentRow.locator('td[data-label="Withheld"]')).toContainText(`VDS ${taka(VDS)}`);
  await expect(paymentRow.locator('td[data-label="Withheld"]')).toContainText(`AIT ${taka(AIT)}`);
  await expect(paymentRow.getByText("Certificate awaited")).toBeVisible();
  await expect(paymentRow.locator('td[data-label="Total"]')).toHaveText(taka(TOTAL));

  // 8. Settled: in the back office (the invoice, the customer) and in the portal.
  await open(staff, invoiceUrl);
  await expect(staff.getByTestId("invoice-due")).toHaveText(taka(0n));
  const balance = staff.getByTestId("invoice-balance");
  await expect(balance).toContainText(`Paid${taka(TOTAL)}`);
  await expect(staff.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(staff.getByRole("link", { name: "Record payment", exact: true })).toHaveCount(0);
  await expect(staff.getByTestId("allocations")).toContainText(taka(TOTAL));
  await open(staff, customerUrl);
  await expect(staff.getByTestId("owes")).toHaveText(taka(0n));
  await expect(staff.getByTestId("customer-invoice").filter({ hasText: number }).getByText("Settled")).toBeVisible();
  await open(customer, "/customer/dashboard");
  portalRow = customer.getByRole("row").filter({ hasText: number });
  await expect(portalRow.locator('td[data-label="Paid"]')).toHaveText(taka(TOTAL));
  await expect(portalRow.locator('td[data-label="Due"]')).toHaveText(taka(0n));
  await expect(portalRow.getByText("Paid", { exact: true })).toBeVisible();

  // 9. The VDS certificate (Mushak-6.6) comes in: its number and date (today).
  await open(staff, "/admin/payments");
  await staff
    .getByRole("row")
    .filter({ hasText: CUSTOMER.name })
    .getByRole("link", { name: /Record the VDS certificate of/ })
    .click();
  const certificate = staff.getByRole("dialog", { name: "VDS certificate" });
  await expect(certificate.getByTestId("certificate-summary")).toContainText(taka(VDS));
  await staff.waitForLoadState("networkidle");
  await certificate.getByLabel("Certificate number").fill(CERTIFICATE);
  await expect(certificate.getByLabel("Certificate date")).toHaveValue(dhakaDatePlus(0));
  await certificate.getByRole("button", { name: "Record certificate" }).click();
  await expect(staff.getByText("VDS certificate recorded").first()).toBeVisible();
  await expect(certificate).toBeHidden();
  await expect(
    staff.getByRole("row").filter({ hasText: CUSTOMER.name }).getByText(`Certificate ${CERTIFICATE}`),
  ).toBeVisible();

  // 10. Tax Management: the invoice's output VAT, the VDS and the AIT in the register (this server's only ones), and
  // this month's return: output VAT less the certified VDS.
  await open(staff, "/admin/accounts/tax");
  const taxRow = (kind: string) => staff.getByTestId("tax-row").filter({ hasText: number }).filter({ hasText: kind });
  const output = taxRow("Output VAT (owed on a sale)");
  await expect(output.locator('td[data-label="Reference"]').getByRole("link", { name: number })).toBeVisible();
  await expect(output.locator('td[data-label="Taxable Amount"]')).toHaveText(taka(NET));
  await expect(output.locator('td[data-label="Rate"]')).toHaveText("15%");
  await expect(output.locator('td[data-label="Tax Amount"]')).toHaveText(taka(VAT));
  const vds = taxRow("VAT withheld by a customer (VDS)");
  await expect(vds.locator('td[data-label="Tax Amount"]')).toHaveText(taka(VDS));
  await expect(vds.locator('td[data-label="Reference"]')).toContainText(CUSTOMER.name);
  const ait = taxRow("Income tax withheld by a customer (AIT)");
  await expect(ait.locator('td[data-label="Tax Amount"]')).toHaveText(taka(AIT));
  await expect(ait.locator('td[data-label="Rate"]')).toHaveText("2%");
  const vatReturn = staff.getByTestId("vat-return");
  await expect(vatReturn).toContainText(`Output VAT${taka(VAT)}`);
  await expect(vatReturn).toContainText(`VDS with certificates${taka(VDS)}`);
  await expect(vatReturn).toContainText(`Net VAT payable${taka(VAT - VDS)}`);

  // 11. Generate Report for this month: the sales register as CSV through the dialog's form, the return's CSV and
  // the PDF by their links.
  await staff.getByRole("link", { name: "Generate Report" }).click();
  const report = staff.getByRole("dialog", { name: "Generate Report" });
  const period = await report.getByLabel("VAT period").inputValue();
  expect(period).toBe(dhakaDatePlus(0).slice(0, 7));
  await report.getByRole("radio", { name: "CSV (one part)" }).check();
  await report.getByLabel("Part (CSV)").selectOption("sales");
  const [download] = await Promise.all([
    staff.waitForEvent("download"),
    report.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`sales-register-${period}.csv`);
  const sales = readFileSync((await download.path())!, "utf8");
  const invoiceLine = sales.split(/\r\n/).find((line) => line.includes(number));
  expect(invoiceLine, sales).toBeDefined();
  expect(invoiceLine).toContain(CUSTOMER.organisation);
  expect(invoiceLine).toContain(CUSTOMER.bin);
  expect(invoiceLine).toContain(`,${plain(NET)},`);
  expect(invoiceLine).toMatch(new RegExp(`,${plain(VAT)}$`));

  const returnCsv = await staff.request.get(`/admin/accounts/tax/report?period=${period}&format=csv&part=return`);
  expect(returnCsv.status()).toBe(200);
  expect(returnCsv.headers()["content-type"]).toMatch(/^text\/csv/);
  const returnText = await returnCsv.text();
  // Mushak-9.1 by its notes: the sale standard rated (note 4), the certified VDS a decreasing adjustment (29), the
  // net for treasury deposit (50).
  expect(returnText).toContain(`,4,Standard rated goods/service,${plain(NET)},0.00,${plain(VAT)}\r\n`);
  expect(returnText).toContain(
    `,29,VAT deducted at source from the supplies delivered (certificates),,,${plain(VDS)}\r\n`,
  );
  expect(returnText).toContain(`,50,Net payable VAT for treasury deposit,,,${plain(VAT - VDS)}\r\n`);

  const reportPdf = await staff.request.get(`/admin/accounts/tax/report?period=${period}&format=pdf`);
  expect(reportPdf.status()).toBe(200);
  expect(reportPdf.headers()["content-type"]).toBe("application/pdf");
  const reportText = pdfWords(await reportPdf.body());
  expect(reportText).toContain(number);
  expect(reportText).toContain(CERTIFICATE);
  expect(reportText).toContain(taka(VAT));
});
