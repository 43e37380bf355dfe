import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { jobHref, type JOB_LIST, type JobListRow } from "~/domain/jobs/job-list";
import { cellClass, HeadCell, ListTable, SortHeader, type ListView } from "~/ui/admin/list";
import type { SortOf } from "~/lib/list-params";
import { jobPeriodLabel, JobStatusBadge } from "./job-header";

type JobListView = ListView<SortOf<typeof JOB_LIST>, (typeof JOB_LIST)["filters"]>;

/** A job's status, and "Overdue" beside it while units are out after its end date. */
export function JobStatusWithOverdue({ status, overdue }: Pick<JobListRow, "status" | "overdue">) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <JobStatusBadge status={status} />
      {overdue && (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
          <AlertTriangle aria-hidden className="size-3" /> Overdue
        </span>
      )}
    </span>
  );
}

/** The jobs list's table: each row's reference links to the job. */
export function JobListTable({ list, rows }: { list: JobListView; rows: JobListRow[] }) {
  return (
    <ListTable label="Jobs" minWidth="58rem">
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <SortHeader list={list} sort="reference">
            Reference
          </SortHeader>
          <HeadCell>Event</HeadCell>
          <SortHeader list={list} sort="customer">
            Customer
          </SortHeader>
          <SortHeader list={list} sort="start">
            Period
          </SortHeader>
          <HeadCell>Place</HeadCell>
          <HeadCell>Status</HeadCell>
          <HeadCell className="text-right">Units</HeadCell>
          <HeadCell className="text-right">Crew</HeadCell>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((job) => (
          <tr key={job.id} className="hover:bg-slate-50">
            <td className={`${cellClass} whitespace-nowrap`}>
              <Link to={jobHref(job.id)} className="font-semibold text-brand-700 hover:underline">
                {job.reference}
              </Link>
            </td>
            <td className={`${cellClass} max-w-56 break-words text-ink-900`}>{job.title}</td>
            <td data-label="Customer" className={`${cellClass} max-w-44 break-words`}>
              {job.customerName}
            </td>
            <td data-label="Period" className={`${cellClass} sm:whitespace-nowrap`}>
              {jobPeriodLabel(job.startDate, job.endDate)}
            </td>
            <td data-label="Place" className={`${cellClass} max-w-40 break-words`}>
              {job.location}
            </td>
            <td className={cellClass}>
              <JobStatusWithOverdue status={job.status} overdue={job.overdue} />
            </td>
            <td data-label="Units" className={`${cellClass} whitespace-nowrap tabular-nums sm:text-right`}>
              <span className="font-semibold text-ink-900">{job.unitsReserved}</span> reserved
              <span className="block text-xs text-slate-500">{job.unitsOut} out</span>
            </td>
            <td data-label="Crew" className={`${cellClass} tabular-nums sm:text-right`}>
              {job.crew}
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
