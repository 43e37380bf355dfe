import { isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { queryRows } from "../../db/client.server";
import { inventoryItems } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { freeUnitsByDaySql } from "../catalogue/stock.server";

// The availability view (issue 10, DESIGN §9 Stock by date): per item, the units free on each day of a month,
// by the one stock rule (catalogue/stock.server.ts), in one query over generate_series of the month's days.

export const AVAILABILITY_PAGE_MAX = 200;

export interface MonthAvailabilityOptions {
  /** YYYY-MM */
  month: string;
  /** These items (any order; shown by name). Without them: the items `where` selects, by name, a page at a time. */
  itemIds?: readonly string[];
  /** Over inventory_items, e.g. inventoryWhere(state) of the inventory list; default: not archived. */
  where?: SQL;
  limit?: number;
  offset?: number;
}

export interface ItemMonth {
  id: string;
  slug: string;
  name: string;
  quantity: number;
  isPackage: boolean;
  /** Units free on each day of the month, index 0 the 1st. */
  free: number[];
}

export type MonthAvailabilityResult =
  { ok: true; month: string; days: string[]; items: ItemMonth[] } | { ok: false; errors: Record<string, string> };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function monthDays(month: string): string[] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}

export async function monthAvailability(
  db: DbOrTx,
  options: MonthAvailabilityOptions,
): Promise<MonthAvailabilityResult> {
  const match = typeof options.month === "string" ? MONTH.exec(options.month) : null;
  if (!match || Number(match[1]) < 1900 || Number(match[1]) > 2999)
    return { ok: false, errors: { month: "Choose a month as YYYY-MM" } };
  if (options.itemIds && !options.itemIds.every((id) => typeof id === "string" && isUuid(id)))
    return { ok: false, errors: { itemIds: "Unknown item" } };
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), AVAILABILITY_PAGE_MAX);
  const offset = Math.max(Math.trunc(options.offset ?? 0), 0);
  if (!Number.isFinite(limit) || !Number.isFinite(offset)) return { ok: false, errors: { page: "Unknown page" } };

  const days = monthDays(options.month);
  const items = options.itemIds
    ? options.itemIds.length === 0
      ? null
      : sql`select unnest(${`{${options.itemIds.map((id) => id.toLowerCase()).join(",")}}`}::uuid[]) as id`
    : sql`select ${inventoryItems.id} as id from ${inventoryItems}
          where ${options.where ?? isNull(inventoryItems.archivedAt)}
          order by lower(${inventoryItems.name}), ${inventoryItems.id} limit ${limit} offset ${offset}`;
  if (!items) return { ok: true, month: options.month, days, items: [] };

  const rows = await queryRows<{
    id: string;
    slug: string;
    name: string;
    quantity: number;
    is_package: boolean;
    free: number[];
  }>(
    db,
    // Grouped per item before the join, so the page's few items are looked up by id (issue 19).
    sql`select i.id, i.slug, i.name, i.quantity,
               exists (select 1 from inventory_package_parts pp where pp.package_item_id = i.id) as is_package,
               f.free
        from (select f.item_id, array_agg(f.free order by f.day) as free
              from (${freeUnitsByDaySql(items, { from: days[0]!, to: days.at(-1)! })}) f
              group by f.item_id) f
        join inventory_items i on i.id = f.item_id
        order by lower(i.name), i.id`,
  );
  return {
    ok: true,
    month: options.month,
    days,
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      quantity: Number(r.quantity),
      isPackage: r.is_package,
      free: r.free.map(Number),
    })),
  };
}
