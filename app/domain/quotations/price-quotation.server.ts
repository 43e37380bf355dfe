import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import {
  inventoryItems,
  quotationEvents,
  quotationLines,
  quotationRevisions,
  quotations,
  rateStructures,
} from "../../db/schema";
import { RENTAL_MAX_DAYS } from "../../lib/business-date";
import { getEnv } from "../../lib/env.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { ensureCustomerAccount } from "../auth/customer-accounts.server";
import { lineDays, rentalLength } from "../catalogue/rate-structures";
import { getCompanySettings } from "../settings/company-settings.server";
import { quotationTermsList } from "../settings/quotation-terms";
import { emailIsSetUp } from "../email/delivery.server";
import { enqueueEmail } from "../email/outbox.server";
import { wakeEmailSender } from "../email/sender.server";
import { refuse, type Done, type Refused } from "../use-case";
import { SENDABLE_STATUSES } from "./admin-quotation-list";
import type { QuotationRevisionLine, QuotationStatus } from "./constants";
import { hashLinkToken, linkExpiry, newLinkToken, quotationLinkPath } from "./link-token";
import {
  parseQuoteForm,
  QUOTE_MESSAGES,
  quoteBoundErrors,
  quoteTotals,
  type QuoteFormValues,
  type QuoteIntent,
} from "./quote-form";
import { quotationRevisionPdf } from "./revision-pdf.server";
import { quotationSentEmail } from "./sent-email";

// Pricing and sending a quotation (issue 10, backoffice.md §2 Quotation Management, DESIGN §6, §9). One use case,
// two intents: "save" stores the panel's prices, lines, discount and rental period; "send" stores them too and
// then sends: a new revision (a snapshot of what the customer is shown), a new link token (the old link stops
// working), status sent, the customer's portal account when the address has none, and an e-mail with the link
// and the revision's PDF attached, through the outbox. All of it in one transaction, or none of it.
//
// The quotation's row is locked first and its updated_at must be the version the panel was opened at, so two
// staff pricing one quotation cannot overwrite each other unseen, and a double click sends once.

// A sent one may be sent again (a lost e-mail, an expired link): a new revision and link, like after a negotiation.
const PRICEABLE: readonly QuotationStatus[] = SENDABLE_STATUSES;

/** Refused as invalid (the field errors are keyed as the form's: `lines.2.unitPrice`, `discount`, ...),
 * not-found, or conflict: the status moved on (`wrong_status`) or someone saved it meanwhile (`changed`). */
export type QuoteRefused = Refused & { code?: "wrong_status" | "changed" };

export type QuoteResult =
  | Done<{
      id: string;
      revision: number | null;
      version: string;
      /** A send while e-mail is not set up (no SMTP_URL): the outbox message that waits; null otherwise. */
      waitingEmailId: string | null;
    }>
  | QuoteRefused;

/** A refusal whose toast is "Failed to save/send quotation: {detail}". */
function refused(intent: QuoteIntent, refusal: "not-found" | "conflict", detail: string, code?: QuoteRefused["code"]) {
  const result: QuoteRefused = refuse(refusal, failedMessage(intent, detail));
  return code ? { ...result, code } : result;
}

function failedMessage(intent: QuoteIntent, detail: string): string {
  return intent === "send" ? QUOTE_MESSAGES.sendFailed(detail) : QUOTE_MESSAGES.saveFailed(detail);
}

function invalid(errors: Record<string, string>): QuoteRefused {
  // The spec's own toast when a price is missing; otherwise the first field's message.
  const values = Object.values(errors);
  const message = values.includes(QUOTE_MESSAGES.priceMissing)
    ? QUOTE_MESSAGES.priceMissing
    : (values.find((m) => m.startsWith("Product not found") || m.includes(" would be more than ")) ??
      QUOTE_MESSAGES.fieldsInvalid);
  return refuse("invalid", message, errors);
}

/** Stores the panel's prices without sending: the quotation stays pending or negotiating. */
export function saveQuotationPrices(db: Db, values: QuoteFormValues, actor: AuditActor): Promise<QuoteResult> {
  return priceQuotation(db, values, actor, "save");
}

