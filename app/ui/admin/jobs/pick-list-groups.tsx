import { Boxes } from "lucide-react";
import { packageHeading, type PickGroup, type PickRow } from "~/domain/jobs/pick-list";
import { Panel } from "~/ui/admin/page-header";

// The pick list's groups on screen (issue 26): a panel per category, each item's name and code, units still to pick
// (reserved − sent) large, reserved and sent beside it, and a tick box for whoever packs; a package as a heading
// with its parts under it. On a phone the reserved and sent figures move under the item's name.

function units(n: number) {
  return `${n} ${n === 1 ? "unit" : "units"}`;
}

function groupToPick(group: PickGroup): number {
  return group.entries.reduce(
    (n, e) => n + (e.kind === "item" ? e.row.toPick : e.parts.reduce((m, p) => m + p.toPick, 0)),
    0,
  );
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
const td = "px-3 py-3 align-top text-sm text-slate-700";

function Row({ row, part = false }: { row: PickRow; part?: boolean }) {
  const done = row.toPick === 0;
  return (
    <tr className={done ? "bg-slate-50/60" : undefined} data-slug={row.slug}>
      <td className={`${td} w-10 pl-4`}>
        <input
          type="checkbox"
          aria-label={`Picked ${row.name}`}
          className="size-5 rounded border-slate-400 text-brand-700"
        />
      </td>
      <td className={`${td} ${part ? "pl-6 sm:pl-8" : ""}`}>
        <span className={`block font-medium break-words ${done ? "text-slate-500" : "text-ink-900"}`}>{row.name}</span>
        <span className="block font-mono text-xs break-all text-slate-500">{row.slug}</span>
        <span className="mt-1 block text-xs text-slate-500 sm:hidden">
          {row.reserved} reserved · {row.sent} sent
        </span>
      </td>
      <td className={`${td} hidden text-right tabular-nums sm:table-cell`}>{row.reserved}</td>
      <td className={`${td} hidden text-right tabular-nums sm:table-cell`}>{row.sent}</td>
      <td className={`${td} pr-4 text-right`}>
        <span
          className={`text-lg font-bold tabular-nums ${done ? "text-slate-400" : "text-ink-900"}`}
          aria-label={`${row.toPick} to pick`}
        >
          {row.toPick}
        </span>
        {done && <span className="block text-xs text-green-700">all sent</span>}
      </td>
    </tr>
  );
}

export function PickListGroups({ groups }: { groups: PickGroup[] }) {
  if (groups.length === 0)
    return (
      <Panel className="p-8 text-center">
        <Boxes aria-hidden className="mx-auto size-8 text-slate-400" />
        <p className="mt-2 font-medium text-ink-900">This job has no equipment to pick.</p>
        <p className="text-sm text-slate-500">Its quotation had no inventory items.</p>
      </Panel>
    );
  return (
    <div className="space-y-5">
      {groups.map((group) => (
        <Panel key={group.category} className="overflow-hidden">
          <section aria-labelledby={`pick-${group.category}`}>
            <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3">
              <h2 id={`pick-${group.category}`} className="text-base font-semibold text-ink-900">
                {group.label}
              </h2>
              <span className="text-sm whitespace-nowrap text-slate-600">{units(groupToPick(group))} to pick</span>
            </div>
            <table className="w-full table-fixed">
              <colgroup>
                <col className="w-12" />
                <col />
                <col className="hidden w-24 sm:table-column" />
                <col className="hidden w-20 sm:table-column" />
                <col className="w-24" />
              </colgroup>
              <thead className="border-b border-slate-100">
                <tr>
                  <th className={`${th} pl-4`}>
                    <span className="sr-only">Picked</span>
                  </th>
                  <th className={th}>Item and code</th>
                  <th className={`${th} hidden text-right sm:table-cell`}>Reserved</th>
                  <th className={`${th} hidden text-right sm:table-cell`}>Sent</th>
                  <th className={`${th} pr-4 text-right whitespace-nowrap`}>To pick</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {group.entries.map((entry) =>
                  entry.kind === "item" ? (
                    <Row key={entry.row.id} row={entry.row} />
                  ) : (
                    <PackageRows key={entry.id} entry={entry} />
                  ),
                )}
              </tbody>
            </table>
          </section>
        </Panel>
      ))}
    </div>
  );
}

function PackageRows({ entry }: { entry: Extract<PickGroup["entries"][number], { kind: "package" }> }) {
  return (
    <>
      <tr className="bg-brand-50/60">
        <td className={`${td} pl-4`} aria-hidden />
        <td colSpan={4} className={`${td} pr-4`}>
          <span className="block font-semibold text-ink-900">{packageHeading(entry.name, entry.packages)}</span>
          <span className="block text-xs text-slate-600">
            <span className="font-mono">{entry.slug}</span> · its parts below, quantities for all {entry.packages}
          </span>
        </td>
      </tr>
      {entry.parts.map((part) => (
        <Row key={part.id} row={part} part />
      ))}
    </>
  );
}
