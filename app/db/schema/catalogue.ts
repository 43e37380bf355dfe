import { sql, type SQL } from "drizzle-orm";
import {
  type ExtraConfigColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { StoredImageRecord } from "../../domain/media/stored-image";
import {
  AVAILABILITY_STATUSES,
  CATEGORY_IDS,
  INVENTORY_GROUPS,
  SD_RATE_MAX_PERCENT,
  SOURCES,
  type SupplierInfo,
  type Variation,
} from "../../domain/catalogue/constants";
import { categorySortSql, inventoryNameSortSql } from "../../domain/catalogue/category-sort";
import { createdAt, id, money, sqlList, updatedAt } from "./columns";

/**
 * Rate structures (issue 19, ADR 0019): how many days a rental priced per day is charged. days_charged holds the
 * days charged for a rental of 1 to 7 days; extra_week_days those of each further week
 * (domain/catalogue/rate-structures.ts). The default, charging every day, is built in: items without one use it.
 */
export const rateStructures = pgTable(
  "rate_structures",
  {
    id: id(),
    name: text("name").notNull().unique(),
    daysCharged: integer("days_charged").array().notNull(),
    extraWeekDays: integer("extra_week_days").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("rate_structures_days_charged_check", sql`cardinality(${t.daysCharged}) = 7`),
    check("rate_structures_extra_week_days_check", sql`${t.extraWeekDays} between 1 and 7`),
  ],
);

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
    /** What the storefront shows, in order: uploaded pictures by their address, and addresses typed in. */
    imageUrls: text("image_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The uploaded pictures among image_urls, so their files can be deleted when they leave the list. */
    uploadedImages: jsonb("uploaded_images").$type<StoredImageRecord[]>().notNull().default([]),
    price: money("price").notNull().default("0"),
    priceUnit: text("price_unit").notNull().default("unit/day"),
    /**
     * The supplementary duty (SD) on its supply, in percent (issue 37): 0 for rental unless set; a quotation sent
     * keeps it on its revision's line, and the tax invoice charges it, VAT then on the value and the SD.
     */
    sdRatePercent: numeric("sd_rate_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    /** How a price per day is charged for a longer rental; null is the default structure (every day). */
    rateStructureId: uuid("rate_structure_id").references(() => rateStructures.id, { onDelete: "restrict" }),
    pricingHint: text("pricing_hint"),
    size: text("size"),
    /** Units owned; quotations for one date cannot promise more (DESIGN §6). */
    quantity: integer("quantity").notNull().default(1),
    status: text("status", { enum: AVAILABILITY_STATUSES }).notNull().default("available"),
    /** Units in the workshop: not available on any day before repair_return_date (never, without one). */
    unitsUnderRepair: integer("units_under_repair").notNull().default(0),
    repairReturnDate: date("repair_return_date", { mode: "string" }),
    variations: jsonb("variations").$type<Variation[]>().notNull().default([]),
    supplierInfo: jsonb("supplier_info").$type<SupplierInfo>(),
    purchaseRate: money("purchase_rate"),
    paidAmount: money("paid_amount"),
    /** Catalogue order; the storefront's "first 3 products" are the first by this. */
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * Set instead of deleting an item that quotations or packages refer to: hidden from the storefront and the
     * quotation picker, kept for their history.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /**
     * What the back office's search reads: name, description and tags, lower-cased, kept by the database (the
     * function is in migration 0003), so the trigram index answers and the rows need no re-computing.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`inventory_search_text(name, description, tags)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    type Key = Partial<ExtraConfigColumn> | SQL;
    const listIndex = (name: string, lead: Key[]) => {
      // name itself too: without it PostgreSQL cannot answer from the index alone (lower(name) is an
      // expression), and the last of 10,000 pages would read 96,000 rows from the table.
      const keys: [Key, ...Key[]] = [inventoryNameSortSql(t.name), t.id, t.name];
      keys.unshift(...lead);
      return index(name)
        .on(...keys)
        .where(sql`${t.archivedAt} is null`);
    };
    return [
      // The back office's list (app/domain/inventory/inventory-list.server.ts): each sort, and each filter with the
      // default sort, reads its rows in order from one of these, id last as in the ORDER BY; only current items
      // (archived ones are few and listed apart).
      listIndex("inventory_items_name_idx", []),
      listIndex("inventory_items_category_sort_idx", [categorySortSql(t.category)]),
      listIndex("inventory_items_category_idx", [t.category]),
      listIndex("inventory_items_status_idx", [t.status]),
      listIndex("inventory_items_source_idx", [t.source]),
      listIndex("inventory_items_group_idx", [t.inventoryGroup]),
      listIndex("inventory_items_price_idx", [t.price]),
      // The archived items, by name (few; listed apart).
      index("inventory_items_archived_idx")
        .on(inventoryNameSortSql(t.name), t.id)
        .where(sql`${t.archivedAt} is not null`),
      index("inventory_items_sort_order_idx").on(t.sortOrder, t.name),
      // The dashboard (issue 19): the units free today read from this index alone (catalogue/stock.server.ts's
      // availableUnitsOnSql), not from every wide row; and the few items in the workshop counted from their own.
      index("inventory_items_stock_idx")
        .on(t.id, t.quantity, t.unitsUnderRepair, t.repairReturnDate, t.status)
        .where(sql`${t.archivedAt} is null`),
      index("inventory_items_in_repair_idx")
        .on(t.id)
        .where(sql`${t.archivedAt} is null and (${t.status} = 'under-repair' or ${t.unitsUnderRepair} > 0)`),
      index("inventory_items_created_at_idx").on(t.createdAt),
      index("inventory_items_rate_structure_id_idx").on(t.rateStructureId),
      // The back office's search (name, description, tags) by substring.
      index("inventory_items_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
      check("inventory_items_category_check", sql.raw(`category in (${sqlList(CATEGORY_IDS)})`)),
      check("inventory_items_source_check", sql.raw(`source in (${sqlList(SOURCES)})`)),
      check("inventory_items_group_check", sql.raw(`inventory_group in (${sqlList(INVENTORY_GROUPS)})`)),
      check("inventory_items_status_check", sql.raw(`status in (${sqlList(AVAILABILITY_STATUSES)})`)),
      check("inventory_items_price_check", sql`${t.price} >= 0`),
      check(
        "inventory_items_sd_rate_check",
        sql`${t.sdRatePercent} >= 0 and ${t.sdRatePercent} <= ${sql.raw(String(SD_RATE_MAX_PERCENT))}`,
      ),
      check("inventory_items_quantity_check", sql`${t.quantity} >= 0`),
      check("inventory_items_purchase_rate_check", sql`${t.purchaseRate} is null or ${t.purchaseRate} >= 0`),
      check("inventory_items_paid_amount_check", sql`${t.paidAmount} is null or ${t.paidAmount} >= 0`),
      check(
        "inventory_items_units_under_repair_check",
        sql`${t.unitsUnderRepair} >= 0 and ${t.unitsUnderRepair} <= ${t.quantity}`,
      ),
    ];
  },
);

/**
 * The parts of a package item (a "wedding stage set" of decks, truss and lights), each with how many units one
 * package takes. A package is priced on its own; its parts are what the stock by date counts. One level only:
 * a package is never a part.
 */
export const inventoryPackageParts = pgTable(
  "inventory_package_parts",
  {
    packageItemId: uuid("package_item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    partItemId: uuid("part_item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    /** The order the parts are listed in. */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.packageItemId, t.partItemId] }),
    index("inventory_package_parts_part_idx").on(t.partItemId),
    check("inventory_package_parts_quantity_check", sql`${t.quantity} > 0`),
    check("inventory_package_parts_not_itself_check", sql`${t.packageItemId} <> ${t.partItemId}`),
  ],
);
