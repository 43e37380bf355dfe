import { asc, desc, ilike, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.server";
import { clampPage, offsetOf, pageCountOf, type ListPage, type ListSpec, type SortDir } from "./list-params";

// The server half of the list toolkit (DESIGN §9 Lists; the URL half is list-params.ts). A list query is two
// statements over one where clause, one for the page's rows and one for the count; pageOf takes the where
// clause once and uses it for both:
//
//   const where = and(searchAny(state.q, [t.name, t.email]), state.filters.status && eq(t.status, ...));
//   return pageOf(db, LIST, state, {
//     from: t,
//     where,
//     rows: (limit, offset) =>
//       db.select({...}).from(t).where(where)
//         .orderBy(...listOrder(SORT_COLUMNS[state.sort], state.dir, t.id)).limit(limit).offset(offset),
//   });
//
// The sort column comes from a map keyed by the declared sort keys (never from the URL's text), the search
// goes in as a bound ILIKE pattern, and the id breaks ties so every row has one place and paging is stable.

/** `%text%` for ILIKE, with the user's own %, _ and \ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where any of `columns` contains `q`, case-insensitively; undefined (no condition) for an empty search. */
export function searchAny(q: string, columns: SQLWrapper[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => ilike(column as Parameters<typeof ilike>[0], pattern)));
}

/**
 * ORDER BY the chosen column (or columns: a category, then the name within it) in the chosen direction, then the
 * id the same way (a stable order for paging).
 */
export function listOrder(columns: SQLWrapper | readonly SQLWrapper[], dir: SortDir, id: SQLWrapper): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const keys = Array.isArray(columns) ? columns : [columns as SQLWrapper];
  return [...keys, id].map((column) => by(column as Parameters<typeof asc>[0]));
}

/**
 * The ids of one page of `table`'s rows matching `where`, in `order`, for `inArray(t.id, pageIds(...))` in a list's
 * rows query (with the same order, without limit and offset): the rows a deep page skips are then counted from an
 * index of the sort column and id alone, and only the page's own rows are read whole and joined (issue 19: the
 * last of 10,000 pages read and joined all 100,000 rows before it).
 */
export function pageIds(
  db: DbOrTx,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
) {
  return db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * How many rows of `table` match `where`; with a cap, counting stops after cap + 1 (so a count over a very
 * long table, the audit log, costs at most that many rows).
 */
export async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined, cap?: number): Promise<number> {
  if (cap === undefined) return db.$count(table, where);
  const matching = db
    .select({ one: sql`1`.as("one") })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as("matching");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return Number(row?.n ?? 0);
}

/**
 * One page of a list: the count (capped by spec.countCap) and the asked page's rows, in parallel. A page beyond
 * the last shows the last page instead (one more query, only then).
 */
export async function pageOf<T>(
  db: DbOrTx,
  spec: Pick<ListSpec, "pageSize" | "countCap">,
  state: { page: number },
  query: { from: PgTable; where: SQL | undefined; rows: (limit: number, offset: number) => Promise<T[]> },
): Promise<ListPage<T>> {
  const { pageSize, countCap } = spec;
  // Never further than the cap lets the list go, whatever the URL asks.
  const askedPage = countCap === undefined ? state.page : clampPage(state.page, pageCountOf(countCap, pageSize));
  const [counted, asked] = await Promise.all([
    countRows(db, query.from, query.where, countCap),
    query.rows(pageSize, offsetOf(askedPage, pageSize)),
  ]);
  const totalCapped = countCap !== undefined && counted > countCap;
  const total = totalCapped ? countCap : counted;
  const pageCount = pageCountOf(total, pageSize);
  const page = clampPage(askedPage, pageCount);
  const rows = page === askedPage ? asked : await query.rows(pageSize, offsetOf(page, pageSize));
  return { rows, total, totalCapped, page, pageCount, pageSize };
}
