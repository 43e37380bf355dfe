import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

// Sort keys of the back-office inventory list, shared by its query and the indexes that serve it.
import { CATEGORIES } from "./constants";

/**
 * A category column as its place in the alphabetical order of the categories' names (fx is Special Effects, so it
 * sorts after Sound Systems). Immutable, so the inventory table indexes it for the list's Category sort.
 */
export function categorySortSql(column: SQLWrapper): SQL {
  const byName = [...CATEGORIES].sort((a, b) => a.name.localeCompare(b.name, "en"));
  const cases = byName.map((c, rank) => sql.raw(`when '${c.id}' then ${rank}`));
  return sql`(case ${column} ${sql.join(cases, sql` `)} else ${sql.raw(String(byName.length))} end)`;
}

/** An item's name as the lists sort it: case set aside (the databases' C collation puts "apple" after "Zebra"). */
export function inventoryNameSortSql(column: SQLWrapper): SQL {
  return sql`lower(${column})`;
}
