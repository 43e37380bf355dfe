import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { contactMessages } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import type { ContactMessageStatus } from "../content/constants";
import { refuse, type UseCaseResult } from "../use-case";

// The inbox's three writes (backoffice: read, handled, reopened). Each is one transaction that changes the
// message only from the states it applies to and writes audit_log with the change; a message already in the
// target state is left alone and nothing is logged, so a repeated click or a second tab changes nothing.

export type StatusChangeOutcome = UseCaseResult<{ changed: boolean }>;

export const INBOX_MESSAGES = {
  notFound: "Message not found.",
  read: "Marked as read.",
  alreadyRead: "This message was already read.",
  handled: "Marked as handled.",
  alreadyHandled: "This message was already marked as handled.",
  reopened: "Message reopened.",
  notHandled: "This message is not marked as handled.",
} as const;

interface Transition {
  from: readonly ContactMessageStatus[];
  to: ContactMessageStatus;
  action: string;
  verb: string;
  done: string;
  already: string;
  /** handled_at and handled_by_user_id after the change. */
  handled: (actor: AuditActor) => { handledAt: Date | null; handledByUserId: string | null } | Record<string, never>;
}

const TRANSITIONS = {
  read: {
    from: ["new"],
    to: "read",
    action: "contact_message.read",
    verb: "Read",
    done: INBOX_MESSAGES.read,
    already: INBOX_MESSAGES.alreadyRead,
    handled: () => ({}),
  },
  handled: {
    from: ["new", "read"],
    to: "handled",
    action: "contact_message.handled",
    verb: "Marked as handled",
    done: INBOX_MESSAGES.handled,
    already: INBOX_MESSAGES.alreadyHandled,
    handled: (actor) => ({ handledAt: new Date(), handledByUserId: actor.userId }),
  },
  reopened: {
    from: ["handled"],
    to: "read",
    action: "contact_message.reopened",
    verb: "Reopened",
    done: INBOX_MESSAGES.reopened,
    already: INBOX_MESSAGES.notHandled,
    handled: () => ({ handledAt: null, handledByUserId: null }),
  },
} as const satisfies Record<string, Transition>;

async function transition(db: Db, actor: AuditActor, id: string, change: Transition): Promise<StatusChangeOutcome> {
  if (!isUuid(id)) return refuse("not-found", INBOX_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        status: contactMessages.status,
        name: contactMessages.name,
        subject: contactMessages.subject,
        handledAt: contactMessages.handledAt,
        handledByUserId: contactMessages.handledByUserId,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for("update");
    if (!before) return refuse("not-found", INBOX_MESSAGES.notFound);
    if (!(change.from as readonly string[]).includes(before.status))
      return { ok: true, changed: false, message: change.already };

    const after = { status: change.to, ...change.handled(actor) };
    await tx
      .update(contactMessages)
      .set(after)
      .where(and(eq(contactMessages.id, id), inArray(contactMessages.status, change.from)));
    const changes: Record<string, unknown> = { status: { from: before.status, to: change.to } };
    if ("handledAt" in after) {
      changes.handledAt = { from: before.handledAt?.toISOString() ?? null, to: after.handledAt?.toISOString() ?? null };
      changes.handledByUserId = { from: before.handledByUserId, to: after.handledByUserId };
    }
    await recordAudit(tx, actor, {
      action: change.action,
      entityType: "contact_message",
      entityId: id,
      summary: `${change.verb}: message from ${before.name}, "${before.subject.slice(0, 120)}"`,
      changes,
    });
    return { ok: true, changed: true, message: change.done };
  });
}

/** new -> read, when someone opens the message. */
export function markMessageRead(db: Db, actor: AuditActor, id: string) {
  return transition(db, actor, id, TRANSITIONS.read);
}

/** new or read -> handled, recording when and by whom. */
export function markMessageHandled(db: Db, actor: AuditActor, id: string) {
  return transition(db, actor, id, TRANSITIONS.handled);
}

/** handled -> read, clearing when and by whom it was handled. */
export function reopenMessage(db: Db, actor: AuditActor, id: string) {
  return transition(db, actor, id, TRANSITIONS.reopened);
}
