import { and, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.server";
import { inventoryItems, quotationEvents, quotationLines, quotations } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { getCompanySettings } from "../settings/company-settings.server";
import { wakeEmailSender } from "../email/sender.server";
import { requireAllowance, type RateLimitRule } from "../../lib/rate-limit.server";
import type { QuotationSummary } from "./created-emails";
import { queueQuotationCreatedEmails } from "./created-emails.server";
import { fitsMoneyColumn, moneyTooLargeMessage, priceLines } from "../../lib/money";
import { lineDays } from "../catalogue/rate-structures";
import { quotationRequestSchemaFor } from "./request";
import { findQuotationByIdempotencyKey, summaryColumns } from "./summary.server";
import { refuse, type Refused, type UseCaseResult } from "../use-case";
import { liveCustomerIdByEmail } from "../sales/quotation-customer.server";

export type { QuotationSummary } from "./created-emails";

/** The confirmation screen's title (storefront.md §2 /quotation). */
const QUOTATION_REQUEST_STORED = "Request Sent!";

export const QUOTATION_STOCK_MESSAGES = {
  unavailable: "A selected product is no longer available",
  listedTwice: "A product is listed twice",
  overStock: (available: number, name: string) => `Only ${available} available: ${name}`,
} as const;

/** Stored (or stored before, under the same idempotency key), or refused as invalid with one message per field. */
export type CreateQuotationResult = UseCaseResult<{ quotation: QuotationSummary; duplicate: boolean }>;

/**
 * One message per field, the first; everything about the cart lines under "items". Fields the form does not
 * have are reported together under "form", by name (never used as keys, so "__proto__" stays harmless).
 */
export function quotationRequestErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      errors.form ??= `Unexpected field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`;
      continue;
    }
    const field = issue.path.length ? String(issue.path[0]) : "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The form's toast, as the page picks it: the cart's message, else the whole form's, else the first field's. */
const invalid = (errors: Record<string, string>): Refused =>
  refuse("invalid", errors.items ?? errors.form ?? Object.values(errors)[0] ?? "", errors);

export interface CreateQuotationOptions {
  /**
   * The client's allowance of stored requests, used in the transaction that stores this one: a refused or
   * repeated request uses none, and when it was used up meanwhile nothing is stored and
   * RateLimitExceededError is thrown.
   */
  allowance?: RateLimitRule;
  /** The day in Dhaka that decides which event dates have passed; today unless given. */
  today?: string;
}

/**
 * Stores a quotation request from the storefront (storefront.md §7.2, DESIGN §4-§6). Every price comes from
 * the inventory, never from the browser. The quotation, its lines, its 'created' event and the notification
 * e-mails (the customer's within its limits) are written in one transaction, or nothing is. A form sent again
 * with the same idempotency key (a double click, a retry, two tabs at the same moment) gets the first
 * quotation back and writes nothing. `today` (Dhaka) decides which event dates have passed.
 */
