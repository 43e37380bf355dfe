import { AlertTriangle, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { JOB_ROLE_LABELS } from "~/domain/jobs/constants";
import type { CrewRow } from "~/domain/jobs/crew.server";
import { CREW_MESSAGES, shortPeriod } from "~/domain/jobs/crew-form";
import { TASK_STATUS_LABELS } from "~/domain/people/task-form";
import { DhakaTime } from "~/ui/admin/list";
import { Badge, type BadgeTone } from "~/ui/badge";

// A job's crew as its crew tab lists it: the part, the person and their team, when, the task's status, and the
// other jobs the person is on at the same time ("Also on JOB-…"). A table from 640 px, cards on a phone.

const STATUS_TONES: Record<CrewRow["status"], BadgeTone> = {
  pending: "amber",
  "in-progress": "blue",
  completed: "green",
  blocked: "red",
};

function AlsoOn({ row }: { row: CrewRow }) {
  if (row.alsoOn.length === 0) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-amber-800" data-testid="also-on">
      <AlertTriangle aria-hidden className="size-3.5" /> Also on{" "}
      {row.alsoOn.map((c, i) => (
        <span key={c.jobId}>
          <Link to={`/admin/jobs/${c.jobId}/crew`} className="font-medium underline">
            {c.reference}
          </Link>{" "}
          ({shortPeriod(c.startDate, c.endDate)}){i < row.alsoOn.length - 1 ? "," : ""}
        </span>
      ))}
    </p>
  );
}

function TakeOff({ row, action }: { row: CrewRow; action: string }) {
  return (
    <Form method="post" action={action} replace preventScrollReset>
      <input type="hidden" name="intent" value="unassign" />
      <input type="hidden" name="taskId" value={row.taskId} />
      <button
        type="submit"
        className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
        aria-label={`Take ${row.employeeName ?? "nobody"} off ${JOB_ROLE_LABELS[row.role]}`}
      >
        Take off
      </button>
    </Form>
  );
}

export function CrewList({ crew, action, canAssign }: { crew: CrewRow[]; action: string; canAssign: boolean }) {
  if (crew.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <Users aria-hidden className="mx-auto size-8 text-slate-400" />
        <p className="mt-2 font-semibold text-ink-900">{CREW_MESSAGES.emptyCrew}</p>
        <p className="mt-1 text-sm text-slate-600">{CREW_MESSAGES.emptyCrewHint}</p>
      </div>
    );
  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="crew">
      <table className="hidden w-full text-sm sm:table">
        <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs text-slate-500">
          <tr>
            <th className="px-4 py-2 font-medium">Role</th>
            <th className="px-4 py-2 font-medium">Employee</th>
            <th className="px-4 py-2 font-medium">Team</th>
            <th className="px-4 py-2 font-medium">When</th>
            <th className="px-4 py-2 font-medium">Status</th>
            {canAssign && <th className="px-4 py-2" aria-label="Actions" />}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {crew.map((row) => (
            <tr key={row.taskId} className="align-top">
              <td className="px-4 py-2 font-medium text-ink-900">{JOB_ROLE_LABELS[row.role]}</td>
              <td className="px-4 py-2">
                <span className="text-ink-900">{row.employeeName ?? "Unassigned"}</span>
                <span className="block text-xs text-slate-500">{row.title}</span>
                <AlsoOn row={row} />
              </td>
              <td className="px-4 py-2 text-slate-700">{row.teamName}</td>
              <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                <DhakaTime value={row.dueDate} />
              </td>
              <td className="px-4 py-2">
                <Badge tone={STATUS_TONES[row.status]}>{TASK_STATUS_LABELS[row.status]}</Badge>
              </td>
              {canAssign && (
                <td className="px-4 py-1.5 text-right">
                  <TakeOff row={row} action={action} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 sm:hidden">
        {crew.map((row) => (
          <li key={row.taskId} className="px-4 py-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {JOB_ROLE_LABELS[row.role]}
                </p>
                <p className="font-medium text-ink-900">{row.employeeName ?? "Unassigned"}</p>
                <p className="text-sm text-slate-600">
                  {row.teamName} · <DhakaTime value={row.dueDate} />
                </p>
              </div>
              <Badge tone={STATUS_TONES[row.status]}>{TASK_STATUS_LABELS[row.status]}</Badge>
            </div>
            <AlsoOn row={row} />
            {canAssign && (
              <div className="mt-1 -ml-2">
                <TakeOff row={row} action={action} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
