import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import {
  companySettings,
  emailOutbox,
  inventoryItems,
  inventoryPackageParts,
  quotationEvents,
  quotationLines,
  quotations,
} from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { getCompanySettings } from "~/domain/settings/company-settings.server";
import {
  approveQuotation,
  REASON_MAX_LENGTH,
  rejectQuotation,
  requestNegotiation,
  STATUS_MESSAGES,
  type StatusActor,
} from "./change-status.server";
import type { QuotationStatus } from "./constants";

const audit: AuditActor = { userId: null, label: "staff@example.com", ipAddress: "127.0.0.1", userAgent: "test" };
const staff: StatusActor = { kind: "staff", audit };
const CUSTOMER = "buyer@example.com";
const customer: StatusActor = { kind: "customer", userId: null, email: "Buyer@Example.com" };
const other: StatusActor = { kind: "customer", userId: null, email: "someone-else@example.com" };

let seq = 0;
async function item(name: string, quantity: number, extra: Partial<typeof inventoryItems.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(inventoryItems)
    .values({
      slug: `cs-${++seq}-${name.toLowerCase().replace(/\W+/g, "-")}`,
      name,
      category: "stage",
      quantity,
      ...extra,
    })
    .returning({ id: inventoryItems.id });
  return row!.id;
}

async function quotation(
  status: QuotationStatus,
  lines: Array<[string, number]>,
  extra: Partial<typeof quotations.$inferInsert> = {},
) {
  const [q] = await getDb()
    .insert(quotations)
    .values({
      customerName: "Buyer",
      email: CUSTOMER,
      phone: "01700000000",
      eventName: "Fair",
      eventDate: "2027-03-13",
      eventTime: "10:00",
      eventLocation: "Dhaka",
      status,
      secureLinkTokenHash: `hash-${++seq}`,
      secureLinkExpiresAt: new Date(Date.now() + 86_400_000),
      ...extra,
    })
    .returning({ id: quotations.id, tokenHash: quotations.secureLinkTokenHash });
  if (lines.length)
    await getDb()
      .insert(quotationLines)
      .values(
        lines.map(([inventoryItemId, quantity], lineNo) => ({
          quotationId: q!.id,
          inventoryItemId,
          name: "line",
          quantity,
          unitPrice: "10",
          total: String(10 * quantity),
          lineNo,
        })),
      );
  return { id: q!.id, tokenHash: q!.tokenHash! };
}

async function fingerprint() {
  const [row] = await queryRows<Record<string, string>>(
    getDb(),
    sql`select
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from quotations t) as quotations,
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from quotation_events t) as events,
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from audit_log t) as audit,
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from email_outbox t) as outbox`,
  );
  return row!;
}

async function statusOf(id: string) {
  const [row] = await getDb()
    .select({ status: quotations.status, respondedAt: quotations.respondedAt })
    .from(quotations)
    .where(eq(quotations.id, id));
  return row!;
}

let wall: string;
const COMPANY_INBOX = "quotes@company.example";
beforeAll(async () => {
  await getDb()
    .insert(companySettings)
    .values({ id: 1, name: "Utsab", address: "Dhaka", notificationEmail: COMPANY_INBOX })
    .onConflictDoNothing();
  wall = await item("LED Wall P3", 10);
});

describe("staff", () => {
  it.each(["pending", "sent", "negotiating"] as const)(
    "approve a %s quotation, with an event and an audit line",
    async (from) => {
      const q = await quotation(from, [[wall, 2]]);
      const result = await approveQuotation(getDb(), q.id, staff, { reason: "  Phoned to confirm " });
      expect(result).toEqual({ ok: true, id: q.id, from, to: "approved", message: STATUS_MESSAGES.staffSuccess });
      expect((await statusOf(q.id)).status).toBe("approved");
      expect((await statusOf(q.id)).respondedAt).toBeNull();
      const events = await getDb().select().from(quotationEvents).where(eq(quotationEvents.quotationId, q.id));
      expect(events).toMatchObject([
        {
          kind: "status_changed",
          fromStatus: from,
          toStatus: "approved",
          message: "Phoned to confirm",
          actorLabel: audit.label,
        },
      ]);
      const [line] = await queryRows<{ action: string; changes: unknown }>(
        getDb(),
        sql`select action, changes from audit_log where entity_id = ${q.id}`,
      );
      expect(line).toEqual({
        action: "quotation.approved",
        changes: { status: { from, to: "approved" }, reason: "Phoned to confirm" },
      });
      // Staff actions are not e-mailed to the company.
      expect(await getDb().$count(emailOutbox, eq(emailOutbox.relatedId, q.id))).toBe(0);
    },
  );

  it("reject without a reason", async () => {
    const q = await quotation("pending", [[wall, 1]]);
    expect(await rejectQuotation(getDb(), q.id, staff, { reason: "" })).toMatchObject({ ok: true, to: "rejected" });
    const [event] = await getDb().select().from(quotationEvents).where(eq(quotationEvents.quotationId, q.id));
    expect(event!.message).toBeNull();
  });
});

