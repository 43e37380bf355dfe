import { useNavigate } from "react-router";
import { formatMoney, formatMonthYear } from "~/lib/format";
import { formCheck } from "~/lib/form-errors";
import { parseProcessPayrollForm, PAYROLL_MESSAGES, readProcessPayrollForm } from "~/domain/payroll/payroll-form";
import {
  partMonthNote,
  withDialog,
  type PayrollPreviewCard,
  type PayrollProcessDialog,
} from "~/domain/payroll/payroll-page";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, inputClass, useFormBusy, useFormCheck } from "~/ui/admin/form";

// The spec's Process Payroll dialog (backoffice.md §2): a month picker and a card per employee with earnings,
// deductions and net payable, then Cancel / Process Payroll. The cards are the server's (the same payrollLines
// processing writes), for the month in the URL (?process=YYYY-MM): choosing another month reloads them. A month
// that cannot be processed (not started, done already, nobody to pay) says so on the field; the server refuses it
// again with the spec's "Failed to process payroll" toast.

const CHECK = formCheck(readProcessPayrollForm, parseProcessPayrollForm);

export function ProcessPayrollDialog({
  dialog,
  typedMonth,
  errors: serverErrors,
  listHref,
  action,
}: {
  dialog: PayrollProcessDialog;
  /** The month the failed submission sent, shown again in the field. */
  typedMonth: string | null;
  errors: Record<string, string | undefined>;
  listHref: string;
  action: string;
}) {
  const busy = useFormBusy("process");
  const navigate = useNavigate();
  const { errors, onSubmit } = useFormCheck(CHECK, serverErrors, PAYROLL_MESSAGES.processFailed);
  const monthError = errors.month ?? dialog.error ?? undefined;
  const ok = /^\d{4}-\d{2}$/.test(dialog.month);
  return (
    <RecordFormDialog
      title="Process Payroll"
      description={
        ok
          ? `${formatMonthYear(dialog.month)}${dialog.slabTable ? `: income tax by the ${dialog.slabTable}` : ""}`
          : undefined
      }
      closeHref={listHref}
      action={action}
      intent="process"
      onSubmit={onSubmit}
      submitLabel="Process Payroll"
      busyLabel="Processing..."
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form} />
        <div>
          <label htmlFor="process-month" className="block text-sm font-medium text-ink-900">
            Month
            <span aria-hidden className="ml-0.5 text-red-700">
              *
            </span>
          </label>
          <input
            // A new month's cards come with a new field, showing what the server read.
            key={dialog.month}
            id="process-month"
            type="month"
            name="month"
            required
            min="2000-01"
            max="2099-12"
            defaultValue={typedMonth ?? dialog.month}
            aria-invalid={monthError ? true : undefined}
            aria-describedby={monthError ? "process-month-error" : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (/^\d{4}-\d{2}$/.test(value))
                void navigate(withDialog(listHref, `process=${value}`), { replace: true, preventScrollReset: true });
            }}
            className={`${inputClass} mt-1 sm:w-56 ${monthError ? "border-red-600" : "border-slate-300"}`}
          />
          {monthError && (
            <p id="process-month-error" className="mt-1 text-sm text-red-700">
              {monthError}
            </p>
          )}
        </div>
        {dialog.totals && (
          <dl className="grid gap-1 rounded-md bg-slate-50 px-4 py-3 text-sm sm:grid-cols-3 sm:gap-2">
            <Total term="Gross" amount={dialog.totals.gross} />
            <Total term="Deductions" amount={dialog.totals.deductions} />
            <Total term="Net payable" amount={dialog.totals.net} strong />
          </dl>
        )}
        {dialog.cards.length > 0 && (
          <ul aria-label="Employees paid" className="grid gap-3">
            {dialog.cards.map((card) => (
              <EmployeeCard key={card.employeeId} card={card} />
            ))}
          </ul>
        )}
      </div>
    </RecordFormDialog>
  );
}

function Total({ term, amount, strong = false }: { term: string; amount: string; strong?: boolean }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-2 sm:block">
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className={`tabular-nums ${strong ? "font-semibold text-ink-900" : "text-slate-800"}`}>
        {formatMoney(amount)}
      </dd>
    </div>
  );
}

function EmployeeCard({ card }: { card: PayrollPreviewCard }) {
  const f = card.figures;
  const note = partMonthNote(card.daysPaid, card.daysInMonth);
  return (
    <li aria-label={card.name} className="rounded-lg border border-slate-200 p-4 text-sm">
      <p className="font-semibold text-ink-900">{card.name}</p>
      <p className="text-xs text-slate-500">
        {card.position}, {card.department}
      </p>
      {note && <p className="mt-1 text-xs font-medium text-amber-800">{note}</p>}
      <div className="mt-3 grid gap-3 sm:grid-cols-2 sm:gap-8">
        <Figures
          title="Earnings"
          rows={[
            ["Basic", f.basic],
            ["House rent", f.houseRent],
            ["Medical", f.medical],
            ["Transport", f.transport],
          ]}
          total={["Gross", f.gross]}
        />
        <Figures
          title="Deductions"
          rows={[
            ["Provident fund", f.providentFund],
            ["Income tax", f.incomeTax],
            ["Other", f.otherDeductions],
          ]}
          total={["Total", f.totalDeductions]}
        />
      </div>
      <p className="mt-3 flex justify-between border-t border-slate-200 pt-2 font-semibold text-ink-900">
        <span>Net payable</span>
        <span className="tabular-nums">{formatMoney(f.net)}</span>
      </p>
    </li>
  );
}

function Figures({ title, rows, total }: { title: string; rows: [string, string][]; total: [string, string] }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <dl className="mt-1 space-y-0.5">
        {[...rows, total].map(([term, amount], i) => (
          <div
            key={term}
            className={`flex justify-between gap-x-2 ${i === rows.length ? "border-t border-slate-100 pt-0.5 font-medium text-ink-900" : "text-slate-700"}`}
          >
            <dt>{term}</dt>
            <dd className="tabular-nums">{formatMoney(amount)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
