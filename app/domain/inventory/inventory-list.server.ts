import { and, eq, isNotNull, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { inventoryItems } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import type { ListPage, StateOf } from "../../lib/list-params";
import { containsPattern, listOrder, pageOf } from "../../lib/list-query.server";
import { categorySortSql, inventoryNameSortSql } from "../catalogue/category-sort";
import { freeUnitsOfItemSql } from "../catalogue/stock.server";
import { INVENTORY_LIST } from "./inventory-list";

// The inventory list (backoffice.md §2 Inventory Management): search over name, description and tags by any part
// of them (one trigram index over inventory_search_text, migration 0003), the four filters, five sorts, ten rows
// a page, all in SQL. Only the page's rows get their free units today (stock by date), so the count is cheap.

const t = inventoryItems;

// Names sort as people read them, whatever their case ("apple" before "Zebra"); the other sorts keep names in
// that order within each value. Each has its index (app/db/schema/catalogue.ts).
const byName = inventoryNameSortSql(t.name);
const SORT_COLUMNS = {
  name: [byName],
  // By the category's name as shown, not its id (fx is Special Effects).
  category: [categorySortSql(t.category), byName],
  source: [t.source, byName],
  status: [t.status, byName],
  price: [t.price, byName],
} as const;

/** Items whose name, description or a tag contains `q`, case-insensitively. */
export function inventorySearch(q: string): SQL | undefined {
  if (!q) return undefined;
  // search_text is lower-cased; LIKE on the lower-cased pattern uses the trigram index as ILIKE would.
  return sql`${t.searchText} like lower(${containsPattern(q)})`;
}

export interface InventoryRow {
  id: string;
  slug: string;
  name: string;
  category: string;
  source: string;
  status: string;
  price: string;
  priceUnit: string;
  /** The first image's address, or null (the list shows a placeholder). */
  imageUrl: string | null;
  quantity: number;
  unitsUnderRepair: number;
  repairReturnDate: string | null;
  /** Units free today in Dhaka (stock by date). */
  freeToday: number;
  isPackage: boolean;
  archivedAt: Date | null;
}

/** The rows a list state asks for (search and filters; its sort and page aside): the list's and the export's. */
export function inventoryWhere(state: Pick<StateOf<typeof INVENTORY_LIST>, "q" | "filters">): SQL | undefined {
  const { status, category, source, group, show } = state.filters;
  return and(
    show === "archived" ? isNotNull(t.archivedAt) : isNull(t.archivedAt),
    inventorySearch(state.q),
    status ? eq(t.status, status) : undefined,
    category ? eq(t.category, category) : undefined,
    source ? eq(t.source, source) : undefined,
    group ? eq(t.inventoryGroup, group) : undefined,
  );
}

/** The sort expressions of each sort key, most significant first (the export pages through the same order). */
export function inventorySortColumns(sort: StateOf<typeof INVENTORY_LIST>["sort"]): readonly SQLWrapper[] {
  return SORT_COLUMNS[sort];
}

export async function listInventory(
  db: DbOrTx,
  state: StateOf<typeof INVENTORY_LIST>,
  today: string = todayInDhaka(),
): Promise<ListPage<InventoryRow>> {
  const where = inventoryWhere(state);
  const order = listOrder(SORT_COLUMNS[state.sort], state.dir, t.id);
  return pageOf(db, INVENTORY_LIST, state, {
    from: t,
    where,
    // The page's ids first, then their columns: the free units are worked out for the ten rows shown only, not
    // for every row an OFFSET skips (which made the last of 10,000 pages take seconds).
    rows: (limit, offset) => {
      const page = db
        .select({ id: t.id })
        .from(t)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .as("page");
      return db
        .select({
          id: t.id,
          slug: t.slug,
          name: t.name,
          category: t.category,
          source: t.source,
          status: t.status,
          price: t.price,
          priceUnit: t.priceUnit,
          imageUrl: sql<string | null>`${t.imageUrls}[1]`,
          quantity: t.quantity,
          unitsUnderRepair: t.unitsUnderRepair,
          repairReturnDate: t.repairReturnDate,
          freeToday: sql<number>`${freeUnitsOfItemSql(today)}`.mapWith(Number),
          isPackage: sql<boolean>`exists (select 1 from inventory_package_parts pp where pp.package_item_id = ${t.id})`,
          archivedAt: t.archivedAt,
        })
        .from(t)
        .innerJoin(page, eq(page.id, t.id))
        .orderBy(...order);
    },
  });
}
