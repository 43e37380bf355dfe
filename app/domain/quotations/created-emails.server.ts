import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { emailOutbox } from "../../db/schema";
import { getLogger } from "../../lib/logger.server";
import { enqueueEmail } from "../email/outbox.server";
import {
  QUOTATION_CREATED_KINDS,
  quotationCreatedEmails,
  type CompanyContact,
  type QuotationSummary,
} from "./created-emails";

/**
 * How many confirmations of a quotation request the storefront sends (the address is whatever a visitor
 * typed): to one address in a day, and to everyone in an hour. Counted from the outbox, so every app server
 * shares them. Over either, the request is still stored and the company still told.
 */
export const CUSTOMER_CONFIRMATION_LIMITS = {
  perRecipient: { max: 3, windowHours: 24 },
  overall: { max: 200, windowHours: 1 },
} as const;

export type ConfirmationLimit = keyof typeof CUSTOMER_CONFIRMATION_LIMITS;

const hoursAgo = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

/**
 * Which limit a confirmation to `to` would exceed now, or null. Call it in the transaction that queues the
 * confirmation: it holds a lock on the address until that transaction ends, so two requests for one address
 * at the same moment cannot both take its last confirmation. (The overall limit may be passed by as many
 * requests as run at the same moment; it bounds volume, not a single address.)
 */
export async function reachedConfirmationLimit(tx: DbOrTx, to: string): Promise<ConfirmationLimit | null> {
  const recipient = to.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quotation-confirmation:${recipient}`}, 0))`);
  const { perRecipient, overall } = CUSTOMER_CONFIRMATION_LIMITS;
  const confirmations = eq(emailOutbox.kind, QUOTATION_CREATED_KINDS.customer);
  // Written to match the index email_outbox_kind_recipient_created_idx (kind, lower(to_address), created_at).
  const toRecipient = await tx.$count(
    emailOutbox,
    and(
      confirmations,
      sql`lower(${emailOutbox.toAddress}) = ${recipient}`,
      gt(emailOutbox.createdAt, hoursAgo(perRecipient.windowHours)),
    ),
  );
  if (toRecipient >= perRecipient.max) return "perRecipient";
  const toEveryone = await tx.$count(
    emailOutbox,
    and(confirmations, gt(emailOutbox.createdAt, hoursAgo(overall.windowHours))),
  );
  return toEveryone >= overall.max ? "overall" : null;
}

/**
 * Puts the 'created' e-mails of a stored quotation that are not yet in the outbox (`present`, by kind) in it,
 * inside the caller's transaction: the company's notification always, the customer's confirmation only
 * within CUSTOMER_CONFIRMATION_LIMITS (otherwise a warning is logged and the notification says so).
 * Answers how many it queued.
 */
export async function queueQuotationCreatedEmails(
  tx: DbOrTx,
  q: QuotationSummary,
  company: CompanyContact,
  present: ReadonlySet<string> = new Set(),
): Promise<number> {
  let confirmCustomer = true;
  if (!present.has(QUOTATION_CREATED_KINDS.customer)) {
    const reached = await reachedConfirmationLimit(tx, q.email);
    if (reached) {
      confirmCustomer = false;
      getLogger().warn({ quotationId: q.id, limit: reached }, "customer confirmation not queued: limit reached");
    }
  }
  let queued = 0;
  for (const email of quotationCreatedEmails(q, company, { confirmCustomer })) {
    if (present.has(email.kind)) continue;
    await enqueueEmail(tx, email);
    queued++;
  }
  return queued;
}
