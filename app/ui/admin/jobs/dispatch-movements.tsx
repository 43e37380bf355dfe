import type { JobPageMovement } from "~/domain/jobs/job-page.server";
import { formatShortDate } from "~/lib/format";
import { formatDhakaDateTime } from "~/ui/admin/list";
import { Badge, type BadgeTone } from "~/ui/badge";

// A job's history of what left and came back (issue 26): each dispatch and check-in, newest first, with who and when.

const KIND: Record<JobPageMovement["kind"], { label: string; tone: BadgeTone }> = {
  dispatched: { label: "Sent", tone: "blue" },
  returned: { label: "Back", tone: "green" },
  damaged: { label: "Damaged", tone: "amber" },
  lost: { label: "Lost", tone: "red" },
};

function outcomeText(m: JobPageMovement): string | null {
  if (m.outcome === "repair")
    return m.repairReturnDate ? `to repair, expected back ${formatShortDate(m.repairReturnDate)}` : "to repair";
  if (m.outcome === "write_off") return "written off";
  return null;
}

export function JobMovements({ movements }: { movements: readonly JobPageMovement[] }) {
  return (
    <section aria-labelledby="movements-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="movements-title" className="text-lg font-semibold text-ink-900">
        History
      </h2>
      {movements.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing has left yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100">
          {movements.map((m) => {
            const outcome = outcomeText(m);
            return (
              <li key={m.id} className="py-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={KIND[m.kind].tone}>{KIND[m.kind].label}</Badge>
                  <span className="font-medium text-ink-900">
                    {m.quantity} × {m.lineName}
                  </span>
                  {outcome && <span className="text-slate-600">{outcome}</span>}
                </div>
                {m.note && <p className="mt-1 break-words text-slate-700">{m.note}</p>}
                <p className="mt-0.5 text-xs text-slate-500">
                  {formatDhakaDateTime(m.createdAt)} · {m.actorLabel}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
