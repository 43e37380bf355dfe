import { expect as baseExpect, test as base, type Browser, type Page } from "@playwright/test";
import type { UserRole } from "../../app/domain/auth/roles";
import { readable, startSmtp, type TestSmtp } from "../support/test-smtp";
import { hydrated, open } from "./support/auth";
import { postsOf, startPostgresSite, stopPostgresSite, type PostgresSite } from "./support/postgres-site";

// Issue 20 as people see it: "Forgot password?" on both sign-in pages, the e-mailed link read from the mailbox (a
// real SMTP server; the back office's outbox shows the e-mail with its token hidden), a new password set and signed in with, every other session ended; without
// JavaScript too. And the only administrator renaming themselves on My account. Each worker has a server of its
// own on a PostgreSQL database of its own, so the test can add the users it resets while the server runs.

// Signing in and setting passwords hash them: on a busy machine a step takes longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const ADMIN = { email: "root@reset.test", password: "reset-admin-password-1" };

interface Site extends PostgresSite {
  smtp: TestSmtp;
}

const test = base.extend<object, { site: Site | null }>({
  site: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      // E-mail is set up: the link reaches the person's mailbox (this SMTP server), as it would in production.
      const smtp = await startSmtp();
      const site = await startPostgresSite({ name: "reset", admin: ADMIN, env: { SMTP_URL: smtp.url } });
      await provide(site && { ...site, smtp });
      if (site) await stopPostgresSite(site);
      await smtp.close();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ site }, provide) => provide(site?.server.url),
});

test.beforeEach(({ site }) => {
  test.skip(!site, "no PostgreSQL at 127.0.0.1:5432");
});
test.describe.configure({ timeout: 180_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A user of the server's database, made as the seed makes them (a password of their own). */
async function addUser(site: Site, role: UserRole, name: string) {
  const { createPasswordUser } = await import("../../app/domain/auth/users.server");
  const user = { name, email: `${role}.${unique()}@reset.test`, password: `old-${unique()}-password` };
  await createPasswordUser(site.db.db, { ...user, role });
  return user;
}

async function pageOn(browser: Browser, site: Site, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ baseURL: site.server.url, ...options });
  return context.newPage();
}

async function signIn(page: Page, user: { email: string; password: string }, loginPath = "/admin/login") {
  await open(page, loginPath);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: loginPath === "/admin/login" ? "Sign in" : "Login" }).click();
  await expect(page).not.toHaveURL(new RegExp(`${loginPath}($|\\?)`));
  await hydrated(page);
}

/**
 * The reset link e-mailed to `email`, as the person reads it in their mailbox (the SMTP server's copy; it is made
 * after the answer). The administrator finds the same e-mail in the outbox with its token hidden.
 */
async function linkFromOutbox(admin: Page, site: Site, email: string): Promise<string> {
  const mails = () =>
    site.smtp.received
      .filter((m) => m.rcptTo.includes(email))
      .map((m) => readable(m.raw))
      .filter((m) => m.includes("reset-password?token="));
  await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(1);
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mails()[0]!)![0];

  const subject = admin.getByRole("link", { name: /^Reset your .+ password$/ });
  await open(admin, `/admin/outbox?q=${encodeURIComponent(email)}`);
  await expect(subject).toHaveCount(1);
  await subject.click();
  const shown = await admin.getByTestId("email-text").textContent();
  expect(shown).toContain("The link works once.");
  expect(shown).toMatch(/\/reset-password\?token=\[hidden\]/);
  expect(shown).not.toContain(new URL(link).searchParams.get("token")!);
  await expect(admin.getByText("The reset link's token is hidden here")).toBeVisible();
  return link;
}