/** Stores the panel's prices and sends the quotation to the customer (a new revision, link and e-mail). */
export function sendQuotation(db: Db, values: QuoteFormValues, actor: AuditActor): Promise<QuoteResult> {
  return priceQuotation(db, values, actor, "send");
}

async function priceQuotation(
  db: Db,
  values: QuoteFormValues,
  actor: AuditActor,
  intent: QuoteIntent,
): Promise<QuoteResult> {
  const parsed = parseQuoteForm(values, intent);
  if (!parsed.ok) {
    if (parsed.errors.id) return refused(intent, "not-found", QUOTE_MESSAGES.notFound);
    return invalid(parsed.errors);
  }
  const input = parsed.input;
  const id = input.id.toLowerCase();
  const company = await getCompanySettings(db);

  // Every refusal is decided before the first write, so a refused transaction commits nothing. An error inside
  // it is not a refusal and is not caught here (ADR 0023): nothing in it calls another service (the e-mail only
  // goes into the outbox, for the sender to deliver later; the PDF is drawn in-process with the repo's fonts; no
  // file storage), so what can fail is the database or a bug. That is not `unavailable`: the transaction rolls
  // back and the error propagates to the error handler, which logs it once (app/entry.server.tsx).
  const result = await db.transaction((tx) =>
    priceInTransaction(tx, id, input, values.version, actor, intent, company),
  );
  if (result.ok && intent === "send") wakeEmailSender();
  return result;
}

type Company = Awaited<ReturnType<typeof getCompanySettings>>;
type Input = Extract<ReturnType<typeof parseQuoteForm>, { ok: true }>["input"];

