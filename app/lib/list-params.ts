// The state of a back-office list lives in its URL (DESIGN §9 Lists): `?q=&<filters>&sort=&dir=&page=`.
// A list declares what it accepts once (defineList); parseList reads a URL against that declaration and
// falls back to the default for anything unknown or malformed (never an error, and never a value the SQL
// could take as anything but a bound parameter); listHref writes the URL of a changed state. Browser-safe:
// the loader, the domain query and the list components (app/ui/admin/list/) share one declaration.

import { isBusinessDate } from "./business-date";

export type SortDir = "asc" | "desc";

/** What a filter accepts; anything else in the URL means "no filter". */
export type FilterSpec =
  /** One of a fixed set (a status). */
  | { kind: "choice"; values: readonly string[] }
  /** A calendar date, YYYY-MM-DD (judged in Dhaka by the query that uses it). */
  | { kind: "date" }
  /** A record id. */
  | { kind: "uuid" }
  /**
   * Free text, trimmed; cut at maxLength (default 100). With a pattern: dropped unless all of it matches and it is
   * within maxLength (never cut to fit).
   */
  | { kind: "text"; maxLength?: number; pattern?: RegExp };

export interface ListSpec<
  S extends string = string,
  F extends Record<string, FilterSpec> = Record<string, FilterSpec>,
> {
  /** Every column the list may be sorted by, with the direction it takes when first chosen. */
  sorts: Readonly<Record<S, SortDir>>;
  /** The sort of a URL without one (in its own direction from `sorts`). */
  defaultSort: NoInfer<S>;
  filters: F;
  /** Rows per page. */
  pageSize: number;
  /**
   * For very long tables: count at most this many matching rows (the list then says "10,000+" and pages up to
   * there; a filter reaches the rest). Without it every count is exact.
   */
  countCap?: number;
  /** The longest search kept, in characters (default 100). */
  searchMaxLength?: number;
}

export type FilterValue<T extends FilterSpec> = T extends { kind: "choice"; values: readonly (infer V)[] } ? V : string;
export type FilterValues<F extends Record<string, FilterSpec>> = { [K in keyof F]?: FilterValue<F[K]> };

export interface ListState<
  S extends string = string,
  F extends Record<string, FilterSpec> = Record<string, FilterSpec>,
> {
  /** The search text, trimmed ("" for none). */
  q: string;
  sort: S;
  dir: SortDir;
  /** 1-based; the query clamps it to the last page. */
  page: number;
  filters: FilterValues<F>;
}

export type StateOf<L> = L extends ListSpec<infer S, infer F> ? ListState<S, F> : never;
export type SortOf<L> = L extends ListSpec<infer S, Record<string, FilterSpec>> ? S : never;

/** One page of a list, as the loader hands it to the components. */
export interface ListPage<T> {
  rows: T[];
  /** Rows matching the search and filters, on all pages (at most the list's countCap). */
  total: number;
  /** More rows match than were counted (the list's countCap): `total` is a lower bound. */
  totalCapped: boolean;
  /** The page shown: the one asked for, or the last one when that was beyond it. */
  page: number;
  pageCount: number;
  pageSize: number;
}

