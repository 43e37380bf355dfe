import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { isNarrowed, type FilterSpec, type ListChange } from "~/lib/list-params";
import type { ListView } from "./use-list";

/**
 * What an empty list says: `title` ("No messages found."), and when a search or filter narrowed it, a hint to
 * change them (backoffice.md's "Try adjusting your search or filters.") with a link that clears them.
 */
export function EmptyState<S extends string, F extends Record<string, FilterSpec>>({
  list,
  title,
  hint,
  icon: Icon = SearchX,
}: {
  list: ListView<S, F>;
  title: string;
  /** Shown when nothing narrows the list (e.g. "Messages sent through the contact form appear here."). */
  hint?: string;
  icon?: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
}) {
  const narrowed = isNarrowed(list.state);
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <Icon aria-hidden className="size-10 text-slate-300" />
      <p className="font-semibold text-ink-900">{title}</p>
      {narrowed ? (
        <p className="text-sm text-slate-600">
          Try adjusting your search or filters.{" "}
          <Link to={clearHref(list)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Clear them
          </Link>
        </p>
      ) : (
        hint && <p className="text-sm text-slate-600">{hint}</p>
      )}
    </div>
  );
}

/** The list with no search and no filters, in the same order. */
export function clearHref<S extends string, F extends Record<string, FilterSpec>>(list: ListView<S, F>): string {
  const filters = Object.fromEntries(Object.keys(list.spec.filters).map((name) => [name, ""]));
  return list.href({ q: "", filters: filters as ListChange<S, F>["filters"] });
}
