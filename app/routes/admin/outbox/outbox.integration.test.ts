import { UNKNOWN_INTENT_MESSAGE } from "~/domain/auth/guard.server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, emailOutbox } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import type { EmailStatus } from "~/domain/email/constants";
import { enqueueEmail } from "~/domain/email/outbox.server";
import { deliverDueEmails } from "~/domain/email/sender.server";
import { createEmailTransport, type EmailTransport } from "~/domain/email/transport.server";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  signedInUser,
  TEST_CLIENT_ADDRESS,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { startSmtp, type TestSmtp } from "../../../../tests/support/test-smtp";
import { loader as listLoader } from "./list";
import { action, loader as messageLoader } from "./message";

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;
let smtp: TestSmtp;
let transport: EmailTransport;

const BASE = Date.parse("2025-03-01T04:00:00Z");

/** 30 messages a minute apart: every 7th failed, every 4th sent, the rest pending. */
async function reset(): Promise<string[]> {
  const db = getDb();
  await db.delete(emailOutbox);
  const ids: string[] = [];
  for (let n = 0; n < 30; n++) {
    const { id } = await enqueueEmail(db, {
      to: n === 9 ? "Rahim.Uddin@Example.com" : `person${String(n).padStart(2, "0")}@example.com`,
      subject: n === 13 ? "Your quotation for the LED wall" : `Message ${String(n).padStart(2, "0")}`,
      text: `Hello ${n},\n<b>not html</b>`,
      html: n === 13 ? "<p>Hello <script>alert(1)</script><b>13</b></p>" : undefined,
      kind: n % 2 ? "contact.received" : "quotation.created.company",
    });
    const status: EmailStatus = n % 7 === 0 ? "failed" : n % 4 === 0 ? "sent" : "pending";
    await db
      .update(emailOutbox)
      .set({
        status,
        attempts: status === "failed" ? 8 : status === "sent" ? 1 : n % 3,
        lastError: status === "failed" ? "421 Try again later" : null,
        sentAt: status === "sent" ? new Date(BASE + n * 60_000 + 5_000) : null,
        nextAttemptAt: status === "pending" ? new Date(Date.now() + 3_600_000) : new Date(BASE),
        claimedBy: status === "failed" ? "old-run" : null,
        createdAt: new Date(BASE + n * 60_000),
      })
      .where(eq(emailOutbox.id, id));
    ids.push(id);
  }
  return ids;
}

let ids: string[] = [];

const list = (query: string, as: TestUser = admin) => callRoute(listLoader, `/admin/outbox${query}`, { as });
const subjects = (rows: { subject: string }[]) => rows.map((r) => r.subject);
const post = (id: string, intent = "retry", as: TestUser = admin) =>
  callRoute(action, `/admin/outbox/${id}`, { as, params: { id }, form: { intent } });

async function row(id: string) {
  const [r] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return r!;
}
const auditOf = (id: string) =>
  getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "email"), eq(auditLog.entityId, id)));

beforeAll(async () => {
  await seedDatabase(getDb());
  [admin, staff, accountant] = await Promise.all([
    signedInUser("admin"),
    signedInUser("staff"),
    signedInUser("accountant"),
  ]);
  smtp = await startSmtp();
  transport = createEmailTransport(smtp.url);
});

afterAll(async () => {
  transport.close();
  await smtp.close();
});

beforeEach(async () => {
  ids = await reset();
  smtp.received.length = 0;
  smtp.mode = "accept";
});