export async function createQuotationRequest(
  db: Db,
  raw: unknown,
  options: CreateQuotationOptions = {},
): Promise<CreateQuotationResult> {
  const parsed = quotationRequestSchemaFor(options.today ?? todayInDhaka()).safeParse(raw);
  if (!parsed.success) return invalid(quotationRequestErrors(parsed.error));
  const request = parsed.data;
  const idempotencyKey = request.idempotencyKey.toLowerCase();

  const earlier = await findQuotationByIdempotencyKey(db, idempotencyKey);
  if (earlier) return { ok: true, message: QUOTATION_REQUEST_STORED, quotation: earlier, duplicate: true };

  // The requested items, in one query.
  const stock = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      size: inventoryItems.size,
      price: inventoryItems.price,
      priceUnit: inventoryItems.priceUnit,
      quantity: inventoryItems.quantity,
    })
    .from(inventoryItems)
    .where(
      and(
        inArray(
          inventoryItems.id,
          request.items.map((line) => line.productId),
        ),
        // An archived item is no longer offered (it stays only for the quotations that have it).
        isNull(inventoryItems.archivedAt),
      ),
    );
  const byId = new Map(stock.map((item) => [item.id, item]));
  const lines: { item: (typeof stock)[number]; quantity: number }[] = [];
  for (const line of request.items) {
    const item = byId.get(line.productId.toLowerCase());
    if (!item) return invalid({ items: QUOTATION_STOCK_MESSAGES.unavailable });
    // The schema compares ids as typed; the same uuid in another letter case is the same product.
    if (lines.some((l) => l.item.id === item.id)) return invalid({ items: QUOTATION_STOCK_MESSAGES.listedTwice });
    if (line.quantity > item.quantity)
      return invalid({ items: QUOTATION_STOCK_MESSAGES.overStock(item.quantity, item.name) });
    lines.push({ item, quantity: line.quantity });
  }
  // A request is for the event's day: a price per day is charged for one day under every rate structure (each
  // charges 1 day for 1), a price per event once (ADR 0019). Staff set a longer rental when pricing.
  const days = lines.map(({ item }) => lineDays(item.priceUnit, 1, null));
  const priced = priceLines(
    lines.map(({ item, quantity }, i) => ({ unitPrice: item.price, quantity, days: days[i] ?? 1 })),
  );
  const over = priced.lineTotalsPaisa.findIndex((paisa) => !fitsMoneyColumn(paisa));
  if (over >= 0) return invalid({ items: moneyTooLargeMessage(`Total of ${lines[over]!.item.name}`) });
  if (!fitsMoneyColumn(priced.totalPaisa)) return invalid({ items: moneyTooLargeMessage("Total") });

  const company = await getCompanySettings(db);

  const created = await db.transaction(async (tx): Promise<QuotationSummary | null> => {
    // A request with the same key committed in the meantime, or still committing: this one waits for it and
    // then inserts nothing.
    const [row] = await tx
      .insert(quotations)
      .values({
        customerName: request.name,
        email: request.email,
        phone: request.phone,
        eventName: request.event_name,
        eventDate: request.event_date,
        eventTime: request.event_time,
        eventLocation: request.event_location,
        notes: request.notes,
        status: "pending",
        total: priced.total,
        idempotencyKey,
        // A returning customer's request hangs off their record at once (issue 22); a new one gets its record on
        // the first approval (sales/quotation-customer.server.ts).
        customerId: liveCustomerIdByEmail(request.email),
      })
      .onConflictDoNothing({ target: quotations.idempotencyKey })
      .returning(summaryColumns);
    if (!row) return null;

    const storedLines = await tx
      .insert(quotationLines)
      .values(
        lines.map(({ item, quantity }, i) => ({
          quotationId: row.id,
          inventoryItemId: item.id,
          name: item.name,
          size: item.size,
          quantity,
          unitPrice: priced.lines[i]!.unitPrice,
          priceUnit: item.priceUnit,
          days: days[i],
          total: priced.lines[i]!.total,
          lineNo: i + 1,
        })),
      )
      .returning({
        inventoryItemId: quotationLines.inventoryItemId,
        name: quotationLines.name,
        size: quotationLines.size,
        quantity: quotationLines.quantity,
        unitPrice: quotationLines.unitPrice,
        total: quotationLines.total,
        lineNo: quotationLines.lineNo,
      });

    await tx.insert(quotationEvents).values({
      quotationId: row.id,
      kind: "created",
      toStatus: "pending",
      actorLabel: row.email,
    });

    const summary: QuotationSummary = {
      ...row,
      createdAt: row.createdAt.toISOString(),
      lines: storedLines.sort((a, b) => a.lineNo - b.lineNo).map(({ lineNo: _lineNo, ...line }) => line),
    };
    await queueQuotationCreatedEmails(tx, summary, company);
    // Last, so the counter's row is locked only for the end of the transaction.
    if (options.allowance) await requireAllowance(tx, options.allowance);
    return summary;
  });

  if (!created) {
    const winner = await findQuotationByIdempotencyKey(db, idempotencyKey);
    if (!winner) throw new Error("quotation insert conflicted on its idempotency key, but no quotation has it");
    return { ok: true, message: QUOTATION_REQUEST_STORED, quotation: winner, duplicate: true };
  }
  // Committed: the e-mails can go now rather than at the sender's next tick.
  wakeEmailSender();
  return { ok: true, message: QUOTATION_REQUEST_STORED, quotation: created, duplicate: false };
}
