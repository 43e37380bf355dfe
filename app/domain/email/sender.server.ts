import { and, asc, eq, inArray, lte, or } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { contactMessages, emailOutbox, quotations } from "../../db/schema";
import { getEnv } from "../../lib/env.server";
import type { Logger } from "../../lib/logger.server";
import { getCompanySettings, type CompanySettings } from "../content/company.server";
import { createEmailTransport, type EmailTransport } from "./transport.server";

type OutboxRow = typeof emailOutbox.$inferSelect;

/** A message is given up ('failed') after this many attempts. */
export const MAX_EMAIL_ATTEMPTS = 8;
/** A row left in 'sending' this long belongs to a process that stopped mid-send: it is taken again. */
export const STALE_SENDING_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 500;

export interface DeliverOptions {
  /** The moment judged "now" (tests pass one in the future). */
  now?: Date;
  /** How many messages one run claims. */
  batchSize?: number;
  logger?: Pick<Logger, "warn">;
}

export interface DeliverResult {
  sent: number;
  retried: number;
  failed: number;
}

/** The wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.trim() || "unknown error").slice(0, MAX_ERROR_LENGTH);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a reply should go: for a notification to the company about a visitor's message or quotation, the
 * visitor; for any other message, the company's notification address when it is not the From address.
 */
async function replyTo(db: Db, row: OutboxRow, company: CompanySettings, from: string): Promise<string | undefined> {
  const toCompany = row.toAddress.toLowerCase() === company.notificationEmail.toLowerCase();
  if (toCompany) {
    if (!row.relatedId || !UUID.test(row.relatedId)) return undefined;
    if (row.relatedType === "contact_message") {
      const [m] = await db
        .select({ email: contactMessages.email })
        .from(contactMessages)
        .where(eq(contactMessages.id, row.relatedId));
      return m?.email;
    }
    if (row.relatedType === "quotation") {
      const [q] = await db.select({ email: quotations.email }).from(quotations).where(eq(quotations.id, row.relatedId));
      return q?.email;
    }
    return undefined;
  }
  return company.notificationEmail.toLowerCase() === from.toLowerCase() ? undefined : company.notificationEmail;
}

/** Marks due messages 'sending' and returns them, in one statement that other servers cannot also take. */
async function claimDue(db: Db, now: Date, batchSize: number): Promise<OutboxRow[]> {
  const staleBefore = new Date(now.getTime() - STALE_SENDING_MS);
  // The database keeps microseconds, a JavaScript Date milliseconds: a row written earlier in this same
  // millisecond is due too.
  const dueBy = new Date(now.getTime() + 1);
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, dueBy)),
        and(eq(emailOutbox.status, "sending"), lte(emailOutbox.updatedAt, staleBefore)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({ status: "sending", updatedAt: now })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/**
 * Sends the outbox messages that are due (and those a stopped process left in 'sending'), From the company's
 * name and first public address. A refused or failed send is tried again later (30 s, doubling, at most 1 h)
 * and given up after MAX_EMAIL_ATTEMPTS attempts.
 */
export async function deliverDueEmails(
  db: Db,
  transport: EmailTransport,
  options: DeliverOptions = {},
): Promise<DeliverResult> {
  const now = options.now ?? new Date();
  const result: DeliverResult = { sent: 0, retried: 0, failed: 0 };
  // Read before claiming: if the settings are missing nothing is left stuck in 'sending'.
  const company = await getCompanySettings(db);
  const fromAddress = company.emails[0] ?? company.notificationEmail;
  const rows = await claimDue(db, now, options.batchSize ?? 20);

  for (const row of rows) {
    const attempts = row.attempts + 1;
    const ours = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending"));
    try {
      await transport.sendMail({
        from: { name: company.name, address: fromAddress },
        replyTo: await replyTo(db, row, company, fromAddress).catch(() => undefined),
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
      });
      await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), attempts, lastError: null }).where(ours);
      result.sent++;
    } catch (error) {
      const failed = attempts >= MAX_EMAIL_ATTEMPTS;
      const lastError = errorText(error);
      await db
        .update(emailOutbox)
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          lastError,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(ours);
      if (failed) result.failed++;
      else result.retried++;
      options.logger?.warn(
        { emailId: row.id, kind: row.kind, attempts, error: lastError },
        failed ? "e-mail given up" : "e-mail not sent, will retry",
      );
    }
  }
  return result;
}

export interface EmailSender {
  /** Stops the loop; waits for a run in progress. */
  stop(): Promise<void>;
}

interface RunningSender {
  wake(): void;
}

// One sender per process, reachable from the route modules too (they are another module graph: see getDb).
const senderKey = Symbol.for("app.email-sender");
type WithSender = typeof globalThis & { [senderKey]?: RunningSender };

/** Asks the running sender to look at the outbox now (e.g. after a new quotation); nothing when not started. */
export function wakeEmailSender(): void {
  (globalThis as WithSender)[senderKey]?.wake();
}

/**
 * Delivers the outbox every `intervalMs` (default 5 s) when SMTP_URL is set, one run at a time; a failed run
 * is logged and the next tick tries again. Without SMTP_URL messages stay in the outbox.
 */
export function startEmailSender(options: {
  logger: Pick<Logger, "info" | "warn" | "error">;
  intervalMs?: number;
}): EmailSender {
  const { logger } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const smtpUrl = getEnv().smtpUrl;
  if (!smtpUrl) {
    logger.info("SMTP_URL is not set: e-mail is kept in the outbox and not sent");
    return { stop: async () => {} };
  }

  const transport = createEmailTransport(smtpUrl);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let stopping: Promise<void> | undefined;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  };

  function run(): void {
    timer = undefined;
    if (stopped || running) return;
    again = false;
    running = (async () => {
      try {
        const result = await deliverDueEmails(getDb(), transport, { logger });
        if (result.sent || result.retried || result.failed) logger.info(result, "e-mail outbox delivered");
      } catch (error) {
        logger.error({ err: error }, "e-mail sender run failed");
      }
    })().finally(() => {
      running = undefined;
      schedule(again ? 0 : intervalMs);
    });
  }

  const self: RunningSender = {
    wake() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
  };
  (globalThis as WithSender)[senderKey] = self;
  logger.info({ intervalMs }, "e-mail sender started");
  schedule(0);

  return {
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        if ((globalThis as WithSender)[senderKey] === self) delete (globalThis as WithSender)[senderKey];
        await running;
        transport.close();
      })()),
  };
}
