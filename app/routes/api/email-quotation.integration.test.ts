import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { createQuotationRequest, type QuotationSummary } from "~/domain/quotations/create-quotation.server";
import { notifyQuotationCreated, quotationEmailRequestFor } from "~/domain/quotations/notify.server";
import { action, loader } from "./email-quotation";
import type { Route } from "./+types/email-quotation";
import { dhakaDatePlus } from "../../../tests/support/dates";

const EVENT_DATE = dhakaDatePlus(30);
const URL_ = "http://localhost/api/email/quotation";

// Each quotation its own address by default: the customer's confirmations are limited per address.
async function newQuotation(email = `karim.${randomUUID().slice(0, 8)}@example.com`): Promise<QuotationSummary> {
  const result = await createQuotationRequest(getDb(), {
    name: "Karim Uddin",
    email,
    phone: "01811-222333",
    event_name: "Product Launch",
    event_date: EVENT_DATE,
    event_time: "16:00",
    event_location: "ICCB, Dhaka",
    items: [{ productId: seedId("inventory:led-wall-p3"), quantity: 32 }],
    idempotencyKey: randomUUID(),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quotation;
}

async function post(body: unknown, init: { headers?: Record<string, string>; method?: string; raw?: boolean } = {}) {
  const request = new Request(URL_, {
    method: init.method ?? "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: init.raw ? (body as string) : JSON.stringify(body),
  });
  const response = (await action({
    request,
    params: {},
    context: { cspNonce: "" },
  } as unknown as Route.ActionArgs)) as Response;
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function mailsOf(id: string) {
  return getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.relatedType, "quotation"), eq(emailOutbox.relatedId, id)));
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("POST /api/email/quotation", () => {
  it("answers a valid body with 200 { ok: true } and adds no e-mail the quotation already has", async () => {
    const quotation = await newQuotation();
    expect(await mailsOf(quotation.id)).toHaveLength(2);
    const result = await post(quotationEmailRequestFor(quotation));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true });
    expect(result.headers.get("Cache-Control")).toBe("no-store");
    // Called twice (a retry), still two.
    expect((await post(quotationEmailRequestFor(quotation))).status).toBe(200);
    expect(await mailsOf(quotation.id)).toHaveLength(2);
  });

  it("accepts the body exactly as storefront.md §7.3 describes it, the spec's cart items included", async () => {
    const quotation = await newQuotation("karim@example.com");
    const result = await post({
      quotation: {
        id: quotation.id,
        customerName: "Karim Uddin",
        customerEmail: "karim@example.com",
        total: 160000,
        items: [
          {
            productId: seedId("inventory:led-wall-p3"),
            name: "P3 Indoor LED Video Wall",
            quantity: 32,
            unit_price: 5000,
            total: 160000,
            size: "500 × 500 mm cabinets",
          },
        ],
        status: "pending",
        createdAt: quotation.createdAt,
        event_name: "Product Launch",
        event_date: EVENT_DATE,
        event_location: "ICCB, Dhaka",
        notes: null,
      },
      recipientEmail: "Karim@Example.com",
      type: "created",
    });
    expect(result).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("puts back missing e-mails, built from the stored quotation, once even when called at the same moment", async () => {
    const quotation = await newQuotation();
    await getDb().delete(emailOutbox).where(eq(emailOutbox.relatedId, quotation.id));
    const body = quotationEmailRequestFor(quotation);
    // What the caller writes is not what is sent.
    body.quotation.customerName = "Spam Sender";
    body.quotation.event_name = "Buy cheap watches";
    const results = await Promise.all([post(body), post(body), post(body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const mails = await mailsOf(quotation.id);
    expect(mails.map((m) => [m.kind, m.toAddress]).sort()).toEqual([
      ["quotation.created.company", "bookings@utsabevents.com.bd"],
      ["quotation.created.customer", quotation.email],
    ]);
    const company = mails.find((m) => m.kind === "quotation.created.company")!;
    expect(company.subject).toContain("Product Launch");
    expect(company.replyTo).toBe(quotation.email);
    for (const mail of mails) {
      expect(mail.textBody).not.toContain("Spam Sender");
      expect(mail.textBody).not.toContain("cheap watches");
    }
  });

  it("wakes the e-mail sender only when it added an e-mail", async () => {
    const slot = Symbol.for("app.email-sender");
    const global = globalThis as unknown as Record<symbol, unknown>;
    const wake = vi.fn();
    global[slot] = { wake };
    try {
      const quotation = await newQuotation();
      wake.mockClear();
      await post(quotationEmailRequestFor(quotation));
      expect(wake).not.toHaveBeenCalled();
      await getDb().delete(emailOutbox).where(eq(emailOutbox.relatedId, quotation.id));
      await post(quotationEmailRequestFor(quotation));
      expect(wake).toHaveBeenCalledTimes(1);
    } finally {
      delete global[slot];
    }
  });

  it("adds only the missing one when one of the two is there", async () => {
    const quotation = await newQuotation();
    await getDb()
      .delete(emailOutbox)
      .where(and(eq(emailOutbox.relatedId, quotation.id), eq(emailOutbox.kind, "quotation.created.customer")));
    expect((await post(quotationEmailRequestFor(quotation))).status).toBe(200);
    const kinds = (await mailsOf(quotation.id)).map((m) => m.kind).sort();
    expect(kinds).toEqual(["quotation.created.company", "quotation.created.customer"]);
  });

  it("answers an unknown quotation id with 404", async () => {
    const body = quotationEmailRequestFor(await newQuotation());
    body.quotation.id = randomUUID();
    const result = await post(body);
    expect(result).toMatchObject({ status: 404, body: { ok: false, error: "Quotation not found" } });
  });

  it("refuses with 400 a recipient that is not the quotation's own address, sending nothing", async () => {
    const quotation = await newQuotation();
    await getDb().delete(emailOutbox).where(eq(emailOutbox.relatedId, quotation.id));
    const before = await getDb().$count(emailOutbox);

    const otherRecipient = { ...quotationEmailRequestFor(quotation), recipientEmail: "victim@example.org" };
    const r1 = await post(otherRecipient);
    expect(r1.status).toBe(400);
    expect(r1.body).toEqual({ ok: false, error: "The recipient does not match the quotation" });

    const body = quotationEmailRequestFor(quotation);
    const otherCustomer = { ...body, quotation: { ...body.quotation, customerEmail: "victim@example.org" } };
    expect((await post(otherCustomer)).status).toBe(400);
    expect(await getDb().$count(emailOutbox)).toBe(before);
  });

  it("the use case names the refusal, the route the status", async () => {
    const quotation = await newQuotation();
    const body = quotationEmailRequestFor(quotation);
    expect(await notifyQuotationCreated(getDb(), body)).toMatchObject({ ok: true });
    expect(await notifyQuotationCreated(getDb(), { ...body, recipientEmail: "victim@example.org" })).toEqual({
      ok: false,
      refusal: "invalid",
      message: "The recipient does not match the quotation",
      errors: {},
    });
    const unknown = { ...body, quotation: { ...body.quotation, id: randomUUID() } };
    expect(await notifyQuotationCreated(getDb(), unknown)).toMatchObject({ ok: false, refusal: "not-found" });
    expect(await notifyQuotationCreated(getDb(), null)).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: "Invalid request",
      errors: { body: expect.any(String) },
    });
  });

  it("answers malformed JSON with 400", async () => {
    const result = await post('{"quotation": ', { raw: true });
    expect(result).toMatchObject({ status: 400, body: { ok: false, error: "The request body must be JSON" } });
    expect((await post("", { raw: true })).status).toBe(400);
  });

  const shapes: Array<[string, (b: ReturnType<typeof quotationEmailRequestFor>) => unknown, string]> = [
    ["no quotation", ({ quotation: _q, ...rest }) => rest, "quotation"],
    ["a quotation id that is not a uuid", (b) => ({ ...b, quotation: { ...b.quotation, id: "1" } }), "quotation.id"],
    ["another type", (b) => ({ ...b, type: "sent" }), "type"],
    ["no recipient", ({ recipientEmail: _r, ...rest }) => rest, "recipientEmail"],
    ["items that are not a list", (b) => ({ ...b, quotation: { ...b.quotation, items: "all" } }), "quotation.items"],
    ["an unknown status", (b) => ({ ...b, quotation: { ...b.quotation, status: "paid" } }), "quotation.status"],
    ["null", () => null, "body"],
    ["a list", () => [], "body"],
  ];

  it.each(shapes)("answers a body with %s with 400 naming the field", async (_, change, field) => {
    const quotation = await newQuotation();
    const result = await post(change(quotationEmailRequestFor(quotation)));
    expect(result.status).toBe(400);
    expect(result.body.ok).toBe(false);
    expect(Object.keys(result.body.errors as Record<string, string>)).toContain(field);
  });

  it("answers a body too large to be a quotation with 413", async () => {
    const result = await post(JSON.stringify({ padding: "x".repeat(70_000) }), { raw: true });
    expect(result.status).toBe(413);
  });

  it("answers GET and other methods with 405 and Allow: POST", async () => {
    const response = loader() as Response;
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const result = await post({}, { method });
      expect(result.status).toBe(405);
    }
  });

  it("refuses a call from another site's page with 403, and accepts one from our own", async () => {
    const quotation = await newQuotation();
    const body = quotationEmailRequestFor(quotation);
    const foreign = await post(body, { headers: { Origin: "https://evil.example" } });
    expect(foreign).toMatchObject({ status: 403, body: { ok: false } });
    expect((await post(body, { headers: { Origin: "null" } })).status).toBe(403);
    expect((await post(body, { headers: { Origin: "http://localhost:5173" } })).status).toBe(403);
    expect((await post(body, { headers: { Origin: "http://localhost" } })).status).toBe(200);
  });
});
