import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { customers, emailOutbox, inventoryItems, quotationEvents, quotationLines, quotations } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { createQuotationRequest, type CreateQuotationResult } from "./create-quotation.server";
import { formatLongDate } from "~/lib/format";
import { HONEYPOT_FIELD, isHoneypotFilled } from "~/lib/honeypot";
import { quotationRequestFromForm } from "./form-data";
import { quotationRequestSchemaFor } from "./request";
import { dhakaDatePlus } from "../../../tests/support/dates";

const LED = seedId("inventory:led-wall-p3"); // 5000 per sqm/day, 120 in stock
const BOOTH = seedId("inventory:photo-booth-360"); // 25000 per event, 3 in stock
const COMPANY_INBOX = "bookings@utsabevents.com.bd";
const EVENT_DATE = dhakaDatePlus(30);

// Each request its own address: the customer's confirmations are limited per address (created-emails.server).
function valid(): Record<string, unknown> {
  return {
    name: "Farhana Rahman",
    email: `farhana.${randomUUID().slice(0, 8)}@example.com`,
    phone: "+880 1711-555000",
    event_name: "Rahman Wedding Reception",
    event_date: EVENT_DATE,
    event_time: "18:30",
    event_location: "Bashundhara Convention Center, Dhaka",
    notes: "Please use the stage-left entrance for load-in.",
    items: [
      { productId: LED, quantity: 32 },
      { productId: BOOTH, quantity: 1 },
    ],
    idempotencyKey: randomUUID(),
  };
}

async function counts() {
  const db = getDb();
  return {
    quotations: await db.$count(quotations),
    lines: await db.$count(quotationLines),
    events: await db.$count(quotationEvents),
    outbox: await db.$count(emailOutbox),
  };
}

