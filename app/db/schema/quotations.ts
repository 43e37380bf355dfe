import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  time,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { QuotationRevisionLine } from "../../domain/quotations/constants";
import { QUOTATION_EVENT_KINDS, QUOTATION_STATUSES } from "../../domain/quotations/constants";
import { users } from "./auth";
import { inventoryItems } from "./catalogue";
import { customers } from "./sales";
import { RENTAL_MAX_DAYS } from "../../lib/business-date";
import { businessDateRange } from "./date-range";
import { createdAt, id, money, sqlList, updatedAt } from "./columns";

export const quotations = pgTable(
  "quotations",
  {
    id: id(),
    customerName: text("customer_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    eventName: text("event_name").notNull(),
    eventDate: date("event_date").notNull(),
    /**
     * The last day of the rental: the equipment is promised from event_date to this day (issue 10). Null is a
     * one-day rental (the event date); read it through rentalEndSql.
     */
    rentalEndDate: date("rental_end_date"),
    eventTime: time("event_time").notNull(),
    eventLocation: text("event_location").notNull(),
    notes: text("notes"),
    status: text("status", { enum: QUOTATION_STATUSES }).notNull().default("pending"),
    total: money("total").notNull().default("0"),
    /** The current prices' discount, in taka, before VAT. */
    discount: money("discount").notNull().default("0"),
    /** VAT on the current prices, in percent (company settings' rate when priced). */
    vatRatePercent: numeric("vat_rate_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    /** The last revision sent (quotation_revisions); 0 before the first send. */
    revision: integer("revision").notNull().default(0),
    /** The customer's login, set when the quotation is first sent (DESIGN §6). */
    customerUserId: uuid("customer_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The customer record (issue 22): made from the contact on the first approval, or chosen; merges move it. */
    customerId: uuid("customer_id").references((): AnyPgColumn => customers.id, { onDelete: "restrict" }),
    /**
     * The SHA-256 (hex) of the customer link's token: the token itself is only in the e-mail, so a copy of the
     * database opens no quotation. A new send replaces it, so the old link stops working.
     */
    secureLinkTokenHash: text("secure_link_token_hash").unique(),
    secureLinkExpiresAt: timestamp("secure_link_expires_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** One quotation per submitted form, however often it is resent. */
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotations_status_created_at_idx").on(t.status, t.createdAt),
    // The list's default sort, id breaking ties: a deep page's ids counted from the index alone (issue 19).
    index("quotations_created_at_idx").on(t.createdAt, t.id),
    index("quotations_event_date_idx").on(t.eventDate),
    // Stock by date: the approved quotations whose rental covers a day.
    index("quotations_approved_period_idx")
      .on(t.eventDate, sql`coalesce(${t.rentalEndDate}, ${t.eventDate})`)
      .where(sql`status = 'approved'`),
    // The same as a range (catalogue/stock.server.ts's rentalSql): found by containment or overlap, and counted
    // right by the planner from the range's statistics, where the two dates' bounds were taken as independent and
    // thousands of rentals were expected for a day that has dozens (issue 19).
    index("quotations_approved_rental_idx")
      .using("gist", sql`daterange(${t.eventDate}, coalesce(${t.rentalEndDate}, ${t.eventDate}), '[]')`)
      .where(sql`status = 'approved'`),
    index("quotations_email_idx").on(t.email),
    // A customer's quotations: their e-mail as typed in any case (customer-quotations.server.ts).
    index("quotations_email_lower_idx").on(sql`lower(${t.email})`),
    index("quotations_customer_user_id_idx").on(t.customerUserId),
    index("quotations_customer_id_idx").on(t.customerId, t.createdAt),
    // The back office's search (name, e-mail, event) by substring: one trigram index per column, OR-ed (issue 19).
    index("quotations_customer_name_trgm_idx").using("gin", sql`${t.customerName} gin_trgm_ops`),
    index("quotations_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("quotations_event_name_trgm_idx").using("gin", sql`${t.eventName} gin_trgm_ops`),
    // The dashboard's approvals since a day: those whose answer or last change is since then (the rest are found
    // by their approval event; dashboard/revenue.server.ts).
    index("quotations_approved_changed_idx")
      .on(sql`greatest(${t.respondedAt}, ${t.updatedAt})`)
      .where(sql`status = 'approved'`),
    check("quotations_status_check", sql.raw(`status in (${sqlList(QUOTATION_STATUSES)})`)),
    check("quotations_total_check", sql`${t.total} >= 0`),
    check("quotations_discount_check", sql`${t.discount} >= 0`),
    businessDateRange("quotations", t.eventDate),
    businessDateRange("quotations", t.rentalEndDate),
    // A rental of at most a year (RENTAL_MAX_DAYS, first and last day included): a longer one made opening the
    // quotation scan every day of it (issue 38, finding 3).
    check(
      "quotations_rental_span_check",
      sql`${t.rentalEndDate} is null or ${t.rentalEndDate} - ${t.eventDate} < ${sql.raw(String(RENTAL_MAX_DAYS))}`,
    ),
    check("quotations_vat_rate_check", sql`${t.vatRatePercent} >= 0 and ${t.vatRatePercent} <= 100`),
    check("quotations_rental_period_check", sql`${t.rentalEndDate} is null or ${t.rentalEndDate} >= ${t.eventDate}`),
  ],
);

/**
 * Each version of a quotation as it was sent to the customer: its lines and money as they were then, so every
 * revision stays viewable and its PDF can be made again exactly.
 */
export const quotationRevisions = pgTable(
  "quotation_revisions",
  {
    id: id(),
    quotationId: uuid("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    /** 1 for the first send, then 2, 3... */
    revision: integer("revision").notNull(),
    lines: jsonb("lines").$type<QuotationRevisionLine[]>().notNull(),
    subtotal: money("subtotal").notNull(),
    discount: money("discount").notNull(),
    vatRatePercent: numeric("vat_rate_percent", { precision: 5, scale: 2 }).notNull(),
    vatAmount: money("vat_amount").notNull(),
    total: money("total").notNull(),
    eventDate: date("event_date").notNull(),
    rentalEndDate: date("rental_end_date").notNull(),
    /** Until when the customer's link opened this revision. */
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    /**
     * The terms printed on this revision, as Settings held them when it was sent (a later change there never
     * alters it); revisions sent before the terms could be edited keep the text they were printed with.
     */
    terms: jsonb("terms").$type<string[]>().notNull(),
    sentByUserId: uuid("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    sentByLabel: text("sent_by_label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("quotation_revisions_quotation_revision_unique").on(t.quotationId, t.revision),
    index("quotation_revisions_sent_by_user_id_idx").on(t.sentByUserId),
    check("quotation_revisions_revision_check", sql`${t.revision} > 0`),
    check(
      "quotation_revisions_terms_check",
      sql`jsonb_typeof(${t.terms}) = 'array' and jsonb_array_length(${t.terms}) > 0`,
    ),
    check(
      "quotation_revisions_money_check",
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.vatAmount} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

export const quotationLines = pgTable(
  "quotation_lines",
  {
    id: id(),
    quotationId: uuid("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    // The item may later be deleted; the line keeps its name and size as snapshots.
    inventoryItemId: uuid("inventory_item_id").references(() => inventoryItems.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    size: text("size"),
    quantity: integer("quantity").notNull(),
    unitPrice: money("unit_price").notNull(),
    /** The item's price unit when priced ("sqm/day", "event"), a snapshot like the name. */
    priceUnit: text("price_unit"),
    /**
     * The days charged when priced (ADR 0019): the rental's length through the item's rate structure for a price
     * per day; null for a price charged once. total = unit_price × quantity × days (× 1 when null).
     */
    days: integer("days"),
    total: money("total").notNull(),
    lineNo: integer("line_no").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotation_lines_quotation_id_idx").on(t.quotationId, t.lineNo),
    index("quotation_lines_inventory_item_id_idx").on(t.inventoryItemId),
    check("quotation_lines_quantity_check", sql`${t.quantity} > 0`),
    check("quotation_lines_unit_price_check", sql`${t.unitPrice} >= 0`),
    check("quotation_lines_total_check", sql`${t.total} >= 0`),
    check("quotation_lines_days_check", sql`${t.days} is null or ${t.days} > 0`),
  ],
);

/** Every status change and negotiation message of a quotation, with who and when. */
export const quotationEvents = pgTable(
  "quotation_events",
  {
    id: id(),
    quotationId: uuid("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: QUOTATION_EVENT_KINDS }).notNull(),
    fromStatus: text("from_status", { enum: QUOTATION_STATUSES }),
    toStatus: text("to_status", { enum: QUOTATION_STATUSES }),
    message: text("message"),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who acted, as shown later even if the user is gone: an e-mail, or "visitor". */
    actorLabel: text("actor_label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("quotation_events_quotation_id_idx").on(t.quotationId, t.createdAt),
    index("quotation_events_actor_user_id_idx").on(t.actorUserId),
    // The approvals since a day, and a quotation's latest approval (dashboard/revenue.server.ts).
    index("quotation_events_approved_at_idx")
      .on(t.createdAt, t.quotationId)
      .where(sql`to_status = 'approved'`),
    index("quotation_events_approved_quotation_idx")
      .on(t.quotationId, t.createdAt)
      .where(sql`to_status = 'approved'`),
    check("quotation_events_kind_check", sql.raw(`kind in (${sqlList(QUOTATION_EVENT_KINDS)})`)),
  ],
);
