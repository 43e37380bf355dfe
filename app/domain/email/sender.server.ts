import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { emailOutbox } from "../../db/schema";
import { getEnv } from "../../lib/env.server";
import type { Logger } from "../../lib/logger.server";
import { getCompanySettings, type CompanySettings } from "../settings/company-settings.server";
import { loadAttachments } from "./outbox.server";
import { createEmailTransport, isPermanentRefusal, type EmailTransport } from "./transport.server";

type OutboxRow = typeof emailOutbox.$inferSelect;

/** A message is given up ('failed') after this many attempts. */
export const MAX_EMAIL_ATTEMPTS = 8;
/**
 * How long a claim on a message lasts. The run sending it renews it every third of this while the SMTP server
 * answers, so only the claim of a process that stopped mid-send runs out, and its message is taken again.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 500;

export interface DeliverOptions {
  /** The moment judged "now" throughout the run (tests pass one in the future). */
  now?: Date;
  /** How many messages one run sends at most. */
  batchSize?: number;
  logger?: Pick<Logger, "warn">;
  /** Who claims the messages: this run's own id (by default a new random one). */
  claimant?: string;
  leaseMs?: number;
  /** Asked before each message; true ends the run there (a stopping server finishes only the one in flight). */
  shouldStop?: () => boolean;
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

/**
 * Where a reply should go: the address the message was written with (the visitor, on a notification to the
 * company); else, on a message to anyone but the company, the company's notification address when it is not
 * the From address.
 */
function replyTo(row: OutboxRow, company: CompanySettings, from: string): string | undefined {
  if (row.replyTo) return row.replyTo;
  const toCompany = row.toAddress.toLowerCase() === company.notificationEmail.toLowerCase();
  if (toCompany || company.notificationEmail.toLowerCase() === from.toLowerCase()) return undefined;
  return company.notificationEmail;
}

/**
 * Claims the next due message for `claimant` until `now + leaseMs`, in one statement that other servers
 * cannot also take: a pending message whose time has come, or one whose claim ran out (a row an older
 * version left in 'sending' without a claim counts from its last change).
 */
async function claimNext(db: Db, claimant: string, now: Date, leaseMs: number): Promise<OutboxRow | undefined> {
  // The database keeps microseconds, a JavaScript Date milliseconds: a row written earlier in this same
  // millisecond is due too.
  const dueBy = new Date(now.getTime() + 1);
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, dueBy)),
        and(
          eq(emailOutbox.status, "sending"),
          or(
            lte(emailOutbox.claimedUntil, now),
            and(isNull(emailOutbox.claimedUntil), lte(emailOutbox.updatedAt, new Date(now.getTime() - leaseMs))),
          ),
        ),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "sending", claimedBy: claimant, claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return row;
}

/** The condition every write after a claim carries: the row is still this run's, and still being sent. */
const stillOurs = (id: string, claimant: string) =>
  and(eq(emailOutbox.id, id), eq(emailOutbox.status, "sending"), eq(emailOutbox.claimedBy, claimant));

/**
 * Sends the outbox messages that are due (and those whose claim ran out), one claim at a time, From the
 * company's name and first public address. A permanent refusal (5xx to the message) marks it failed at once;
 * any other failure is tried again later (30 s, doubling, at most 1 h) and given up after MAX_EMAIL_ATTEMPTS
 * attempts. Every write after a claim is conditioned on still holding it: when another server took the
 * message over meanwhile, its record is left as that server writes it.
 */
export async function deliverDueEmails(
  db: Db,
  transport: EmailTransport,
  options: DeliverOptions = {},
): Promise<DeliverResult> {
  // A run given its "now" (tests) keeps it throughout; otherwise each step reads the clock.
  const clock = () => options.now ?? new Date();
  const claimant = options.claimant ?? randomUUID();
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  const batchSize = options.batchSize ?? 20;
  const result: DeliverResult = { sent: 0, retried: 0, failed: 0 };
  // Read before claiming: if the settings are missing nothing is left stuck in 'sending'.
  const company = await getCompanySettings(db);
  const fromAddress = company.emails[0] ?? company.notificationEmail;

  for (let n = 0; n < batchSize && !options.shouldStop?.(); n++) {
    const row = await claimNext(db, claimant, clock(), leaseMs);
    if (!row) break;
    const attempts = row.attempts + 1;
    const ours = stillOurs(row.id, claimant);
    let lostReported = false;
    const lost = () => {
      if (lostReported) return;
      lostReported = true;
      options.logger?.warn(
        { emailId: row.id, kind: row.kind, claimant },
        "e-mail claim lost to another sender: its record is left to that sender",
      );
    };

    // A slow SMTP server must not outlast the claim: renew it while the send is in progress.
    let renewals: Promise<void> = Promise.resolve();
    const renew = setInterval(() => {
      renewals = renewals.then(async () => {
        try {
          const renewed = await db
            .update(emailOutbox)
            .set({ claimedUntil: new Date(clock().getTime() + leaseMs) })
            .where(ours)
            .returning({ id: emailOutbox.id });
          if (renewed.length === 0) lost();
        } catch (error) {
          options.logger?.warn({ emailId: row.id, error: errorText(error) }, "e-mail claim not renewed");
        }
      });
    }, leaseMs / 3);
    let outcome: { error?: unknown };
    try {
      const attachments = await loadAttachments(db, row.id);
      await transport.sendMail({
        from: { name: company.name, address: fromAddress },
        replyTo: replyTo(row, company, fromAddress),
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        ...(attachments.length
          ? {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
              })),
            }
          : {}),
      });
      outcome = {};
    } catch (error) {
      outcome = { error };
    } finally {
      clearInterval(renew);
      await renewals;
    }

    if (!("error" in outcome)) {
      const updated = await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts, lastError: null, claimedUntil: null })
        .where(ours)
        .returning({ id: emailOutbox.id });
      if (updated.length === 0) lost();
      else result.sent++;
      continue;
    }

    const permanent = isPermanentRefusal(outcome.error);
    const failed = permanent || attempts >= MAX_EMAIL_ATTEMPTS;
    const lastError = errorText(outcome.error);
    const updated = await db
      .update(emailOutbox)
      .set({
        status: failed ? "failed" : "pending",
        attempts,
        lastError,
        nextAttemptAt: new Date(clock().getTime() + retryDelayMs(attempts)),
        claimedUntil: null,
      })
      .where(ours)
      .returning({ id: emailOutbox.id });
    if (updated.length === 0) {
      lost();
      continue;
    }
    if (failed) result.failed++;
    else result.retried++;
    options.logger?.warn(
      { emailId: row.id, kind: row.kind, attempts, error: lastError },
      permanent ? "e-mail refused for good" : failed ? "e-mail given up" : "e-mail not sent, will retry",
    );
  }
  return result;
}

export interface EmailSender {
  /** Stops the loop: a run in progress ends after the message in flight, which this waits for. */
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
  // This process's sender; each run claims as `${senderId}:${run}`.
  const senderId = randomUUID();
  let runs = 0;
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
        const result = await deliverDueEmails(getDb(), transport, {
          logger,
          claimant: `${senderId}:${++runs}`,
          shouldStop: () => stopped,
        });
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
