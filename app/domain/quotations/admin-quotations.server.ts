import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import {
  inventoryItems,
  jobs,
  quotationEvents,
  quotationLines,
  quotationRevisions,
  quotations as t,
  rateStructures,
} from "../../db/schema";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageIds, pageOf, searchAny } from "../../lib/list-query.server";
import type { RateStructureDays } from "../catalogue/rate-structures";
import { freeUnitsByDay } from "../catalogue/stock.server";
import { inventorySearch } from "../inventory/inventory-list.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { jobReference, type JobStatus } from "../jobs/constants";
import { ADMIN_QUOTATION_LIST, SENDABLE_STATUSES } from "./admin-quotation-list";
import type { QuotationEventKind, QuotationStatus } from "./constants";

// What the back office reads of quotations (issue 10): the list (DESIGN §9 Lists) and the Quotation Details panel,
// with each line's availability over the rental period, the revisions sent and the timeline of events.

const SORT_COLUMNS = {
  received: t.createdAt,
  event: [t.eventDate, t.eventTime],
} as const;

export interface AdminQuotationRow {
  id: string;
  eventName: string;
  customerName: string;
  email: string;
  status: QuotationStatus;
  eventDate: string;
  eventTime: string;
  eventLocation: string;
  total: string;
  revision: number;
  createdAt: Date;
}

/** One page of quotations: filtered by status, searched over name, e-mail and event, sorted as the URL asks. */
export async function listAdminQuotations(
  db: DbOrTx,
  state: StateOf<typeof ADMIN_QUOTATION_LIST>,
): Promise<ListPage<AdminQuotationRow>> {
  const where = and(
    searchAny(state.q, [t.customerName, t.email, t.eventName]),
    state.filters.status ? eq(t.status, state.filters.status) : undefined,
  );
  const order = listOrder(SORT_COLUMNS[state.sort], state.dir, t.id);
  return pageOf(db, ADMIN_QUOTATION_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select({
          id: t.id,
          eventName: t.eventName,
          customerName: t.customerName,
          email: t.email,
          status: t.status,
          eventDate: t.eventDate,
          eventTime: t.eventTime,
          eventLocation: t.eventLocation,
          total: t.total,
          revision: t.revision,
          createdAt: t.createdAt,
        })
        .from(t)
        .where(inArray(t.id, pageIds(db, t, t.id, where, order, limit, offset)))
        .orderBy(...order),
  });
}

