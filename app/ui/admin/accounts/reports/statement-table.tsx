import { Link } from "react-router";
import type { ReportCell, ReportRow, ReportTable, ReportTableColumn } from "~/domain/reports/report-table";
import { formatMoney, formatShortDate, formatSignedMoney } from "~/lib/format";
import { Balance } from "~/ui/admin/accounting/balance";

// A statement (Profit & Loss, Balance Sheet, Cash Flow, Trial Balance) as the screen shows it: the rows of
// report-table.ts, account lines indented under their parents with their codes, section totals and results in
// bold, every account figure a link to the lines behind it. The figures need their columns side by side to be read
// against each other, so on a narrow screen the table scrolls sideways inside its own box with the line's name held
// at the left (marked data-scrolls-sideways: the page itself never scrolls sideways).

const isZero = (amount: string) => /^-?0(\.0+)?$/.test(amount);

/** "+৳500.00", "−৳100.00", "৳0.00". */
function signedChange(amount: string): string {
  return amount.startsWith("-") || isZero(amount) ? formatSignedMoney(amount) : `+${formatMoney(amount)}`;
}

/** "+50.0%", "−20.0%"; null when there is nothing to compare with. */
export function percentLabel(percent: string | null | undefined): string | null {
  if (percent === null || percent === undefined) return null;
  if (percent.startsWith("-")) return `−${percent.slice(1)}%`;
  return /^0(\.0+)?$/.test(percent) ? `${percent}%` : `+${percent}%`;
}

const ROW_CLASS: Record<ReportRow["kind"], string> = {
  heading: "bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase",
  line: "text-slate-700",
  total: "border-t border-slate-300 font-semibold text-ink-900",
  grand: "border-t-2 border-ink-900 bg-slate-50 font-bold text-ink-900",
};

/** The label cell's text: the code (when it has one) and the name. */
export function labelText(cell: ReportCell): string {
  return `${cell.code ? `${cell.code} ` : ""}${cell.value ?? ""}`;
}

/** A figure, its link when the lines behind it can be opened. */
export function FigureCell({
  cell,
  column,
  rowLabel,
}: {
  cell: ReportCell;
  column: ReportTableColumn;
  rowLabel: string;
}) {
  if (cell.value === null) return null;
  if (column.kind === "change") {
    const percent = percentLabel(cell.percent);
    return (
      <span className="block whitespace-nowrap tabular-nums">
        <span className={isZero(cell.value) ? "text-slate-400" : ""}>{signedChange(cell.value)}</span>
        {percent && <span className="block text-xs font-normal text-slate-500">{percent}</span>}
      </span>
    );
  }
  if (column.kind === "date") return <span className="whitespace-nowrap">{formatShortDate(cell.value)}</span>;
  if (column.kind === "text")
    return cell.href ? (
      <Link to={cell.href} className="font-medium text-brand-700 hover:underline">
        {cell.value}
      </Link>
    ) : (
      <>{cell.value}</>
    );
  const figure = <Balance amount={cell.value} className={isZero(cell.value) ? "text-slate-400" : ""} />;
  if (!cell.href) return figure;
  const heading = column.note ? `${column.header} ${column.note}` : column.header;
  return (
    <Link
      to={cell.href}
      aria-label={`${rowLabel}, ${heading}: ${formatSignedMoney(cell.value)}`}
      title="Open the lines behind this figure"
      className="rounded-sm underline decoration-slate-300 decoration-dotted underline-offset-4 hover:bg-brand-50 hover:text-brand-800 hover:decoration-brand-600"
    >
      {figure}
    </Link>
  );
}

export function StatementTable({ table }: { table: ReportTable }) {
  const [labelColumn, ...figureColumns] = table.columns;
  return (
    <div
      role="region"
      aria-label={`${table.title}, ${table.period.label}`}
      tabIndex={0}
      data-scrolls-sideways=""
      className="relative overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <table className="w-full min-w-[46rem] border-collapse text-sm" data-testid="statement-table">
        <caption className="sr-only">
          {table.title}, {table.period.label}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 w-[38%] bg-slate-50 px-4 py-2.5 text-left font-semibold shadow-[1px_0_0_#e2e8f0] max-sm:w-44"
            >
              {labelColumn?.header}
            </th>
            {figureColumns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2.5 text-right font-semibold last:pr-4">
                <span className="block whitespace-nowrap">{column.header}</span>
                {column.note && (
                  <span className="block font-normal whitespace-nowrap text-slate-500">{column.note}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => {
            const [label, ...figures] = row.cells;
            const rowLabel = label ? labelText(label) : "";
            const depth = label?.depth ?? 0;
            return (
              <tr key={i} className={ROW_CLASS[row.kind]} data-row={row.kind}>
                <th
                  scope="row"
                  className={`sticky left-0 z-10 py-2 pr-3 text-left align-top shadow-[1px_0_0_#e2e8f0] max-sm:w-44 ${
                    row.kind === "heading" || row.kind === "grand" ? "bg-slate-50" : "bg-white"
                  } ${row.kind === "line" ? "font-normal" : ""}`}
                  style={{ paddingLeft: `${1 + depth * 1.25}rem` }}
                >
                  {label?.code && (
                    <>
                      <span className="mr-1 text-xs text-slate-500 tabular-nums">{label.code}</span>{" "}
                    </>
                  )}
                  <span className="break-words">{label?.value}</span>
                </th>
                {figures.map((cell, j) => (
                  <td key={j} className="px-3 py-2 text-right align-top last:pr-4">
                    <FigureCell cell={cell} column={figureColumns[j]!} rowLabel={rowLabel} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