async function priceInTransaction(
  tx: Tx,
  id: string,
  input: Input,
  version: string,
  actor: AuditActor,
  intent: QuoteIntent,
  company: Company,
): Promise<QuoteResult> {
  const [q] = await tx.select().from(quotations).where(eq(quotations.id, id)).for("update");
  if (!q) return refused(intent, "not-found", QUOTE_MESSAGES.notFound);
  if (!PRICEABLE.includes(q.status))
    return refused(intent, "conflict", QUOTE_MESSAGES.wrongStatus(q.status), "wrong_status");
  if (version !== q.updatedAt.toISOString())
    return refused(intent, "conflict", QUOTE_MESSAGES.changedMeanwhile, "changed");

  const rentalEnd = input.rentalEndDate && input.rentalEndDate !== q.eventDate ? input.rentalEndDate : null;
  if (rentalEnd && rentalEnd < q.eventDate) return invalid({ rentalEndDate: QUOTE_MESSAGES.endBeforeEvent });
  if (rentalLength(q.eventDate, rentalEnd) > RENTAL_MAX_DAYS)
    return invalid({ rentalEndDate: QUOTE_MESSAGES.rentalTooLong });

  const stored = await tx
    .select()
    .from(quotationLines)
    .where(eq(quotationLines.quotationId, q.id))
    .orderBy(asc(quotationLines.lineNo));
  const storedById = new Map(stored.map((l) => [l.id, l]));

  // Every item the posted lines name (new lines' and stored lines'), in one query.
  const itemIds = new Set<string>();
  for (const line of input.lines) if (line.itemId) itemIds.add(line.itemId.toLowerCase());
  for (const line of stored) if (line.inventoryItemId) itemIds.add(line.inventoryItemId);
  const items = itemIds.size
    ? await tx
        .select({
          id: inventoryItems.id,
          name: inventoryItems.name,
          size: inventoryItems.size,
          archivedAt: inventoryItems.archivedAt,
          priceUnit: inventoryItems.priceUnit,
          sdRatePercent: inventoryItems.sdRatePercent,
          daysCharged: rateStructures.daysCharged,
          extraWeekDays: rateStructures.extraWeekDays,
        })
        .from(inventoryItems)
        .leftJoin(rateStructures, eq(rateStructures.id, inventoryItems.rateStructureId))
        .where(inArray(inventoryItems.id, [...itemIds]))
    : [];
  const itemById = new Map(items.map((i) => [i.id, i]));

  // The days are computed, never typed (ADR 0019): the rental's length through each item's rate structure.
  const length = rentalLength(q.eventDate, rentalEnd);
  const errors: Record<string, string> = {};
  const lines = input.lines.map((line, i) => {
    const existing = line.lineId ? storedById.get(line.lineId.toLowerCase()) : undefined;
    if (line.lineId && !existing) errors[`lines.${i}.lineId`] = QUOTE_MESSAGES.unknownLine;
    // A stored line keeps its item; a new one takes the chosen one.
    const itemId = existing ? existing.inventoryItemId : line.itemId.toLowerCase();
    const item = itemId ? itemById.get(itemId) : undefined;
    const gone = !item || (item.archivedAt !== null && !existing);
    // A stored line whose item was deleted or archived can be kept while pricing, but not sent: the customer
    // would be promised equipment the company no longer rents.
    if (!existing && gone) errors[`lines.${i}.itemId`] = QUOTE_MESSAGES.productNotFound(line.itemId);
    else if (existing && intent === "send" && (!item || item.archivedAt))
      errors[`lines.${i}.itemId`] = QUOTE_MESSAGES.productNotFound(existing.name);
    const priceUnit = item?.priceUnit ?? existing?.priceUnit ?? null;
    const structure =
      item?.daysCharged && item.extraWeekDays
        ? { daysCharged: item.daysCharged, extraWeekDays: item.extraWeekDays }
        : null;
    return {
      existing,
      itemId: item?.id ?? existing?.inventoryItemId ?? null,
      name: existing?.name ?? item?.name ?? line.name,
      size: existing ? existing.size : (item?.size ?? null),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      priceUnit,
      days: lineDays(priceUnit, length, structure),
      // A line is sent only with its item (refused above otherwise): its SD rate now is what the revision keeps.
      sdRatePercent: item?.sdRatePercent ?? "0.00",
    };
  });
  const itemsTwice = new Set<string>();
  lines.forEach((line, i) => {
    if (!line.itemId) return;
    if (itemsTwice.has(line.itemId)) errors[`lines.${i}.itemId`] ??= QUOTE_MESSAGES.duplicateItem;
    itemsTwice.add(line.itemId);
  });
  if (Object.keys(errors).length) return invalid(errors);

  const totals = quoteTotals(lines, input.discount, company.vatRatePercent);
  // A long rental or a typed price can take a figure past numeric(14,2): refused here, naming it, not by the database.
  const tooLarge = quoteBoundErrors(totals, lines);
  if (Object.keys(tooLarge).length) return invalid(tooLarge);
  const kept = new Set(lines.flatMap((l) => (l.existing ? [l.existing.id] : [])));
  const removed = stored.filter((l) => !kept.has(l.id)).map((l) => l.id);
  if (removed.length) await tx.delete(quotationLines).where(inArray(quotationLines.id, removed));
  for (const [i, line] of lines.entries()) {
    const values = {
      quantity: line.quantity,
      unitPrice: line.unitPrice ?? "0",
      priceUnit: line.priceUnit,
      days: line.days,
      total: totals.lineTotals[i]!,
      lineNo: i + 1,
    };
    if (line.existing) await tx.update(quotationLines).set(values).where(eq(quotationLines.id, line.existing.id));
    else
      await tx
        .insert(quotationLines)
        .values({ quotationId: q.id, inventoryItemId: line.itemId, name: line.name, size: line.size, ...values });
  }

  const now = new Date();
  const quotationValues = {
    discount: totals.discount,
    vatRatePercent: totals.vatRatePercent,
    total: totals.total,
    rentalEndDate: rentalEnd,
    updatedAt: now,
  };
  const priced = { lines: lines.length, subtotal: totals.subtotal, discount: totals.discount };

  if (intent === "save") {
    await tx.update(quotations).set(quotationValues).where(eq(quotations.id, q.id));
    await recordAudit(tx, actor, {
      action: "quotation.priced",
      entityType: "quotation",
      entityId: q.id,
      summary: `Quotation prices saved: ${q.eventName.slice(0, 120)} (${q.customerName.slice(0, 80)})`,
      changes: { total: { from: q.total, to: totals.total }, ...priced },
    });
    return {
      ok: true,
      id: q.id,
      message: QUOTE_MESSAGES.saved,
      revision: null,
      version: now.toISOString(),
      waitingEmailId: null,
    };
  }

  const revision = q.revision + 1;
  const token = newLinkToken();
  const validUntil = linkExpiry(now);
  const account = await ensureCustomerAccount(tx, { email: q.email, name: q.customerName });
  await tx
    .update(quotations)
    .set({
      ...quotationValues,
      status: "sent",
      revision,
      sentAt: now,
      secureLinkTokenHash: hashLinkToken(token),
      secureLinkExpiresAt: validUntil,
      ...(account.isCustomer ? { customerUserId: account.userId } : {}),
    })
    .where(eq(quotations.id, q.id));

  // Subtotal, discount, VAT rate and amount, total: the revision's figures, and the e-mail's.
  const { lineTotals: _lineTotals, ...money } = totals;
  const terms = quotationTermsList(company);
  const snapshot: QuotationRevisionLine[] = lines.map((l, i) => ({
    inventoryItemId: l.itemId,
    name: l.name,
    size: l.size,
    quantity: l.quantity,
    unitPrice: l.unitPrice!,
    priceUnit: l.priceUnit,
    days: l.days,
    sdRatePercent: l.sdRatePercent,
    total: totals.lineTotals[i]!,
  }));
  await tx.insert(quotationRevisions).values({
    quotationId: q.id,
    revision,
    lines: snapshot,
    ...money,
    eventDate: q.eventDate,
    rentalEndDate: rentalEnd ?? q.eventDate,
    validUntil,
    // The terms as Settings hold them now, kept with the revision: the PDF, the e-mail and the pages print these.
    terms,
    sentByUserId: actor.userId,
    sentByLabel: actor.label,
  });
  const who = { actorUserId: actor.userId, actorLabel: actor.label };
  await tx.insert(quotationEvents).values([
    {
      quotationId: q.id,
      kind: "sent",
      message: input.message || `Revision ${revision} sent`,
      ...who,
    },
    { quotationId: q.id, kind: "status_changed", fromStatus: q.status, toStatus: "sent", ...who },
  ]);

  const pdf = await quotationRevisionPdf(tx, q.id, revision);
  if (!pdf) throw new Error(`revision ${revision} of ${q.id} was written but cannot be read back`);
  const env = getEnv();
  const email = quotationSentEmail({
    quotationId: q.id,
    customerName: q.customerName,
    to: q.email,
    eventName: q.eventName,
    eventDate: q.eventDate,
    rentalEndDate: rentalEnd ?? q.eventDate,
    eventTime: q.eventTime,
    eventLocation: q.eventLocation,
    revision,
    lines: snapshot,
    ...money,
    validUntil,
    terms,
    linkUrl: `${env.publicUrl}${quotationLinkPath(token)}`,
    portalUrl: `${env.publicUrl}/customer/login`,
    password: account.password,
    hasPortal: account.isCustomer,
    message: input.message,
    company: { name: company.name, phones: company.phones, emails: company.emails },
  });
  const queued = await enqueueEmail(tx, {
    ...email,
    replyTo: company.notificationEmail,
    attachments: [{ filename: pdf.filename, contentType: "application/pdf", content: pdf.content }],
  });
  await recordAudit(tx, actor, {
    action: "quotation.sent",
    entityType: "quotation",
    entityId: q.id,
    summary: `Quotation sent (revision ${revision}): ${q.eventName.slice(0, 120)} to ${q.email.slice(0, 120)}`,
    changes: {
      status: { from: q.status, to: "sent" },
      revision,
      total: totals.total,
      ...priced,
      ...(account.password ? { customerAccountCreated: true } : {}),
    },
  });
  // "Sent to customer" only when e-mail goes out; otherwise the toast says where the message waits.
  const delivers = emailIsSetUp();
  return {
    ok: true,
    id: q.id,
    message: delivers ? QUOTE_MESSAGES.sent : QUOTE_MESSAGES.sentEmailWaits,
    revision,
    version: now.toISOString(),
    waitingEmailId: delivers ? null : queued.id,
  };
}
