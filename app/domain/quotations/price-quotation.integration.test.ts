// Pricing and sending a quotation: what is stored, what the customer is sent, and what a refused post leaves
// untouched (issue 10).
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertItem, insertQuotation, panelValues } from "../../../tests/support/quotation-fixtures";
import { getDb } from "~/db/client.server";
import {
  auditLog,
  companySettings,
  emailOutbox,
  inventoryItems,
  quotationEvents,
  quotationLines,
  quotationRevisions,
  quotations,
  rateStructures,
  users,
} from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { createPasswordUser } from "~/domain/auth/users.server";
import { listAttachments, loadAttachments } from "~/domain/email/outbox.server";
import { invalidatePublicData } from "~/lib/cache.server";
import { getEnv, setEnv } from "~/lib/env.server";
import { hashLinkToken, LINK_TOKEN_PATTERN } from "./link-token";
import { saveQuotationPrices, sendQuotation } from "./price-quotation.server";
import { QUOTE_MESSAGES, type QuoteFormValues } from "./quote-form";

const staff: AuditActor = { userId: null, label: "sales@example.com", ipAddress: "127.0.0.1", userAgent: "test" };
const TABLES = [
  "quotations",
  "quotation_lines",
  "quotation_revisions",
  "quotation_events",
  "email_outbox",
  "email_attachments",
  "users",
  "audit_log",
] as const;

beforeAll(async () => {
  await seedDatabase(getDb());
  await getDb().update(companySettings).set({ vatRatePercent: "15" });
  invalidatePublicData();
});

async function emailsAbout(id: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, id)).orderBy(asc(emailOutbox.createdAt));
}