describe("/admin/outbox loader", () => {
  it("lists every message newest first, 25 a page, without the bodies, and counts each state", async () => {
    const result = await list("");
    expect(result.page).toMatchObject({ total: 30, page: 1, pageCount: 2, pageSize: 25 });
    expect(subjects(result.page.rows).slice(0, 2)).toEqual(["Message 29", "Message 28"]);
    expect(result.page.rows.find((r) => r.subject === "Message 24")).toMatchObject({
      to: "person24@example.com",
      kind: "quotation.created.company",
      status: "sent",
      attempts: 1,
      lastError: null,
      sentAt: new Date(BASE + 24 * 60_000 + 5_000),
    });
    expect(Object.keys(result.page.rows[0]!)).not.toContain("textBody");
    expect(result.counts).toEqual({ pending: 19, sending: 0, sent: 6, failed: 5 });
  });

  it("pages and clamps a page beyond the last", async () => {
    const second = await list("?page=2");
    expect(subjects(second.page.rows)).toEqual(["Message 04", "Message 03", "Message 02", "Message 01", "Message 00"]);
    const beyond = await list("?page=3");
    expect(beyond.page.page).toBe(2);
    expect(beyond.page.rows).toEqual(second.page.rows);
  });

  it("filters by status and searches recipient and subject, ignoring case", async () => {
    const failed = await list("?status=failed");
    expect(subjects(failed.page.rows)).toEqual(["Message 28", "Message 21", "Message 14", "Message 07", "Message 00"]);
    expect(failed.page.rows[0]).toMatchObject({ status: "failed", attempts: 8, lastError: "421 Try again later" });
    expect(subjects((await list("?q=rahim.uddin")).page.rows)).toEqual(["Message 09"]);
    expect(subjects((await list("?q=led+WALL")).page.rows)).toEqual(["Your quotation for the LED wall"]);
    expect((await list("?q=hello")).page.total).toBe(0); // bodies are not searched
    expect(subjects((await list("?status=sent&q=message+2")).page.rows)).toEqual(["Message 24", "Message 20"]);
  });

  it("sorts by recipient, attempts and time", async () => {
    const byTo = await list("?sort=to");
    expect(byTo.page.rows.slice(0, 2).map((r) => r.to)).toEqual(["person00@example.com", "person01@example.com"]);
    expect((await list("?sort=to&dir=desc")).page.rows[0]!.to).toBe("Rahim.Uddin@Example.com");
    const byAttempts = await list("?sort=attempts");
    expect(byAttempts.page.rows.slice(0, 5).map((r) => r.attempts)).toEqual([8, 8, 8, 8, 8]);
    // Ties keep one order (the id), so the two pages hold every message once.
    const secondPage = await list("?sort=attempts&page=2");
    const seen = new Set([...byAttempts.page.rows, ...secondPage.page.rows].map((r) => r.id));
    expect(seen.size).toBe(30);
    expect(subjects((await list("?dir=asc")).page.rows.slice(0, 1))).toEqual(["Message 00"]);
  });

  it("falls back to the defaults for malformed parameters", async () => {
    const plain = await list("");
    const odd = await list("?sort=text_body&dir=1&page=x&status=bounced");
    expect(odd.state).toEqual(plain.state);
    expect(odd.page).toEqual(plain.page);
  });

  it("is for administrators only: staff and accountant get 403, a visitor the sign-in page", async () => {
    expect(await thrownBy(list("", staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(list("", accountant))).toMatchObject({ status: 403 });
    expect(await thrownBy(list("", ANONYMOUS))).toMatchObject({
      status: 302,
      location: "/admin/login?redirectTo=%2Fadmin%2Foutbox",
    });
  });
});

describe("/admin/outbox/:id loader", () => {
  it("shows headers and both bodies as stored", async () => {
    const id = ids[13]!;
    const result = await callRoute(messageLoader, `/admin/outbox/${id}`, { as: admin, params: { id } });
    expect(result.email).toMatchObject({
      id,
      to: "person13@example.com",
      subject: "Your quotation for the LED wall",
      textBody: "Hello 13,\n<b>not html</b>",
      htmlBody: "<p>Hello <script>alert(1)</script><b>13</b></p>",
      kind: "contact.received",
      status: "pending",
    });
    expect(result.canManage).toBe(true);
  });

  it("answers 404 for a bad or unknown id, and 403 to staff", async () => {
    for (const id of ["13", "00000000-0000-4000-8000-000000000000"])
      expect(await thrownBy(callRoute(messageLoader, "/admin/outbox/x", { as: admin, params: { id } }))).toEqual({
        status: 404,
        body: "E-mail not found.",
        location: null,
      });
    const id = ids[0]!;
    expect(
      await thrownBy(callRoute(messageLoader, `/admin/outbox/${id}`, { as: staff, params: { id } })),
    ).toMatchObject({
      status: 403,
    });
  });
});

describe("/admin/outbox/:id retry", () => {
  it("puts a failed message back in the queue, audited, and the sender then delivers it", async () => {
    const id = ids[7]!;
    const before = Date.now();
    expect(answerOf(await post(id))).toEqual({
      status: 200,
      body: { toast: { type: "success", message: "The e-mail will be sent again shortly." } },
    });
    const retried = await row(id);
    expect(retried).toMatchObject({ status: "pending", attempts: 8, claimedBy: null, claimedUntil: null });
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(retried.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    const [line, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      action: "email.retried",
      actorUserId: admin.id,
      actorLabel: admin.email,
      ipAddress: TEST_CLIENT_ADDRESS,
      summary: 'Retry of "Message 07" to person07@example.com (after 8 attempts)',
      changes: { status: { from: "failed", to: "pending" }, lastError: "421 Try again later" },
    });

    // The sender takes it like any due message (the other pending ones are not due for an hour).
    expect(await deliverDueEmails(getDb(), transport)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.rcptTo)).toEqual([["person07@example.com"]]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 9, lastError: null });
  });

  it("gives a message that had used up its attempts one more: the next failure fails it again", async () => {
    const id = ids[14]!;
    await post(id);
    smtp.mode = "451";
    expect(await deliverDueEmails(getDb(), transport)).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 9 });
  });

  it("refuses to retry a sent or pending message with a clear message, changing nothing", async () => {
    const sent = ids[4]!;
    const before = await row(sent);
    // The message has moved on from "failed": a conflict with its state.
    expect(answerOf(await post(sent))).toEqual({
      status: 409,
      body: { toast: { type: "error", message: "This e-mail was already sent; only a failed e-mail can be retried." } },
    });
    expect(await row(sent)).toEqual(before);
    expect(answerOf(await post(ids[1]!)).body).toEqual({
      toast: { type: "error", message: "This e-mail is waiting to be sent; it will be tried again by itself." },
    });
    expect(await auditOf(sent)).toEqual([]);
  });

  it("refuses staff (403) and a visitor (401), changing nothing", async () => {
    const id = ids[7]!;
    expect(await thrownBy(post(id, "retry", staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(id, "retry", accountant))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(id, "retry", ANONYMOUS))).toMatchObject({ status: 401 });
    expect(await row(id)).toMatchObject({ status: "failed", claimedBy: "old-run" });
    expect(await auditOf(id)).toEqual([]);
  });

  it("answers 404 for a bad id and 400 for an unknown intent", async () => {
    for (const id of ["x", "00000000-0000-4000-8000-000000000000"])
      expect(await thrownBy(post(id))).toEqual({ status: 404, body: "E-mail not found.", location: null });
    const id = ids[7]!;
    // An intent the permission matrix does not list for this page is refused by the guard.
    expect(await thrownBy(post(id, "delete"))).toEqual({ status: 400, body: UNKNOWN_INTENT_MESSAGE, location: null });
    expect((await row(id)).status).toBe("failed");
  });
});
