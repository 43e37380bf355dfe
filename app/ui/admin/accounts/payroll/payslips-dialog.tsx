import { FileText } from "lucide-react";
import { formatMoney, formatMonthYear } from "~/lib/format";
import { partMonthNote, payslipPdfHref, type PayrollRunRow, type PayslipRow } from "~/domain/payroll/payroll-page";
import { Badge } from "~/ui/badge";
import { Link } from "react-router";
import { FormDialog } from "~/ui/admin/form-dialog";
import { secondaryButton } from "~/ui/buttons";

// A processed month's payslips (issue 25): one line per employee with the days paid (a part month says so), gross,
// deductions, net and state, each opening its payslip as a PDF.

const STATUS = { pending: ["Pending", "amber"], paid: ["Paid", "green"], reversed: ["Undone", "slate"] } as const;

export function PayslipsDialog({
  run,
  payslips,
  closeHref,
}: {
  run: PayrollRunRow;
  payslips: PayslipRow[];
  closeHref: string;
}) {
  return (
    <FormDialog
      title={`Payslips, ${formatMonthYear(run.month)}`}
      description={`${payslips.length} ${payslips.length === 1 ? "payslip" : "payslips"}, net ${formatMoney(run.net)}`}
      closeHref={closeHref}
    >
      <ul className="divide-y divide-slate-100">
        {payslips.map((slip) => {
          const [label, tone] = STATUS[slip.status];
          const note = partMonthNote(slip.daysPaid, slip.daysInMonth);
          return (
            <li key={slip.id} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-ink-900">
                  {slip.employeeName} <Badge tone={tone}>{label}</Badge>
                </p>
                <p className="text-xs text-slate-500">
                  {slip.position}, {slip.department}
                  {note ? ` · ${note}` : ""}
                </p>
                <p className="mt-1 text-sm text-slate-700 tabular-nums">
                  Gross {formatMoney(slip.gross)} − deductions {formatMoney(slip.deductions)} ={" "}
                  <strong className="text-ink-900">{formatMoney(slip.net)}</strong>
                </p>
              </div>
              <a
                href={payslipPdfHref(slip.id)}
                aria-label={`Payslip of ${slip.employeeName} (PDF)`}
                className="inline-flex shrink-0 items-center gap-1 self-start rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 sm:self-center"
              >
                <FileText aria-hidden className="size-4" /> Payslip PDF
              </a>
            </li>
          );
        })}
      </ul>
      <div className="sticky bottom-0 flex justify-end border-t border-slate-200 bg-white px-5 py-3">
        <Link to={closeHref} replace preventScrollReset className={secondaryButton}>
          Close
        </Link>
      </div>
    </FormDialog>
  );
}
