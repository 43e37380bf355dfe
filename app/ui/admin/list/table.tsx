import { headCellClass } from "./sort-header";

export { headCellClass };
export const cellClass = "px-4 py-3 align-top text-sm text-slate-700";

/**
 * A list's table. On a narrow screen it scrolls sideways inside its panel (the page itself never does); the
 * scrolling region can be reached and scrolled by keyboard.
 */
export function ListTable({
  label,
  minWidth = "48rem",
  children,
}: {
  /** What the table holds, for screen readers ("Contact messages"). */
  label: string;
  /** Below this width the table scrolls rather than squeezes. */
  minWidth?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <table className="w-full border-collapse" style={{ minWidth }}>
        {children}
      </table>
    </div>
  );
}

/** A plain (not sortable) column header. */
export function HeadCell({ children, className = "" }: { children?: React.ReactNode; className?: string }) {
  return (
    <th scope="col" className={`${headCellClass} ${className}`}>
      {children}
    </th>
  );
}
