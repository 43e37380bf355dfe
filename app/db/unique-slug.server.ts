import { eq, like, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { freeSlug, slugFromName } from "../lib/slug";
import type { DbOrTx } from "./client.server";

/**
 * A public id for `name` that no row of `column`'s table has: the name's slug, or with -2, -3... after it. Called
 * inside the transaction that inserts the row; a concurrent insert of the same one meets the column's unique index,
 * and the caller tries again.
 */
export async function uniqueSlug(
  tx: DbOrTx,
  table: PgTable,
  column: PgColumn,
  name: string,
  fallback?: string,
): Promise<string> {
  const base = slugFromName(name, fallback);
  const taken = await tx
    .select({ slug: column })
    .from(table)
    .where(or(eq(column, base), like(column, `${base}-%`)));
  return freeSlug(base, new Set(taken.map((r) => String(r.slug))));
}

/** How many times an insert that lost the race for a public id is tried again with the next one. */
export const SLUG_ATTEMPTS = 10;
