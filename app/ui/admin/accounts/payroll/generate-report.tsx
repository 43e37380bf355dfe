import { FileDown, FileText } from "lucide-react";
import { formatMonthYear } from "~/lib/format";
import { PAYROLL_MESSAGES } from "~/domain/payroll/payroll-form";
import { registerHref } from "~/domain/payroll/payroll-page";
import { secondaryButton } from "~/ui/buttons";

// The spec's Generate Report (issue 25: it works): the chosen month's payroll register, as PDF or as CSV. Only a
// processed month has one; otherwise the button is disabled and says why.

export function GenerateReport({ month, processed }: { month: string; processed: boolean }) {
  if (!processed)
    return (
      <button
        type="button"
        disabled
        title={PAYROLL_MESSAGES.reportNotProcessed(month)}
        aria-describedby="payroll-report-why"
        className={`${secondaryButton} cursor-not-allowed opacity-60`}
      >
        <FileText aria-hidden className="size-4" /> Generate Report
        <span id="payroll-report-why" className="sr-only">
          {PAYROLL_MESSAGES.reportNotProcessed(month)}
        </span>
      </button>
    );
  return (
    <details className="relative">
      <summary className={`${secondaryButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <FileText aria-hidden className="size-4" /> Generate Report
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <p className="px-3 py-1.5 text-xs text-slate-500">Payroll register, {formatMonthYear(month)}</p>
        <a
          href={registerHref(month, "pdf")}
          className="flex items-center gap-2 rounded px-3 py-2 text-sm text-ink-900 hover:bg-slate-100"
        >
          <FileText aria-hidden className="size-4 text-slate-500" /> Register (PDF)
        </a>
        <a
          href={registerHref(month, "csv")}
          download
          className="flex items-center gap-2 rounded px-3 py-2 text-sm text-ink-900 hover:bg-slate-100"
        >
          <FileDown aria-hidden className="size-4 text-slate-500" /> Register (CSV)
        </a>
      </div>
    </details>
  );
}
