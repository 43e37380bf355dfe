import { AlertTriangle, Download } from "lucide-react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { PAYMENT_METHOD_LABELS } from "~/domain/accounting/constants";
import type { MoneyAccountChoices } from "~/domain/accounting/money-document-form";
import {
  DISBURSEMENT_MESSAGES,
  missingPaymentDetail,
  parseDisbursementForm,
  readDisbursementForm,
  type DisbursementFormValues,
  type DisbursementLine,
} from "~/domain/payroll/disbursement-form";
import { SALARY_PAYMENT_METHOD_LABELS } from "~/domain/people/constants";
import { formCheck } from "~/lib/form-errors";
import { formatMoney, formatMonthYear } from "~/lib/format";
import { fromPaisa, sumPaisa, toPaisa } from "~/lib/money";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Process Disbursement (issue 25; backoffice.md §2 Salary Disbursement): a processed month's pending payslips, each
// employee with how they are paid (bank and account number, or bKash/Nagad wallet number, or cash) and the net; the
// ones ticked are paid from the account chosen on the date. Changing the month opens the dialog on that month.

export interface DisbursementDialogProps {
  month: string;
  /** The processed months with something still to pay (the month shown among them). */
  months: { month: string; pending: number }[];
  lines: DisbursementLine[];
  total: string;
  showDetails: boolean;
  values: DisbursementFormValues;
  errors: Record<string, string | undefined>;
  choices: MoneyAccountChoices;
  today: string;
  closeHref: string;
  action: string;
  /** The dialog's URL for another month. */
  monthHref: (month: string) => string;
  adviceHref: string;
}

function PayeeDetail({ line, showDetails }: { line: DisbursementLine; showDetails: boolean }) {
  if (line.method === "cash") return <span className="text-slate-600">Paid in cash</span>;
  if (!showDetails) return <span className="text-slate-500">Hidden</span>;
  const missing = missingPaymentDetail(line);
  if (missing)
    return (
      <span className="inline-flex items-start gap-1 text-amber-800" data-testid="payee-missing">
        <AlertTriangle aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        {missing}
      </span>
    );
  if (line.method === "bank")
    return (
      <span className="break-words">
        {line.bankName ?? "Bank not recorded"} · <span className="tabular-nums">{line.accountNumber}</span>
      </span>
    );
  return <span className="tabular-nums">{line.walletNumber}</span>;
}

export function DisbursementDialog(props: DisbursementDialogProps) {
  const { month, months, lines, total, showDetails, values, choices, today } = props;
  const navigate = useNavigate();
  const busy = useFormBusy("disburse");
  const check = useMemo(() => formCheck(readDisbursementForm, (v) => parseDisbursementForm(v, today)), [today]);
  const { errors, onSubmit } = useFormCheck(check, props.errors, DISBURSEMENT_MESSAGES.failed);
  const missing = lines.filter((l) => showDetails && missingPaymentDetail(l)).length;
  // The ones unticked (all ticked at first; after a refused form, those it did not name): the Pay button says what
  // the ticked ones come to, which is what is paid.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        values.payslipIds.length > 0
          ? lines.filter((l) => !values.payslipIds.includes(l.payslipId)).map((l) => l.payslipId)
          : [],
      ),
  );
  const tickedTotal = fromPaisa(sumPaisa(lines.filter((l) => !unticked.has(l.payslipId)).map((l) => toPaisa(l.net))));
  const tick = (payslipId: string, on: boolean) =>
    setUnticked((before) => {
      const after = new Set(before);
      if (on) after.delete(payslipId);
      else after.add(payslipId);
      return after;
    });
  const monthOptions = months.some((m) => m.month === month) ? months : [{ month, pending: 0 }, ...months];
  const accountOptions = [
    { value: "", label: "Choose an account" },
    ...choices.accounts.map((a) => ({
      value: a.id,
      label: `${a.code} ${a.name} (${PAYMENT_METHOD_LABELS[a.paymentMethod]})`,
    })),
  ];
  return (
    <RecordFormDialog
      title="Process Disbursement"
      description="Pay the month's salaries: each ticked employee's net is paid from the account chosen, and their salary row is completed."
      size="lg"
      closeHref={props.closeHref}
      action={props.action}
      intent="disburse"
      onSubmit={onSubmit}
      submitLabel={`Pay ${formatMoney(tickedTotal)}`}
      busyLabel="Paying..."
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form} />
        {/* The ticked ones are paid; none ticked is refused (with none listed, the server says why). */}
        {lines.length > 0 && <input type="hidden" name="chosen" value="1" />}
        <SelectField
          name="month"
          label="Month"
          required
          value={month}
          onChange={(event) => void navigate(props.monthHref(event.currentTarget.value), { replace: true })}
          error={errors.month}
          options={monthOptions.map((m) => ({
            value: m.month,
            label: `${formatMonthYear(m.month)} (${m.pending} to pay)`,
          }))}
        />
        {lines.length === 0 ? (
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="disbursement-empty">
            Nothing of {formatMonthYear(month)} is left to pay.
          </p>
        ) : (
          <fieldset className="min-w-0">
            <legend className="mb-1 text-sm font-medium text-ink-900">
              {lines.length} {lines.length === 1 ? "employee" : "employees"} to pay, {formatMoney(total)} in all
            </legend>
            {missing > 0 && (
              <p className="mb-2 flex items-start gap-1.5 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                {missing} {missing === 1 ? "employee has" : "employees have"} no account or wallet number: add it on the
                employee&apos;s record before sending the bank advice.
              </p>
            )}
            <ul
              className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
              data-testid="disbursement-breakdown"
            >
              {lines.map((line) => (
                <li key={line.payslipId} className="flex items-start gap-3 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    name="payslipId"
                    value={line.payslipId}
                    checked={!unticked.has(line.payslipId)}
                    onChange={(event) => tick(line.payslipId, event.currentTarget.checked)}
                    aria-label={`Pay ${line.employee}`}
                    className="mt-1 size-4 shrink-0 rounded border-slate-300"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words text-ink-900">{line.employee}</span>
                    <span className="block text-xs text-slate-600">
                      {SALARY_PAYMENT_METHOD_LABELS[line.method]} ·{" "}
                      <PayeeDetail line={line} showDetails={showDetails} />
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold text-ink-900 tabular-nums">{formatMoney(line.net)}</span>
                </li>
              ))}
            </ul>
            {errors.payslipIds && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errors.payslipIds}
              </p>
            )}
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="moneyAccountId"
            label="Paid from"
            required
            defaultValue={values.moneyAccountId}
            error={errors.moneyAccountId}
            options={accountOptions}
          />
          <TextField
            name="date"
            label="Date"
            type="date"
            required
            defaultValue={values.date}
            max={today}
            error={errors.date}
          />
        </div>
        {showDetails && (
          <a
            href={props.adviceHref}
            download
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          >
            <Download aria-hidden className="size-4" /> Bank advice for {formatMonthYear(month)} (CSV)
          </a>
        )}
      </div>
    </RecordFormDialog>
  );
}
