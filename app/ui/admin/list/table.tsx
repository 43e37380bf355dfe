import { headCellClass } from "./sort-header";

export { headCellClass };
export const cellClass = "px-3 py-3 first:pl-4 last:pr-4 align-top text-sm text-slate-700";

// Below 640 px a stacked table shows each row as a card: its cells one under another, each with its
// data-label (when it has one) in front, cells marked data-empty left out, and the sortable headers as a row
// of sort links above the cards; a totals row (tfoot) is the last card.
const STACK_CSS = `@media (max-width: 639.98px) {
  table.list-stack { display: block; min-width: 0 !important; }
  .list-stack > thead, .list-stack > tbody, .list-stack > tfoot { display: block; }
  .list-stack > thead > tr { display: flex; flex-wrap: wrap; align-items: center; gap: 0 .25rem; padding: 0 .5rem; }
  .list-stack > thead > tr > th { padding: .5rem; }
  .list-stack > thead > tr > th:not([data-sortable]) { display: none; }
  .list-stack > tbody > tr, .list-stack > tfoot > tr { display: block; padding: .75rem 1rem; }
  .list-stack > tbody > tr > td, .list-stack > tfoot > tr > td { display: block; width: auto; max-width: none; padding: .125rem 0; white-space: normal; text-align: left; }
  .list-stack > tbody > tr > td[data-empty] { display: none; }
  .list-stack > tbody > tr > td[data-label]::before, .list-stack > tfoot > tr > td[data-label]::before { content: attr(data-label) ": "; font-size: .75rem; font-weight: 500; color: #64748b; }
}`;

/**
 * A list's table. On a phone it is stacked (one card per row, see STACK_CSS), or with `stack={false}` scrolls
 * sideways inside its panel; the page itself never scrolls sideways. From 1280 px up (a laptop with the side
 * menu: a 958 px panel) every column fits: a table there must keep its cells narrow enough (wrapping text,
 * icons for its row actions: RowActions' `compact`). Give cells a `data-label` when their
 * value needs its column's name to be understood on a card ("Attempts: 3"), and `data-empty` when they hold
 * nothing worth a line there.
 */
export function ListTable({
  label,
  minWidth = "48rem",
  stack = true,
  children,
}: {
  /** What the table holds, for screen readers ("Contact messages"). */
  label: string;
  /**
   * Below this width the table scrolls inside its panel rather than squeezes: on a tablet (from 640 px up), or
   * always without stacking. From 1280 px up it fits its panel, so no column is ever out of reach there.
   */
  minWidth?: string;
  stack?: boolean;
  children: React.ReactNode;
}) {
  return (
    // relative: what is positioned inside (screen-reader-only text) stays inside the scrolling box.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      {stack && (
        <style href="admin-list-table-stack" precedence="default">
          {STACK_CSS}
        </style>
      )}
      <table
        className={`w-full min-w-(--list-min-width) border-collapse xl:min-w-0 ${stack ? "list-stack" : ""}`}
        style={{ "--list-min-width": minWidth } as React.CSSProperties}
      >
        {children}
      </table>
    </div>
  );
}

/** A plain (not sortable) column header; hidden on a phone when the table is stacked. */
export function HeadCell({ children, className = "" }: { children?: React.ReactNode; className?: string }) {
  return (
    <th scope="col" className={`${headCellClass} ${className}`}>
      {children}
    </th>
  );
}