function tokenIn(text: string): string {
  const match = /\/customer\/link\/([A-Za-z0-9]+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

describe("saveQuotationPrices", () => {
  it("stores the prices, quantities, discount, VAT and rental end, and leaves the status alone", async () => {
    const stage = await insertItem("Truss Stage", 10, "5000");
    const lights = await insertItem("Par Light", 40, "300");
    const q = await insertQuotation("pending", "save.buyer@example.com", [
      [stage, 2, "5000"],
      [lights, 10, "300"],
    ]);
    const values = await panelValues(q.id, { discount: "1000", rentalEndDate: "2027-03-14" });
    values.lines[0]!.unitPrice = "4500.50";
    values.lines[1]!.quantity = "12";

    const result = await saveQuotationPrices(getDb(), values, staff);
    expect(result).toMatchObject({ ok: true, message: QUOTE_MESSAGES.saved, revision: null });

    const [stored] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    // 13 to 14 March is 2 days, and both items are priced per unit per day: 2 × 4500.50 × 2 + 12 × 300 × 2 =
    // 25202.00; less 1000 = 24202.00; VAT 15% = 3630.30.
    expect(stored).toMatchObject({
      status: "pending",
      discount: "1000.00",
      vatRatePercent: "15.00",
      total: "27832.30",
      rentalEndDate: "2027-03-14",
      revision: 0,
    });
    expect(result.ok && result.version).toBe(stored!.updatedAt.toISOString());
    const lines = await getDb()
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, q.id))
      .orderBy(asc(quotationLines.lineNo));
    expect(lines.map((l) => [l.quantity, l.unitPrice, l.priceUnit, l.days, l.total])).toEqual([
      [2, "4500.50", "unit/day", 2, "18002.00"],
      [12, "300.00", "unit/day", 2, "7200.00"],
    ]);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, q.id));
    expect(audit).toMatchObject({ action: "quotation.priced", actorLabel: "sales@example.com" });
    expect(await emailsAbout(q.id)).toEqual([]);
  });

  it("removes a line left out, adds a new one with the item's name and size, and keeps an empty price as 0", async () => {
    const a = await insertItem("Chair", 100, "50");
    const b = await insertItem("Table", 20, "400");
    const c = await insertItem("Marquee Tent", 4, "12000", { size: "20 × 40 ft" });
    const q = await insertQuotation("negotiating", "lines.buyer@example.com", [
      [a, 50, "50"],
      [b, 5, "400"],
    ]);
    const values = await panelValues(q.id);
    values.lines = [values.lines[1]!, { lineId: "", itemId: c, name: "anything typed", quantity: "1", unitPrice: "" }];
    const result = await saveQuotationPrices(getDb(), values, staff);
    expect(result.ok).toBe(true);
    const lines = await getDb()
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, q.id))
      .orderBy(asc(quotationLines.lineNo));
    expect(lines.map((l) => [l.inventoryItemId, l.name, l.size, l.quantity, l.unitPrice, l.lineNo])).toEqual([
      [b, "Line 2", null, 5, "400.00", 1],
      [c, "Marquee Tent", "20 × 40 ft", 1, "0.00", 2],
    ]);
    const [stored] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(stored!.status).toBe("negotiating");
  });

  it("refuses a save over someone else's change, and a second save with the first one's version", async () => {
    const item = await insertItem("Podium", 3, "2000");
    const q = await insertQuotation("pending", "stale.buyer@example.com", [[item, 1, "2000"]]);
    const values = await panelValues(q.id);
    const first = await saveQuotationPrices(getDb(), { ...values, discount: "100" }, staff);
    expect(first.ok).toBe(true);
    const before = await tableFingerprint(TABLES);
    const second = await saveQuotationPrices(getDb(), { ...values, discount: "200" }, staff);
    expect(second).toMatchObject({ ok: false, refusal: "conflict", code: "changed" });
    expect(!second.ok && second.message).toContain(QUOTE_MESSAGES.changedMeanwhile);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("sendQuotation", () => {
  it("sends revision 1: status, snapshot, a 7-day link, the customer's new account and an e-mail with the PDF", async () => {
    const item = await insertItem("LED Wall", 8, "5000", { size: "500 × 500 mm" });
    const q = await insertQuotation("pending", "First.Send@Example.com", [[item, 4, "5000"]], {
      customerName: "Nusrat Jahan",
      eventName: "Annual Gala",
    });
    const values = await panelValues(q.id, { discount: "2000", message: "Setup included." });
    const sentAt = Date.now();
    const result = await sendQuotation(getDb(), values, staff);
    // The tests run without SMTP_URL: the e-mail is queued, not sent, and the result says so (issue 20).
    expect(result).toMatchObject({ ok: true, message: QUOTE_MESSAGES.sentEmailWaits, revision: 1 });

    const [stored] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(stored).toMatchObject({ status: "sent", revision: 1, total: "20700.00" });
    expect(stored!.secureLinkExpiresAt!.getTime() - sentAt).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(stored!.secureLinkExpiresAt!.getTime() - sentAt).toBeLessThan(7 * 86_400_000 + 60_000);

    const [revision] = await getDb().select().from(quotationRevisions).where(eq(quotationRevisions.quotationId, q.id));
    expect(revision).toMatchObject({
      revision: 1,
      subtotal: "20000.00",
      discount: "2000.00",
      vatRatePercent: "15.00",
      vatAmount: "2700.00",
      total: "20700.00",
      eventDate: "2027-03-13",
      rentalEndDate: "2027-03-13",
      sentByLabel: "sales@example.com",
    });
    expect(revision!.lines).toEqual([
      {
        inventoryItemId: item,
        name: "Line 1",
        size: null,
        quantity: 4,
        unitPrice: "5000.00",
        priceUnit: "unit/day",
        days: 1,
        sdRatePercent: "0.00",
        total: "20000.00",
      },
    ]);

    const events = await getDb()
      .select()
      .from(quotationEvents)
      .where(eq(quotationEvents.quotationId, q.id))
      .orderBy(asc(quotationEvents.kind));
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.message])).toEqual([
      ["sent", null, null, "Setup included."],
      ["status_changed", "pending", "sent", null],
    ]);

    const [account] = await getDb().select().from(users).where(eq(users.email, "first.send@example.com"));
    expect(account).toMatchObject({ role: "customer", mustChangePassword: true, name: "Nusrat Jahan" });
    expect(stored!.customerUserId).toBe(account!.id);

    const [email] = await emailsAbout(q.id);
    expect(email).toMatchObject({ toAddress: "First.Send@Example.com", kind: "quotation.sent" });
    expect(result).toMatchObject({ waitingEmailId: email!.id });
    const token = tokenIn(email!.textBody);
    expect(token).toMatch(LINK_TOKEN_PATTERN);
    expect(hashLinkToken(token)).toBe(stored!.secureLinkTokenHash);
    expect(email!.textBody).toContain("Setup included.");
    expect(email!.textBody).toContain("Total: ৳20,700.00");
    expect(email!.textBody).toMatch(/Temporary password: \S{8,}/);
    const attachments = await loadAttachments(getDb(), email!.id);
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`quotation-${q.id.slice(0, 8)}-r1.pdf`, "application/pdf"],
    ]);
    expect(Buffer.from(attachments[0]!.content).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("says the quotation was sent to the customer only when e-mail goes out (SMTP_URL set)", async () => {
    const item = await insertItem("Smoke Machine", 4, "1500");
    const q = await insertQuotation("pending", "smtp.set@example.com", [[item, 1, "1500"]]);
    const original = getEnv();
    setEnv({ ...original, smtpUrl: "smtp://mail.example.com:587" });
    try {
      const result = await sendQuotation(getDb(), await panelValues(q.id), staff);
      expect(result).toMatchObject({ ok: true, message: "Quotation sent to customer!", waitingEmailId: null });
    } finally {
      setEnv(original);
    }
  });

  it("sends revision 2 after a negotiation: a new link replaces the old, revision 1 is kept, no second account", async () => {
    const item = await insertItem("Generator", 2, "18000");
    const q = await insertQuotation("pending", "revise.buyer@example.com", [[item, 1, "18000"]]);
    expect((await sendQuotation(getDb(), await panelValues(q.id), staff)).ok).toBe(true);
    const [firstEmail] = await emailsAbout(q.id);
    const firstHash = hashLinkToken(tokenIn(firstEmail!.textBody));

    await getDb().update(quotations).set({ status: "negotiating" }).where(eq(quotations.id, q.id));
    const values = await panelValues(q.id);
    values.lines[0]!.unitPrice = "15000";
    const result = await sendQuotation(getDb(), values, staff);
    expect(result).toMatchObject({ ok: true, revision: 2 });

    const [stored] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(stored).toMatchObject({ status: "sent", revision: 2 });
    expect(stored!.secureLinkTokenHash).not.toBe(firstHash);
    const revisions = await getDb()
      .select()
      .from(quotationRevisions)
      .where(eq(quotationRevisions.quotationId, q.id))
      .orderBy(asc(quotationRevisions.revision));
    expect(revisions.map((r) => [r.revision, r.subtotal])).toEqual([
      [1, "18000.00"],
      [2, "15000.00"],
    ]);
    const emails = await emailsAbout(q.id);
    expect(emails).toHaveLength(2);
    expect(hashLinkToken(tokenIn(emails[1]!.textBody))).toBe(stored!.secureLinkTokenHash);
    expect(emails[1]!.textBody).toContain("(revision 2)");
    expect(emails[1]!.textBody).not.toContain("Temporary password");
    expect((await listAttachments(getDb(), emails[1]!.id))[0]!.filename).toMatch(/-r2\.pdf$/);
    expect(await getDb().select().from(users).where(eq(users.email, "revise.buyer@example.com"))).toHaveLength(1);
  });

  it("sends a sent quotation again (a lost e-mail, an expired link): revision 2 with a new link", async () => {
    const item = await insertItem("Resend Screen", 2, "9000");
    const q = await insertQuotation("sent", "resend.buyer@example.com", [[item, 1, "9000"]], {
      secureLinkExpiresAt: new Date(Date.now() - 1000),
    });
    const result = await sendQuotation(getDb(), await panelValues(q.id), staff);
    expect(result).toMatchObject({ ok: true, revision: 2 });
    const [stored] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(stored!.secureLinkTokenHash).not.toBe(hashLinkToken(q.token!));
    expect(stored!.secureLinkExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("makes no customer account for a back-office user's address, and says nothing of the portal", async () => {
    const db = getDb();
    const staffUser = await createPasswordUser(db, {
      name: "Staff Buyer",
      email: "staff.buyer@example.com",
      password: "a-long-enough-password",
      role: "staff",
    });
    const item = await insertItem("Mic", 10, "500");
    const q = await insertQuotation("pending", "staff.buyer@example.com", [[item, 2, "500"]]);
    expect((await sendQuotation(db, await panelValues(q.id), staff)).ok).toBe(true);
    const [stored] = await db.select().from(quotations).where(eq(quotations.id, q.id));
    expect(stored!.customerUserId).toBeNull();
    const [user] = await db.select().from(users).where(eq(users.id, staffUser.id));
    expect(user!.role).toBe("staff");
    const [email] = await emailsAbout(q.id);
    expect(email!.textBody).not.toContain("/customer/login");
  });

  it("refuses to send a line whose item was archived, naming it, and writes nothing", async () => {
    const item = await insertItem("Old Projector", 2, "3000");
    const q = await insertQuotation("pending", "archived.buyer@example.com", [[item, 1, "3000"]]);
    await getDb().update(inventoryItems).set({ archivedAt: new Date() }).where(eq(inventoryItems.id, item));
    const before = await tableFingerprint(TABLES);
    const result = await sendQuotation(getDb(), await panelValues(q.id), staff);
    expect(result).toMatchObject({ ok: false, refusal: "invalid", message: "Product not found: Line 1" });
    expect(!result.ok && result.errors).toEqual({ "lines.0.itemId": "Product not found: Line 1" });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses an approved or rejected quotation, and a double click sends once", async () => {
    const item = await insertItem("Fog Machine", 5, "800");
    for (const status of ["approved", "rejected"] as const) {
      const q = await insertQuotation(status, `${status}.buyer@example.com`, [[item, 1, "800"]]);
      const before = await tableFingerprint(TABLES);
      const result = await sendQuotation(getDb(), await panelValues(q.id), staff);
      expect(result).toMatchObject({ ok: false, refusal: "conflict", code: "wrong_status" });
      expect(!result.ok && result.message).toContain(`(this one is ${status})`);
      expect(await tableFingerprint(TABLES)).toEqual(before);
    }
    const q = await insertQuotation("pending", "double.buyer@example.com", [[item, 1, "800"]]);
    const values = await panelValues(q.id);
    const [one, two] = await Promise.all([
      sendQuotation(getDb(), values, staff),
      sendQuotation(getDb(), values, staff),
    ]);
    expect([one.ok, two.ok].sort()).toEqual([false, true]);
    expect(await emailsAbout(q.id)).toHaveLength(1);
  });
});

describe("malformed pricing posts are refused with a message naming the field, and write nothing", () => {
  type Case = [name: string, change: (v: QuoteFormValues) => void, key: string, message: string | RegExp];
  const cases: Case[] = [
    ["price empty on send", (v) => (v.lines[0]!.unitPrice = ""), "lines.0.unitPrice", QUOTE_MESSAGES.priceMissing],
    ["price 0 on send", (v) => (v.lines[0]!.unitPrice = "0"), "lines.0.unitPrice", QUOTE_MESSAGES.priceMissing],
    ["price negative", (v) => (v.lines[0]!.unitPrice = "-5"), "lines.0.unitPrice", "Unit price must be 0 or more"],
    ["price with 3 decimals", (v) => (v.lines[0]!.unitPrice = "10.555"), "lines.0.unitPrice", /at most 2 decimals/],
    ["price text", (v) => (v.lines[0]!.unitPrice = "ten"), "lines.0.unitPrice", /amount in taka/],
    [
      "price huge",
      (v) => (v.lines[0]!.unitPrice = "100000000.00"),
      "lines.0.unitPrice",
      "Unit price must be at most ৳99,999,999.99",
    ],
    ["price with script", (v) => (v.lines[0]!.unitPrice = "<script>"), "lines.0.unitPrice", /amount in taka/],
    ["quantity empty", (v) => (v.lines[0]!.quantity = ""), "lines.0.quantity", "Quantity is required"],
    ["quantity 0", (v) => (v.lines[0]!.quantity = "0"), "lines.0.quantity", "Quantity must be at least 1"],
    ["quantity negative", (v) => (v.lines[0]!.quantity = "-1"), "lines.0.quantity", /whole number/],
    ["quantity fraction", (v) => (v.lines[0]!.quantity = "1.5"), "lines.0.quantity", /whole number/],
    ["quantity huge", (v) => (v.lines[0]!.quantity = "1000001"), "lines.0.quantity", /at most 100,000/],
    ["quantity text", (v) => (v.lines[0]!.quantity = "two"), "lines.0.quantity", /whole number/],
    ["discount text", (v) => (v.discount = "lots"), "discount", /amount in taka/],
    ["discount negative", (v) => (v.discount = "-100"), "discount", "Discount must be 0 or more"],
    ["discount over subtotal", (v) => (v.discount = "999999"), "discount", /cannot be more than the subtotal/],
    ["end date not a date", (v) => (v.rentalEndDate = "next week"), "rentalEndDate", /must be a date/],
    ["end date impossible", (v) => (v.rentalEndDate = "2027-02-30"), "rentalEndDate", /must be a date/],
    ["end date before event", (v) => (v.rentalEndDate = "2027-03-01"), "rentalEndDate", QUOTE_MESSAGES.endBeforeEvent],
    [
      "end date 9999-12-31 (outside the business dates)",
      (v) => (v.rentalEndDate = "9999-12-31"),
      "rentalEndDate",
      "Last rental day must be between 1 Jan 2000 and 31 Dec 2099",
    ],
    // 13 Mar 2027 to 13 Mar 2028 is 367 days with 29 Feb 2028: a day more than a year.
    [
      "rental of more than a year",
      (v) => (v.rentalEndDate = "2028-03-13"),
      "rentalEndDate",
      QUOTE_MESSAGES.rentalTooLong,
    ],
    ["message too long", (v) => (v.message = "x".repeat(2001)), "message", /at most 2000 characters/],
    ["message with control characters", (v) => (v.message = "hi\u0000there"), "message", /not allowed/],
    ["line id not a uuid", (v) => (v.lines[0]!.lineId = "1; drop table"), "lines.0.lineId", QUOTE_MESSAGES.unknownLine],
    [
      "line id of another quotation",
      (v) => (v.lines[0]!.lineId = "00000000-0000-4000-8000-000000000001"),
      "lines.0.lineId",
      QUOTE_MESSAGES.unknownLine,
    ],
    ["line posted twice", (v) => v.lines.push({ ...v.lines[0]! }), "lines.1.lineId", QUOTE_MESSAGES.unknownLine],
    [
      "new line without item",
      (v) => v.lines.push({ lineId: "", itemId: "", name: "", quantity: "1", unitPrice: "10" }),
      "lines.1.itemId",
      "Choose a product from the list",
    ],
    [
      "new line with an item id that is not a uuid",
      (v) => v.lines.push({ lineId: "", itemId: "led-wall", name: "", quantity: "1", unitPrice: "10" }),
      "lines.1.itemId",
      "Choose a product from the list",
    ],
    [
      "new line with an unknown item",
      (v) =>
        v.lines.push({
          lineId: "",
          itemId: "00000000-0000-4000-8000-0000000000ff",
          name: "",
          quantity: "1",
          unitPrice: "10",
        }),
      "lines.1.itemId",
      "Product not found: 00000000-0000-4000-8000-0000000000ff",
    ],
    [
      "new line repeating a line's item",
      (v) => v.lines.push({ lineId: "", itemId: v.lines[0]!.itemId, name: "", quantity: "1", unitPrice: "10" }),
      "lines.1.itemId",
      QUOTE_MESSAGES.duplicateItem,
    ],
    ["no lines at all on send", (v) => (v.lines = []), "lines", QUOTE_MESSAGES.noLines],
    [
      "too many lines",
      (v) => (v.lines = Array.from({ length: 101 }, () => ({ ...v.lines[0]! }))),
      "lines",
      "At most 100 products",
    ],
  ];

  let quotationId = "";
  beforeAll(async () => {
    const item = await insertItem("Sound System", 6, "10000");
    quotationId = (await insertQuotation("pending", "malformed.buyer@example.com", [[item, 2, "10000"]])).id;
  });

  it("refuses a line whose total a long rental takes past numeric(14,2), naming it, and writes nothing", async () => {
    const item = await insertItem("Costly Dome", 400, "99999999.99");
    const q = await insertQuotation("pending", "long.buyer@example.com", [[item, 400, "99999999.99"]]);
    const before = await tableFingerprint(TABLES);
    // 13 March to 13 April: 400 units for 32 days at ৳99,999,999.99 (the most a price can be typed) is beyond
    // ৳999,999,999,999.99; a day of it is not.
    const result = await saveQuotationPrices(getDb(), await panelValues(q.id, { rentalEndDate: "2027-04-13" }), staff);
    expect(result).toMatchObject({ ok: false, refusal: "invalid" });
    expect(!result.ok && result.errors).toEqual({
      "lines.0.unitPrice": "Line total of Line 1 would be more than ৳999,999,999,999.99, the most an amount can be",
      lines: "Subtotal would be more than ৳999,999,999,999.99, the most an amount can be",
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it.each(cases)("%s", async (_name, change, key, message) => {
    const values = await panelValues(quotationId);
    change(values);
    const before = await tableFingerprint(TABLES);
    const result = await sendQuotation(getDb(), values, staff);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal).toBe("invalid");
    expect(result.errors[key]).toMatch(typeof message === "string" ? new RegExp(`^${escape(message)}$`) : message);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("answers an unknown or malformed quotation id with not found", async () => {
    const values = await panelValues(quotationId);
    for (const id of ["", "abc", "00000000-0000-4000-8000-000000000000"]) {
      const before = await tableFingerprint(TABLES);
      const result = await sendQuotation(getDb(), { ...values, id }, staff);
      expect(result).toMatchObject({ ok: false, refusal: "not-found", errors: {} });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("rental pricing by period (issue 19)", () => {
  it("sends 18-19 December charging a per-day line for 2 days and a per-event line once, and says so", async () => {
    // The wall carries a supplementary duty (issue 37): the revision keeps its rate for the tax invoice.
    const wall = await insertItem("LED Wall P3", 40, "5000", { priceUnit: "sqm/day", sdRatePercent: "10.00" });
    const host = await insertItem("Event Host", 2, "15000", { priceUnit: "event" });
    const q = await insertQuotation(
      "pending",
      "december.buyer@example.com",
      [
        [wall, 24, "5000"],
        [host, 1, "15000"],
      ],
      { eventDate: "2027-12-18" },
    );
    const result = await sendQuotation(getDb(), await panelValues(q.id, { rentalEndDate: "2027-12-19" }), staff);
    expect(result).toMatchObject({ ok: true, revision: 1 });

    // 24 × 5000 × 2 = 240000.00 and 15000.00 once: 255000.00; VAT 15% = 38250.00.
    const lines = await getDb()
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, q.id))
      .orderBy(asc(quotationLines.lineNo));
    expect(lines.map((l) => [l.quantity, l.unitPrice, l.priceUnit, l.days, l.total])).toEqual([
      [24, "5000.00", "sqm/day", 2, "240000.00"],
      [1, "15000.00", "event", null, "15000.00"],
    ]);
    const [stored] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(stored!.total).toBe("293250.00");
    const [revision] = await getDb().select().from(quotationRevisions).where(eq(quotationRevisions.quotationId, q.id));
    expect(revision).toMatchObject({ subtotal: "255000.00", vatAmount: "38250.00", total: "293250.00" });
    expect(revision!.lines.map((l) => [l.priceUnit, l.days, l.sdRatePercent, l.total])).toEqual([
      ["sqm/day", 2, "10.00", "240000.00"],
      ["event", null, "0.00", "15000.00"],
    ]);
    const [email] = await emailsAbout(q.id);
    expect(email!.textBody).toContain("1. Line 1: 24 sqm × ৳5,000.00 × 2 days = ৳240,000.00");
    expect(email!.textBody).toContain("2. Line 2: 1 × ৳15,000.00 = ৳15,000.00");
    expect(email!.textBody).toContain("Total: ৳293,250.00");
  });

  it("charges 9 days by the item's rate structure, keeps the days under a typed price, and a sent revision keeps what it said", async () => {
    const [structure] = await getDb()
      .insert(rateStructures)
      .values({ name: "Three-day week (pricing test)", daysCharged: [1, 2, 3, 3, 3, 3, 3], extraWeekDays: 3 })
      .returning({ id: rateStructures.id });
    const tent = await insertItem("Marquee", 4, "1000", { priceUnit: "unit/day", rateStructureId: structure!.id });
    const q = await insertQuotation("pending", "nine.days@example.com", [[tent, 2, "1000"]]);
    // 13 to 21 March: 9 days, charged 3 (the first week) + min(2, 3) = 5. Staff type 800 instead of 1000.
    const values = await panelValues(q.id, { rentalEndDate: "2027-03-21" });
    values.lines[0]!.unitPrice = "800";
    expect((await sendQuotation(getDb(), values, staff)).ok).toBe(true);
    const [line] = await getDb().select().from(quotationLines).where(eq(quotationLines.quotationId, q.id));
    expect([line!.unitPrice, line!.days, line!.total]).toEqual(["800.00", 5, "8000.00"]);

    // The structure changes and the quotation is priced again: the new line follows it, revision 1 does not.
    await getDb()
      .update(rateStructures)
      .set({ daysCharged: [1, 2, 3, 4, 5, 6, 7], extraWeekDays: 7 })
      .where(eq(rateStructures.id, structure!.id));
    await getDb().update(quotations).set({ status: "negotiating" }).where(eq(quotations.id, q.id));
    expect((await saveQuotationPrices(getDb(), await panelValues(q.id), staff)).ok).toBe(true);
    const [again] = await getDb().select().from(quotationLines).where(eq(quotationLines.quotationId, q.id));
    expect([again!.days, again!.total]).toEqual([9, "14400.00"]);
    const [revision] = await getDb().select().from(quotationRevisions).where(eq(quotationRevisions.quotationId, q.id));
    expect(revision!.lines.map((l) => [l.unitPrice, l.days, l.total])).toEqual([["800.00", 5, "8000.00"]]);
    expect(revision!.subtotal).toBe("8000.00");
  });
});
