import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, time, timestamp, uuid } from "drizzle-orm/pg-core";
import { QUOTATION_EVENT_KINDS, QUOTATION_STATUSES } from "../../domain/quotations/constants";
import { users } from "./auth";
import { inventoryItems } from "./catalogue";
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
    eventTime: time("event_time").notNull(),
    eventLocation: text("event_location").notNull(),
    notes: text("notes"),
    status: text("status", { enum: QUOTATION_STATUSES }).notNull().default("pending"),
    total: money("total").notNull().default("0"),
    /** The customer's login, set when the quotation is first sent (DESIGN §6). */
    customerUserId: uuid("customer_user_id").references(() => users.id, { onDelete: "set null" }),
    secureLinkToken: text("secure_link_token").unique(),
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
    index("quotations_created_at_idx").on(t.createdAt),
    index("quotations_event_date_idx").on(t.eventDate),
    index("quotations_email_idx").on(t.email),
    index("quotations_customer_user_id_idx").on(t.customerUserId),
    check("quotations_status_check", sql.raw(`status in (${sqlList(QUOTATION_STATUSES)})`)),
    check("quotations_total_check", sql`${t.total} >= 0`),
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
    check("quotation_events_kind_check", sql.raw(`kind in (${sqlList(QUOTATION_EVENT_KINDS)})`)),
  ],
);
