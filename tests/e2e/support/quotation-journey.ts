import { expect as baseExpect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { readable, startSmtp, type TestSmtp } from "../../support/test-smtp";
import { removeDataDir, startServer, stopServer, type IsolatedServer } from "./isolated-server";
import { hydrated } from "./auth";

// The steps of a quotation's journey that several specs take on a server of their own (quotation-flow,
// quotation-terms, quotation-answers): the server and its e-mail, a visitor's request, the staff's panel, and the
// customer's first sign-in with the e-mailed temporary password.

// As the specs that take them: a step on a busy 2-core machine may take longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

export interface Credentials {
  email: string;
  password: string;
}

/** A server of the spec's own, `admin` its first administrator; sign-in is not limited (the spec signs in often). */
export function startOwnServer(admin: Credentials, env: Record<string, string> = {}): Promise<IsolatedServer> {
  return startServer({
    ...env,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SIGN_IN_RATE_LIMIT: "1000/900",
  });
}

/** Stops the server, if it started, and removes its data directory. */
export async function closeOwnServer(server: IsolatedServer | undefined): Promise<void> {
  if (!server) return;
  await stopServer(server);
  removeDataDir(server.dataDir);
}

export interface MailingServer {
  readonly server: IsolatedServer;
  /** A browser page of its own (no cookies shared) on the server. */
  page(browser: Browser): Promise<Page>;
  /**
   * The messages the SMTP server received for `to` whose text holds `marker`, decoded and with folded header lines
   * joined, once there are at least `count`.
   */
  mailsTo(to: string, marker: string, count?: number): Promise<string[]>;
}

/**
 * A server of the spec file's own that e-mails through a real SMTP server on 127.0.0.1: both started before the
 * file's tests and stopped after them.
 */
export function mailingServer(admin: Credentials): MailingServer {
  let smtp: TestSmtp | undefined;
  let server: IsolatedServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    smtp = await startSmtp();
    server = await startOwnServer(admin, { SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await closeOwnServer(server);
    await smtp?.close();
  });
  const started = () => {
    if (!server || !smtp) throw new Error("the spec's server has not started");
    return { server, smtp };
  };
  return {
    get server() {
      return started().server;
    },
    async page(browser) {
      const context = await browser.newContext({ baseURL: started().server.url });
      return context.newPage();
    },
    async mailsTo(to, marker, count = 1) {
      const matching = () =>
        started()
          .smtp.received.filter((m) => m.rcptTo.includes(to))
          .map((m) => readable(m.raw).replace(/\r?\n[ \t]+/g, " "))
          .filter((m) => m.includes(marker));
      await expect.poll(() => matching().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
      return matching();
    },
  };
}

/**
 * A visitor asks for a quotation on the website: `quantity` of the moving head beam, with the form's fields by their
 * labels; the page then says the request was sent.
 */
export async function requestQuotation(
  visitor: Page,
  { quantity, details }: { quantity: number; details: Record<string, string> },
): Promise<void> {
  await visitor.goto("/quotation?product=moving-head-beam");
  await productPickerReady(visitor);
  await visitor.getByLabel("Quantity", { exact: true }).fill(String(quantity));
  await visitor.getByRole("button", { name: "Add" }).click();
  for (const [label, value] of Object.entries(details)) await visitor.getByLabel(label).fill(value);
  await visitor.getByRole("button", { name: "Submit Request" }).click();
  await expect(visitor.getByRole("heading", { name: "Request Sent!" })).toBeVisible();
}

/**
 * The quotation page's product picker holds the inventory and its handlers are attached. Its boundary hydrates
 * after the page (the list streams in later), so a quantity typed before would be reset to 1.
 */
export async function productPickerReady(page: Page): Promise<void> {
  await hydrated(page);
  await expect(page.getByTestId("product-picker")).toHaveAttribute("data-ready", "");
  await expect(page.getByLabel("Product", { exact: true })).toBeEnabled();
}

/** Staff open the Quotation Details panel of the (one) quotation asked for from `email`. */
export async function openQuotationPanel(staff: Page, email: string): Promise<Locator> {
  await staff.goto(`/admin/quotations?q=${encodeURIComponent(email)}`);
  await hydrated(staff);
  await staff.getByRole("link", { name: /View details of/ }).click();
  const panel = staff.getByRole("dialog");
  await expect(panel.getByRole("heading", { name: "Quotation Details" })).toBeVisible();
  await staff.waitForLoadState("networkidle");
  return panel;
}

/**
 * The customer signs in to the portal with the temporary password their first quotation's e-mail gave, is made to
 * choose their own, and reaches the dashboard.
 */
export async function firstPortalSignIn(
  customer: Page,
  { email, temporaryPassword, newPassword }: { email: string; temporaryPassword: string; newPassword: string },
): Promise<void> {
  await customer.goto("/customer/login");
  await hydrated(customer);
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Password").fill(temporaryPassword);
  await customer.getByRole("button", { name: "Login" }).click();
  await expect(customer).toHaveURL(/\/customer\/change-password/);
  await customer.getByLabel("Current password").fill(temporaryPassword);
  await customer.locator('input[name="newPassword"]').fill(newPassword);
  await customer.getByLabel("Confirm new password").fill(newPassword);
  await customer.getByRole("button", { name: "Change Password" }).click();
  await expect(customer).toHaveURL(/\/customer\/dashboard/);
}
