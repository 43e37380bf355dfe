import { Search, X } from "lucide-react";
import { createContext, use, useEffect, useId, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { isNarrowed, listSearch, type FilterSpec, type ListChange } from "~/lib/list-params";
import { inputClass } from "~/ui/admin/form";
import { secondaryButton } from "~/ui/buttons";
import { clearHref } from "./empty-state";
import type { ListView } from "./use-list";
import { BUSINESS_DATE_MAX, BUSINESS_DATE_MIN } from "~/lib/business-date";

// The search box and filters of a list: one GET form, so without JavaScript it is submitted with its button
// (Apply) and gives a URL like any other. With JavaScript a filter applies as soon as it changes and the search
// after a pause in typing (Apply or Enter at once); the form then navigates to the tidy URL listHref writes (empty fields left out).
// Every filter of the list's declaration belongs in its toolbar: submitting the form keeps only what is in it
// (plus the sort), and starts at page 1.

interface ToolbarContext {
  /** Submits the form now (a select changed) or after a pause (typing). */
  submitSoon(form: HTMLFormElement | null, delayMs: number): void;
  q: string;
  filters: Record<string, string | undefined>;
}

const Context = createContext<ToolbarContext | null>(null);

function useToolbar(): ToolbarContext {
  const context = use(Context);
  if (!context) throw new Error("list controls belong inside <ListToolbar>");
  return context;
}

/** The sort of the list as hidden fields, so that a search or filter keeps it. */
function hiddenSortFields<S extends string, F extends Record<string, FilterSpec>>(list: ListView<S, F>) {
  const params = new URLSearchParams(listSearch(list.spec, { ...list.state, q: "", filters: {}, page: 1 }));
  return [...params].map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

export function ListToolbar<S extends string, F extends Record<string, FilterSpec>>({
  list,
  label = "Search and filters",
  children,
}: {
  list: ListView<S, F>;
  label?: string;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (form: HTMLFormElement, replace: boolean) => {
    clearTimeout(timer.current);
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : undefined;
    };
    const filters: Record<string, string> = {};
    for (const name of Object.keys(list.spec.filters)) {
      const value = text(name);
      if (value !== undefined) filters[name] = value;
    }
    const change: ListChange<S, F> = { q: text("q") ?? list.state.q, filters: filters as ListChange<S, F>["filters"] };
    const to = list.href(change);
    const current = list.href();
    if (to !== current) void navigate(to, { replace, preventScrollReset: true });
  };

  const context: ToolbarContext = {
    submitSoon(form, delayMs) {
      if (!form) return;
      clearTimeout(timer.current);
      if (delayMs <= 0) go(form, false);
      else timer.current = setTimeout(() => go(form, true), delayMs);
    },
    q: list.state.q,
    filters: list.state.filters as Record<string, string | undefined>,
  };

  return (
    <Context value={context}>
      <form
        method="get"
        action={list.pathname}
        role="search"
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          go(event.currentTarget, false);
        }}
        className="grid grid-cols-2 gap-3 border-b border-slate-200 p-4 sm:flex sm:flex-row sm:flex-wrap sm:items-end"
      >
        {hiddenSortFields(list)}
        {children}
        <div className="col-span-2 flex items-center gap-3">
          {/* Needed without JavaScript; with it, changes apply by themselves and this applies at once. */}
          <button type="submit" className={`${secondaryButton} !px-4 !py-2`}>
            Apply
          </button>
          {isNarrowed(list.state) && (
            <Link
              to={clearHref(list)}
              preventScrollReset
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              <X aria-hidden className="size-4" />
              Clear
            </Link>
          )}
        </div>
      </form>
    </Context>
  );
}

/** The free-text search of a list (`q`). */
export function SearchBox({
  label = "Search",
  placeholder,
  className = "sm:min-w-64 sm:flex-1",
}: {
  label?: string;
  placeholder?: string;
  className?: string;
}) {
  const { q, submitSoon } = useToolbar();
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  // Following a link (Clear, back) changes q under the box: show it, unless the person is typing there.
  useEffect(() => {
    if (ref.current && document.activeElement !== ref.current) ref.current.value = q;
  }, [q]);
  return (
    <div className={`col-span-2 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="relative mt-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={ref}
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => submitSoon(event.currentTarget.form, 400)}
          className={`${inputClass} border-slate-300 pl-9`}
        />
      </div>
    </div>
  );
}

/** A filter chosen from a few values; the first option ("All") means no filter. */
export function FilterSelect({
  name,
  label,
  options,
  allLabel = "All",
  className = "sm:w-44",
}: {
  /** The filter's name in the list's declaration. */
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  className?: string;
}) {
  const { filters, submitSoon } = useToolbar();
  const id = useId();
  return (
    <div className={`col-span-2 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <select
        // A new value from the URL (a link, back) must show: the select is keyed by it.
        key={filters[name] ?? ""}
        id={id}
        name={name}
        defaultValue={filters[name] ?? ""}
        onChange={(event) => submitSoon(event.currentTarget.form, 0)}
        className={`mt-1 ${inputClass} border-slate-300`}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date filter (YYYY-MM-DD; the list judges it in Dhaka). */
export function DateFilter({
  name,
  label,
  className = "sm:w-44",
}: {
  name: string;
  label: string;
  className?: string;
}) {
  const { filters, submitSoon } = useToolbar();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <input
        key={filters[name] ?? ""}
        id={id}
        type="date"
        name={name}
        defaultValue={filters[name] ?? ""}
        min={BUSINESS_DATE_MIN}
        max={BUSINESS_DATE_MAX}
        // A date applies when it is complete (a half-typed one reads as ""), or when cleared.
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value)) submitSoon(event.currentTarget.form, 600);
        }}
        className={`mt-1 ${inputClass} border-slate-300`}
      />
    </div>
  );
}
