import type { Db } from "../../db/client.server";
import { contactMessages } from "../../db/schema";
import { fieldErrors } from "../../lib/form-errors";
import { requireAllowance, type RateLimitRule } from "../../lib/rate-limit.server";
import { enqueueEmail } from "../email/outbox.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { contactMessageSchema, type ContactMessageInput } from "./contact";

export type SubmitContactResult =
  { ok: true; id: string } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

function notification(message: ContactMessageInput, companyName: string) {
  const lines = [
    `A visitor wrote through the contact form of ${companyName}.`,
    "",
    `Name:    ${message.name}`,
    `E-mail:  ${message.email}`,
    `Phone:   ${message.phone ?? "not given"}`,
    `Subject: ${message.subject}`,
    "",
    message.message,
    "",
    "Reply to the visitor by writing to the e-mail address above.",
  ];
  return lines.join("\n");
}

/**
 * Checks a contact form, stores the message and puts a notification for the company in the outbox, in one
 * transaction. Bad input writes nothing and comes back with a message per field and the values as typed.
 * `allowance`, when given, is used in that transaction: only a stored message uses it, and when it was used up
 * meanwhile nothing is stored and RateLimitExceededError is thrown.
 */
export async function submitContactMessage(
  db: Db,
  raw: Record<string, unknown>,
  meta: { ipAddress?: string; allowance?: RateLimitRule } = {},
): Promise<SubmitContactResult> {
  const parsed = contactMessageSchema.safeParse(raw);
  if (!parsed.success) {
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === "string") values[k] = v;
    return { ok: false, errors: fieldErrors(parsed.error), values };
  }
  const message = parsed.data;
  const company = await getCompanySettings(db);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, phone: message.phone ?? null, ipAddress: meta.ipAddress })
      .returning({ id: contactMessages.id });
    await enqueueEmail(tx, {
      to: company.notificationEmail,
      subject: `Contact form: ${message.subject}`,
      text: notification(message, company.name),
      // A reply from the company's inbox reaches the visitor.
      replyTo: message.email,
      kind: "contact.received",
      relatedType: "contact_message",
      relatedId: row!.id,
    });
    if (meta.allowance) await requireAllowance(tx, meta.allowance);
    return row!.id;
  });
  return { ok: true, id };
}
