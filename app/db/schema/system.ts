import { sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { EMAIL_STATUSES } from "../../domain/email/constants";
import { users } from "./auth";
import { createdAt, id, sqlList, updatedAt } from "./columns";

/** Who did what to which record, when, from where: every back-office change and every sign-in. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor as shown later, even if the user is deleted (an e-mail, or "system"). */
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    summary: text("summary").notNull().default(""),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_actor_user_id_idx").on(t.actorUserId),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_action_idx").on(t.action),
    // The audit log's search (who, summary, record id) by substring (issue 19).
    index("audit_log_actor_label_trgm_idx").using("gin", sql`${t.actorLabel} gin_trgm_ops`),
    index("audit_log_summary_trgm_idx").using("gin", sql`${t.summary} gin_trgm_ops`),
    index("audit_log_entity_id_trgm_idx").using("gin", sql`${t.entityId} gin_trgm_ops`),
  ],
);

/** Every message the product sends, its status and attempts (DESIGN §4). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** What the message is about, e.g. quotation.created.company. */
    kind: text("kind").notNull(),
    relatedType: text("related_type"),
    relatedId: text("related_id"),
    /** Where replies go, decided when the message is written (e.g. the visitor, on a note to the company). */
    replyTo: text("reply_to"),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The sender run that claimed the row last; a 'sending' row belongs to it until claimed_until. */
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("email_outbox_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_at_idx").on(t.createdAt, t.id),
    index("email_outbox_related_idx").on(t.relatedType, t.relatedId),
    // The caps on e-mails to one recipient and on all e-mails of a kind count recent rows through these.
    index("email_outbox_kind_recipient_created_idx").on(t.kind, sql`lower(${t.toAddress})`, t.createdAt),
    index("email_outbox_kind_created_idx").on(t.kind, t.createdAt),
    // The outbox list's sorts (id breaks ties) and its search by substring (issue 19).
    index("email_outbox_to_sort_idx").on(sql`lower(${t.toAddress})`, t.id),
    index("email_outbox_subject_sort_idx").on(sql`lower(${t.subject})`, t.id),
    index("email_outbox_attempts_sort_idx").on(t.attempts, t.id),
    index("email_outbox_to_trgm_idx").using("gin", sql`${t.toAddress} gin_trgm_ops`),
    index("email_outbox_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`),
    check("email_outbox_status_check", sql.raw(`status in (${sqlList(EMAIL_STATUSES)})`)),
    check("email_outbox_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/** Bytes: read as a Uint8Array (PGlite) or a Buffer (node-postgres, a Uint8Array too), written as a Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Files sent with an outbox message (a quotation's PDF): kept with the message, so a retry or a restart sends
 * exactly what was written in the use case's transaction, and the back office can show what went out.
 */
export const emailAttachments = pgTable(
  "email_attachments",
  {
    id: id(),
    emailId: uuid("email_id")
      .notNull()
      .references(() => emailOutbox.id, { onDelete: "cascade" }),
    /** Order within the message, from 0. */
    position: integer("position").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("email_attachments_email_position_unique").on(t.emailId, t.position),
    check("email_attachments_size_check", sql`${t.sizeBytes} = octet_length(${t.content})`),
  ],
);

/**
 * Rate limits shared by every app server (app/lib/rate-limit.server.ts): one row per bucket (what is limited,
 * e.g. "form:contact") and key (who, e.g. a client's address), counting the uses of the window that started
 * with the first one. Keyed by (bucket, key) rather than an id; expired rows are deleted as new ones start.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "rate_limit_counters_pkey", columns: [t.bucket, t.key] }),
    index("rate_limit_counters_window_ends_at_idx").on(t.windowEndsAt),
    check("rate_limit_counters_count_check", sql`${t.count} >= 1`),
    check("rate_limit_counters_window_check", sql`${t.windowEndsAt} > ${t.windowStartedAt}`),
  ],
);
