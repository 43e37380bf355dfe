import { and, asc, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { inventoryItems } from "../../db/schema";
import { inventorySearch } from "./inventory-list.server";

/** An item a package may take as a part: offered by the package dialog's part field as one types. */
export interface PartOption {
  slug: string;
  name: string;
}

export const PART_OPTIONS_LIMIT = 20;

/**
 * Up to 20 items matching `q` (name, description or tags, as the list's search) that can be parts: not archived
 * and not packages themselves. Nothing for an empty search: the field suggests once something is typed.
 */
export async function searchPartOptions(db: DbOrTx, q: string): Promise<PartOption[]> {
  const text = q.trim().slice(0, 100);
  if (!text) return [];
  return db
    .select({ slug: inventoryItems.slug, name: inventoryItems.name })
    .from(inventoryItems)
    .where(
      and(
        isNull(inventoryItems.archivedAt),
        inventorySearch(text),
        sql`not exists (select 1 from inventory_package_parts pp where pp.package_item_id = ${inventoryItems.id})`,
      ),
    )
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(PART_OPTIONS_LIMIT);
}
