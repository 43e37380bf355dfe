import { useLocation } from "react-router";
import { listHref, type FilterSpec, type ListChange, type ListSpec, type ListState } from "~/lib/list-params";

/** A list as its components see it: its declaration, the state the URL asked for, and links to changed states. */
export interface ListView<
  S extends string = string,
  F extends Record<string, FilterSpec> = Record<string, FilterSpec>,
> {
  spec: ListSpec<S, F>;
  state: ListState<S, F>;
  pathname: string;
  /** The URL of the state after `change` (a new search, filter or sort starts at page 1). */
  href(change?: ListChange<S, F>): string;
}

/** Binds a list's declaration and its current state (from the loader) to the page's path. */
export function useListView<S extends string, F extends Record<string, FilterSpec>>(
  spec: ListSpec<S, F>,
  state: ListState<S, F>,
): ListView<S, F> {
  const { pathname } = useLocation();
  return { spec, state, pathname, href: (change) => listHref(pathname, spec, state, change) };
}
