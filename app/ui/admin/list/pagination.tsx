import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { pageWindow, shownRange, type FilterSpec, type ListPage } from "~/lib/list-params";
import type { ListView } from "./use-list";

const linkBase =
  "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-2.5 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";
const idle = `${linkBase} border-slate-300 bg-white text-ink-900 hover:bg-slate-50`;
const current = `${linkBase} border-brand-700 bg-brand-700 text-white`;
const disabled = `${linkBase} border-slate-200 bg-slate-50 text-slate-400`;
const count = new Intl.NumberFormat("en-US");

/**
 * "Showing 11–20 of 57" ("of 10,000+" when the list's count stops at its cap) and, when there is more than one page, Previous, up to five page links around the
 * current page, and Next: plain links, so paging works without JavaScript and every page has its URL.
 */
export function Pagination<S extends string, F extends Record<string, FilterSpec>>({
  list,
  page,
  noun = "results",
}: {
  list: ListView<S, F>;
  page: Pick<ListPage<unknown>, "page" | "pageCount" | "pageSize" | "total" | "totalCapped">;
  /** What the rows are, in the plural ("messages"). */
  noun?: string;
}) {
  if (page.total === 0) return null;
  const { from, to } = shownRange(page.page, page.pageSize, page.total);
  const pages = pageWindow(page.page, page.pageCount);
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {count.format(from)}–{count.format(to)} of {count.format(page.total)}
        {page.totalCapped ? "+" : ""} {noun}
        {page.totalCapped && page.page === page.pageCount && (
          <span className="block text-xs text-slate-500">Use the filters to reach the rest.</span>
        )}
      </p>
      {page.pageCount > 1 && (
        <nav aria-label="Pagination">
          <ul className="flex flex-wrap items-center justify-center gap-1">
            <li>
              {page.page > 1 ? (
                <Link to={list.href({ page: page.page - 1 })} preventScrollReset rel="prev" className={idle}>
                  <ChevronLeft aria-hidden className="size-4" />
                  <span className="max-sm:sr-only">Previous</span>
                </Link>
              ) : (
                <span aria-disabled="true" className={disabled}>
                  <ChevronLeft aria-hidden className="size-4" />
                  <span className="max-sm:sr-only">Previous</span>
                </span>
              )}
            </li>
            {pages.map((n) => (
              <li key={n}>
                {n === page.page ? (
                  <span aria-current="page" className={current}>
                    <span className="sr-only">Page </span>
                    {n}
                  </span>
                ) : (
                  <Link to={list.href({ page: n })} preventScrollReset className={idle}>
                    <span className="sr-only">Page </span>
                    {n}
                  </Link>
                )}
              </li>
            ))}
            <li>
              {page.page < page.pageCount ? (
                <Link to={list.href({ page: page.page + 1 })} preventScrollReset rel="next" className={idle}>
                  <span className="max-sm:sr-only">Next</span>
                  <ChevronRight aria-hidden className="size-4" />
                </Link>
              ) : (
                <span aria-disabled="true" className={disabled}>
                  <span className="max-sm:sr-only">Next</span>
                  <ChevronRight aria-hidden className="size-4" />
                </span>
              )}
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
