import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.server";
import { inventoryItems, inventoryPackageParts, quotationEvents, quotationLines, quotations } from "../../db/schema";
import { formatShortDate } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { freeUnitsByDay } from "../catalogue/stock.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { enqueueEmail } from "../email/outbox.server";
import { wakeEmailSender } from "../email/sender.server";
import { refuse, type Done, type Refusal, type Refused } from "../use-case";
import { customerResponseEmail, type CustomerResponse } from "./change-status-emails";
import { REASON_MAX_LENGTH, type QuotationStatus } from "./constants";
import { ensureQuotationCustomer } from "../sales/quotation-customer.server";
import { openJobForQuotation } from "../jobs/open-job.server";

export { REASON_MAX_LENGTH };

// A quotation's status changes after it was priced (issue 10, backoffice.md §2 and the customer pages, DESIGN §9):
// approve, reject, negotiate. One transaction each: the quotation's row is locked first, so two clicks or two
// tabs change it once; an approval then locks the rows of every item it takes (its lines' items and the parts of
// its packages, in id order, so two approvals never wait on each other in a circle) and counts the stock of every
// day of the rental before it writes anything.
//
// Who may do what:
// - staff approve or reject a pending, sent or negotiating quotation (the spec's buttons are on pending ones; a
//   customer may also answer by phone after it was sent, or in the middle of a negotiation), expired or not,
//   with an optional reason; every change is written to audit_log. Staff do not "negotiate": they send again.
// - a customer approves, rejects or asks to negotiate only a sent quotation addressed to their own e-mail (or
//   opened through its current link), while secure_link_expires_at is in the future; reject and negotiate need a
//   reason. responded_at is set, and the company is e-mailed.
// Every change is a quotation_events row (status_changed, from, to, the reason as its message, who).

export const STATUS_MESSAGES = {
  staffSuccess: "Quotation status updated successfully",
  /** The customer's toast: the spec's "Quotation {status} successfully" for approved and rejected; asking to
   * negotiate reaches no outcome yet, so it says what was done (issue 20). */
  customerSuccess: (to: CustomerResponse) =>
    to === "negotiating" ? "Your request to negotiate was sent" : `Quotation ${to} successfully`,
  failed: "Failed to update quotation status",
  notFound: "Quotation not found",
  expired: "This quotation has expired. Ask us for a new one.",
  reasonRequired: "Please tell us why",
  reasonTooLong: (max: number) => `Reason must be at most ${max} characters`,
  reasonNotText: "Reason must be text",
  reasonControl: "Reason contains characters that are not allowed",
  wrongStatus: (action: string, allowed: readonly QuotationStatus[], status: QuotationStatus) =>
    `Only a ${allowed.join(", ").replace(/, ([^,]*)$/, " or $1")} quotation can be ${action} (this one is ${status})`,
  shortage: (name: string, day: string, free: number, asked: number) =>
    `Not enough ${name} on ${formatShortDate(day)}: ${free} free, ${asked} asked`,
} as const;

/** Who changes the status. */
export type StatusActor =
  /** A back-office user whose role may manage quotations (the route checks the permission). */
  | { kind: "staff"; audit: AuditActor }
  /** A signed-in customer: only quotations addressed to this e-mail. */
  | { kind: "customer"; userId: string | null; email: string }
  /** Someone holding the e-mailed link: only the quotation whose current link has this token's SHA-256 (hex). */
  | { kind: "link"; tokenHash: string };

export interface StockShortage {
  itemId: string;
  name: string;
  /** YYYY-MM-DD */
  day: string;
  free: number;
  asked: number;
}

/** A refused status change: the kit's refusal (app/domain/use-case.ts), with the toast as its message. */
export type StatusChangeRefused = Refused & {
  /** conflict only: which one (the status moved on, the link expired, the stock ran out). */
  code?: "wrong_status" | "expired" | "out_of_stock";
  /** Why, for the page to show under the toast or in the dialog. */
  detail: string;
  shortage?: StockShortage;
};

/** Done, or refused as invalid (the reason, or no such answer), not-found (gone, or not this customer's, or not
 * this link's) or conflict (see `code`). */
export type StatusChangeResult = Done<{ id: string; from: QuotationStatus; to: QuotationStatus }> | StatusChangeRefused;

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function reasonSchema(required: boolean) {
  const text = z
    .string(STATUS_MESSAGES.reasonNotText)
    .trim()
    .max(REASON_MAX_LENGTH, STATUS_MESSAGES.reasonTooLong(REASON_MAX_LENGTH))
    .refine((s) => !CONTROL.test(s), STATUS_MESSAGES.reasonControl);
  return required
    ? z.preprocess((v) => v ?? "", text.min(1, STATUS_MESSAGES.reasonRequired))
    : z.preprocess((v) => (v === "" ? undefined : (v ?? undefined)), text.optional());
}

export interface StatusChangeOptions {
  /** The reason or message, as posted (a form field's value: a string, or anything else to refuse). */
  reason?: unknown;
}

