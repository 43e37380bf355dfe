import type { DbOrTx } from "../../db/client.server";
import { emailOutbox } from "../../db/schema";

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
  return row!;
}