function expectCreated(result: CreateQuotationResult) {
  if (!result.ok) throw new Error(`expected a quotation, got ${JSON.stringify(result.errors)}`);
  return result;
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("createQuotationRequest: a valid request", () => {
  it("stores the quotation, its lines priced from the inventory, the 'created' event and two e-mails", async () => {
    const before = await counts();
    const input = valid();
    const result = expectCreated(await createQuotationRequest(getDb(), input));
    expect(result.duplicate).toBe(false);
    const email = input.email as string;
    expect(result.quotation).toMatchObject({
      status: "pending",
      customerName: "Farhana Rahman",
      email,
      total: "185000.00",
      eventDate: EVENT_DATE,
      eventTime: "18:30:00",
    });
    expect(new Date(result.quotation.createdAt).toISOString()).toBe(result.quotation.createdAt);

    const db = getDb();
    const id = result.quotation.id;
    const [stored] = await db.select().from(quotations).where(eq(quotations.id, id));
    expect(stored).toMatchObject({
      status: "pending",
      customerName: "Farhana Rahman",
      email,
      phone: "+880 1711-555000",
      eventName: "Rahman Wedding Reception",
      eventDate: EVENT_DATE,
      eventTime: "18:30:00",
      eventLocation: "Bashundhara Convention Center, Dhaka",
      notes: "Please use the stage-left entrance for load-in.",
      total: "185000.00",
      idempotencyKey: input.idempotencyKey,
    });

    const lines = await db
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, id))
      .orderBy(quotationLines.lineNo);
    expect(lines.map((l) => [l.lineNo, l.inventoryItemId, l.name, l.size, l.quantity, l.unitPrice, l.total])).toEqual([
      [1, LED, "P3 Indoor LED Video Wall", "500 × 500 mm cabinets", 32, "5000.00", "160000.00"],
      [2, BOOTH, "360° Photo Booth", "1 m platform, up to 3 guests", 1, "25000.00", "25000.00"],
    ]);
    expect(result.quotation.lines).toEqual(
      lines.map((l) => ({
        inventoryItemId: l.inventoryItemId,
        name: l.name,
        size: l.size,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        total: l.total,
      })),
    );

    const events = await db.select().from(quotationEvents).where(eq(quotationEvents.quotationId, id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: "created",
      fromStatus: null,
      toStatus: "pending",
      actorLabel: email,
    });

    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.relatedType, "quotation"), eq(emailOutbox.relatedId, id)))
      .orderBy(emailOutbox.kind);
    expect(mails.map((m) => [m.kind, m.toAddress, m.status])).toEqual([
      ["quotation.created.company", COMPANY_INBOX, "pending"],
      ["quotation.created.customer", email, "pending"],
    ]);
    const [company, customer] = mails;
    expect(company!.subject).toBe("New quotation request: Rahman Wedding Reception");
    // Replies from the company's inbox reach the customer.
    expect(company!.replyTo).toBe(email);
    for (const part of [
      "Farhana Rahman",
      email,
      "+880 1711-555000",
      "Rahman Wedding Reception",
      `${formatLongDate(EVENT_DATE)} at 6:30 PM`,
      "Bashundhara Convention Center, Dhaka",
      "P3 Indoor LED Video Wall (500 × 500 mm cabinets): 32 × ৳5,000.00 = ৳160,000.00",
      "360° Photo Booth (1 m platform, up to 3 guests): 1 × ৳25,000.00 = ৳25,000.00",
      "Total at list prices: ৳185,000.00",
      "Please use the stage-left entrance for load-in.",
      "back office",
      id,
    ]) {
      expect(company!.textBody).toContain(part);
    }
    expect(company!.textBody).not.toContain("No confirmation was sent");

    // The short reference the portal shows (#7f3a9c2e...), never the whole id (issue 20).
    expect(customer!.subject).toBe(`We received your quotation request (reference ${id.slice(0, 8)})`);
    expect(customer!.textBody).not.toContain(id);
    expect(customer!.replyTo).toBeNull();
    for (const part of [
      "Hello,",
      "will send you a priced quotation",
      `Event date: ${formatLongDate(EVENT_DATE)} at 6:30 PM`,
      "P3 Indoor LED Video Wall (500 × 500 mm cabinets): 32 × ৳5,000.00 = ৳160,000.00",
      "360° Photo Booth (1 m platform, up to 3 guests): 1 × ৳25,000.00 = ৳25,000.00",
      "Total at list prices: ৳185,000.00",
      `Your reference: ${id.slice(0, 8)}`,
      "Utsab Event Technologies",
    ]) {
      expect(customer!.textBody).toContain(part);
    }
    // Nothing the visitor typed: the confirmation can go to any address, so it must not carry their text.
    for (const typed of [
      "Farhana Rahman",
      "Rahman Wedding Reception",
      "Bashundhara",
      "stage-left",
      "+880 1711-555000",
    ]) {
      expect(customer!.textBody).not.toContain(typed);
      expect(customer!.subject).not.toContain(typed);
    }
    // The customer's confirmation is not the company's internal note.
    expect(customer!.textBody).not.toContain("back office");

    expect(await counts()).toEqual({
      quotations: before.quotations + 1,
      lines: before.lines + 2,
      events: before.events + 1,
      outbox: before.outbox + 2,
    });
  });

  it("takes every price from the inventory and adds in exact paisa", async () => {
    const db = getDb();
    const [item] = await db
      .insert(inventoryItems)
      .values({ slug: "test-cable-tie", name: "Cable Tie", category: "accessories", price: "0.10", quantity: 1000 })
      .returning({ id: inventoryItems.id });
    const result = expectCreated(
      await createQuotationRequest(db, { ...valid(), items: [{ productId: item!.id, quantity: 3 }] }),
    );
    // 0.1 × 3 in floating point is 0.30000000000000004.
    expect(result.quotation.total).toBe("0.30");
    expect(result.quotation.lines).toEqual([
      { inventoryItemId: item!.id, name: "Cable Tie", size: null, quantity: 3, unitPrice: "0.10", total: "0.30" },
    ]);
  });

  it("ignores prices and names a browser puts in a cart line and uses the inventory's", async () => {
    const result = expectCreated(
      await createQuotationRequest(getDb(), {
        ...valid(),
        items: [{ productId: LED, quantity: 2, unit_price: 1, total: 2, name: "Cheap wall", size: "huge" }],
      }),
    );
    expect(result.quotation.total).toBe("10000.00");
    expect(result.quotation.lines).toEqual([
      {
        inventoryItemId: LED,
        name: "P3 Indoor LED Video Wall",
        size: "500 × 500 mm cabinets",
        quantity: 2,
        unitPrice: "5000.00",
        total: "10000.00",
      },
    ]);
  });

  it("stores empty notes as null, trims what was typed, and accepts a quantity equal to the stock", async () => {
    const result = expectCreated(
      await createQuotationRequest(getDb(), {
        ...valid(),
        name: "  Arif Hossain ",
        email: " Arif@Example.com ",
        notes: "   ",
        items: [{ productId: BOOTH, quantity: 3 }],
      }),
    );
    const [stored] = await getDb().select().from(quotations).where(eq(quotations.id, result.quotation.id));
    expect(stored).toMatchObject({ customerName: "Arif Hossain", email: "Arif@Example.com", notes: null });
    expect(stored!.total).toBe("75000.00");
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, result.quotation.id));
    expect(mails.map((m) => m.toAddress).sort()).toEqual(["Arif@Example.com", COMPANY_INBOX]);
    expect(mails.find((m) => m.kind === "quotation.created.company")!.textBody).toContain("Notes\n  none");
  });

  it("never puts what a visitor typed in the customer's confirmation, however it is dressed up", async () => {
    const spam = "Cheap watches at https://spam.example";
    const result = expectCreated(
      await createQuotationRequest(getDb(), {
        ...valid(),
        name: spam,
        event_name: spam,
        event_location: spam,
        notes: `${spam}\n`.repeat(40),
      }),
    );
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, result.quotation.id));
    const customer = mails.find((m) => m.kind === "quotation.created.customer")!;
    expect(customer.subject + customer.textBody).not.toMatch(/watches|spam\.example/);
    // The company still reads all of it.
    expect(mails.find((m) => m.kind === "quotation.created.company")!.textBody).toContain(spam);
  });

  it("refuses an event name holding a line break, so no e-mail subject can carry a second header", async () => {
    // The name rule (lib/name-text.ts) keeps a name to one line; the subject's own flattening (oneLine in
    // created-emails.ts) stays as a second guard for what is already stored.
    const before = await counts();
    const result = await createQuotationRequest(getDb(), { ...valid(), event_name: "Gala\r\nBcc: victim@example.com" });
    expect(result).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { event_name: "Event name contains characters that are not allowed" },
    });
    expect(await counts()).toEqual(before);
  });
});

