import { Package, Users } from "lucide-react";
import { Link } from "react-router";
import { JOB_ROLE_LABELS, JOB_STATUS_LABELS, type JobStatus } from "~/domain/jobs/constants";
import { dayOfJob, takesOutLabel, type CalendarJob } from "~/domain/jobs/job-calendar";
import { jobHref } from "~/domain/jobs/job-list";
import { JobStatusWithOverdue } from "./list-table";

/** A job's colour on the calendar, by its status (the badge's tones); overdue ones red. */
const CHIP_TONES: Record<JobStatus | "overdue", string> = {
  planned: "border-sky-300 bg-sky-50 text-sky-950 hover:bg-sky-100",
  out: "border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100",
  returned: "border-emerald-300 bg-emerald-50 text-emerald-950 hover:bg-emerald-100",
  overdue: "border-red-400 bg-red-50 text-red-950 hover:bg-red-100",
};

const toneOf = (job: CalendarJob) => CHIP_TONES[job.overdue ? "overdue" : job.status];

/** "Setup: Rafiq Islam · Operate: unassigned" */
export function crewLabel(job: CalendarJob): string {
  return job.crew.map((task) => `${JOB_ROLE_LABELS[task.role]}: ${task.employeeName ?? "unassigned"}`).join(" · ");
}

/** A job in a month grid's day: its reference and title in its status's colour, a link to the job. */
export function CalendarJobChip({ job }: { job: CalendarJob }) {
  const status = job.overdue ? "overdue" : JOB_STATUS_LABELS[job.status].toLowerCase();
  return (
    <Link
      to={jobHref(job.id)}
      className={`block rounded border-l-4 px-1.5 py-0.5 text-xs leading-snug ${toneOf(job)}`}
      aria-label={`${job.reference} ${job.title}, ${status}`}
      data-job={job.reference}
    >
      <span className="block font-semibold">{job.reference}</span>
      <span className="block truncate">{job.title}</span>
    </Link>
  );
}

/**
 * A job with what it takes out and its crew: in the week view's days, the agenda, and under the month grid. `day`
 * says which day of a longer job this is.
 */
export function CalendarJobCard({ job, day, compact = false }: { job: CalendarJob; day?: string; compact?: boolean }) {
  const nth = day ? dayOfJob(job, day) : null;
  const crew = crewLabel(job);
  return (
    <article
      className={`rounded-md border-l-4 border border-y-slate-200 border-r-slate-200 p-2.5 text-sm ${toneOf(job)}`}
      aria-label={`${job.reference} ${job.title}`}
      data-job={job.reference}
    >
      <div className="flex flex-wrap items-center justify-between gap-1">
        <Link to={jobHref(job.id)} className="font-semibold underline-offset-2 hover:underline">
          {job.reference}
        </Link>
        {!compact && <JobStatusWithOverdue status={job.status} overdue={job.overdue} />}
      </div>
      <p className="mt-0.5 font-medium break-words">{job.title}</p>
      <p className="text-xs break-words opacity-80">
        {job.customerName}
        {nth ? ` · ${nth}` : ""}
      </p>
      {compact && <JobStatusWithOverdue status={job.status} overdue={job.overdue} />}
      <p className="mt-1.5 flex gap-1.5 text-xs break-words">
        <Package aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        <span>
          <span className="sr-only">Takes out: </span>
          {takesOutLabel(job)}
        </span>
      </p>
      <p className="mt-1 flex gap-1.5 text-xs break-words">
        <Users aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        <span>
          <span className="sr-only">Crew: </span>
          {crew || "No crew yet"}
        </span>
      </p>
    </article>
  );
}
