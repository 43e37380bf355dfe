import { NavLink } from "react-router";
import { JOB_STATUS_LABELS, type JobStatus } from "~/domain/jobs/constants";
import type { JobHeader } from "~/domain/jobs/job-header.server";
import { formatShortDate, formatTime } from "~/lib/format";
import { Badge, type BadgeTone } from "~/ui/badge";

export const JOB_STATUS_TONES: Record<JobStatus, BadgeTone> = { planned: "blue", out: "amber", returned: "green" };

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge tone={JOB_STATUS_TONES[status]}>{JOB_STATUS_LABELS[status]}</Badge>;
}

/** "12 Dec 2026" for a one-day job, "12 Dec 2026 – 14 Dec 2026" for longer. */
export function jobPeriodLabel(startDate: string, endDate: string): string {
  return startDate === endDate
    ? formatShortDate(startDate)
    : `${formatShortDate(startDate)} – ${formatShortDate(endDate)}`;
}

const TABS = [
  { label: "Overview", suffix: "" },
  { label: "Pick list", suffix: "/pick-list" },
  { label: "Crew", suffix: "/crew" },
] as const;

/**
 * The top of each of a job's screens: its reference, event, customer, period, place and status, the tabs between
 * them, and `actions` (a screen's own buttons) on the right.
 */
export function JobHeaderBar({ job, actions }: { job: JobHeader; actions?: React.ReactNode }) {
  const base = `/admin/jobs/${job.id}`;
  return (
    <div className="mb-6">
      <NavLink to="/admin/jobs" className="text-sm text-brand-700 hover:underline">
        ← All jobs
      </NavLink>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="min-w-0 sm:flex-[1_1_18rem]">
          <p className="text-sm font-medium text-slate-500">{job.reference}</p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold break-words text-ink-900">
            {job.title} <JobStatusBadge status={job.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {job.customerName} · {job.phone} · {jobPeriodLabel(job.startDate, job.endDate)} at{" "}
            {formatTime(job.eventTime)} · {job.location}
          </p>
        </div>
        {actions && <div className="flex flex-wrap gap-2 [&>*]:whitespace-nowrap">{actions}</div>}
      </div>
      <nav aria-label="Job" className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((tab) => (
          <NavLink
            key={tab.label}
            to={`${base}${tab.suffix}`}
            end
            className={({ isActive }) =>
              `-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                isActive ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-ink-900"
              }`
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