describe("createQuotationRequest: the e-mail sender", () => {
  // The running sender lives in one process-wide slot (sender.server.ts); a stand-in records the wake-ups.
  const slot = Symbol.for("app.email-sender");
  const global = globalThis as unknown as Record<symbol, unknown>;
  afterEach(() => {
    delete global[slot];
  });

  it("is woken once a new quotation is committed, and not for a duplicate or a refused request", async () => {
    const wake = vi.fn();
    global[slot] = { wake };
    const input = valid();
    expectCreated(await createQuotationRequest(getDb(), input));
    expect(wake).toHaveBeenCalledTimes(1);
    await createQuotationRequest(getDb(), input);
    await createQuotationRequest(getDb(), { ...valid(), email: "bad" });
    expect(wake).toHaveBeenCalledTimes(1);
  });
});

describe("createQuotationRequest: malformed requests", () => {
  const long = (n: number) => "x".repeat(n);
  const without = (field: string) => {
    const v = valid();
    delete v[field];
    return v;
  };
  const withValue = (field: string, value: unknown) => ({ ...valid(), [field]: value });
  const withItems = (items: unknown) => ({ ...valid(), items });
  const line = (quantity: unknown, productId: unknown = LED) => [{ productId, quantity }];

  const cases: Array<[string, unknown, string, RegExp]> = [
    ["a missing name", without("name"), "name", /^Name is required$/],
    ["a missing email", without("email"), "email", /^Email is required$/],
    ["a missing phone", without("phone"), "phone", /^Phone number is required$/],
    ["a missing event name", without("event_name"), "event_name", /^Event name is required$/],
    ["a missing event date", without("event_date"), "event_date", /^Event date is required$/],
    ["a missing event time", without("event_time"), "event_time", /^Event time is required$/],
    ["a missing event location", without("event_location"), "event_location", /^Event location is required$/],
    ["a missing cart", without("items"), "items", /^Please add at least one product to your quotation\.$/],
    ["a missing idempotency key", without("idempotencyKey"), "idempotencyKey", /reload the page/],
    ["a whitespace-only name", withValue("name", "   "), "name", /^Name is required$/],
    ["an empty email", withValue("email", ""), "email", /^Email is required$/],
    ["an empty phone", withValue("phone", ""), "phone", /^Phone number is required$/],
    ["a whitespace-only event name", withValue("event_name", " \t "), "event_name", /^Event name is required$/],
    ["an empty event date", withValue("event_date", ""), "event_date", /^Event date is required$/],
    ["an empty event time", withValue("event_time", " "), "event_time", /^Event time is required$/],
    ["a blank location", withValue("event_location", "\n"), "event_location", /^Event location is required$/],
    ["a number for the name", withValue("name", 42), "name", /^Name is required$/],
    ["an object for the email", withValue("email", { address: "a@b.co" }), "email", /^Email is required$/],
    ["an array for the notes", withValue("notes", ["one", "two"]), "notes", /^Notes must be text$/],
    ["a string for the cart", withItems("led-wall-p3"), "items", /Please add at least one product/],
    ["null for the name", withValue("name", null), "name", /^Name is required$/],
    ["null for the cart", withItems(null), "items", /Please add at least one product/],
    ["null instead of a request", null, "form", /expected object/],
    ["a very long name", withValue("name", long(101)), "name", /^Name must be at most 100 characters$/],
    ["a very long email", withValue("email", `${long(250)}@example.com`), "email", /at most 254 characters/],
    ["a very long phone", withValue("phone", "1".repeat(31)), "phone", /at most 30 characters/],
    ["a very long event name", withValue("event_name", long(151)), "event_name", /at most 150 characters/],
    ["a very long location", withValue("event_location", long(301)), "event_location", /at most 300 characters/],
    ["very long notes", withValue("notes", long(2001)), "notes", /^Notes must be at most 2000 characters$/],
    ["a very long date", withValue("event_date", `${EVENT_DATE}${long(5000)}`), "event_date", /real date/],
    ["a phone with letters", withValue("phone", "call me maybe"), "phone", /Phone number may contain only/],
    ["a zero quantity", withItems(line(0)), "items", /^Quantity must be a whole number of at least 1$/],
    ["a negative quantity", withItems(line(-3)), "items", /whole number of at least 1/],
    ["a fractional quantity", withItems(line(2.5)), "items", /whole number of at least 1/],
    ["a huge quantity", withItems(line(1e12)), "items", /^Quantity must be at most 100000$/],
    ["a string quantity", withItems(line("5")), "items", /whole number of at least 1/],
    ["a NaN quantity", withItems(line(Number.NaN)), "items", /whole number of at least 1/],
    ["a missing quantity", withItems([{ productId: LED }]), "items", /whole number of at least 1/],
    ["an unknown product id", withItems(line(1, randomUUID())), "items", /^A selected product is no longer available$/],
    ["a non-uuid product id", withItems(line(1, "led-wall-p3")), "items", /^Unknown product$/],
    ["the same product twice", withItems([...line(1), ...line(2)]), "items", /^A product is listed twice$/],
    [
      "the same product twice in another letter case",
      withItems([...line(1), ...line(2, LED.toUpperCase())]),
      "items",
      /^A product is listed twice$/,
    ],
    ["more than the stock", withItems(line(4, BOOTH)), "items", /^Only 3 available: 360° Photo Booth$/],
    ["more than the LED stock", withItems(line(121)), "items", /^Only 120 available: P3 Indoor LED Video Wall$/],
    ["an empty cart", withItems([]), "items", /^Please add at least one product to your quotation\.$/],
    [
      "more than 50 lines",
      withItems(Array.from({ length: 51 }, () => ({ productId: randomUUID(), quantity: 1 }))),
      "items",
      /^At most 50 products in one request$/,
    ],
    ["a malformed email", withValue("email", "farhana.example.com"), "email", /^Invalid email address$/],
    ["an email with spaces", withValue("email", "farhana @example.com"), "email", /^Invalid email address$/],
    ["two email addresses", withValue("email", "a,b@x.com"), "email", /^Invalid email address$/],
    ["an email with a display part", withValue("email", "a<b@evil.com>"), "email", /^Invalid email address$/],
    ["a malformed date", withValue("event_date", "20/12/2026"), "event_date", /real date/],
    ["an impossible date", withValue("event_date", "2025-02-30"), "event_date", /real date/],
    [
      "yesterday's date",
      withValue("event_date", dhakaDatePlus(-1)),
      "event_date",
      /^Event date cannot be in the past$/,
    ],
    ["a date long past", withValue("event_date", "2024-12-15"), "event_date", /^Event date cannot be in the past$/],
    ["a malformed time", withValue("event_time", "25:00"), "event_time", /time of day/],
    ["a time with letters", withValue("event_time", "6pm"), "event_time", /time of day/],
    ["a malformed idempotency key", withValue("idempotencyKey", "abc"), "idempotencyKey", /reload the page/],
    ["a numeric idempotency key", withValue("idempotencyKey", 12), "idempotencyKey", /reload the page/],
    ["a unit price sent by the browser", withValue("unit_price", 1), "form", /Unexpected field: unit_price/],
    ["a total sent by the browser", withValue("total", "1.00"), "form", /Unexpected field: total/],
    ["a status sent by the browser", withValue("status", "approved"), "form", /status/],
    [
      "a prototype-pollution key",
      { ...valid(), ...(JSON.parse('{"__proto__": {"polluted": true}}') as object) },
      "form",
      /__proto__/,
    ],
  ];

  it("has a refused case for every field of the request", () => {
    const fields = Object.keys(quotationRequestSchemaFor(EVENT_DATE).shape);
    const refused = new Set(cases.map(([, , field]) => field));
    expect(fields.filter((field) => !refused.has(field))).toEqual([]);
  });

  it.each(cases)("refuses %s as invalid, naming the field, and writes nothing", async (_, payload, field, message) => {
    const before = await counts();
    const result = await createQuotationRequest(getDb(), payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal).toBe("invalid");
    expect(result.errors[field]).toMatch(message);
    expect(await counts()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("judges the event date against the day it is given: that day itself is fine, the day before is past", async () => {
    const day = "2026-03-10";
    const onTheDay = await createQuotationRequest(getDb(), { ...valid(), event_date: day }, { today: day });
    expect(expectCreated(onTheDay).quotation.eventDate).toBe(day);
    const before = await counts();
    const dayBefore = await createQuotationRequest(getDb(), { ...valid(), event_date: "2026-03-09" }, { today: day });
    expect(dayBefore).toEqual({
      ok: false,
      refusal: "invalid",
      message: "Event date cannot be in the past",
      errors: { event_date: "Event date cannot be in the past" },
    });
    expect(await counts()).toEqual(before);
  });

  it("reports every wrong field at once, one message each", async () => {
    const result = await createQuotationRequest(getDb(), {
      ...valid(),
      name: "",
      email: "nope",
      event_time: "99:99",
      items: [],
    });
    expect(result).toEqual({
      ok: false,
      refusal: "invalid",
      // The cart's message first, as the page shows it.
      message: "Please add at least one product to your quotation.",
      errors: {
        name: "Name is required",
        email: "Invalid email address",
        event_time: "Event time must be a time of day (HH:MM)",
        items: "Please add at least one product to your quotation.",
      },
    });
  });
});

describe("quotationRequestFromForm", () => {
  function formOf(fields: Array<[string, string | Blob]>): FormData {
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, v);
    return form;
  }
  function validFields(key = randomUUID()): Array<[string, string | Blob]> {
    return [
      ["name", "Tanvir Ahmed"],
      ["email", "tanvir@example.com"],
      ["phone", "01711-000111"],
      ["event_name", "Annual Dealers Meet"],
      ["event_date", EVENT_DATE],
      ["event_time", "10:00"],
      ["event_location", "Radisson Blu, Dhaka"],
      ["notes", ""],
      ["idempotencyKey", key],
      ["productId", LED],
      ["quantity", "12"],
      ["productId", BOOTH],
      ["quantity", "2"],
      [HONEYPOT_FIELD, ""],
      ["intent", "submit"],
    ];
  }
  const replace = (fields: Array<[string, string | Blob]>, name: string, value: string | Blob) =>
    fields.map(([k, v]): [string, string | Blob] => [k, k === name ? value : v]);

  it("turns the posted form into the request: text fields, parallel cart fields, quantities as numbers", async () => {
    const key = randomUUID();
    const raw = quotationRequestFromForm(formOf(validFields(key)));
    expect(raw).toEqual({
      name: "Tanvir Ahmed",
      email: "tanvir@example.com",
      phone: "01711-000111",
      event_name: "Annual Dealers Meet",
      event_date: EVENT_DATE,
      event_time: "10:00",
      event_location: "Radisson Blu, Dhaka",
      notes: "",
      idempotencyKey: key,
      items: [
        { productId: LED, quantity: 12 },
        { productId: BOOTH, quantity: 2 },
      ],
    });
    const result = expectCreated(await createQuotationRequest(getDb(), raw));
    expect(result.quotation.total).toBe("110000.00");
    expect(result.quotation.notes).toBeNull();
  });

  it("tells a filled honeypot from an empty one", () => {
    expect(isHoneypotFilled(formOf(validFields()))).toBe(false);
    expect(isHoneypotFilled(formOf(replace(validFields(), HONEYPOT_FIELD, "https://spam.example")))).toBe(true);
    expect(isHoneypotFilled(formOf(replace(validFields(), HONEYPOT_FIELD, new Blob(["x"]))))).toBe(true);
  });

  const formCases: Array<[string, Array<[string, string | Blob]>, string, RegExp]> = [
    ["a file instead of the name", replace(validFields(), "name", new File(["x"], "name.txt")), "name", /Name is/],
    ["a file as a quantity", replace(validFields(), "quantity", new File(["1"], "q.txt")), "items", /whole number/],
    ["a file as a product id", replace(validFields(), "productId", new Blob([LED])), "items", /Unknown product/],
    ["a non-numeric quantity", replace(validFields(), "quantity", "ten"), "items", /whole number/],
    ["a fractional quantity", replace(validFields(), "quantity", "1.5"), "items", /whole number/],
    ["an empty quantity", replace(validFields(), "quantity", ""), "items", /whole number/],
    ["a negative quantity", replace(validFields(), "quantity", "-2"), "items", /whole number/],
    ["a name sent twice", [...validFields(), ["name", "Someone Else"]], "name", /Name is required/],
    ["a quantity without its product", [...validFields(), ["quantity", "1"]], "items", /Unknown product/],
    [
      "an empty cart",
      validFields().filter(([k]) => k !== "productId" && k !== "quantity"),
      "items",
      /Please add at least one product/,
    ],
    ["a price sent by the browser", [...validFields(), ["unit_price", "1"]], "form", /unit_price/],
    ["a total sent by the browser", [...validFields(), ["total", "1"]], "form", /total/],
    ["a __proto__ field", [...validFields(), ["__proto__", "x"]], "form", /__proto__/],
    ["a missing idempotency key", validFields().filter(([k]) => k !== "idempotencyKey"), "idempotencyKey", /reload/],
  ];

  it.each(formCases)("refuses %s as invalid and writes nothing", async (_, fields, field, message) => {
    const before = await counts();
    const result = await createQuotationRequest(getDb(), quotationRequestFromForm(formOf(fields)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal).toBe("invalid");
    expect(result.errors[field]).toMatch(message);
    expect(await counts()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("createQuotationRequest: idempotency", () => {
  async function rowsFor(key: string) {
    const db = getDb();
    const found = await db.select({ id: quotations.id }).from(quotations).where(eq(quotations.idempotencyKey, key));
    const ids = found.map((r) => r.id);
    const lines = ids.length ? await db.$count(quotationLines, eq(quotationLines.quotationId, ids[0]!)) : 0;
    const events = ids.length ? await db.$count(quotationEvents, eq(quotationEvents.quotationId, ids[0]!)) : 0;
    const mails = ids.length ? await db.$count(emailOutbox, eq(emailOutbox.relatedId, ids[0]!)) : 0;
    return { ids, lines, events, mails };
  }

  it("answers the same key a second time with the first quotation, marked duplicate, writing nothing", async () => {
    const input = valid();
    const first = expectCreated(await createQuotationRequest(getDb(), input));
    const before = await counts();
    const second = expectCreated(await createQuotationRequest(getDb(), input));
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.quotation).toEqual(first.quotation);
    expect(await counts()).toEqual(before);
  });

  it("returns the first quotation even when the resent form differs or the stock has run out since", async () => {
    const input = valid();
    const first = expectCreated(await createQuotationRequest(getDb(), input));
    const before = await counts();
    const again = expectCreated(
      await createQuotationRequest(getDb(), {
        ...input,
        name: "Someone Else",
        items: [{ productId: BOOTH, quantity: 3 }],
      }),
    );
    expect(again.duplicate).toBe(true);
    expect(again.quotation.id).toBe(first.quotation.id);
    expect(again.quotation.customerName).toBe("Farhana Rahman");
    expect(await counts()).toEqual(before);
  });

  it("treats the key's letter case as the same key", async () => {
    const input = valid();
    const first = expectCreated(await createQuotationRequest(getDb(), input));
    const second = expectCreated(
      await createQuotationRequest(getDb(), { ...input, idempotencyKey: String(input.idempotencyKey).toUpperCase() }),
    );
    expect(second).toMatchObject({ duplicate: true, quotation: { id: first.quotation.id } });
  });

  it("creates one quotation when five requests with one key arrive at the same moment", async () => {
    const input = valid();
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 5 }, () => createQuotationRequest(getDb(), input)));
    const created = results.map(expectCreated);
    expect(new Set(created.map((r) => r.quotation.id)).size).toBe(1);
    expect(created.filter((r) => !r.duplicate)).toHaveLength(1);
    for (const r of created) expect(r.quotation.total).toBe("185000.00");

    const rows = await rowsFor(String(input.idempotencyKey));
    expect(rows).toEqual({ ids: [created[0]!.quotation.id], lines: 2, events: 1, mails: 2 });
    expect(await counts()).toEqual({
      quotations: before.quotations + 1,
      lines: before.lines + 2,
      events: before.events + 1,
      outbox: before.outbox + 2,
    });
  });
});

describe("createQuotationRequest: rental pricing and the money bound (issue 19)", () => {
  it("charges a price per day for the event's day and a price per event once, and keeps each line's unit and days", async () => {
    const created = expectCreated(await createQuotationRequest(getDb(), valid()));
    const lines = await getDb()
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, created.quotation.id))
      .orderBy(quotationLines.lineNo);
    expect(lines.map((l) => [l.priceUnit, l.days, l.quantity, l.unitPrice, l.total])).toEqual([
      ["sqm/day", 1, 32, "5000.00", "160000.00"],
      ["event", null, 1, "25000.00", "25000.00"],
    ]);
  });

  it("refuses a cart whose line total would not fit numeric(14,2), naming it, and writes nothing", async () => {
    const [dear] = await getDb()
      .insert(inventoryItems)
      .values({
        slug: `gold-stage-${randomUUID().slice(0, 8)}`,
        name: "Gold Stage",
        category: "stage",
        price: "999999999999.99",
        quantity: 10,
      })
      .returning({ id: inventoryItems.id });
    const before = await counts();
    const result = await createQuotationRequest(getDb(), { ...valid(), items: [{ productId: dear!.id, quantity: 2 }] });
    expect(result).toEqual({
      ok: false,
      refusal: "invalid",
      message: "Total of Gold Stage would be more than ৳999,999,999,999.99, the most an amount can be",
      errors: { items: "Total of Gold Stage would be more than ৳999,999,999,999.99, the most an amount can be" },
    });
    expect(await counts()).toEqual(before);
  });
});

describe("createQuotationRequest: a returning customer (issue 22)", () => {
  it("hangs the request off the customer's record found by e-mail in any case; a new address gets none yet", async () => {
    const db = getDb();
    const input = valid();
    const email = input.email as string;
    const [customer] = await db
      .insert(customers)
      .values({ name: "Farhana Rahman", email: email.toUpperCase() })
      .returning({ id: customers.id });
    const returning = expectCreated(await createQuotationRequest(db, input));
    const [stored] = await db
      .select({ customerId: quotations.customerId })
      .from(quotations)
      .where(eq(quotations.id, returning.quotation.id));
    expect(stored!.customerId).toBe(customer!.id);

    const fresh = expectCreated(await createQuotationRequest(db, valid()));
    const [unlinked] = await db
      .select({ customerId: quotations.customerId })
      .from(quotations)
      .where(eq(quotations.id, fresh.quotation.id));
    expect(unlinked!.customerId).toBeNull();
  });
});
