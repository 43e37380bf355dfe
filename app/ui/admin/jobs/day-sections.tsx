import { ArrowDownLeft, ArrowUpRight, ClipboardList } from "lucide-react";
import { Link } from "react-router";
import { jobHref, pickListHref } from "~/domain/jobs/job-list";
import type { WarehouseJob, WarehouseMovement } from "~/domain/jobs/warehouse-day.server";
import { formatTime } from "~/lib/format";
import { formatDhakaTime } from "~/ui/admin/list";
import { Panel } from "~/ui/admin/page-header";
import { jobPeriodLabel, JobStatusBadge } from "./job-header";

/** One section of the warehouse's day: its jobs, each with its lines (item, how many). */
export function DaySection({
  id,
  title,
  description,
  jobs,
  quantityLabel,
  empty,
  tone,
}: {
  id: string;
  title: string;
  description: string;
  jobs: WarehouseJob[];
  /** The lines' number column: "To send", "Out". */
  quantityLabel: string;
  empty: string;
  tone: "brand" | "green" | "red";
}) {
  const units = jobs.reduce((sum, job) => sum + job.lines.reduce((s, l) => s + l.quantity, 0), 0);
  const accent = { brand: "border-t-brand-600", green: "border-t-emerald-600", red: "border-t-red-600" }[tone];
  return (
    <Panel className={`border-t-4 ${accent}`}>
      <section aria-labelledby={id}>
        <header className="border-b border-slate-200 px-4 py-3">
          <h2 id={id} className="text-base font-semibold text-ink-900">
            {title}{" "}
            <span className="text-sm font-normal text-slate-500">
              ({jobs.length} {jobs.length === 1 ? "job" : "jobs"}, {units} {units === 1 ? "unit" : "units"})
            </span>
          </h2>
          <p className="text-xs text-slate-500">{description}</p>
        </header>
        {jobs.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {jobs.map((job) => (
              <li key={job.id} className="px-4 py-3" data-job={job.reference}>
                <DayJob job={job} quantityLabel={quantityLabel} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Panel>
  );
}

function DayJob({ job, quantityLabel }: { job: WarehouseJob; quantityLabel: string }) {
  return (
    <article aria-label={`${job.reference} ${job.title}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={jobHref(job.id)} className="font-semibold text-brand-700 hover:underline">
            {job.reference}
          </Link>
          <JobStatusBadge status={job.status} />
        </p>
        <Link
          to={pickListHref(job.id)}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          aria-label={`Pick list of ${job.reference}`}
        >
          <ClipboardList aria-hidden className="size-4" /> Pick list
        </Link>
      </div>
      <p className="mt-0.5 font-medium break-words text-ink-900">{job.title}</p>
      <p className="text-xs break-words text-slate-500">
        {job.customerName} · {job.phone} · {jobPeriodLabel(job.startDate, job.endDate)} at {formatTime(job.eventTime)} ·{" "}
        {job.location}
      </p>
      {job.lines.length === 0 ? (
        <p className="mt-2 text-sm text-emerald-700">Everything has left.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">{quantityLabel}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-50">
            {job.lines.map((line) => (
              <tr key={line.lineId}>
                <td className="py-1 pr-3 break-words text-slate-700">
                  {line.name}
                  {line.packageName && <span className="text-xs text-slate-500"> (in {line.packageName})</span>}
                </td>
                <td className="w-20 py-1 text-right font-semibold whitespace-nowrap text-ink-900 tabular-nums">
                  ×{line.quantity}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

const KIND_LABELS: Record<WarehouseMovement["kind"], string> = {
  dispatched: "left",
  returned: "back",
  damaged: "damaged",
  lost: "lost",
};

/** What was recorded leaving or coming back that day, in the order it was. */
export function DayMovements({
  title,
  movements,
  empty,
}: {
  title: string;
  movements: WarehouseMovement[];
  empty: string;
}) {
  const Icon = title.startsWith("Left") ? ArrowUpRight : ArrowDownLeft;
  return (
    <Panel>
      <section aria-label={title}>
        <h2 className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 text-base font-semibold text-ink-900">
          <Icon aria-hidden className="size-4 text-slate-500" /> {title}
        </h2>
        {movements.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {movements.map((m) => (
              <li key={m.id} className="flex flex-wrap items-baseline gap-x-2 px-4 py-2 text-sm">
                <span className="w-16 shrink-0 text-xs text-slate-500 tabular-nums">{formatDhakaTime(m.at)}</span>
                <span className="min-w-0 flex-1 break-words">
                  <span className="font-semibold text-ink-900">
                    {m.item} ×{m.quantity}
                  </span>{" "}
                  {m.kind !== "dispatched" && (
                    <span className={m.kind === "returned" ? "text-emerald-700" : "text-red-700"}>
                      {KIND_LABELS[m.kind]}
                      {m.outcome === "repair" ? " (to repair)" : m.outcome === "write_off" ? " (written off)" : ""}
                    </span>
                  )}{" "}
                  ·{" "}
                  <Link to={jobHref(m.jobId)} className="text-brand-700 hover:underline">
                    {m.reference}
                  </Link>{" "}
                  <span className="text-slate-500">
                    {m.title} · {m.actor}
                  </span>
                  {m.note && <span className="block text-xs text-slate-500">“{m.note}”</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Panel>
  );
}
