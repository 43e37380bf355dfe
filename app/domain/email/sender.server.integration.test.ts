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
import { deliverDueEmails, MAX_EMAIL_ATTEMPTS, startEmailSender, wakeEmailSender } from "./sender.server";
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

  it("sets Reply-To to the visitor on a notification to the company about a contact message", async () => {
    const db = getDb();
    const [message] = await db
      .insert(contactMessages)
      .values({ name: "Rafiq", email: "rafiq@example.com", subject: "Lights", message: "Hello" })
      .returning({ id: contactMessages.id });
    await enqueueEmail(db, {
      ...email("n", "bookings@utsabevents.com.bd"),
      relatedType: "contact_message",
      relatedId: message!.id,
    });
    expect((await deliverDueEmails(db, transport)).sent).toBe(1);
    expect(smtp.received[0]!.raw).toMatch(/^Reply-To: rafiq@example\.com$/m);
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
    smtp.mode = "550";
    let now = new Date(Date.now() + 1000);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      const result = await deliverDueEmails(db, transport, { now });
      const r = await row(id);
      expect(r.attempts).toBe(attempt);
      expect(r.lastError).toContain("550");
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

  it("takes back a message left in 'sending' for 10 minutes, not one left for 1 minute", async () => {
    const db = getDb();
    const stale = await enqueueEmail(db, email("stale"));
    const recent = await enqueueEmail(db, email("recent"));
    const now = Date.now();
    await db
      .update(emailOutbox)
      .set({ status: "sending", updatedAt: new Date(now - 10 * 60_000) })
      .where(eq(emailOutbox.id, stale.id));
    await db
      .update(emailOutbox)
      .set({ status: "sending", updatedAt: new Date(now - 60_000) })
      .where(eq(emailOutbox.id, recent.id));

    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await row(stale.id)).status).toBe("sent");
    const r = await row(recent.id);
    expect(r.status).toBe("sending");
    expect(r.attempts).toBe(0);
    expect(smtp.received.map((m) => m.raw.match(/^Subject: (.*)$/m)?.[1])).toEqual(["Your quotation stale"]);
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
    for (let n = 0; n < 6; n++) {
      await enqueueEmail(db, email(`c${n}`));
      await new Promise((r) => setTimeout(r, 2));
    }
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
    const logger = fakeLogger();
    const sender = startEmailSender({ logger, intervalMs: 50 });
    await new Promise((r) => setTimeout(r, 120));
    const { id } = await enqueueEmail(getDb(), email("loop"));
    await waitFor(async () => (await row(id)).status === "sent");
    await sender.stop();
    expect(smtp.received).toHaveLength(1);
    expect(logger.error).not.toHaveBeenCalled();
    // Stopped: nothing more is sent.
    const after = await enqueueEmail(getDb(), email("after"));
    wakeEmailSender();
    await new Promise((r) => setTimeout(r, 200));
    expect((await row(after.id)).status).toBe("pending");
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

  it("logs a failed run and carries on", async () => {
    useSmtp(smtp.url);
    const db = getDb();
    const [company] = await db.select().from(companySettings);
    await db.delete(companySettings);
    invalidatePublicData();
    const { id } = await enqueueEmail(db, email("after-error"));
    const logger = fakeLogger();
    const sender = startEmailSender({ logger, intervalMs: 50 });
    try {
      await waitFor(async () => logger.error.mock.calls.length > 0);
      expect(logger.error.mock.calls[0]![1]).toBe("e-mail sender run failed");
      expect((await row(id)).status).toBe("pending");
      await db.insert(companySettings).values(company!);
      invalidatePublicData();
      await waitFor(async () => (await row(id)).status === "sent");
    } finally {
      await sender.stop();
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
    const sender = startEmailSender({ logger, intervalMs: 20 });
    wakeEmailSender();
    await new Promise((r) => setTimeout(r, 200));
    await sender.stop();
    const r = await row(id);
    expect(r.status).toBe("pending");
    expect(r.attempts).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0]![0]).toMatch(/kept in the outbox/);
  });
});
