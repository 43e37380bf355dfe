import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { closedPort, startSmtp, type TestSmtp } from "../../../tests/support/test-smtp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { companySettings, contactMessages, emailOutbox } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { invalidatePublicData } from "~/lib/cache.server";
import { getEnv, loadEnv, setEnv, type Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { enqueueEmail } from "./outbox.server";
import {
  CLAIM_LEASE_MS,
  deliverDueEmails,
  MAX_EMAIL_ATTEMPTS,
  startEmailSender,
  wakeEmailSender,
} from "./sender.server";
import { createEmailTransport, type EmailTransport } from "./transport.server";

async function row(id: string) {
  const [r] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return r!;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

function fakeLogger() {
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return logger as typeof logger & Pick<Logger, "info" | "warn" | "error">;
}

const email = (n: number | string, to = "customer@example.com") => ({
  to,
  subject: `Your quotation ${n}`,
  text: `Thank you for your request ${n}.`,
  kind: "test.message",
});

let smtp: TestSmtp;
let transport: EmailTransport;

beforeAll(async () => {
  await seedDatabase(getDb());
  smtp = await startSmtp();
  transport = createEmailTransport(smtp.url);
});

afterAll(async () => {
  transport.close();
  await smtp.close();
});

beforeEach(async () => {
  await getDb().delete(emailOutbox);
  smtp.received.length = 0;
  smtp.mode = "accept";
  smtp.delayMs = 0;
});

describe("deliverDueEmails", () => {
  it("delivers pending messages From the company and marks them sent with sent_at and 1 attempt", async () => {
    const db = getDb();
    const a = await enqueueEmail(db, email(1));
    const b = await enqueueEmail(db, email(2, "other@example.com"));
    const before = Date.now();

    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 2, retried: 0, failed: 0 });

    for (const id of [a.id, b.id]) {
      const r = await row(id);
      expect(r.status).toBe("sent");
      expect(r.attempts).toBe(1);
      expect(r.lastError).toBeNull();
      expect(r.sentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(smtp.received).toHaveLength(2);
    const first = smtp.received.find((m) => m.rcptTo[0] === "customer@example.com")!;
    expect(first.mailFrom).toBe("info@utsabevents.com.bd");
    expect(first.raw).toMatch(/^From: "?Utsab Event Technologies"? <info@utsabevents\.com\.bd>$/m);
    expect(first.raw).toMatch(/^To: customer@example\.com$/m);
    expect(first.raw).toMatch(/^Subject: Your quotation 1$/m);
    expect(first.raw).toContain("Thank you for your request 1.");
    // Replies from a customer reach the company's bookings address.
    expect(first.raw).toMatch(/^Reply-To: bookings@utsabevents\.com\.bd$/m);
    expect(smtp.received.find((m) => m.rcptTo[0] === "other@example.com")!.raw).toContain("Your quotation 2");
  });

  it("takes Reply-To from the outbox row, never from the records the message is about", async () => {
    const db = getDb();
    const [message] = await db
      .insert(contactMessages)
      .values({ name: "Rafiq", email: "rafiq@example.com", subject: "Lights", message: "Hello" })
      .returning({ id: contactMessages.id });
    const about = { relatedType: "contact_message", relatedId: message!.id };
    await enqueueEmail(db, {
      ...email("with", "bookings@utsabevents.com.bd"),
      ...about,
      replyTo: "visitor@example.net",
    });
    await enqueueEmail(db, { ...email("without", "bookings@utsabevents.com.bd"), ...about });
    expect((await deliverDueEmails(db, transport)).sent).toBe(2);
    const bySubject = (n: string) => smtp.received.find((m) => m.raw.includes(`Subject: Your quotation ${n}`))!.raw;
    expect(bySubject("with")).toMatch(/^Reply-To: visitor@example\.net$/m);
    // A note to the company without its own Reply-To gets none (not the company's, not the message's sender).
    expect(bySubject("without")).not.toMatch(/^Reply-To:/m);
  });

  it("keeps a message the server refuses (451) pending, retries it 30 s later and delivers it then", async () => {
    const db = getDb();
    const { id } = await enqueueEmail(db, email(3));
    const now = new Date(Date.now() + 1000);
    smtp.mode = "451";

    expect(await deliverDueEmails(db, transport, { now })).toEqual({ sent: 0, retried: 1, failed: 0 });
    let r = await row(id);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(1);
    expect(r.lastError).toContain("451");
    expect(r.lastError).toContain("Mailbox busy, try again later");
    expect(r.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    expect(r.sentAt).toBeNull();

    // Not due yet: untouched, even though the server now accepts.
    smtp.mode = "accept";
    expect(await deliverDueEmails(db, transport, { now: new Date(now.getTime() + 29_000) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(0);

    expect((await deliverDueEmails(db, transport, { now: new Date(now.getTime() + 31_000) })).sent).toBe(1);
    r = await row(id);
    expect(r.status).toBe("sent");
    expect(r.attempts).toBe(2);
    expect(r.lastError).toBeNull();
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps a message pending when the server is down (connection refused) and delivers it later", async () => {
    const db = getDb();
    const { id } = await enqueueEmail(db, email(4));
    const down = createEmailTransport(`smtp://127.0.0.1:${await closedPort()}`);
    const now = new Date(Date.now() + 1000);

    expect(await deliverDueEmails(db, down, { now })).toEqual({ sent: 0, retried: 1, failed: 0 });
    down.close();
    let r = await row(id);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(1);
    expect(r.lastError).toContain("ECONNREFUSED");
    expect(r.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);

    expect((await deliverDueEmails(db, transport, { now: new Date(now.getTime() + 30_000) })).sent).toBe(1);
    r = await row(id);
    expect(r.status).toBe("sent");
    expect(r.attempts).toBe(2);
  });

  it("backs off 30 s, 1 min, 2 min ... and marks the message failed after 8 attempts", async () => {
    const db = getDb();
    const { id } = await enqueueEmail(db, email(5));
    smtp.mode = "451";
    let now = new Date(Date.now() + 1000);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      const result = await deliverDueEmails(db, transport, { now });
      const r = await row(id);
      expect(r.attempts).toBe(attempt);
      expect(r.lastError).toContain("451");
      if (attempt < MAX_EMAIL_ATTEMPTS) {
        expect(result).toEqual({ sent: 0, retried: 1, failed: 0 });
        expect(r.status).toBe("pending");
      } else {
        expect(result).toEqual({ sent: 0, retried: 0, failed: 1 });
        expect(r.status).toBe("failed");
      }
      delays.push(r.nextAttemptAt.getTime() - now.getTime());
      now = new Date(r.nextAttemptAt.getTime() + 1);
    }
    expect(MAX_EMAIL_ATTEMPTS).toBe(8);
    expect(delays.slice(0, 7)).toEqual([30, 60, 120, 240, 480, 960, 1920].map((s) => s * 1000));
    expect(delays[7]).toBe(3_600_000);

    // A failed message is never tried again.
    smtp.mode = "accept";
    expect(await deliverDueEmails(db, transport, { now: new Date(now.getTime() + 86_400_000) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect((await row(id)).status).toBe("failed");
  });

  it("marks a message the server refuses for good (550) failed at once, with the error", async () => {
    const db = getDb();
    const logger = fakeLogger();
    const { id } = await enqueueEmail(db, email(6));
    smtp.mode = "550";
    expect(await deliverDueEmails(db, transport, { logger })).toEqual({ sent: 0, retried: 0, failed: 1 });
    const r = await row(id);
    expect(r).toMatchObject({ status: "failed", attempts: 1, claimedUntil: null, sentAt: null });
    expect(r.lastError).toContain("550");
    expect(r.lastError).toContain("No such user here");
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ emailId: id, attempts: 1 }),
      "e-mail refused for good",
    );

    smtp.mode = "accept";
    expect(await deliverDueEmails(db, transport, { now: new Date(Date.now() + 86_400_000) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(0);
  });

  it("takes back a message whose claim ran out, not one whose claim still holds", async () => {
    const db = getDb();
    const expired = await enqueueEmail(db, email("expired"));
    const held = await enqueueEmail(db, email("held"));
    const now = Date.now();
    await db
      .update(emailOutbox)
      .set({ status: "sending", claimedBy: "dead-sender:1", claimedUntil: new Date(now - 1000) })
      .where(eq(emailOutbox.id, expired.id));
    await db
      .update(emailOutbox)
      .set({ status: "sending", claimedBy: "live-sender:1", claimedUntil: new Date(now + 60_000) })
      .where(eq(emailOutbox.id, held.id));

    expect(await deliverDueEmails(db, transport, { claimant: "this-run" })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(expired.id)).toMatchObject({ status: "sent", claimedBy: "this-run", claimedUntil: null });
    expect(await row(held.id)).toMatchObject({ status: "sending", claimedBy: "live-sender:1", attempts: 0 });
    expect(smtp.received.map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1])).toEqual(["Your quotation expired"]);
  });

  it("takes back a message an older version left in 'sending' without a claim after the lease, not before", async () => {
    const db = getDb();
    const stale = await enqueueEmail(db, email("stale"));
    const recent = await enqueueEmail(db, email("recent"));
    const now = Date.now();
    await db
      .update(emailOutbox)
      .set({ status: "sending", updatedAt: new Date(now - CLAIM_LEASE_MS - 60_000) })
      .where(eq(emailOutbox.id, stale.id));
    await db
      .update(emailOutbox)
      .set({ status: "sending", updatedAt: new Date(now - 60_000) })
      .where(eq(emailOutbox.id, recent.id));

    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await row(stale.id)).status).toBe("sent");
    expect(await row(recent.id)).toMatchObject({ status: "sending", attempts: 0 });
  });

  it("leaves messages that are not due, sent or failed alone", async () => {
    const db = getDb();
    const later = await enqueueEmail(db, email("later"));
    const done = await enqueueEmail(db, email("done"));
    const gaveUp = await enqueueEmail(db, email("gave-up"));
    const inAnHour = new Date(Date.now() + 3_600_000);
    await db.update(emailOutbox).set({ nextAttemptAt: inAnHour }).where(eq(emailOutbox.id, later.id));
    await db.update(emailOutbox).set({ status: "sent", attempts: 1 }).where(eq(emailOutbox.id, done.id));
    await db.update(emailOutbox).set({ status: "failed", attempts: 8 }).where(eq(emailOutbox.id, gaveUp.id));

    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    const r = await row(later.id);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(0);
    expect(r.nextAttemptAt.getTime()).toBe(inAnHour.getTime());
    expect((await row(done.id)).status).toBe("sent");
    expect((await row(gaveUp.id)).status).toBe("failed");
  });

  it("sends each message once when two runs go at the same time, at most a batch per run", async () => {
    const db = getDb();
    for (let n = 0; n < 6; n++) await enqueueEmail(db, email(`c${n}`));
    const other = createEmailTransport(smtp.url);
    const [x, y] = await Promise.all([
      deliverDueEmails(db, transport, { batchSize: 4 }),
      deliverDueEmails(db, other, { batchSize: 4 }),
    ]);
    other.close();
    expect(x.sent + y.sent).toBe(6);
    expect(Math.max(x.sent, y.sent)).toBeLessThanOrEqual(4);
    const subjects = smtp.received.map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1]);
    expect(new Set(subjects).size).toBe(6);

    await db.delete(emailOutbox);
    smtp.received.length = 0;
    for (let n = 0; n < 3; n++) await enqueueEmail(db, email(`b${n}`));
    expect((await deliverDueEmails(db, transport, { batchSize: 2 })).sent).toBe(2);
    expect((await deliverDueEmails(db, transport, { batchSize: 2 })).sent).toBe(1);
  });

  it("leaves a message whose claim another sender took over as that sender wrote it", async () => {
    const db = getDb();
    const logger = fakeLogger();
    smtp.delayMs = 300;

    // Sent, but meanwhile taken over: the other sender's claim stays.
    const taken = await enqueueEmail(db, email("taken"));
    let started = smtp.dataStarted;
    let run = deliverDueEmails(db, transport, { claimant: "slow-run", logger });
    await waitFor(async () => smtp.dataStarted > started);
    const until = new Date(Date.now() + 600_000);
    await db
      .update(emailOutbox)
      .set({ claimedBy: "other-run", claimedUntil: until })
      .where(eq(emailOutbox.id, taken.id));
    expect(await run).toEqual({ sent: 0, retried: 0, failed: 0 });
    const r = await row(taken.id);
    expect(r).toMatchObject({ status: "sending", claimedBy: "other-run", attempts: 0, sentAt: null });
    expect(r.claimedUntil!.getTime()).toBe(until.getTime());
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ emailId: taken.id, claimant: "slow-run" }),
      "e-mail claim lost to another sender: its record is left to that sender",
    );

    // Refused, but meanwhile delivered by the other sender: not put back to pending.
    smtp.mode = "451";
    const delivered = await enqueueEmail(db, email("delivered"));
    started = smtp.dataStarted;
    run = deliverDueEmails(db, transport, { claimant: "slow-run-2", logger });
    await waitFor(async () => smtp.dataStarted > started);
    const sentAt = new Date();
    await db
      .update(emailOutbox)
      .set({ status: "sent", attempts: 1, sentAt, claimedBy: "other-run", claimedUntil: null })
      .where(eq(emailOutbox.id, delivered.id));
    expect(await run).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await row(delivered.id)).toMatchObject({
      status: "sent",
      attempts: 1,
      lastError: null,
      claimedBy: "other-run",
    });
  });

  it("renews the claim while a slow server takes the message, so no other sender takes it meanwhile", async () => {
    const db = getDb();
    const { id } = await enqueueEmail(db, email("slow"));
    smtp.delayMs = 1_000;
    const started = smtp.dataStarted;
    const run = deliverDueEmails(db, transport, { claimant: "slow-run", leaseMs: 300 });
    await waitFor(async () => smtp.dataStarted > started);
    const firstClaim = (await row(id)).claimedUntil!.getTime();
    await waitFor(async () => (await row(id)).claimedUntil!.getTime() > firstClaim);

    // Past the first lease: without the renewal this other sender would send the message a second time.
    await waitFor(async () => Date.now() > firstClaim + 50);
    const other = createEmailTransport(smtp.url);
    try {
      expect(await deliverDueEmails(db, other, { claimant: "other-run" })).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      other.close();
    }
    expect(await run).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", claimedBy: "slow-run", claimedUntil: null });
  });
});

