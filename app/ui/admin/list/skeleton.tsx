import { useNavigation } from "react-router";
import { listSearch, parseList, type FilterSpec } from "~/lib/list-params";
import type { ListView } from "./use-list";

// The spec's loading skeleton (backoffice.md §2): while a list's next page, search, filter or sort is being
// loaded, grey bars in the table's place instead of rows that no longer match what was asked. The first view is
// rendered by the server with its rows, so it never shows one.

/**
 * True while the router loads another state of this list: its own path with another search, filter, sort or
 * page (not a dialog opened over it, whose parameter is not the list's).
 */
export function useListLoading<S extends string, F extends Record<string, FilterSpec>>(list: ListView<S, F>): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.location.pathname !== list.pathname) return false;
  return listSearch(list.spec, parseList(list.spec, navigation.location.search)) !== listSearch(list.spec, list.state);
}

export function ListSkeleton({ rows = 5, columns = 5, label }: { rows?: number; columns?: number; label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className="divide-y divide-slate-100"
      data-testid="list-skeleton"
    >
      <span className="sr-only">Loading {label}…</span>
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex animate-pulse gap-4 px-4 py-4">
          {Array.from({ length: columns }, (_, c) => (
            <div
              key={c}
              aria-hidden
              className={`h-4 rounded bg-slate-200 ${c === 0 ? "w-1/4" : "flex-1"} ${c === columns - 1 ? "max-w-20" : ""}`}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
