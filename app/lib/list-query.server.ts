import { asc, desc, ilike, or, type SQL, type SQLWrapper } from "drizzle-orm";
import { clampPage, offsetOf, pageCountOf, type ListPage, type SortDir } from "./list-params";

// The server half of the list toolkit (DESIGN §9 Lists; the URL half is list-params.ts). A list query is two
// statements over one where clause, one for the page's rows and one for the count:
//
//   const where = and(searchAny(state.q, [t.name, t.email]), state.filters.status && eq(t.status, ...));
//   return pageOf(state, LIST.pageSize, {
//     count: () => db.$count(t, where),
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

/** ORDER BY the chosen column in the chosen direction, then the id the same way (a stable order for paging). */
export function listOrder(column: SQLWrapper, dir: SortDir, id: SQLWrapper): SQL[] {
  const by = dir === "asc" ? asc : desc;
  return [by(column as Parameters<typeof asc>[0]), by(id as Parameters<typeof asc>[0])];
}

/**
 * One page of a list: the count and the asked page's rows, in parallel. A page beyond the last shows the last
 * page instead (one more query, only then).
 */
export async function pageOf<T>(
  state: { page: number },
  pageSize: number,
  query: { count: () => Promise<number>; rows: (limit: number, offset: number) => Promise<T[]> },
): Promise<ListPage<T>> {
  const [total, asked] = await Promise.all([query.count(), query.rows(pageSize, offsetOf(state.page, pageSize))]);
  const pageCount = pageCountOf(total, pageSize);
  const page = clampPage(state.page, pageCount);
  const rows = page === state.page ? asked : await query.rows(pageSize, offsetOf(page, pageSize));
  return { rows, total, page, pageCount, pageSize };
}