test("staff: Forgot password? e-mails a link; the new password signs in and every other session ends @mobile", async ({
  site,
  browser,
}) => {
  const staff = await addUser(site!, "staff", "Rafi Staff");
  // Signed in elsewhere beforehand: that session ends with the reset.
  const elsewhere = await pageOn(browser, site!);
  await signIn(elsewhere, staff);
  await expect(elsewhere).toHaveURL(/\/admin$/);

  const page = await pageOn(browser, site!);
  await open(page, "/admin/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password?", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  // The browser checks the address first: nothing is sent while it is wrong.
  const posts = postsOf(page);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Email").fill("not an address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByLabel("Email").fill(staff.email.toUpperCase());
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("If an account uses that address");

  const admin = await pageOn(browser, site!);
  await signIn(admin, ADMIN);
  const link = await linkFromOutbox(admin, site!, staff.email);
  expect(new URL(link).pathname).toBe("/admin/reset-password");

  await open(page, link);
  await expect(page.getByRole("heading", { name: "Choose a new password", level: 1 })).toBeVisible();
  await expect(page.getByText(`For ${staff.email}`)).toBeVisible();
  // The repeat is checked in the browser; how easy a password is to guess, by the server.
  const resetPosts = postsOf(page);
  await page.locator('input[name="newPassword"]').fill("saffron-lantern-77");
  await page.getByLabel("Confirm new password").fill("saffron-lantern-78");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The two new passwords do not match")).toBeVisible();
  expect(resetPosts).toEqual([]);
  await page.locator('input[name="newPassword"]').fill("password123");
  await page.getByLabel("Confirm new password").fill("password123");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(/^New password is too easy to guess\./)).toBeVisible();

  await page.locator('input[name="newPassword"]').fill("saffron-lantern-77");
  await page.getByLabel("Confirm new password").fill("saffron-lantern-77");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?reset=done$/);
  await expect(page.getByRole("status")).toHaveText("Your password has been changed. Sign in with your new password.");
  await page.waitForLoadState("networkidle");

  // The old password no longer works; the new one does.
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await signIn(page, { email: staff.email, password: "saffron-lantern-77" });
  await expect(page).toHaveURL(/\/admin$/);

  // The session opened before the reset has ended.
  await open(elsewhere, "/admin");
  await expect(elsewhere).toHaveURL(/\/admin\/login/);

  // The link worked once.
  await open(page, link);
  await expect(page.getByText("This link does not work: it has expired or has already been used.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
    "href",
    "/admin/forgot-password",
  );
});

test("customer, without JavaScript: the portal's Forgot password? and its e-mailed link @mobile", async ({
  site,
  browser,
}) => {
  const customer = await addUser(site!, "customer", "Nasrin Customer");
  const page = await pageOn(browser, site!, { javaScriptEnabled: false });
  await page.goto("/customer/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/customer\/forgot-password$/);
  // The server answers a wrong address the same way the browser would have.
  await page.getByLabel("Email").fill("nobody at all");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Invalid email address").first()).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("nobody at all");
  await page.getByLabel("Email").fill(customer.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL(/\/customer\/forgot-password\?sent$/);
  await expect(page.getByRole("status")).toContainText("If an account uses that address");

  const admin = await pageOn(browser, site!);
  await signIn(admin, ADMIN);
  const link = await linkFromOutbox(admin, site!, customer.email);
  expect(new URL(link).pathname).toBe("/customer/reset-password");

  await page.goto(link);
  await page.locator('input[name="newPassword"]').fill("monsoon-teapot-58");
  await page.getByLabel("Confirm new password").fill("monsoon-teapot-58");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/customer\/login\?reset=done$/);
  await expect(page.getByRole("status")).toContainText("Your password has been changed.");
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill("monsoon-teapot-58");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
});

test("an address with no account gets the same answer, and no e-mail", async ({ site, browser }) => {
  const email = `nobody.${unique()}@reset.test`;
  const page = await pageOn(browser, site!);
  await open(page, "/admin/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If an account uses that address, an e-mail with a link to choose a new password is on its way. The link works once, for one hour.",
  );
  // The request's audit line is written after the answer, as for an address with an account; once it is there,
  // the outbox has nothing for the address.
  const { auditLog, emailOutbox } = await import("../../app/db/schema");
  const { eq } = await import("drizzle-orm");
  await expect
    .poll(async () => (await site!.db.db.select().from(auditLog).where(eq(auditLog.actorLabel, email))).length)
    .toBe(1);
  expect(await site!.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
});

test("the only administrator renames themselves on My account @mobile", async ({ site, browser }) => {
  const admin = await pageOn(browser, site!);
  await signIn(admin, ADMIN);
  await open(admin, "/admin/settings/account");
  await expect(admin.getByRole("heading", { name: "My account", level: 1 })).toBeVisible();
  await expect(admin.getByText("ask an administrator")).toHaveCount(0);
  const name = admin.getByLabel("Name");
  await expect(name).toHaveValue(/.+/);

  // Checked in the browser first: an empty name is not sent.
  const posts = postsOf(admin);
  await name.fill("   ");
  await admin.getByRole("button", { name: "Save Name" }).click();
  await expect(admin.getByText("Name is required").first()).toBeVisible();
  expect(posts).toEqual([]);

  const newName = `Farhana Rahman ${unique()}`;
  await name.fill(newName);
  await admin.getByRole("button", { name: "Save Name" }).click();
  await expect(admin.getByText("Name updated successfully").first()).toBeVisible();
  await expect(name).toHaveValue(newName);
  // The header says it too (where it shows the name: not on a phone): it names the employee this sign-in acts as
  // (the seed's Tanvir Rahman), renamed with it.
  await expect(admin.getByRole("banner")).toContainText(newName);
  // Kept: a new page load shows it, and the audit log says who did it.
  await open(admin, "/admin/settings/account");
  await expect(admin.getByLabel("Name")).toHaveValue(newName);
  await open(admin, "/admin/audit?action=employee.renamed");
  await expect(
    admin.getByText(`Renamed their employee record from Tanvir Rahman to ${newName} (My account)`).first(),
  ).toBeVisible();
});
