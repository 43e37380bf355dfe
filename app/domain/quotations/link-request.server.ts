import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { quotationEvents, quotations } from "../../db/schema";
import { formatLongDate } from "../../lib/format";
import { getCompanySettings } from "../settings/company-settings.server";
import { enqueueEmail } from "../email/outbox.server";
import { wakeEmailSender } from "../email/sender.server";
import { hashLinkToken, LINK_TOKEN_PATTERN } from "./link-token";

// "Ask for a new link" on the page of an expired link (issue 10): the company is e-mailed which quotation the
// customer wants sent again, and the quotation's timeline says so. The answer is the same whatever happened, so
// the page tells nothing about other links; asking again within an hour sends nothing more.

export const NEW_LINK_REQUESTED = "The customer asked for a new link (the last one had expired)";
export const NEW_LINK_ANSWER = "Thank you. We have been told, and will send you a new link soon.";
const QUIET_PERIOD = "1 hour";

export async function requestNewLink(db: Db, token: string): Promise<{ message: string }> {
  if (!LINK_TOKEN_PATTERN.test(token)) return { message: NEW_LINK_ANSWER };
  const company = await getCompanySettings(db);
  const sent = await db.transaction(async (tx) => {
    const [q] = await tx
      .select()
      .from(quotations)
      .where(eq(quotations.secureLinkTokenHash, hashLinkToken(token)))
      .for("update");
    if (!q) return false;
    const [recent] = await tx
      .select({ id: quotationEvents.id })
      .from(quotationEvents)
      .where(
        and(
          eq(quotationEvents.quotationId, q.id),
          eq(quotationEvents.message, NEW_LINK_REQUESTED),
          gt(quotationEvents.createdAt, sql`now() - ${QUIET_PERIOD}::interval`),
        ),
      )
      .limit(1);
    if (recent) return false;
    await tx.insert(quotationEvents).values({
      quotationId: q.id,
      kind: "message",
      message: NEW_LINK_REQUESTED,
      actorUserId: q.customerUserId,
      actorLabel: `${q.email} (link)`,
    });
    await enqueueEmail(tx, {
      to: company.notificationEmail,
      replyTo: q.email,
      subject: `New quotation link requested: ${q.eventName}`.replace(/\s+/g, " "),
      text: [
        `${q.customerName} (${q.email}) opened an expired link to the quotation for ${q.eventName} and asked for a new one.`,
        "",
        `Event date: ${formatLongDate(q.eventDate)}`,
        `Status: ${q.status}`,
        "",
        "Send it again from the back office under Quotations: the new revision comes with a new link.",
        `Reference: ${q.id}`,
      ].join("\n"),
      kind: "quotation.link_requested",
      relatedType: "quotation",
      relatedId: q.id,
    });
    return true;
  });
  if (sent) wakeEmailSender();
  return { message: NEW_LINK_ANSWER };
}