/** How many quotations are in each status (the filter's counts). */
export async function countQuotationsByStatus(db: DbOrTx): Promise<Record<QuotationStatus, number>> {
  const rows = await db
    .select({ status: t.status, n: sql<number>`count(*)::int` })
    .from(t)
    .groupBy(t.status);
  const counts: Record<QuotationStatus, number> = { pending: 0, sent: 0, approved: 0, rejected: 0, negotiating: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export interface AdminQuotationLine {
  id: string;
  inventoryItemId: string | null;
  name: string;
  size: string | null;
  quantity: number;
  unitPrice: string;
  total: string;
  /** The days charged as stored (null: charged once). */
  days: number | null;
  /** The price unit as stored with the line (a snapshot). */
  priceUnit: string | null;
  /** The price unit a save uses: the item's now, else the line's snapshot. */
  currentPriceUnit: string | null;
  /** The item's rate structure now (null: the default, every day), for the panel's live totals. */
  rateStructure: RateStructureDays | null;
  /** The item's price in the inventory now; null when the item is gone. */
  cataloguePrice: string | null;
  /** The item was deleted (null) or archived: the line cannot be sent again. */
  itemGone: boolean;
  /**
   * The fewest units free on a day of the rental period, counting every other approved quotation (this one
   * aside), and that day; null when the item is gone.
   */
  freeLeast: { free: number; day: string } | null;
}

export interface AdminQuotationRevision {
  revision: number;
  total: string;
  validUntil: Date;
  sentAt: Date;
  sentByLabel: string;
}

export interface AdminQuotationEvent {
  id: string;
  kind: QuotationEventKind;
  fromStatus: QuotationStatus | null;
  toStatus: QuotationStatus | null;
  message: string | null;
  actorLabel: string;
  createdAt: Date;
}

export interface ProductOption {
  id: string;
  name: string;
  size: string | null;
  price: string;
  priceUnit: string;
  /** Null: the default structure (every day). */
  rateStructure: RateStructureDays | null;
}

function structureOf(row: { daysCharged: number[] | null; extraWeekDays: number | null }): RateStructureDays | null {
  return row.daysCharged && row.extraWeekDays
    ? { daysCharged: row.daysCharged, extraWeekDays: row.extraWeekDays }
    : null;
}

export interface AdminQuotation {
  id: string;
  status: QuotationStatus;
  customerName: string;
  email: string;
  phone: string;
  eventName: string;
  eventDate: string;
  rentalEndDate: string | null;
  eventTime: string;
  eventLocation: string;
  notes: string | null;
  total: string;
  discount: string;
  /** The rate a save or send uses: the company's now while it can be priced, else the one it was priced at. */
  vatRatePercent: string;
  revision: number;
  createdAt: Date;
  sentAt: Date | null;
  linkExpiresAt: Date | null;
  respondedAt: Date | null;
  /** The version the pricing form posts back (updated_at, ISO). */
  version: string;
  lines: AdminQuotationLine[];
  revisions: AdminQuotationRevision[];
  events: AdminQuotationEvent[];
  /** The job its approval opened (issue 26); null before approval (and for one approved before jobs began). */
  job: { id: string; reference: string; status: JobStatus } | null;
}

/** A quotation as the Quotation Details panel shows it; undefined for a malformed or unknown id. */
export async function getAdminQuotation(db: DbOrTx, id: string): Promise<AdminQuotation | undefined> {
  if (!isUuid(id)) return undefined;
  const [q] = await db.select().from(t).where(eq(t.id, id.toLowerCase()));
  if (!q) return undefined;
  const [lines, revisions, events, company, jobRows] = await Promise.all([
    db
      .select({
        id: quotationLines.id,
        inventoryItemId: quotationLines.inventoryItemId,
        name: quotationLines.name,
        size: quotationLines.size,
        quantity: quotationLines.quantity,
        unitPrice: quotationLines.unitPrice,
        total: quotationLines.total,
        days: quotationLines.days,
        linePriceUnit: quotationLines.priceUnit,
        itemPriceUnit: inventoryItems.priceUnit,
        daysCharged: rateStructures.daysCharged,
        extraWeekDays: rateStructures.extraWeekDays,
        cataloguePrice: inventoryItems.price,
        archivedAt: inventoryItems.archivedAt,
      })
      .from(quotationLines)
      .leftJoin(inventoryItems, eq(inventoryItems.id, quotationLines.inventoryItemId))
      .leftJoin(rateStructures, eq(rateStructures.id, inventoryItems.rateStructureId))
      .where(eq(quotationLines.quotationId, q.id))
      .orderBy(asc(quotationLines.lineNo), asc(quotationLines.id)),
    db
      .select({
        revision: quotationRevisions.revision,
        total: quotationRevisions.total,
        validUntil: quotationRevisions.validUntil,
        sentAt: quotationRevisions.createdAt,
        sentByLabel: quotationRevisions.sentByLabel,
      })
      .from(quotationRevisions)
      .where(eq(quotationRevisions.quotationId, q.id))
      .orderBy(desc(quotationRevisions.revision)),
    db
      .select({
        id: quotationEvents.id,
        kind: quotationEvents.kind,
        fromStatus: quotationEvents.fromStatus,
        toStatus: quotationEvents.toStatus,
        message: quotationEvents.message,
        actorLabel: quotationEvents.actorLabel,
        createdAt: quotationEvents.createdAt,
      })
      .from(quotationEvents)
      .where(eq(quotationEvents.quotationId, q.id))
      .orderBy(asc(quotationEvents.createdAt), asc(quotationEvents.id)),
    getCompanySettings(db),
    db.select({ id: jobs.id, number: jobs.number, status: jobs.status }).from(jobs).where(eq(jobs.quotationId, q.id)),
  ]);
  const job = jobRows[0]
    ? { id: jobRows[0].id, reference: jobReference(jobRows[0].number), status: jobRows[0].status }
    : null;

  const itemIds = [...new Set(lines.flatMap((l) => (l.inventoryItemId ? [l.inventoryItemId] : [])))];
  const free = await freeUnitsByDay(db, itemIds, {
    from: q.eventDate,
    to: q.rentalEndDate ?? q.eventDate,
    excludeQuotationId: q.id,
  });
  const least = new Map<string, { free: number; day: string }>();
  for (const row of free) {
    const seen = least.get(row.itemId);
    if (!seen || row.free < seen.free) least.set(row.itemId, { free: row.free, day: row.day });
  }

  const priceable = (SENDABLE_STATUSES as readonly QuotationStatus[]).includes(q.status);
  return {
    id: q.id,
    status: q.status,
    customerName: q.customerName,
    email: q.email,
    phone: q.phone,
    eventName: q.eventName,
    eventDate: q.eventDate,
    rentalEndDate: q.rentalEndDate,
    eventTime: q.eventTime,
    eventLocation: q.eventLocation,
    notes: q.notes,
    total: q.total,
    discount: q.discount,
    vatRatePercent: priceable ? company.vatRatePercent : q.vatRatePercent,
    revision: q.revision,
    createdAt: q.createdAt,
    sentAt: q.sentAt,
    linkExpiresAt: q.secureLinkExpiresAt,
    respondedAt: q.respondedAt,
    version: q.updatedAt.toISOString(),
    lines: lines.map(
      ({ archivedAt, cataloguePrice, linePriceUnit, itemPriceUnit, daysCharged, extraWeekDays, ...line }) => ({
        ...line,
        priceUnit: linePriceUnit,
        currentPriceUnit: itemPriceUnit ?? linePriceUnit,
        rateStructure: structureOf({ daysCharged, extraWeekDays }),
        cataloguePrice,
        itemGone: !line.inventoryItemId || archivedAt !== null,
        freeLeast: line.inventoryItemId ? (least.get(line.inventoryItemId) ?? null) : null,
      }),
    ),
    revisions,
    events,
    job,
  };
}

export const PRODUCT_OPTIONS_LIMIT = 20;

/**
 * The items a line can be added for, as staff type in the panel's product search: up to 20 items not archived
 * whose name, description or tags match `q` (the inventory list's search), by name, with how each is charged.
 * Nothing for an empty search: at 100,000 items the panel cannot send them all.
 */
export async function searchProductOptions(db: DbOrTx, q: string): Promise<ProductOption[]> {
  const text = q.trim().slice(0, 100);
  if (!text) return [];
  const rows = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      size: inventoryItems.size,
      price: inventoryItems.price,
      priceUnit: inventoryItems.priceUnit,
      daysCharged: rateStructures.daysCharged,
      extraWeekDays: rateStructures.extraWeekDays,
    })
    .from(inventoryItems)
    .leftJoin(rateStructures, eq(rateStructures.id, inventoryItems.rateStructureId))
    .where(and(isNull(inventoryItems.archivedAt), inventorySearch(text)))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(PRODUCT_OPTIONS_LIMIT);
  return rows.map(({ daysCharged, extraWeekDays, ...row }) => ({
    ...row,
    rateStructure: structureOf({ daysCharged, extraWeekDays }),
  }));
}