describe("createEmailTransport", () => {
  it("signs in with the user and password of SMTP_URL", async () => {
    const t = createEmailTransport(`smtp://mailer%40utsab:p%40ss%3Aword@127.0.0.1:${smtp.port}`);
    await getDb().delete(emailOutbox);
    await enqueueEmail(getDb(), email("auth"));
    expect((await deliverDueEmails(getDb(), t)).sent).toBe(1);
    t.close();
    expect(smtp.auths.at(-1)).toEqual({ username: "mailer@utsab", password: "p@ss:word" });
  });
});

describe("startEmailSender", () => {
  let savedEnv: Env;
  let dataDir: string;

  beforeAll(() => {
    savedEnv = getEnv();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsab-sender-"));
  });
  afterAll(() => {
    setEnv(savedEnv);
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => setEnv(savedEnv));

  const useSmtp = (smtpUrl: string | undefined) =>
    setEnv(
      loadEnv({
        ...process.env,
        DATA_DIR: dataDir,
        AUTH_SECRET: "x".repeat(32),
        SMTP_URL: smtpUrl,
        LOG_LEVEL: "silent",
      }),
    );

  it("delivers a message enqueued after it started, on its next tick, and stops", async () => {
    useSmtp(smtp.url);
    const db = getDb();
    const logger = fakeLogger();
    const first = await enqueueEmail(db, email("first"));
    const sender = startEmailSender({ logger, intervalMs: 50 });
    try {
      // The run at start sends what was waiting; a message written afterwards goes on a later tick, unwoken.
      await waitFor(async () => (await row(first.id)).status === "sent");
      const { id } = await enqueueEmail(db, email("loop"));
      await waitFor(async () => (await row(id)).status === "sent");
    } finally {
      await sender.stop();
    }
    expect(smtp.received).toHaveLength(2);
    expect(logger.error).not.toHaveBeenCalled();
    // Stopped: a wake reaches no sender, and a message written now is still there for the next one to take.
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("app.email-sender")]).toBeUndefined();
    const after = await enqueueEmail(db, email("after"));
    wakeEmailSender();
    expect(await deliverDueEmails(db, transport, { claimant: "next-sender" })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect((await row(after.id)).claimedBy).toBe("next-sender");
  });

  it("sends at once when woken, without waiting for the next tick", async () => {
    useSmtp(smtp.url);
    const first = await enqueueEmail(getDb(), email("first"));
    const sender = startEmailSender({ logger: fakeLogger(), intervalMs: 60_000 });
    try {
      // The run at start sends what was waiting.
      await waitFor(async () => (await row(first.id)).status === "sent");
      const { id } = await enqueueEmail(getDb(), email("woken"));
      wakeEmailSender();
      await waitFor(async () => (await row(id)).status === "sent", 3_000);
    } finally {
      await sender.stop();
    }
  });

  it("waits in stop() for the send in progress", async () => {
    useSmtp(smtp.url);
    smtp.delayMs = 400;
    const started = smtp.dataStarted;
    const { id } = await enqueueEmail(getDb(), email("slow"));
    const sender = startEmailSender({ logger: fakeLogger(), intervalMs: 60_000 });
    await waitFor(async () => smtp.dataStarted > started);
    expect((await row(id)).status).toBe("sending");
    await sender.stop();
    expect((await row(id)).status).toBe("sent");
  });

  it("stops after the message in flight and leaves the rest pending, unclaimed", async () => {
    useSmtp(smtp.url);
    const db = getDb();
    smtp.delayMs = 300;
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) ids.push((await enqueueEmail(db, email(`stop${n}`))).id);
    const started = smtp.dataStarted;
    const sender = startEmailSender({ logger: fakeLogger(), intervalMs: 60_000 });
    await waitFor(async () => smtp.dataStarted > started);
    await sender.stop();
    const rows = await Promise.all(ids.map(row));
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(1);
    const rest = rows.filter((r) => r.status !== "sent");
    expect(rest.map((r) => [r.status, r.attempts, r.claimedUntil])).toEqual([
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
    expect(smtp.received).toHaveLength(1);
  });

  it("logs a failed run and carries on", async () => {
    useSmtp(smtp.url);
    const db = getDb();
    const [company] = await db.select().from(companySettings);
    await db.delete(companySettings);
    invalidatePublicData();
    const { id } = await enqueueEmail(db, email("after-error"));
    const logger = fakeLogger();
    const sender = startEmailSender({ logger, intervalMs: 50 });
    let restored = false;
    try {
      await waitFor(async () => logger.error.mock.calls.length > 0);
      expect(logger.error.mock.calls[0]![1]).toBe("e-mail sender run failed");
      expect((await row(id)).status).toBe("pending");
      await db.insert(companySettings).values(company!);
      restored = true;
      invalidatePublicData();
      await waitFor(async () => (await row(id)).status === "sent");
    } finally {
      await sender.stop();
      if (!restored) await db.insert(companySettings).values(company!);
      invalidatePublicData();
    }
  });

  it("logs a refused message as a warning and keeps it for a retry", async () => {
    useSmtp(`smtp://127.0.0.1:${await closedPort()}`);
    const { id } = await enqueueEmail(getDb(), email("down"));
    const logger = fakeLogger();
    const sender = startEmailSender({ logger, intervalMs: 50 });
    await waitFor(async () => (await row(id)).attempts === 1);
    await sender.stop();
    const r = await row(id);
    expect(r.status).toBe("pending");
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ emailId: id, attempts: 1 }),
      "e-mail not sent, will retry",
    );
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("without SMTP_URL keeps e-mail in the outbox and says so once", async () => {
    useSmtp(undefined);
    const logger = fakeLogger();
    const { id } = await enqueueEmail(getDb(), email("kept"));
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
    try {
      const sender = startEmailSender({ logger, intervalMs: 20 });
      wakeEmailSender();
      // No loop at all: nothing is scheduled, so nothing can ever be sent.
      expect(vi.getTimerCount()).toBe(0);
      await sender.stop();
    } finally {
      vi.useRealTimers();
    }
    const r = await row(id);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0]![0]).toMatch(/kept in the outbox/);
  });
});