describe("customers", () => {
  it("approve a sent quotation of their own, which e-mails the company and sets responded_at", async () => {
    const q = await quotation("sent", [[wall, 1]]);
    const result = await approveQuotation(getDb(), q.id, customer);
    expect(result).toEqual({
      ok: true,
      id: q.id,
      from: "sent",
      to: "approved",
      message: "Quotation approved successfully",
    });
    expect((await statusOf(q.id)).respondedAt).toBeInstanceOf(Date);
    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, q.id));
    const company = await getCompanySettings(getDb());
    expect(mails).toMatchObject([
      { toAddress: company.notificationEmail, kind: "quotation.customer.approved", replyTo: CUSTOMER },
    ]);
    // No audit line for a customer's answer: the event and the e-mail record it.
    const [{ n }] = (await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from audit_log where entity_id = ${q.id}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("reject and negotiate with a reason, through the portal or the link", async () => {
    const a = await quotation("sent", [[wall, 1]]);
    expect(await rejectQuotation(getDb(), a.id, customer, { reason: "Too dear" })).toMatchObject({
      ok: true,
      message: "Quotation rejected successfully",
    });
    const b = await quotation("sent", [[wall, 1]]);
    const link: StatusActor = { kind: "link", tokenHash: b.tokenHash };
    expect(await requestNegotiation(getDb(), b.id, link, { reason: "Can you do 10% less?" })).toMatchObject({
      ok: true,
      to: "negotiating",
      message: "Your request to negotiate was sent",
    });
    const [event] = await getDb().select().from(quotationEvents).where(eq(quotationEvents.quotationId, b.id));
    expect(event).toMatchObject({
      message: "Can you do 10% less?",
      actorLabel: `${CUSTOMER} (link)`,
      toStatus: "negotiating",
    });
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, b.id));
    expect(mail!.kind).toBe("quotation.customer.negotiating");
    expect(mail!.textBody).toContain("Can you do 10% less?");
  });
});

