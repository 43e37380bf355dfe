import os from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { contactMessages, emailOutbox, rateLimitCounters } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { CONTACT_LIMITS } from "~/domain/content/contact";
import type { ContactFormOutcome } from "~/domain/content/contact-form";
import { getEnv, loadEnv, setEnv } from "~/lib/env.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { getLogger } from "~/lib/logger.server";
import { action, headers, loader } from "./contact";
import type { Route } from "./+types/contact";
import { createRequestContext } from "~/lib/request-context";

type ActionResult = { data: ContactFormOutcome; init: { status?: number; headers: Record<string, string> } };

const CLIENT = "198.51.100.7";

const valid = {
  name: "Nusrat Jahan",
  email: "nusrat@example.com",
  phone: "+880 1711-000000",
  subject: "Wedding lighting in December",
  message: "We need uplighting and a sound system for 300 guests on 12 December in Gulshan.",
};

function formOf(fields: Record<string, string | Blob | string[]>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const item of v) form.append(k, item);
    else form.append(k, v);
  }
  return form;
}

async function post(body: BodyInit, options: { clientAddress?: string; contentType?: string } = {}) {
  const request = new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: options.contentType ? { "Content-Type": options.contentType } : undefined,
  });
  const result = await action({
    request,
    params: {},
    context: createRequestContext({ clientAddress: options.clientAddress ?? CLIENT }),
  } as unknown as Route.ActionArgs);
  return result as unknown as ActionResult;
}