interface Transition {
  to: QuotationStatus;
  verb: "approved" | "rejected" | "negotiating";
  /** Which statuses staff may change it from; null: staff may not. */
  staffFrom: readonly QuotationStatus[] | null;
  reasonRequiredForCustomer: boolean;
}

const TRANSITIONS = {
  approve: {
    to: "approved",
    verb: "approved",
    staffFrom: ["pending", "sent", "negotiating"],
    reasonRequiredForCustomer: false,
  },
  reject: {
    to: "rejected",
    verb: "rejected",
    staffFrom: ["pending", "sent", "negotiating"],
    reasonRequiredForCustomer: true,
  },
  negotiate: { to: "negotiating", verb: "negotiating", staffFrom: null, reasonRequiredForCustomer: true },
} as const satisfies Record<string, Transition>;

const CUSTOMER_FROM: readonly QuotationStatus[] = ["sent"];

/** The toast is always the spec's "Failed to update quotation status"; `detail` says why. */
function refused(
  refusal: Refusal,
  detail: string,
  extra: { code?: StatusChangeRefused["code"]; errors?: Record<string, string>; shortage?: StockShortage } = {},
): StatusChangeRefused {
  const { errors, ...rest } = extra;
  return { ...refuse(refusal, STATUS_MESSAGES.failed, errors), detail, ...rest };
}

const notFound = () => refused("not-found", STATUS_MESSAGES.notFound);

/** Locks the rows of `itemIds` in id order, then checks every day of the rental; the first shortage, or null. */
async function checkStock(
  tx: Tx,
  quotationId: string,
  period: { from: string; to: string },
): Promise<StockShortage | null> {
  const lines = await tx
    .select({ itemId: quotationLines.inventoryItemId, quantity: quotationLines.quantity })
    .from(quotationLines)
    .where(eq(quotationLines.quotationId, quotationId));
  const direct = new Map<string, number>();
  for (const line of lines) if (line.itemId) direct.set(line.itemId, (direct.get(line.itemId) ?? 0) + line.quantity);
  if (direct.size === 0) return null;

  const parts = await tx
    .select({
      packageId: inventoryPackageParts.packageItemId,
      partId: inventoryPackageParts.partItemId,
      quantity: inventoryPackageParts.quantity,
    })
    .from(inventoryPackageParts)
    .where(inArray(inventoryPackageParts.packageItemId, [...direct.keys()]));
  const asked = new Map(direct);
  for (const part of parts) {
    const units = direct.get(part.packageId)! * part.quantity;
    asked.set(part.partId, (asked.get(part.partId) ?? 0) + units);
  }
  const packages = new Set(parts.map((p) => p.packageId));

  // Lock every item involved, in one order, before counting: a second approval of any of them waits here until
  // this transaction ends, then counts what it committed.
  const ids = [...asked.keys()].sort();
  const items = await tx
    .select({ id: inventoryItems.id, name: inventoryItems.name })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, ids))
    .orderBy(asc(inventoryItems.id))
    .for("update");
  const names = new Map(items.map((i) => [i.id, i.name]));

  const free = await freeUnitsByDay(tx, ids, { ...period, excludeQuotationId: quotationId });
  // The first day short; on a day, an item itself before a package (whose own count is rarely the cause).
  const ordered = free.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      Number(packages.has(a.itemId)) - Number(packages.has(b.itemId)) ||
      (names.get(a.itemId) ?? "").localeCompare(names.get(b.itemId) ?? ""),
  );
  for (const row of ordered) {
    const want = asked.get(row.itemId) ?? 0;
    if (want > row.ownFree)
      return {
        itemId: row.itemId,
        name: names.get(row.itemId) ?? "an item",
        day: row.day,
        free: row.ownFree,
        asked: want,
      };
  }
  return null;
}