describe("refusals write nothing", () => {
  async function refused(run: () => Promise<unknown>, expected: Record<string, unknown>) {
    const before = await fingerprint();
    const result = await run();
    expect(result).toMatchObject({ ok: false, message: STATUS_MESSAGES.failed, ...expected });
    expect(await fingerprint()).toEqual(before);
  }

  it("wrong status, for staff and customers", async () => {
    const approved = await quotation("approved", [[wall, 1]]);
    const rejected = await quotation("rejected", [[wall, 1]]);
    const pending = await quotation("pending", [[wall, 1]]);
    const negotiating = await quotation("negotiating", [[wall, 1]]);
    await refused(() => approveQuotation(getDb(), approved.id, staff), { refusal: "conflict", code: "wrong_status" });
    await refused(() => rejectQuotation(getDb(), rejected.id, staff), { refusal: "conflict", code: "wrong_status" });
    await refused(() => requestNegotiation(getDb(), pending.id, staff, { reason: "x" }), { code: "wrong_status" });
    await refused(() => approveQuotation(getDb(), pending.id, customer), { code: "wrong_status" });
    await refused(() => rejectQuotation(getDb(), negotiating.id, customer, { reason: "no" }), { code: "wrong_status" });
    await refused(() => approveQuotation(getDb(), approved.id, customer), {
      detail: "Only a sent quotation can be approved (this one is approved)",
    });
  });

  it("an expired quotation, for the customer (staff may still answer for them)", async () => {
    const q = await quotation("sent", [[wall, 1]], { secureLinkExpiresAt: new Date(Date.now() - 1000) });
    const noExpiry = await quotation("sent", [[wall, 1]], { secureLinkExpiresAt: null });
    await refused(() => approveQuotation(getDb(), q.id, customer), { refusal: "conflict", code: "expired" });
    await refused(() => requestNegotiation(getDb(), q.id, customer, { reason: "why" }), { code: "expired" });
    await refused(() => rejectQuotation(getDb(), noExpiry.id, customer, { reason: "why" }), { code: "expired" });
    expect(await approveQuotation(getDb(), q.id, staff)).toMatchObject({ ok: true });
  });

  it("someone else's quotation, an old link or an unknown id: not found", async () => {
    const q = await quotation("sent", [[wall, 1]]);
    await refused(() => approveQuotation(getDb(), q.id, other), { refusal: "not-found", errors: {} });
    await refused(() => rejectQuotation(getDb(), q.id, other, { reason: "x" }), { refusal: "not-found" });
    await refused(() => approveQuotation(getDb(), q.id, { kind: "link", tokenHash: "hash-of-an-old-link" }), {
      refusal: "not-found",
    });
    await refused(() => approveQuotation(getDb(), "00000000-0000-4000-8000-000000000000", staff), {
      refusal: "not-found",
      detail: STATUS_MESSAGES.notFound,
    });
  });

  // 18 malformed inputs: ids that are no uuid, and reasons that are missing, too long, not text or not printable.
  const badIds: unknown[] = [
    "",
    "abc",
    "123",
    "00000000-0000-4000-8000-00000000000",
    "00000000-0000-4000-8000-0000000000000",
    "'; drop table quotations; --",
    null,
    42,
    { id: "x" },
  ];
  it.each(badIds.map((id) => [JSON.stringify(id), id]))("id %s is not found", async (_label, id) => {
    await quotation("sent", [[wall, 1]]);
    await refused(() => approveQuotation(getDb(), id, staff), { refusal: "not-found", errors: {} });
  });

  const badReasons: Array<[string, StatusActor, unknown, string]> = [
    ["missing (customer)", customer, undefined, STATUS_MESSAGES.reasonRequired],
    ["null (customer)", customer, null, STATUS_MESSAGES.reasonRequired],
    ["empty (customer)", customer, "", STATUS_MESSAGES.reasonRequired],
    ["only spaces (customer)", customer, "   \n\t ", STATUS_MESSAGES.reasonRequired],
    ["too long", staff, "x".repeat(REASON_MAX_LENGTH + 1), STATUS_MESSAGES.reasonTooLong(REASON_MAX_LENGTH)],
    ["a number", staff, 12, STATUS_MESSAGES.reasonNotText],
    ["a list", customer, ["a", "b"], STATUS_MESSAGES.reasonNotText],
    ["a file", customer, new File(["x"], "x.txt"), STATUS_MESSAGES.reasonNotText],
    ["a NUL character", customer, "ok\u0000no", STATUS_MESSAGES.reasonControl],
  ];
  it.each(badReasons)("reason %s", async (_label, actor, reason, message) => {
    const q = await quotation("sent", [[wall, 1]]);
    await refused(() => rejectQuotation(getDb(), q.id, actor, { reason }), {
      refusal: "invalid",
      errors: { reason: message },
    });
    await refused(() => requestNegotiation(getDb(), q.id, customer, { reason }), { refusal: "invalid" });
  });
});

