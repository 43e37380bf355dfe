import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { hydrated, open, signedIn } from "./support/auth";
import { E2E_USERS, type E2ERole } from "./support/fixtures";

// The back office's lists (DESIGN §9 Lists): the contact inbox, the e-mail outbox and the audit log, with
// their state in the URL. Each test makes its own messages, tagged so that a search finds only them.

// Every step is a round trip to the shared server, which other specs keep busy: give each up to 15 s.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Signs in through the sign-in page (as support/auth.ts's signIn does), allowing the password check more time:
 * on a busy machine it can take longer than the 5 s an expectation waits by default.
 */
async function signIn(page: Page, role: E2ERole, redirectTo?: string) {
  const user = E2E_USERS[role];
  await page.goto(redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 30_000 });
  await hydrated(page);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Sends the public contact form as a visitor would (a plain form post). */
async function sendContactForm(
  request: APIRequestContext,
  fields: { name: string; email: string; subject: string; message: string },
) {
  const response = await request.post("/contact", { form: fields, maxRedirects: 0 });
  expect(response.status()).toBeLessThan(400);
}

/** The row of a list whose text contains `text`. */
const rowWith = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test("a contact message arrives in the inbox marked new, is read on opening, handled, and shows in the outbox and audit log @mobile", async ({
  page,
}) => {
  test.setTimeout(120_000); // many pages, on a shared server
  const tag = unique();
  const subject = `Truss for a rooftop party ${tag}`;
  const visitor = { name: "Farhana Akter", email: `farhana.${tag}@example.com` };

  // The visitor writes through the public form.
  await open(page, "/contact");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(visitor.name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(visitor.email);
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill(subject);
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("We need a 6 m truss and moving heads on 14 March.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("main").getByText("Your message has been sent successfully!")).toBeVisible();

  await signIn(page, "admin", "/admin/inbox");
  await expect(page.getByRole("heading", { name: "Contact Messages", level: 1 })).toBeVisible();

  // The search box applies itself after a pause in typing; the URL then holds the search.
  await page.getByLabel("Search messages").fill(tag);
  await expect(page).toHaveURL(new RegExp(`/admin/inbox\\?q=${tag}$`));
  const row = rowWith(page, subject);
  await expect(row).toHaveCount(1);
  await expect(row.getByText("New", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: `${subject} (new)` })).toHaveClass(/font-bold/);
  await expect(page.getByText("Showing 1–1 of 1 messages")).toBeVisible();
  // At phone width the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width + 1,
  );

  // Opening it marks it read (a POST once the page is shown, never the GET itself).
  await row.getByRole("link", { name: `${subject} (new)` }).click();
  await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  const details = page.getByRole("definition");
  await expect(details.getByText("Read", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:${visitor.email}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );

  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Marked as handled.")).toBeVisible();
  await expect(details.getByText("Handled", { exact: true })).toBeVisible();
  await expect(page.getByText(`by ${E2E_USERS.admin.name}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();

  // The status filter applies itself on change, keeping the search and starting at page 1.
  await open(page, `/admin/inbox?q=${tag}`);
  await page.getByLabel("Status").selectOption("handled");
  await expect(page).toHaveURL(new RegExp(`q=${tag}&status=handled$`));
  await expect(rowWith(page, subject).getByText("Handled", { exact: true })).toBeVisible();

  // The company's notification of that message is in the outbox (no SMTP server here: pending).
  await open(page, `/admin/outbox?q=${tag}`);
  const email = rowWith(page, `Contact form: ${subject}`);
  await expect(email).toHaveCount(1);
  await expect(email.getByText("Pending")).toBeVisible();
  await email.getByRole("link", { name: `Contact form: ${subject}` }).click();
  await expect(page.getByText(visitor.email, { exact: true })).toBeVisible(); // Reply-To
  await expect(page.locator("pre").first()).toContainText("We need a 6 m truss and moving heads on 14 March.");
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await page.getByRole("link", { name: "contact message", exact: true }).click();
  await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();

  // The audit log has the change and the sign-in, each findable with its filter.
  await open(page, "/admin/audit");
  await page.getByLabel("Action").selectOption("contact_message.handled");
  await expect(page).toHaveURL(/\/admin\/audit\?action=contact_message\.handled$/);
  const handled = rowWith(page, subject);
  await expect(handled).toHaveCount(1);
  await expect(handled.getByText(E2E_USERS.admin.email)).toBeVisible();
  await expect(handled.getByRole("link", { name: /contact message/ })).toHaveAttribute("href", /^\/admin\/inbox\//);
  await expect(handled.getByText("127.0.0.1")).toBeVisible();

  await page.getByLabel("Action").selectOption("auth.sign_in");
  await page.getByLabel("Search", { exact: true }).fill(E2E_USERS.admin.email);
  await expect(page).toHaveURL(/q=admin%40e2e\.test&action=auth\.sign_in$/);
  await expect(rowWith(page, "Signed in").first()).toBeVisible();
});

test("staff open the inbox but not the outbox or the audit log; the accountant not even the inbox", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  for (const [role, allowed] of [
    ["staff", ["/admin/inbox"]],
    ["accountant", []],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signedIn(page, role, "/admin");
    for (const path of ["/admin/inbox", "/admin/outbox", "/admin/audit"]) {
      const response = await page.goto(path);
      expect(response?.status(), `${role} ${path}`).toBe((allowed as readonly string[]).includes(path) ? 200 : 403);
    }
    await context.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("paging, sorting, searching and filtering are links and GET forms; Mark as read is a button", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const tag = unique();
    for (let n = 0; n < 22; n++) {
      await sendContactForm(page.request, {
        name: `Visitor ${String(n).padStart(2, "0")}`,
        email: `visitor${n}.${tag}@example.com`,
        subject: `Paging ${tag} ${String(n).padStart(2, "0")}`,
        message: n === 7 ? "A question about wireless microphones." : "A question about LED walls.",
      });
    }
    await signedIn(page, "staff", `/admin/inbox?q=${tag}`);

    // 22 messages, 20 a page, newest first.
    await expect(page.getByText("Showing 1–20 of 22 messages")).toBeVisible();
    const firstSubject = page.getByRole("row").nth(1).getByRole("link");
    await expect(firstSubject).toHaveText(`Paging ${tag} 21 (new)`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.locator('[aria-current="page"]')).toHaveText("Page 1");
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
    await expect(page.getByText("Showing 21–22 of 22 messages")).toBeVisible();
    await expect(firstSubject).toHaveText(`Paging ${tag} 01 (new)`);
    await pagination.getByRole("link", { name: "Page 1" }).click();
    await expect(page.getByText("Showing 1–20 of 22 messages")).toBeVisible();

    // A page beyond the last shows the last one.
    await page.goto(`/admin/inbox?q=${tag}&page=99`);
    await expect(page.getByText("Showing 21–22 of 22 messages")).toBeVisible();

    // Sorting by a column header, then the other way.
    const subjectHeader = page.getByRole("columnheader", { name: "Subject" });
    await subjectHeader.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&sort=subject$`));
    await expect(subjectHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(firstSubject).toHaveText(`Paging ${tag} 00 (new)`);
    await subjectHeader.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&sort=subject&dir=desc$`));
    await expect(subjectHeader).toHaveAttribute("aria-sort", "descending");
    await expect(firstSubject).toHaveText(`Paging ${tag} 21 (new)`);

    // The search and filter form is a plain GET form with an Apply button; the sort is kept.
    await page.getByLabel("Search messages").fill(`${tag} 0`);
    await page.getByLabel("Status").selectOption("new");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=new/);
    await expect(page).toHaveURL(/sort=subject&dir=desc/);
    await expect(page.getByText("Showing 1–10 of 10 messages")).toBeVisible();
    await expect(firstSubject).toHaveText(`Paging ${tag} 09 (new)`);

    // Without JavaScript opening a message changes nothing; the button marks it read.
    await firstSubject.click();
    const details = page.getByRole("definition");
    await expect(details.getByText("New", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect(details.getByText("Read", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  });

  test("the audit log filters by user and date with its GET form", async ({ page }) => {
    test.setTimeout(90_000);
    await signedIn(page, "admin", "/admin/audit");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date());
    await page.getByLabel("User").selectOption({ label: `${E2E_USERS.admin.name} (${E2E_USERS.admin.email})` });
    await page.getByLabel("From").fill(today);
    await page.getByLabel("To").fill(today);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]user=[0-9a-f-]{36}&/);
    await expect(page).toHaveURL(new RegExp(`&from=${today}&to=${today}$`));
    const rows = page.getByRole("row").filter({ hasText: "auth.sign_in" });
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: E2E_USERS.staff.email })).toHaveCount(0);
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
  });
});