async function changeStatus(
  db: Db,
  rawId: unknown,
  actor: StatusActor,
  transition: Transition,
  options: StatusChangeOptions,
): Promise<StatusChangeResult> {
  if (typeof rawId !== "string" || !isUuid(rawId)) return notFound();
  const id = rawId.toLowerCase();
  const isStaff = actor.kind === "staff";
  if (isStaff && !transition.staffFrom)
    return refused("conflict", "Only the customer can ask to negotiate", { code: "wrong_status" });

  const parsed = reasonSchema(!isStaff && transition.reasonRequiredForCustomer).safeParse(options.reason);
  if (!parsed.success) {
    const detail = parsed.error.issues[0]!.message;
    return refused("invalid", detail, { errors: { reason: detail } });
  }
  const reason = parsed.data ?? null;
  const company = isStaff ? null : await getCompanySettings(db);

  const result = await db.transaction(async (tx): Promise<StatusChangeResult> => {
    const [q] = await tx
      .select({
        id: quotations.id,
        status: quotations.status,
        email: quotations.email,
        customerName: quotations.customerName,
        customerUserId: quotations.customerUserId,
        eventName: quotations.eventName,
        eventDate: quotations.eventDate,
        rentalEndDate: quotations.rentalEndDate,
        tokenHash: quotations.secureLinkTokenHash,
        live: sql<boolean>`coalesce(${quotations.secureLinkExpiresAt} > now(), false)`,
      })
      .from(quotations)
      .where(eq(quotations.id, id))
      .for("update");
    if (!q) return notFound();

    if (actor.kind === "customer" && q.email.trim().toLowerCase() !== actor.email.trim().toLowerCase())
      return notFound();
    if (actor.kind === "link" && (!q.tokenHash || q.tokenHash !== actor.tokenHash.toLowerCase())) return notFound();

    const allowed = isStaff ? transition.staffFrom! : CUSTOMER_FROM;
    if (!allowed.includes(q.status)) {
      const action = transition.to === "negotiating" ? "negotiated" : transition.verb;
      return refused("conflict", STATUS_MESSAGES.wrongStatus(action, allowed, q.status), { code: "wrong_status" });
    }
    if (!isStaff && !q.live) return refused("conflict", STATUS_MESSAGES.expired, { code: "expired" });

    if (transition.to === "approved") {
      const shortage = await checkStock(tx, q.id, { from: q.eventDate, to: q.rentalEndDate ?? q.eventDate });
      if (shortage)
        return refused(
          "conflict",
          STATUS_MESSAGES.shortage(shortage.name, shortage.day, shortage.free, shortage.asked),
          { code: "out_of_stock", shortage },
        );
    }

    // The customer record invoices and payments hang off (issue 22), made from the contact on the first approval.
    if (transition.to === "approved")
      await ensureQuotationCustomer(
        tx,
        q.id,
        actor.kind === "staff" ? actor.audit.userId : actor.kind === "customer" ? actor.userId : q.customerUserId,
      );

    // The job that follows the equipment out and back (issue 26), opened with the approval.
    if (transition.to === "approved") await openJobForQuotation(tx, q.id);

    const respondedAt = isStaff ? {} : { respondedAt: new Date() };
    await tx
      .update(quotations)
      .set({ status: transition.to, ...respondedAt })
      .where(eq(quotations.id, q.id));
    const who =
      actor.kind === "staff"
        ? { actorUserId: actor.audit.userId, actorLabel: actor.audit.label }
        : actor.kind === "customer"
          ? { actorUserId: actor.userId, actorLabel: actor.email }
          : { actorUserId: q.customerUserId, actorLabel: `${q.email} (link)` };
    await tx.insert(quotationEvents).values({
      quotationId: q.id,
      kind: "status_changed",
      fromStatus: q.status,
      toStatus: transition.to,
      message: reason,
      ...who,
    });

    if (actor.kind === "staff") {
      await recordAudit(tx, actor.audit, {
        action: `quotation.${transition.to}`,
        entityType: "quotation",
        entityId: q.id,
        summary: `Quotation ${transition.verb}: ${q.eventName.slice(0, 120)} (${q.customerName.slice(0, 80)})`,
        changes: { status: { from: q.status, to: transition.to }, ...(reason ? { reason } : {}) },
      });
    } else {
      await enqueueEmail(
        tx,
        customerResponseEmail(
          transition.to as CustomerResponse,
          { ...q, reason, via: actor.kind === "link" ? "link" : "portal" },
          company!.notificationEmail,
        ),
      );
    }
    return {
      ok: true,
      id: q.id,
      from: q.status,
      to: transition.to,
      message: isStaff
        ? STATUS_MESSAGES.staffSuccess
        : STATUS_MESSAGES.customerSuccess(transition.to as CustomerResponse),
    };
  });
  if (result.ok && !isStaff) wakeEmailSender();
  return result;
}

/** Approves: staff from pending, sent or negotiating; a customer from sent, before expiry. Checks stock by date. */
export function approveQuotation(db: Db, id: unknown, actor: StatusActor, options: StatusChangeOptions = {}) {
  return changeStatus(db, id, actor, TRANSITIONS.approve, options);
}

/** Rejects: staff from pending, sent or negotiating (reason optional); a customer from sent (reason required). */
export function rejectQuotation(db: Db, id: unknown, actor: StatusActor, options: StatusChangeOptions = {}) {
  return changeStatus(db, id, actor, TRANSITIONS.reject, options);
}

/** The customer asks to negotiate a sent quotation, before expiry, with a reason. Staff are refused. */
export function requestNegotiation(db: Db, id: unknown, actor: StatusActor, options: StatusChangeOptions = {}) {
  return changeStatus(db, id, actor, TRANSITIONS.negotiate, options);
}

/** A customer's (or a link holder's) answer to a sent quotation, by the form's intent. */
export function respondAsCustomer(
  db: Db,
  intent: unknown,
  id: unknown,
  actor: Extract<StatusActor, { kind: "customer" | "link" }>,
  options: StatusChangeOptions,
): Promise<StatusChangeResult> {
  switch (intent) {
    case "approve":
      return approveQuotation(db, id, actor, options);
    case "reject":
      return rejectQuotation(db, id, actor, options);
    case "negotiate":
      return requestNegotiation(db, id, actor, options);
    default:
      return Promise.resolve(refused("invalid", "Choose Approve, Reject or Negotiate"));
  }
}
