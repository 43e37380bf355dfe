import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { removeDataDir, startServer, stopServer, withStoppedDatabase } from "./support/isolated-server";
import { hydrated } from "./support/auth";

const SUCCESS_TEXT = "Your message has been sent successfully! We'll get back to you shortly.";
const ADDRESS = "House 42, Road 11, Block E, Banani, Dhaka 1213, Bangladesh";

async function expectNoSeriousAxeViolations(page: Page) {
  // A colour read in the middle of a fade (the toast sliding in, the header's background) is neither the start
  // nor the end colour: wait until every finite animation and transition has finished.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

/** A field of the contact form by its accessible name (the required mark is hidden from it). */
function field(page: Page, label: string) {
  return page.getByRole("textbox", { name: label, exact: true });
}

/** Opens /contact and waits until the page is hydrated (its scripts loaded and idle). */
async function openContact(page: Page, base = "") {
  const response = await page.goto(`${base}/contact`);
  expect(response?.status()).toBe(200);
  await hydrated(page);
}

async function fillForm(
  page: Page,
  fields: { name: string; email: string; phone?: string; subject: string; message: string },
) {
  await field(page, "Name").fill(fields.name);
  await field(page, "Email").fill(fields.email);
  if (fields.phone) await field(page, "Phone (optional)").fill(fields.phone);
  await field(page, "Subject").fill(fields.subject);
  await field(page, "Message").fill(fields.message);
}

const message = {
  name: "Farhana Akter",
  email: "farhana@example.com",
  phone: "+880 1811-223344",
  subject: "Sound system for a conference",
  message: "We need a line-array system and four wireless microphones for 400 people on 3 March.",
};

test.describe("contact page", () => {
  test("shows the company's details, business hours and the 24/7 note from the settings", async ({ page }) => {
    await openContact(page);
    await expect(page).toHaveTitle("Contact Us | Utsab Event Technologies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(
      page.getByText("Get in touch with our team for inquiries, support, or to discuss your event needs."),
    ).toBeVisible();

    const main = page.getByRole("main");
    await expect(main.locator("address")).toHaveText(ADDRESS);
    await expect(main.getByRole("link", { name: "+880 1711-234567" })).toHaveAttribute("href", "tel:+8801711234567");
    await expect(main.getByRole("link", { name: "+880 2-55041234" })).toHaveAttribute("href", "tel:+880255041234");
    await expect(main.getByRole("link", { name: "info@utsabevents.com.bd" })).toHaveAttribute(
      "href",
      "mailto:info@utsabevents.com.bd",
    );
    await expect(main.getByRole("link", { name: "bookings@utsabevents.com.bd" })).toHaveAttribute(
      "href",
      "mailto:bookings@utsabevents.com.bd",
    );

    const hours = main.locator("dl");
    await expect(hours.locator("dt")).toHaveText(["Monday - Friday", "Saturday", "Sunday"]);
    await expect(hours.locator("dd")).toHaveText(["9:00 AM - 6:00 PM", "10:00 AM - 4:00 PM", "Closed"]);
    await expect(main.getByText("Event technical support is available 24/7 for ongoing events.")).toBeVisible();
  });

  test("links the address to Google Maps in a new tab, with no embedded map", async ({ page }) => {
    await openContact(page);
    const link = page.getByRole("link", { name: /Open in Google Maps/ });
    await expect(link).toHaveAttribute(
      "href",
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ADDRESS)}`,
    );
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.locator("iframe")).toHaveCount(0);
  });

  test("sends a message: 'Sending...', then 'Message Sent!', then an empty form again @mobile", async ({ page }) => {
    await openContact(page);
    // Hold the answer a moment so the busy state can be seen.
    await page.route("**/contact.data*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await fillForm(page, message);
    await page.getByRole("button", { name: "Send Message" }).click();

    const busy = page.getByRole("button", { name: "Sending..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(main.getByText(SUCCESS_TEXT)).toBeVisible();
    await expect(main.getByRole("textbox", { name: "Name", exact: true })).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]")).toContainText(SUCCESS_TEXT);
    await expect(main.getByRole("heading", { name: "Message Sent!" })).toBeFocused();

    await main.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
    for (const label of ["Name", "Email", "Phone (optional)", "Subject", "Message"]) {
      await expect(field(page, label)).toHaveValue("");
    }
    await expect(field(page, "Name")).toBeFocused();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("the browser's own checks block an empty form and a malformed e-mail", async ({ page }) => {
    await openContact(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    const send = page.getByRole("button", { name: "Send Message" });
    await send.click();
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      const input = field(page, label);
      await expect(input).toHaveAttribute("required", "");
      expect(await input.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    }
    expect(
      await page
        .getByRole("textbox", { name: "Phone (optional)", exact: true })
        .evaluate((el: HTMLInputElement) => el.required),
    ).toBe(false);

    await fillForm(page, { ...message, email: "farhana.example.com" });
    await expect(field(page, "Email")).toHaveAttribute("type", "email");
    await send.click();
    expect(
      await page
        .getByRole("textbox", { name: "Email", exact: true })
        .evaluate((el: HTMLInputElement) => el.validity.typeMismatch),
    ).toBe(true);
    await expect(field(page, "Name")).toHaveAttribute("maxlength", "100");
    await expect(field(page, "Message")).toHaveAttribute("maxlength", "5000");

    expect(posts).toEqual([]);
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toHaveCount(0);
  });

  test("shows the server's field error next to the field and keeps what was typed", async ({ page }) => {
    await openContact(page);
    // A name of spaces passes the browser's `required` but not the server's check.
    await fillForm(page, { ...message, name: "   " });
    await page.getByRole("button", { name: "Send Message" }).click();
    const name = field(page, "Name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Name is required");
    await expect(name).toBeFocused();
    await expect(field(page, "Subject")).toHaveValue(message.subject);
    await expect(field(page, "Message")).toHaveValue(message.message);
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  });

  test("has no serious accessibility problems, before and after sending", async ({ page }) => {
    await openContact(page);
    await expectNoSeriousAxeViolations(page);
    await fillForm(page, message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sends a message and shows 'Message Sent!'; 'Send Another Message' shows an empty form", async ({ page }) => {
    await page.goto("/contact");
    await fillForm(page, { ...message, email: "nojs@example.com" });
    await page.getByRole("button", { name: "Send Message" }).click();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(main.getByText(SUCCESS_TEXT)).toBeVisible();

    await main.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
    await expect(field(page, "Name")).toHaveValue("");
    await expect(field(page, "Message")).toHaveValue("");
  });

  test("a bad field comes back as a 400 page with the error beside the field and the values kept", async ({ page }) => {
    await page.goto("/contact");
    await fillForm(page, { ...message, name: "   " });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Name")).toHaveAccessibleDescription("Name is required");
    await expect(field(page, "Email")).toHaveValue(message.email);
    await expect(field(page, "Message")).toHaveValue(message.message);
  });

  test("an over-long field posted directly is refused with 400 and its message", async ({ page }) => {
    const response = await page.request.post("/contact", {
      form: { ...message, subject: "s".repeat(151) },
    });
    expect(response.status()).toBe(400);
    await page.setContent(await response.text());
    const subject = field(page, "Subject");
    await expect(subject).toHaveAttribute("aria-invalid", "true");
    await expect(subject).toHaveAccessibleDescription("Subject must be at most 150 characters");
    await expect(subject).toHaveValue("s".repeat(151));
    await expect(field(page, "Email")).toHaveValue(message.email);
  });
});

test("a sent message is stored and the company is notified through the outbox", async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startServer();
  try {
    await openContact(page, server.url);
    await fillForm(page, message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    expect(await stopServer(server)).toBe(0);

    await withStoppedDatabase(server.dataDir, async (db) => {
      const messages = await db.query<{
        id: string;
        name: string;
        email: string;
        phone: string;
        subject: string;
        message: string;
      }>("select id, name, email, phone, subject, message from contact_messages");
      expect(messages.rows).toHaveLength(1);
      const { id, ...stored } = messages.rows[0]!;
      expect(stored).toEqual(message);
      const outbox = await db.query<{ to_address: string; subject: string; text_body: string; related_id: string }>(
        "select to_address, subject, text_body, related_id from email_outbox where kind = 'contact.received'",
      );
      expect(outbox.rows).toHaveLength(1);
      expect(outbox.rows[0]!.to_address).toBe("bookings@utsabevents.com.bd");
      expect(outbox.rows[0]!.subject).toContain(message.subject);
      expect(outbox.rows[0]!.text_body).toContain(message.message);
      expect(outbox.rows[0]!.related_id).toBe(id);
    });
  } finally {
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
});

test.describe("privacy and terms", () => {
  for (const [path, title] of [
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
  ] as const) {
    test(`${path} shows '${title}', the date of the last change and the company's e-mail @mobile`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${title} | Utsab Event Technologies`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByText(/^Last updated: \w+ \d{1,2}, \d{4}$/)).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByText("Utsab Event Technologies").first()).toBeVisible();
      await expect(main.getByRole("link", { name: "info@utsabevents.com.bd" }).first()).toHaveAttribute(
        "href",
        "mailto:info@utsabevents.com.bd",
      );
      await expect(main.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  }

  test("the footer links lead to them", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  });
});
