import { FileDown, FileText, ListChecks, Undo2 } from "lucide-react";
import { formatMoney, formatMonthYear } from "~/lib/format";
import {
  PAYROLL_RUN_STATUS_LABELS,
  registerHref,
  undoBlocker,
  type PayrollRunRow,
} from "~/domain/payroll/payroll-page";
import { Badge, type BadgeTone } from "~/ui/badge";
import { formatDhakaDateTime } from "~/ui/admin/list/date-time";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list/table";
import { Panel } from "~/ui/admin/page-header";
import { RowActionLink } from "~/ui/admin/row-actions";

// The months processed (issue 25): each run's month, employees paid, totals, state (processed, disbursed once every
// payslip is paid, undone) and who did it when; its payslips, its register (PDF, CSV) and Undo (accountants, only
// while nothing of it is paid).

const TONES: Record<PayrollRunRow["status"], BadgeTone> = { processed: "amber", disbursed: "green", reversed: "slate" };

export function PayrollRuns({
  runs,
  canManage,
  dialogHref,
}: {
  runs: PayrollRunRow[];
  canManage: boolean;
  dialogHref: (param: string) => string;
}) {
  return (
    <Panel>
      <h2 className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-ink-900">Months processed</h2>
      {runs.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-slate-600">No month has been processed yet.</p>
      ) : (
        <ListTable label="Months processed" minWidth="60rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Month</HeadCell>
              <HeadCell className="text-right">Employees</HeadCell>
              <HeadCell className="text-right">Gross</HeadCell>
              <HeadCell className="text-right">Deductions</HeadCell>
              <HeadCell className="text-right">Net</HeadCell>
              <HeadCell>Status</HeadCell>
              <HeadCell>Processed</HeadCell>
              <HeadCell>
                <span className="sr-only">Actions</span>
              </HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {runs.map((run) => {
              const name = formatMonthYear(run.month);
              const stands = run.status !== "reversed";
              return (
                <tr key={run.id} aria-label={`Payroll ${name}`}>
                  <td className={`${cellClass} font-medium text-ink-900`}>{name}</td>
                  <td className={`${cellClass} tabular-nums sm:text-right`} data-label="Employees">
                    {run.employees}
                    {run.paid > 0 && run.status !== "disbursed" && (
                      <span className="block text-xs text-slate-500">{run.paid} paid</span>
                    )}
                  </td>
                  <td className={`${cellClass} tabular-nums sm:text-right`} data-label="Gross">
                    {formatMoney(run.gross)}
                  </td>
                  <td className={`${cellClass} tabular-nums sm:text-right`} data-label="Deductions">
                    {formatMoney(run.deductions)}
                  </td>
                  <td className={`${cellClass} font-semibold text-ink-900 tabular-nums sm:text-right`} data-label="Net">
                    {formatMoney(run.net)}
                  </td>
                  <td className={cellClass}>
                    <Badge tone={TONES[run.status]}>{PAYROLL_RUN_STATUS_LABELS[run.status]}</Badge>
                    {run.status === "reversed" && run.reversalReason && (
                      <span className="mt-1 block max-w-56 text-xs break-words text-slate-500">
                        {run.reversedBy ?? "Someone"}
                        {run.reversedAt ? `, ${formatDhakaDateTime(run.reversedAt)}` : ""}: {run.reversalReason}
                      </span>
                    )}
                  </td>
                  <td className={`${cellClass} text-xs`} data-label="Processed">
                    {run.processedBy ?? "—"}
                    <span className="block text-slate-500">{formatDhakaDateTime(run.processedAt)}</span>
                  </td>
                  <td className={`${cellClass} sm:text-right`}>
                    <span className="inline-flex flex-wrap gap-1 sm:justify-end">
                      <RowActionLink
                        to={dialogHref(`payslips=${run.id}`)}
                        label={`Payslips of ${name}`}
                        text="Payslips"
                        icon={ListChecks}
                        tone="plain"
                      />
                      {stands && (
                        <>
                          <a
                            href={registerHref(run.month, "pdf")}
                            aria-label={`Register of ${name} (PDF)`}
                            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                          >
                            <FileText aria-hidden className="size-4" /> PDF
                          </a>
                          <a
                            href={registerHref(run.month, "csv")}
                            download
                            aria-label={`Register of ${name} (CSV)`}
                            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                          >
                            <FileDown aria-hidden className="size-4" /> CSV
                          </a>
                        </>
                      )}
                      {canManage && stands && undoBlocker(run) === null && (
                        <RowActionLink
                          to={dialogHref(`undo=${run.id}`)}
                          label={`Undo ${name}`}
                          text="Undo"
                          icon={Undo2}
                          tone="danger"
                        />
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ListTable>
      )}
    </Panel>
  );
}
