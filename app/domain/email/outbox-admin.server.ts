import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { emailAttachments, emailOutbox } from "../../db/schema";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageIds, pageOf, searchAny } from "../../lib/list-query.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import type { EmailStatus } from "./constants";
import { OUTBOX_LIST } from "./outbox-list";
import { listAttachments } from "./outbox.server";
import { wakeEmailSender } from "./sender.server";
import { refuse, type UseCaseResult } from "../use-case";
import { hideQueryTokens } from "../quotations/link-token";

// The back office's view of the e-mail outbox: the list, one message, and Retry of a failed one.

const t = emailOutbox;

const SORT_COLUMNS = {
  created: t.createdAt,
  to: sql`lower(${t.toAddress})`,
  subject: sql`lower(${t.subject})`,
  attempts: t.attempts,
} as const;

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** One page of the outbox: search over recipient and subject, filter by status, sorted. Bodies are not read. */
export async function listOutbox(db: DbOrTx, state: StateOf<typeof OUTBOX_LIST>): Promise<ListPage<OutboxRow>> {
  const where = and(
    searchAny(state.q, [t.toAddress, t.subject]),
    state.filters.status ? eq(t.status, state.filters.status) : undefined,
  );
  const order = listOrder(SORT_COLUMNS[state.sort], state.dir, t.id);
  return pageOf(db, OUTBOX_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select({
          id: t.id,
          to: t.toAddress,
          subject: t.subject,
          kind: t.kind,
          status: t.status,
          attempts: t.attempts,
          lastError: t.lastError,
          createdAt: t.createdAt,
          sentAt: t.sentAt,
        })
        .from(t)
        .where(inArray(t.id, pageIds(db, t, t.id, where, order, limit, offset)))
        .orderBy(...order),
  });
}

/** How many messages are in each state (for the list's header). */
export async function countOutboxByStatus(db: DbOrTx): Promise<Record<EmailStatus, number>> {
  const rows = await db
    .select({ status: t.status, count: sql<number>`count(*)::int` })
    .from(t)
    .groupBy(t.status);
  const counts: Record<EmailStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export type OutboxMessage = NonNullable<Awaited<ReturnType<typeof getOutboxMessage>>>;

/**
 * Kinds whose link sets a password: the outbox never shows their token, so no one who may read the outbox (an
 * administrator, while SMTP is not set) can ask a reset for another account and open its link (ADR 0024).
 */
const KINDS_WITH_SECRET_LINKS: ReadonlySet<string> = new Set(["user.password_reset"]);

/**
 * One message with its bodies; undefined for an id that is not a uuid or not a message. A password reset's token
 * is hidden in both bodies (`linkHidden` says so); the stored message, which the sender reads, keeps it.
 */
export async function getOutboxMessage(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: t.id,
      to: t.toAddress,
      replyTo: t.replyTo,
      subject: t.subject,
      textBody: t.textBody,
      htmlBody: t.htmlBody,
      kind: t.kind,
      relatedType: t.relatedType,
      relatedId: t.relatedId,
      status: t.status,
      attempts: t.attempts,
      lastError: t.lastError,
      nextAttemptAt: t.nextAttemptAt,
      sentAt: t.sentAt,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    })
    .from(t)
    .where(eq(t.id, id));
  if (!row) return undefined;
  const linkHidden = KINDS_WITH_SECRET_LINKS.has(row.kind);
  const bodies = linkHidden
    ? { textBody: hideQueryTokens(row.textBody), htmlBody: row.htmlBody && hideQueryTokens(row.htmlBody) }
    : {};
  return { ...row, ...bodies, linkHidden, attachments: await listAttachments(db, row.id) };
}

/** One attachment of a message, with its bytes; undefined when the message or position is not there. */
export async function getOutboxAttachment(db: DbOrTx, emailId: string, position: string) {
  if (!isUuid(emailId) || !/^\d{1,4}$/.test(position)) return undefined;
  const [row] = await db
    .select({
      filename: emailAttachments.filename,
      contentType: emailAttachments.contentType,
      content: emailAttachments.content,
    })
    .from(emailAttachments)
    .where(and(eq(emailAttachments.emailId, emailId), eq(emailAttachments.position, Number(position))));
  return row;
}

export const OUTBOX_MESSAGES = {
  notFound: "E-mail not found.",
  retried: "The e-mail will be sent again shortly.",
  notFailed: {
    sent: "This e-mail was already sent; only a failed e-mail can be retried.",
    pending: "This e-mail is waiting to be sent; it will be tried again by itself.",
    sending: "This e-mail is being sent right now.",
  },
} as const;

export type RetryOutcome = UseCaseResult;

/**
 * Retry of a failed message: back to 'pending', due now, no claim, so the sender's next run takes it like a new
 * one (sender.server.ts claims pending rows whose next_attempt_at has come). Attempts and the last error are
 * kept as history: a message that had used up its attempts gets one more (the sender fails it at the next
 * error), one refused at once (5xx) gets the usual retries. Only a failed message can be retried; audited.
 */
export async function retryEmail(db: Db, actor: AuditActor, id: string): Promise<RetryOutcome> {
  if (!isUuid(id)) return refuse("not-found", OUTBOX_MESSAGES.notFound);
  const outcome = await db.transaction(async (tx): Promise<RetryOutcome> => {
    const [row] = await tx
      .select({ status: t.status, to: t.toAddress, subject: t.subject, attempts: t.attempts, lastError: t.lastError })
      .from(t)
      .where(eq(t.id, id))
      .for("update");
    if (!row) return refuse("not-found", OUTBOX_MESSAGES.notFound);
    if (row.status !== "failed") return refuse("conflict", OUTBOX_MESSAGES.notFailed[row.status]);
    await tx
      .update(t)
      .set({ status: "pending", nextAttemptAt: new Date(), claimedBy: null, claimedUntil: null })
      .where(and(eq(t.id, id), eq(t.status, "failed")));
    await recordAudit(tx, actor, {
      action: "email.retried",
      entityType: "email",
      entityId: id,
      summary: `Retry of "${row.subject.slice(0, 120)}" to ${row.to} (after ${row.attempts} attempts)`,
      changes: { status: { from: "failed", to: "pending" }, lastError: row.lastError },
    });
    return { ok: true, message: OUTBOX_MESSAGES.retried };
  });
  if (outcome.ok) wakeEmailSender();
  return outcome;
}