async function counts() {
  const db = getDb();
  return { messages: await db.$count(contactMessages), outbox: await db.$count(emailOutbox) };
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

// Every test starts with every client's allowance unused.
beforeEach(async () => {
  await getDb().delete(rateLimitCounters);
});

describe("contact loader", () => {
  it("returns the company's details and the form's limits from the database", async () => {
    const result = await loader();
    expect(result.company).toEqual({
      name: "Utsab Event Technologies",
      address: "House 42, Road 11, Block E, Banani, Dhaka 1213, Bangladesh",
      phones: ["+880 1711-234567", "+880 2-55041234"],
      emails: ["info@utsabevents.com.bd", "bookings@utsabevents.com.bd"],
      businessHours: [
        { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
        { days: "Saturday", hours: "10:00 AM - 4:00 PM" },
        { days: "Sunday", hours: "Closed" },
      ],
      supportNote: "Event technical support is available 24/7 for ongoing events.",
    });
    expect(result.limits).toEqual(CONTACT_LIMITS);
  });

  it("lets the page be cached, but never the answer to a POST", () => {
    const none = headers({ actionHeaders: new Headers() } as unknown as Route.HeadersArgs);
    expect(new Headers(none).get("Cache-Control")).toBe("public, max-age=60, s-maxage=300");
    const posted = headers({
      actionHeaders: new Headers({ "Cache-Control": "no-store", "Retry-After": "30" }),
    } as unknown as Route.HeadersArgs);
    expect(new Headers(posted).get("Cache-Control")).toBe("no-store");
    expect(new Headers(posted).get("Retry-After")).toBe("30");
  });
});

describe("contact action", () => {
  it("stores a valid message and puts one notification for the company in the outbox", async () => {
    const before = await counts();
    const result = await post(formOf(valid));
    expect(result.init.status).toBe(200);
    expect(result.data).toEqual({ status: "sent" });
    expect(result.init.headers["Cache-Control"]).toBe("no-store");

    const db = getDb();
    const after = await counts();
    expect(after).toEqual({ messages: before.messages + 1, outbox: before.outbox + 1 });
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.email, valid.email));
    expect(stored).toMatchObject({ ...valid, status: "new", ipAddress: CLIENT });

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, stored!.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe("bookings@utsabevents.com.bd");
    expect(mails[0]!.kind).toBe("contact.received");
    expect(mails[0]!.subject).toContain(valid.subject);
    expect(mails[0]!.textBody).toContain(valid.message);
    expect(mails[0]!.textBody).toContain(valid.email);
    // A reply from the company's inbox reaches the visitor.
    expect(mails[0]!.replyTo).toBe(valid.email);
  });

  it("accepts a message without a phone number and stores the phone as empty", async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    const result = await post(formOf({ ...withoutPhone, email: "nophone@example.com", phone: "" }));
    expect(result.init.status).toBe(200);
    const [stored] = await getDb()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "nophone@example.com"));
    expect(stored!.phone).toBeNull();
  });

  const long = (n: number) => "x".repeat(n);
  const cases: Array<[string, Record<string, string | Blob | string[]>, string, RegExp]> = [
    ["a missing name", { ...valid, name: undefined as unknown as string }, "name", /Name is required/],
    ["a whitespace-only name", { ...valid, name: "   " }, "name", /Name is required/],
    ["a missing email", { ...valid, email: undefined as unknown as string }, "email", /Email is required/],
    ["a missing subject", { ...valid, subject: "" }, "subject", /Subject is required/],
    ["a missing message", { ...valid, message: undefined as unknown as string }, "message", /Message is required/],
    ["a bad e-mail", { ...valid, email: "nusrat.example.com" }, "email", /Invalid email address/],
    ["two e-mail addresses", { ...valid, email: "a,b@x.com" }, "email", /^Invalid email address$/],
    ["an e-mail with a display part", { ...valid, email: "a<b@evil.com>" }, "email", /^Invalid email address$/],
    ["an over-long name", { ...valid, name: long(CONTACT_LIMITS.name + 1) }, "name", /at most 100/],
    ["an over-long e-mail", { ...valid, email: `${long(CONTACT_LIMITS.email)}@example.com` }, "email", /at most 254/],
    ["an over-long phone", { ...valid, phone: "1".repeat(CONTACT_LIMITS.phone + 1) }, "phone", /at most 30/],
    ["a phone with letters", { ...valid, phone: "call me" }, "phone", /Phone may contain only/],
    ["an over-long subject", { ...valid, subject: long(CONTACT_LIMITS.subject + 1) }, "subject", /at most 150/],
    ["an over-long message", { ...valid, message: long(CONTACT_LIMITS.message + 1) }, "message", /at most 5000/],
    ["a file instead of a name", { ...valid, name: new Blob(["Nusrat"]) }, "name", /Name is required/],
    ["a message sent twice", { ...valid, message: ["one", "two"] }, "message", /Message is required/],
  ];

  it.each(cases)("refuses %s with 400, a message for the field and the values kept", async (_, fields, field, text) => {
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const before = await counts();
    const result = await post(formOf(defined));
    expect(result.init.status).toBe(400);
    expect(result.data.status).toBe("invalid");
    if (result.data.status !== "invalid") return;
    expect(result.data.errors[field]).toMatch(text);
    // Only the field at fault is reported.
    expect(Object.keys(result.data.errors)).toEqual([field]);
    // What was typed as text comes back, the bad value included.
    for (const [k, v] of Object.entries(defined)) if (typeof v === "string") expect(result.data.values[k]).toBe(v);
    expect(await counts()).toEqual(before);
  });

  it("refuses a body that is not a form with 400 naming every required field, writing nothing", async () => {
    const before = await counts();
    const result = await post(JSON.stringify(valid), { contentType: "application/json" });
    expect(result.init.status).toBe(400);
    expect(result.data.status === "invalid" && Object.keys(result.data.errors).sort()).toEqual([
      "email",
      "message",
      "name",
      "subject",
    ]);
    expect(await counts()).toEqual(before);
  });

  it("answers a filled honeypot with the success view, stores nothing and logs it without personal data", async () => {
    const warn = vi.spyOn(getLogger(), "warn");
    try {
      const before = await counts();
      const result = await post(formOf({ ...valid, [HONEYPOT_FIELD]: "https://spam.example" }));
      expect(result.init.status).toBe(200);
      expect(result.data).toEqual({ status: "sent" });
      expect(await counts()).toEqual(before);
      expect(warn).toHaveBeenCalledWith(
        { form: "contact", clientAddress: CLIENT },
        "honeypot filled: submission dropped",
      );
      expect(JSON.stringify(warn.mock.calls)).not.toContain(valid.email);
    } finally {
      warn.mockRestore();
    }
  });

  it("stores the message when the honeypot is sent empty, as the browser does", async () => {
    const before = await counts();
    const result = await post(formOf({ ...valid, [HONEYPOT_FIELD]: "" }));
    expect(result.data).toEqual({ status: "sent" });
    expect(await counts()).toEqual({ messages: before.messages + 1, outbox: before.outbox + 1 });
  });

  describe("rate limit", () => {
    let saved: ReturnType<typeof getEnv>;
    beforeAll(() => {
      saved = getEnv();
      setEnv(
        loadEnv({
          ...process.env,
          NODE_ENV: "test",
          LOG_LEVEL: "silent",
          DATA_DIR: os.tmpdir(),
          AUTH_SECRET: "x".repeat(32),
          FORM_RATE_LIMIT: "2/60",
        }),
      );
    });
    afterAll(() => setEnv(saved));

    it("answers 429 with a form-level message once the allowance is used, and stores nothing more", async () => {
      const client = "203.0.113.50";
      expect((await post(formOf(valid), { clientAddress: client })).init.status).toBe(200);
      expect((await post(formOf(valid), { clientAddress: client })).init.status).toBe(200);
      const before = await counts();

      const refused = await post(formOf(valid), { clientAddress: client });
      expect(refused.init.status).toBe(429);
      expect(refused.data.status).toBe("limited");
      if (refused.data.status !== "limited") return;
      expect(refused.data.formError).toMatch(
        /^Too many messages from your connection\. Please try again in \d+ (seconds|minutes)\.$/,
      );
      expect(refused.data.values).toEqual(valid);
      expect(Number(refused.init.headers["Retry-After"])).toBeGreaterThan(0);
      expect(Number(refused.init.headers["Retry-After"])).toBeLessThanOrEqual(60);
      expect(await counts()).toEqual(before);

      // Another connection has its own allowance.
      expect((await post(formOf(valid), { clientAddress: "203.0.113.51" })).init.status).toBe(200);
    });

    it("counts only stored messages: not field errors or a filled honeypot", async () => {
      const client = "203.0.113.60";
      for (let n = 0; n < 3; n++) {
        expect((await post(formOf({ ...valid, email: "bad" }), { clientAddress: client })).init.status).toBe(400);
        await post(formOf({ ...valid, [HONEYPOT_FIELD]: "spam" }), { clientAddress: client });
      }
      expect((await post(formOf(valid), { clientAddress: client })).init.status).toBe(200);
      expect((await post(formOf(valid), { clientAddress: client })).init.status).toBe(200);
      expect((await post(formOf(valid), { clientAddress: client })).init.status).toBe(429);
    });

    it("counts an IPv6 client by its /64", async () => {
      expect((await post(formOf(valid), { clientAddress: "2001:db8:5::1" })).init.status).toBe(200);
      expect((await post(formOf(valid), { clientAddress: "2001:db8:5::2" })).init.status).toBe(200);
      expect((await post(formOf(valid), { clientAddress: "2001:db8:5:0:abcd::9" })).init.status).toBe(429);
      expect((await post(formOf(valid), { clientAddress: "2001:db8:6::1" })).init.status).toBe(200);
    });

    it("stores one message when two from one address take its last use at the same moment", async () => {
      const client = "203.0.113.70";
      expect((await post(formOf(valid), { clientAddress: client })).init.status).toBe(200);
      const subject = "Sent twice at once";
      const results = await Promise.all([
        post(formOf({ ...valid, subject }), { clientAddress: client }),
        post(formOf({ ...valid, subject }), { clientAddress: client }),
      ]);
      expect(results.map((r) => r.init.status).sort()).toEqual([200, 429]);
      expect(await getDb().$count(contactMessages, eq(contactMessages.subject, subject))).toBe(1);
    });
  });
});
