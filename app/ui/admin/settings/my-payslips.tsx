import { Download, ReceiptText } from "lucide-react";
import type { PayslipStatus } from "~/domain/accounting/constants";
import type { MyPayslip } from "~/domain/payroll/my-payslips.server";
import { PAYSLIP_STATUS_LABELS } from "~/domain/payroll/payslip-pdf-text";
import { formatMoney, formatMonthYear, formatShortDate } from "~/lib/format";
import { Badge, type BadgeTone } from "~/ui/badge";
import { Panel } from "~/ui/admin/page-header";

// My account's "My payslips" (issue 25): the signed-in employee's payslips, newest month first, each with its net, its
// status and a link to its PDF (/admin/payslips/:id/pdf, which serves only one's own).

const STATUS_TONES: Record<PayslipStatus, BadgeTone> = { pending: "amber", paid: "green", reversed: "slate" };

export function MyPayslips({ payslips }: { payslips: MyPayslip[] }) {
  return (
    <Panel className="p-5 sm:p-6">
      <h2 id="my-payslips" className="flex items-center gap-2 text-base font-semibold text-ink-900">
        <ReceiptText aria-hidden className="size-5 text-brand-700" />
        My payslips
      </h2>
      {payslips.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No payslips yet: yours appear here once a month's payroll is processed.
        </p>
      ) : (
        <ul aria-labelledby="my-payslips" className="mt-3 divide-y divide-slate-100 text-sm">
          {payslips.map((slip) => (
            <li key={slip.id} className="flex items-center gap-3 py-3 sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium whitespace-nowrap text-ink-900">{formatMonthYear(slip.month)}</p>
                <p className="text-xs text-slate-500">
                  {slip.daysPaid < slip.daysInMonth ? `${slip.daysPaid} of ${slip.daysInMonth} days` : "Whole month"}
                  {slip.status === "paid" && slip.paidOn ? ` · paid ${formatShortDate(slip.paidOn)}` : ""}
                </p>
              </div>
              <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-4">
                <span className="font-semibold text-ink-900 tabular-nums">{formatMoney(slip.net)}</span>
                <Badge tone={STATUS_TONES[slip.status]}>{PAYSLIP_STATUS_LABELS[slip.status]}</Badge>
              </div>
              <a
                href={`/admin/payslips/${slip.id}/pdf`}
                download
                aria-label={`Download the payslip of ${formatMonthYear(slip.month)} (PDF)`}
                title="Download (PDF)"
                className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-2 font-medium text-brand-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-3 sm:py-1.5"
              >
                <Download aria-hidden className="size-4" />
                <span className="max-sm:sr-only">Download</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
