import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import {
  AVAILABILITY_STATUSES,
  CATEGORY_IDS,
  INVENTORY_GROUPS,
  SOURCES,
  type SupplierInfo,
  type Variation,
} from "../../domain/catalogue/constants";
import { createdAt, id, money, sqlList, updatedAt } from "./columns";

/** One table for the public catalogue and the back-office inventory (DESIGN §4). */
export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: id(),
    /** The public id in URLs, e.g. led-wall-p3. */
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category", { enum: CATEGORY_IDS }).notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text("source", { enum: SOURCES }).notNull().default("in-house"),
    inventoryGroup: text("inventory_group", { enum: INVENTORY_GROUPS }).notNull().default("STV"),
    imageUrls: text("image_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    price: money("price").notNull().default("0"),
    priceUnit: text("price_unit").notNull().default("unit/day"),
    pricingHint: text("pricing_hint"),
    size: text("size"),
    /** Units owned; quotations for one date cannot promise more (DESIGN §6). */
    quantity: integer("quantity").notNull().default(1),
    status: text("status", { enum: AVAILABILITY_STATUSES }).notNull().default("available"),
    variations: jsonb("variations").$type<Variation[]>().notNull().default([]),
    supplierInfo: jsonb("supplier_info").$type<SupplierInfo>(),
    purchaseRate: money("purchase_rate"),
    paidAmount: money("paid_amount"),
    /** Catalogue order; the storefront's "first 3 products" are the first by this. */
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("inventory_items_name_idx").on(t.name),
    index("inventory_items_category_idx").on(t.category),
    index("inventory_items_status_idx").on(t.status),
    index("inventory_items_source_idx").on(t.source),
    index("inventory_items_group_idx").on(t.inventoryGroup),
    index("inventory_items_price_idx").on(t.price),
    index("inventory_items_sort_order_idx").on(t.sortOrder, t.name),
    index("inventory_items_created_at_idx").on(t.createdAt),
    check("inventory_items_category_check", sql.raw(`category in (${sqlList(CATEGORY_IDS)})`)),
    check("inventory_items_source_check", sql.raw(`source in (${sqlList(SOURCES)})`)),
    check("inventory_items_group_check", sql.raw(`inventory_group in (${sqlList(INVENTORY_GROUPS)})`)),
    check("inventory_items_status_check", sql.raw(`status in (${sqlList(AVAILABILITY_STATUSES)})`)),
    check("inventory_items_price_check", sql`${t.price} >= 0`),
    check("inventory_items_quantity_check", sql`${t.quantity} >= 0`),
    check("inventory_items_purchase_rate_check", sql`${t.purchaseRate} is null or ${t.purchaseRate} >= 0`),
    check("inventory_items_paid_amount_check", sql`${t.paidAmount} is null or ${t.paidAmount} >= 0`),
  ],
);
