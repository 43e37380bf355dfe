import { formCheck } from "~/lib/form-errors";
import { formatShortDate, formatSignedMoney } from "~/lib/format";
import {
  parseCloseYearForm,
  readCloseYearForm,
  YEAR_END_MESSAGES,
  type FiscalYearRow,
} from "~/domain/accounting/year-end-close-form";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Close year (issue 24): the confirmation says what will be posted (each income and expense account's movement for
// the year reversed, the result to retained earnings, on the year's last day) and that nothing else can be posted in
// the year until it is reopened. The result shown is sent back: the close is refused if the figures moved meanwhile.

const CHECK = formCheck(readCloseYearForm, parseCloseYearForm);

export function CloseYearDialog({
  year,
  retainedEarnings,
  errors: serverErrors,
  closeHref,
  action,
}: {
  year: FiscalYearRow;
  retainedEarnings: string | null;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("close");
  const { errors, onSubmit } = useFormCheck(CHECK, serverErrors, YEAR_END_MESSAGES.closeFailed);
  const loss = year.result.startsWith("-");
  const amount = formatSignedMoney(loss ? year.result.slice(1) : year.result);
  return (
    <RecordFormDialog
      title={`Close FY ${year.name}`}
      description={`${formatShortDate(year.from)} – ${formatShortDate(year.to)}`}
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="close"
      onSubmit={onSubmit}
      submitLabel="Close year"
      busyLabel="Closing..."
      busy={busy}
    >
      <input type="hidden" name="fiscalYear" value={year.fiscalYear} />
      <input type="hidden" name="result" value={year.result} />
      <div className="grid gap-4 px-5 py-4 text-sm text-slate-700">
        <FormError message={errors.form ?? errors.fiscalYear ?? errors.result} />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 px-4 py-3">
          <dt>Income</dt>
          <dd className="text-right tabular-nums">{formatSignedMoney(year.income)}</dd>
          <dt>Expenses</dt>
          <dd className="text-right tabular-nums">{formatSignedMoney(year.expenses)}</dd>
          <dt className="font-semibold text-ink-900">{loss ? "Loss for the year" : "Profit for the year"}</dt>
          <dd className={`text-right font-semibold tabular-nums ${loss ? "text-red-700" : "text-ink-900"}`}>
            {amount}
          </dd>
        </dl>
        <p>
          One entry dated <strong>{formatShortDate(year.to)}</strong> reverses the year's movement on each of its{" "}
          {year.accountsMoved} income and expense {year.accountsMoved === 1 ? "account" : "accounts"} and{" "}
          {loss ? "debits" : "credits"} the {loss ? "loss" : "profit"} of <strong>{amount}</strong> to{" "}
          <strong>{retainedEarnings ?? "Retained Earnings"}</strong>. Those accounts then start the next year from zero;
          the Profit &amp; Loss still shows the year as it was.
        </p>
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
          Until the year is reopened, nothing else can be posted between {formatShortDate(year.from)} and{" "}
          {formatShortDate(year.to)}.
        </p>
      </div>
    </RecordFormDialog>
  );
}