const RESERVED = new Set(["q", "sort", "dir", "page"]);
const MAX_PAGE = 1_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Declares a list (typed sort keys and filter values). Throws at start-up for a declaration that cannot work. */
export function defineList<const S extends string, const F extends Record<string, FilterSpec> = Record<never, never>>(
  spec: ListSpec<S, F>,
): ListSpec<S, F> {
  if (!Object.hasOwn(spec.sorts, spec.defaultSort)) throw new Error(`defaultSort ${spec.defaultSort} is not a sort`);
  for (const name of Object.keys(spec.filters))
    if (RESERVED.has(name)) throw new Error(`filter name ${name} is reserved for the list itself`);
  if (!Number.isInteger(spec.pageSize) || spec.pageSize < 1) throw new Error("pageSize must be a positive integer");
  if (spec.countCap !== undefined && (!Number.isInteger(spec.countCap) || spec.countCap < spec.pageSize))
    throw new Error("countCap must be a whole number of at least one page");
  return spec;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A real calendar date written YYYY-MM-DD (2025-02-30 is not one) within the one business range, 2000-01-01 to
 * 2099-12-31 (app/lib/business-date.ts): every form and URL date goes through here, so none takes 9999-12-31.
 */
export function isCalendarDate(value: string): boolean {
  return isBusinessDate(value);
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** Text as a person meant it: no control characters, single spaces, trimmed, at most `max` characters. */
function cleanText(value: string, max: number): string {
  return value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
}

function parseFilter(spec: FilterSpec, raw: string | null): string | undefined {
  if (raw === null || raw === "") return undefined;
  switch (spec.kind) {
    case "choice":
      return spec.values.includes(raw) ? raw : undefined;
    case "date":
      return isCalendarDate(raw) ? raw : undefined;
    case "uuid":
      return isUuid(raw) ? raw.toLowerCase() : undefined;
    case "text": {
      const max = spec.maxLength ?? 100;
      if (!spec.pattern) return cleanText(raw, max) || undefined;
      // A patterned value is taken whole or not at all: cut to its length first, ?period=0000-01-01 read as the
      // month 0000-01, which PostgreSQL cannot hold (issue 38's fuzz).
      const whole = cleanText(raw, raw.length);
      return whole.length <= max && spec.pattern.test(whole) ? whole : undefined;
    }
  }
}

function searchParamsOf(input: URLSearchParams | URL | Request | string): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (input instanceof URL) return input.searchParams;
  if (typeof input === "string") return new URL(input, "http://localhost").searchParams;
  return new URL(input.url).searchParams;
}

/** The list state a URL asks for; whatever is unknown or malformed is the default instead. */
export function parseList<S extends string, F extends Record<string, FilterSpec>>(
  spec: ListSpec<S, F>,
  input: URLSearchParams | URL | Request | string,
): ListState<S, F> {
  const params = searchParamsOf(input);
  const rawSort = params.get("sort");
  const sort = rawSort !== null && Object.hasOwn(spec.sorts, rawSort) ? (rawSort as S) : spec.defaultSort;
  const rawDir = params.get("dir");
  const dir: SortDir = rawDir === "asc" || rawDir === "desc" ? rawDir : spec.sorts[sort];
  const rawPage = params.get("page");
  const page = rawPage && /^\d{1,7}$/.test(rawPage) ? Math.min(Math.max(Number(rawPage), 1), MAX_PAGE) : 1;
  const filters: Record<string, string> = {};
  for (const [name, filter] of Object.entries(spec.filters)) {
    const value = parseFilter(filter, params.get(name));
    if (value !== undefined) filters[name] = value;
  }
  return {
    q: cleanText(params.get("q") ?? "", spec.searchMaxLength ?? 100),
    sort,
    dir,
    page,
    filters: filters as FilterValues<F>,
  };
}

/** A change to a list's state: a search, a filter (undefined or "" removes it), a sort, a page. */
export interface ListChange<S extends string, F extends Record<string, FilterSpec>> {
  q?: string;
  filters?: { [K in keyof F]?: FilterValue<F[K]> | "" };
  sort?: S;
  dir?: SortDir;
  page?: number;
}

/**
 * The query string ("?..." or "" for the default state) of `state` after `change`. A new search, filter or
 * sort starts again at page 1. Values equal to the default are left out, so every state has one URL.
 */
export function listSearch<S extends string, F extends Record<string, FilterSpec>>(
  spec: ListSpec<S, F>,
  state: ListState<S, F>,
  change: ListChange<S, F> = {},
): string {
  const restarts = change.q !== undefined || change.filters !== undefined || change.sort !== undefined;
  const q = change.q ?? state.q;
  const filters: Record<string, string | undefined> = { ...state.filters, ...change.filters };
  const sort = change.sort ?? state.sort;
  const dir = change.dir ?? (change.sort !== undefined && change.sort !== state.sort ? spec.sorts[sort] : state.dir);
  const page = change.page ?? (restarts ? 1 : state.page);

  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  for (const name of Object.keys(spec.filters)) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  if (sort !== spec.defaultSort) params.set("sort", sort);
  if (dir !== spec.sorts[sort]) params.set("dir", dir);
  if (page > 1) params.set("page", String(Math.floor(page)));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** `pathname` plus the query string of the changed state. */
export function listHref<S extends string, F extends Record<string, FilterSpec>>(
  pathname: string,
  spec: ListSpec<S, F>,
  state: ListState<S, F>,
  change: ListChange<S, F> = {},
): string {
  return pathname + listSearch(spec, state, change);
}

/** The change a click on a column header makes: the other direction of the current sort, or a new sort. */
export function sortChange<S extends string>(
  spec: ListSpec<S, Record<string, FilterSpec>>,
  state: Pick<ListState<S>, "sort" | "dir">,
  key: S,
): { sort: S; dir: SortDir } {
  if (state.sort === key) return { sort: key, dir: state.dir === "asc" ? "desc" : "asc" };
  return { sort: key, dir: spec.sorts[key] };
}

/** True when a search or a filter narrows the list (the empty state then suggests changing them). */
export function isNarrowed(state: Pick<ListState, "q" | "filters">): boolean {
  return state.q !== "" || Object.values(state.filters).some((v) => v !== undefined && v !== "");
}

/** How many pages `total` rows make (at least 1, so an empty list is on page 1 of 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page to show: `page` kept between 1 and the last page. */
export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, pageCount));
}

/** The row offset of a page. */
export function offsetOf(page: number, pageSize: number): number {
  return (Math.max(1, page) - 1) * pageSize;
}

/**
 * The page buttons to show: up to `size` (default 5, backoffice.md §9) consecutive pages with the current
 * one in the middle where it can be, e.g. 3 4 [5] 6 7 of 10, 1 2 [3] 4 5, 6 7 8 9 [10].
 */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  const count = Math.max(1, pageCount);
  const current = clampPage(page, count);
  const width = Math.min(size, count);
  const start = Math.min(Math.max(1, current - Math.floor(width / 2)), count - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

/** The rows a page shows, 1-based and inclusive, for "Showing 11–20 of 57"; { from: 0, to: 0 } when empty. */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min(offsetOf(page, pageSize) + 1, total);
  return { from, to: Math.min(from + pageSize - 1, total) };
}

/**
 * The URL of the list a request shows (its path and list state), without anything else it carries: where a
 * save or a closed dialog goes back to.
 */
export function listUrlOf<S extends string, F extends Record<string, FilterSpec>>(
  spec: ListSpec<S, F>,
  url: URL,
): string {
  return url.pathname + listSearch(spec, parseList(spec, url));
}

/** `href` with one more query parameter (`"edit=<id>"`): a dialog or panel opened over a list. */
export function withParam(href: string, param: string): string {
  return `${href}${href.includes("?") ? "&" : "?"}${param}`;
}