describe("stock by date", () => {
  it("refuses when a middle day of a 3-day rental is short, naming the item, the day and what is free", async () => {
    const lights = await item("Moving Head", 5);
    // Another approved rental takes 3 on the 14th only.
    await quotation("approved", [[lights, 3]], { eventDate: "2027-03-14" });
    const q = await quotation("sent", [[lights, 3]], { eventDate: "2027-03-13", rentalEndDate: "2027-03-15" });
    const before = await fingerprint();
    const result = await approveQuotation(getDb(), q.id, customer);
    expect(result).toEqual({
      ok: false,
      refusal: "conflict",
      code: "out_of_stock",
      message: STATUS_MESSAGES.failed,
      errors: {},
      detail: "Not enough Moving Head on Mar 14, 2027: 2 free, 3 asked",
      shortage: { itemId: lights, name: "Moving Head", day: "2027-03-14", free: 2, asked: 3 },
    });
    expect(await fingerprint()).toEqual(before);
    // Two fit.
    const fits = await quotation("sent", [[lights, 2]], { eventDate: "2027-03-13", rentalEndDate: "2027-03-15" });
    expect(await approveQuotation(getDb(), fits.id, staff)).toMatchObject({ ok: true });
  });

  it("counts a package's parts, with units under repair, and names the part that is short", async () => {
    const deck = await item("Stage Deck", 10);
    const truss = await item("Truss 3m", 9, { unitsUnderRepair: 3 });
    const set = await item("Wedding Stage Set", 5);
    await getDb()
      .insert(inventoryPackageParts)
      .values([
        { packageItemId: set, partItemId: deck, quantity: 2 },
        { packageItemId: set, partItemId: truss, quantity: 3 },
      ]);
    // 2 sets take 6 truss; a line of 1 truss more makes 7 of 6 free.
    const q = await quotation(
      "pending",
      [
        [set, 2],
        [truss, 1],
      ],
      { eventDate: "2027-04-01" },
    );
    const before = await fingerprint();
    expect(await approveQuotation(getDb(), q.id, staff)).toMatchObject({
      code: "out_of_stock",
      detail: "Not enough Truss 3m on Apr 01, 2027: 6 free, 7 asked",
    });
    expect(await fingerprint()).toEqual(before);
    const ok = await quotation("pending", [[set, 2]], { eventDate: "2027-04-01" });
    expect(await approveQuotation(getDb(), ok.id, staff)).toMatchObject({ ok: true });
  });

  it("one after the other, two approvals that together over-book: the second is refused", async () => {
    const booth = await item("Photo Booth", 5);
    const a = await quotation("sent", [[booth, 3]], { eventDate: "2027-05-01", rentalEndDate: "2027-05-02" });
    const b = await quotation("sent", [[booth, 3]], { eventDate: "2027-05-02" });
    expect(await approveQuotation(getDb(), a.id, staff)).toMatchObject({ ok: true });
    expect(await approveQuotation(getDb(), b.id, customer)).toMatchObject({
      code: "out_of_stock",
      detail: "Not enough Photo Booth on May 02, 2027: 2 free, 3 asked",
    });
  });

  it.skipIf(process.env.DATABASE_URL === undefined)(
    "two approvals at once that together over-book: exactly one succeeds (50 times, PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      for (let round = 0; round < 50; round++) {
        const part = await item(`Speaker ${round}`, 5);
        const pkg = await item(`Sound Set ${round}`, 10);
        await getDb().insert(inventoryPackageParts).values({ packageItemId: pkg, partItemId: part, quantity: 1 });
        // One asks for the item, the other for it through a package: they share only the part's row.
        const a = await quotation("sent", [[part, 3]], { eventDate: "2027-06-01", rentalEndDate: "2027-06-03" });
        const b = await quotation("sent", [[pkg, 3]], { eventDate: "2027-06-03" });
        // A third connection holds the part's row so both approvals reach the lock before either counts.
        const blocker = await pool.connect();
        try {
          await blocker.query("begin");
          await blocker.query("select id from inventory_items where id = $1 for update", [part]);
          const both = Promise.all([approveQuotation(getDb(), a.id, staff), approveQuotation(getDb(), b.id, customer)]);
          for (;;) {
            // Asked on another connection: inside the blocker's transaction pg_stat_activity would not change.
            const { rows } = await pool.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            );
            if (rows[0]!.n >= 2) break;
            await new Promise((r) => setImmediate(r));
          }
          await blocker.query("commit");
          const results = await both;
          expect(results.filter((r) => r.ok)).toHaveLength(1);
          expect(results.filter((r) => !r.ok)).toMatchObject([{ code: "out_of_stock" }]);
        } finally {
          blocker.release();
        }
      }
    },
    120_000,
  );
});
