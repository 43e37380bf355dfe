import type { JobPageLine } from "~/domain/jobs/job-page.server";
import { cellClass, headCellClass, ListTable } from "~/ui/admin/list";

// A job's equipment (issue 26): each line with how many are reserved, sent, out, back, damaged and lost; a
// package's parts indented under it (the package itself is never sent: its parts are).

const COUNTS = [
  ["quantity", "Reserved"],
  ["dispatched", "Sent"],
  ["out", "Out"],
  ["returned", "Back"],
  ["damaged", "Damaged"],
  ["lost", "Lost"],
] as const;

export function JobLinesTable({ lines }: { lines: readonly JobPageLine[] }) {
  if (lines.length === 0)
    return <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">No equipment.</p>;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {/* A phone: a card per line, its counts in one row. */}
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Equipment">
        {lines.map((line) => (
          <li key={line.id} className={`px-4 py-3 ${line.packageLineId ? "bg-slate-50/60 pl-8" : ""}`}>
            <p className="text-sm font-medium text-ink-900">{line.name}</p>
            <p className="text-xs text-slate-500">{line.isPackage ? "Package: its parts below are sent" : line.slug}</p>
            {!line.isPackage ? (
              <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
                {COUNTS.map(([key, label]) => (
                  <div key={key} className="flex gap-1">
                    <dt>{label}</dt>
                    <dd
                      className={`font-semibold tabular-nums ${key === "out" && line.out > 0 ? "text-amber-800" : "text-ink-900"}`}
                    >
                      {line[key]}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-1 text-xs text-slate-600">Reserved {line.quantity}</p>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <ListTable label="Equipment" minWidth="40rem" stack={false}>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={headCellClass}>
                Item
              </th>
              {COUNTS.map(([key, label]) => (
                <th key={key} scope="col" className={`${headCellClass} text-right`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line) => (
              <tr key={line.id} className={line.packageLineId ? "bg-slate-50/60" : undefined}>
                <td className={`${cellClass} min-w-52 ${line.packageLineId ? "pl-10" : ""}`}>
                  <span className="font-medium text-ink-900">
                    {line.packageLineId && (
                      <span aria-hidden className="mr-1 text-slate-400">
                        └
                      </span>
                    )}
                    {line.name}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {line.isPackage ? "Package: its parts below are sent" : line.slug}
                  </span>
                </td>
                {COUNTS.map(([key]) => (
                  <td
                    key={key}
                    className={`${cellClass} text-right tabular-nums ${
                      key === "out" && line.out > 0 ? "font-semibold text-amber-800" : ""
                    }`}
                  >
                    {line.isPackage && key !== "quantity" ? "" : line[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </ListTable>
      </div>
    </div>
  );
}
