import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { emailOutbox, quotations } from "../../db/schema";
import { getCompanySettings } from "../settings/company-settings.server";
import { wakeEmailSender } from "../email/sender.server";
import { QUOTATION_STATUSES } from "./constants";
import { QUOTATION_CREATED_KINDS, type QuotationSummary } from "./created-emails";
import { queueQuotationCreatedEmails } from "./created-emails.server";
import { QUOTATION_LIMITS } from "./request";
import { loadQuotationSummary } from "./summary.server";
import { refuse, type UseCaseResult } from "../use-case";

// POST /api/email/quotation (storefront.md §7.3). The storefront calls it after a quotation is stored. It is
// not a mail relay: it sends nothing a caller writes. It only makes sure the two e-mails of a stored quotation
// are in the outbox (they normally are already, from the transaction that stored it), for that quotation's own
// e-mail address, built from what is stored.

const shortText = z.string().max(500);

export const quotationEmailRequestSchema = z.object({
  quotation: z.object({
    id: z.uuid("Unknown quotation"),
    customerName: shortText,
    customerEmail: z.string().max(QUOTATION_LIMITS.email),
    total: z.union([z.number().nonnegative(), z.string().max(32)]),
    items: z.array(z.looseObject({})).max(QUOTATION_LIMITS.lines),
    status: z.enum(QUOTATION_STATUSES),
    createdAt: z.string().max(64),
    event_name: shortText,
    event_date: z.string().max(32),
    event_location: shortText,
    notes: z.string().max(QUOTATION_LIMITS.notes).nullable().optional(),
  }),
  recipientEmail: z.string().max(QUOTATION_LIMITS.email),
  type: z.literal("created", "Only 'created' notifications are sent"),
});

export type QuotationEmailRequest = z.infer<typeof quotationEmailRequestSchema>;

export const NOTIFY_MESSAGES = {
  queued: "The quotation's e-mails are in the outbox",
  invalid: "Invalid request",
  notFound: "Quotation not found",
  wrongRecipient: "The recipient does not match the quotation",
} as const;

/** The body of §7.3 for a stored quotation, as the storefront sends it. */
export function quotationEmailRequestFor(q: QuotationSummary): QuotationEmailRequest {
  return {
    quotation: {
      id: q.id,
      customerName: q.customerName,
      customerEmail: q.email,
      total: Number(q.total),
      items: q.lines.map((line) => ({
        productId: line.inventoryItemId,
        name: line.name,
        size: line.size,
        quantity: line.quantity,
        unit_price: Number(line.unitPrice),
        total: Number(line.total),
      })),
      status: q.status,
      createdAt: q.createdAt,
      event_name: q.eventName,
      event_date: q.eventDate,
      event_location: q.eventLocation,
      notes: q.notes,
    },
    recipientEmail: q.email,
    type: "created",
  };
}

function bodyErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    errors[field] ??= issue.message;
  }
  return errors;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Puts whichever of the quotation's two 'created' e-mails is missing in the outbox (the customer's only within
 * its limits, as when the quotation was stored), and answers how many it added. The quotation's row is locked
 * meanwhile, so two calls at once cannot both add the same e-mail.
 */
export async function ensureQuotationCreatedEmails(db: Db, quotationId: string): Promise<number> {
  const company = await getCompanySettings(db);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: quotations.id })
      .from(quotations)
      .where(eq(quotations.id, quotationId))
      .for("update");
    if (!locked) return 0;
    const present = await tx
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.relatedType, "quotation"),
          eq(emailOutbox.relatedId, quotationId),
          inArray(emailOutbox.kind, Object.values(QUOTATION_CREATED_KINDS)),
        ),
      );
    const kinds = new Set(present.map((row) => row.kind));
    if (kinds.size === Object.keys(QUOTATION_CREATED_KINDS).length) return 0;
    const summary = await loadQuotationSummary(tx, quotationId);
    return queueQuotationCreatedEmails(tx, summary!, company, kinds);
  });
}

/**
 * Answers a §7.3 call whose body was read as JSON (`body` is whatever JSON.parse gave): done once both e-mails
 * are in the outbox, or refused as invalid (the body's errors by path, or a recipient that is not the
 * quotation's) or not-found.
 */
export async function notifyQuotationCreated(db: Db, body: unknown): Promise<UseCaseResult> {
  const parsed = quotationEmailRequestSchema.safeParse(body);
  if (!parsed.success) return refuse("invalid", NOTIFY_MESSAGES.invalid, bodyErrors(parsed.error));
  const request = parsed.data;
  const [stored] = await db
    .select({ email: quotations.email })
    .from(quotations)
    .where(eq(quotations.id, request.quotation.id.toLowerCase()))
    .limit(1);
  if (!stored) return refuse("not-found", NOTIFY_MESSAGES.notFound);
  if (
    !sameAddress(request.quotation.customerEmail, stored.email) ||
    !sameAddress(request.recipientEmail, stored.email)
  ) {
    return refuse("invalid", NOTIFY_MESSAGES.wrongRecipient);
  }
  const added = await ensureQuotationCreatedEmails(db, request.quotation.id.toLowerCase());
  if (added > 0) wakeEmailSender();
  return { ok: true, message: NOTIFY_MESSAGES.queued };
}
