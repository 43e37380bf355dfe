import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";
import { sortChange, type FilterSpec } from "~/lib/list-params";
import type { ListView } from "./use-list";

/**
 * A column header that sorts the list: a plain link (works without JavaScript) to the list sorted by this
 * column, or, when it already is, in the other direction. The arrow shows the direction; aria-sort says it.
 */
export function SortHeader<S extends string, F extends Record<string, FilterSpec>>({
  list,
  sort,
  children,
  className = "",
}: {
  list: ListView<S, F>;
  sort: S;
  children: React.ReactNode;
  className?: string;
}) {
  const active = list.state.sort === sort;
  const dir = active ? list.state.dir : undefined;
  const Icon = dir === "asc" ? ArrowUp : dir === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
      data-sortable=""
      className={`${headCellClass} ${className}`}
    >
      <Link
        to={list.href(sortChange(list.spec, list.state, sort))}
        preventScrollReset
        className={`-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-ink-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${
          active ? "text-ink-900" : ""
        }`}
      >
        {children}
        <Icon aria-hidden className={`size-3.5 shrink-0 ${active ? "text-brand-700" : "text-slate-400"}`} />
      </Link>
    </th>
  );
}

/** A column header; 12 px either side (16 px at the table's edges), so a list of eight columns fits at 1280 px. */
export const headCellClass =
  "px-3 py-3 first:pl-4 last:pr-4 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase";

/**
 * The sorts of a list without column headers (a grid of cards): one link per sort, as SortHeader's. The current
 * one is marked (aria-current) with its direction; following it again turns the direction round.
 */
export function SortLinks<S extends string, F extends Record<string, FilterSpec>>({
  list,
  labels,
}: {
  list: ListView<S, F>;
  labels: Readonly<Record<S, string>>;
}) {
  const sorts = Object.keys(list.spec.sorts) as S[];
  return (
    <nav aria-label="Sort" className="flex flex-wrap items-center gap-1 text-sm">
      <span className="mr-1 text-slate-600">Sort by</span>
      {sorts.map((sort) => {
        const active = list.state.sort === sort;
        const Icon = !active ? null : list.state.dir === "asc" ? ArrowUp : ArrowDown;
        return (
          <Link
            key={sort}
            to={list.href(sortChange(list.spec, list.state, sort))}
            preventScrollReset
            aria-current={active ? "true" : undefined}
            className={`inline-flex items-center gap-1 rounded-full px-3 py-1 font-medium ${
              active ? "bg-brand-50 text-brand-800 ring-1 ring-brand-200" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {labels[sort]}
            {Icon && (
              <>
                <Icon aria-hidden className="size-3.5" />
                <span className="sr-only">{list.state.dir === "asc" ? "(ascending)" : "(descending)"}</span>
              </>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
