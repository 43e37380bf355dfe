import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { emailAttachments, emailOutbox } from "../../db/schema";

/** A file sent with a message, e.g. a quotation's PDF. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies should go; without it, the sender's default (ADR 0009). */
  replyTo?: string;
  /** What the message is about, e.g. "contact.received". */
  kind: string;
  relatedType?: string;
  relatedId?: string;
  /** Stored with the message in the same transaction, sent with it on every attempt. */
  attachments?: readonly EmailAttachment[];
}

/**
 * Puts a message in the outbox, inside the caller's transaction: it is sent (or kept for the back office)
 * only if what it reports was saved, and nothing is lost if the process stops before delivery.
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<{ id: string }> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      replyTo: email.replyTo,
      kind: email.kind,
      relatedType: email.relatedType,
      relatedId: email.relatedId,
    })
    .returning({ id: emailOutbox.id });
  if (email.attachments?.length)
    await db.insert(emailAttachments).values(
      email.attachments.map((a, position) => ({
        emailId: row!.id,
        position,
        filename: a.filename,
        contentType: a.contentType,
        sizeBytes: a.content.byteLength,
        content: a.content,
      })),
    );
  return row!;
}

/** A message's attachments in order, with their bytes (for sending). */
export function loadAttachments(db: DbOrTx, emailId: string) {
  return db
    .select({
      filename: emailAttachments.filename,
      contentType: emailAttachments.contentType,
      content: emailAttachments.content,
    })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, emailId))
    .orderBy(asc(emailAttachments.position));
}

/** What the back office lists of a message's attachments: names and sizes, not the bytes. */
export function listAttachments(db: DbOrTx, emailId: string) {
  return db
    .select({
      position: emailAttachments.position,
      filename: emailAttachments.filename,
      contentType: emailAttachments.contentType,
      sizeBytes: emailAttachments.sizeBytes,
    })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, emailId))
    .orderBy(asc(emailAttachments.position));
}
