import { Loader2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Form } from "react-router";
import { FISCAL_YEAR_MAX, FISCAL_YEAR_MIN } from "~/domain/accounting/constants";
import {
  allocationOf,
  BUDGET_LIMITS,
  BUDGET_MESSAGES,
  BUDGET_MONTH_FIELDS,
  BUDGET_TYPE_LABELS,
  budgetMonthsOf,
  parseBudgetForm,
  readBudgetForm,
  typedFiscalYear,
  type BudgetFormValues,
  type BudgetType,
  type MonthField,
} from "~/domain/budgets/budget-form";
import type { BudgetAccountChoice } from "~/domain/budgets/budget-views";
import { phaseBudget } from "~/domain/budgets/budget-figures";
import { BUDGET_TYPES } from "~/domain/accounting/constants";
import { formCheck } from "~/lib/form-errors";
import { formatMoney } from "~/lib/format";
import { fromPaisa } from "~/lib/money";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { useHydrated } from "~/ui/use-hydrated";
import { GroupedSelectField } from "../transactions/money-fields";
import { DialogActions, FormDialog } from "../../form-dialog";
import { FormError, inputClass, TextAreaField, TextField, useFormBusy, useFormCheck } from "../../form";

// Create Budget and Edit Budget (backoffice.md §2 Budget Management, §4, §5, §9; issue 24): Fiscal Year (2024 to
// 2050), Account (income and expense accounts, shown as "code - name"), Budget Type annual or monthly (annual by
// default), Total Amount, in monthly mode the Monthly Allocation (the fiscal year's twelve months in its order,
// labelled "Jul 2026", each starting at 0) with a running Total Allocated, Notes, Cancel and Create Budget. In
// monthly mode Create Budget is disabled until the months add up to the Total Amount; the server refuses the same.
// Without JavaScript the allocation shows by the radio's own state (CSS), the button is never disabled and the
// server answers with each field's message.

const isBudgetType = (v: string): v is BudgetType => (BUDGET_TYPES as readonly string[]).includes(v);

export function BudgetDialog({
  mode,
  values,
  errors: serverErrors,
  accounts,
  startMonth,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: BudgetFormValues;
  errors: Record<string, string | undefined>;
  accounts: readonly BudgetAccountChoice[];
  /** The month (1-12) fiscal years start in: the order and labels of the months. */
  startMonth: number;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const hydrated = useHydrated();
  const check = useMemo(
    () => formCheck(readBudgetForm, (v) => parseBudgetForm(v, { startMonth, needsId: mode === "update" })),
    [startMonth, mode],
  );
  const { errors, onSubmit } = useFormCheck(
    check,
    serverErrors,
    mode === "create" ? () => BUDGET_MESSAGES.createFailed : BUDGET_MESSAGES.updateFailed,
  );
  const [fiscalYear, setFiscalYear] = useState(values.fiscalYear);
  const [type, setType] = useState<string>(values.type);
  const [amount, setAmount] = useState(values.amount);
  const [months, setMonths] = useState<Record<MonthField, string>>(
    () => Object.fromEntries(BUDGET_MONTH_FIELDS.map((f) => [f, values[f]])) as Record<MonthField, string>,
  );
  const monthly = type === "monthly";
  const allocation = allocationOf({ amount, ...months });
  // Without JavaScript nothing could enable it again: the server then checks the sum.
  const saveDisabled = busy || (hydrated && monthly && !allocation.matches);
  const shownMonths = budgetMonthsOf(typedFiscalYear(fiscalYear), startMonth);

  /** Fills the months with the Total Amount spread evenly (the remainder on the last month), as annual budgets are. */
  const spreadEvenly = () => {
    if (allocation.total === null) return;
    const phased = phaseBudget(
      allocation.total,
      "annual",
      new Map(),
      shownMonths.map((m) => m.month),
    );
    setMonths(
      (current) =>
        ({
          ...current,
          ...Object.fromEntries(shownMonths.map((m, i) => [m.field, fromPaisa(phased[i]!)])),
        }) as Record<MonthField, string>,
    );
  };

  const income = accounts.filter((a) => a.type === "income");
  const expense = accounts.filter((a) => a.type === "expense");
  const other = accounts.filter((a) => a.type !== "income" && a.type !== "expense");
  const optionOf = (a: BudgetAccountChoice) => ({
    value: a.id,
    label: `${a.code} - ${a.name}${a.isActive ? "" : " (deactivated)"}`,
  });
  const difference = allocation.total === null ? null : allocation.total - allocation.allocated;
  const submitLabel = mode === "create" ? "Create Budget" : "Save Budget";

  return (
    <FormDialog
      title={mode === "create" ? "Create Budget" : "Edit Budget"}
      description="A budget for an income or expense account in one fiscal year, compared on its card with what the ledger shows."
      closeHref={closeHref}
    >
      <Form method="post" action={action} noValidate replace preventScrollReset onSubmit={onSubmit} className="group">
        {/* First in the form, so Enter in a field saves as the visible button would. */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" disabled={saveDisabled}>
          {submitLabel}
        </button>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="id" value={values.id} />
        <input type="hidden" name="version" value={values.version} />
        <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
          <div className="empty:hidden sm:col-span-2">
            <FormError message={errors.form ?? errors.id} />
          </div>
          <TextField
            name="fiscalYear"
            label="Fiscal Year"
            type="number"
            required
            min={FISCAL_YEAR_MIN}
            max={FISCAL_YEAR_MAX}
            step={1}
            inputMode="numeric"
            value={fiscalYear}
            onChange={(e) => setFiscalYear(e.target.value)}
            error={errors.fiscalYear}
            hint={fiscalYearHint(fiscalYear, shownMonths)}
          />
          <GroupedSelectField
            name="accountId"
            label="Account"
            required
            defaultValue={values.accountId}
            error={errors.accountId}
            options={[{ value: "", label: "Select account" }, ...other.map(optionOf)]}
            groups={[
              { label: "Income", options: income.map(optionOf) },
              { label: "Expenses", options: expense.map(optionOf) },
            ].filter((g) => g.options.length > 0)}
          />
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-ink-900">Budget Type</legend>
            <div
              className="mt-2 flex flex-wrap gap-2"
              role="radiogroup"
              aria-describedby={errors.type ? "budget-type-error" : undefined}
            >
              {BUDGET_TYPES.map((t) => (
                <label
                  key={t}
                  className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 ${
                    errors.type ? "border-red-600" : "border-slate-300"
                  }`}
                >
                  <input
                    type="radio"
                    name="type"
                    value={t}
                    defaultChecked={t === (isBudgetType(values.type) ? values.type : "annual")}
                    onChange={() => setType(t)}
                    className="accent-brand-700"
                  />
                  {BUDGET_TYPE_LABELS[t]}
                </label>
              ))}
            </div>
            {errors.type && (
              <p id="budget-type-error" className="mt-1 text-sm text-red-700">
                {errors.type}
              </p>
            )}
          </fieldset>
          <TextField
            name="amount"
            label="Total Amount (৳)"
            type="number"
            required
            min="0"
            step="0.01"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
            className="sm:col-span-2"
            hint={monthly ? undefined : "Compared month by month spread evenly over the year."}
          />
        </div>

        {/* The allocation: shown in monthly mode only (by the radio's own state, so also before the scripts run). */}
        <fieldset
          className={`border-t border-slate-200 px-5 py-4 ${
            hydrated ? (monthly ? "" : "hidden") : "hidden group-has-[input[name=type][value=monthly]:checked]:block"
          }`}
          data-testid="monthly-allocation"
        >
          {/* Floated, a legend sits inside the fieldset's box rather than on its top border. */}
          <legend className="float-left w-full text-sm font-semibold text-ink-900">Monthly Allocation</legend>
          <div className="clear-both flex flex-wrap items-center justify-between gap-2 pt-1">
            <p className="text-xs text-slate-500">
              Each month&apos;s budget, 0 or more; together they make the Total Amount.
            </p>
            {hydrated && (
              <button
                type="button"
                onClick={spreadEvenly}
                disabled={allocation.total === null}
                className={`${secondaryButton} !px-3 !py-1.5 !text-xs`}
              >
                Spread the total evenly
              </button>
            )}
          </div>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {shownMonths.map((m) => (
              <MonthInput
                key={m.field}
                field={m.field}
                label={m.label}
                value={months[m.field]}
                error={errors[m.field]}
                onChange={(value) => setMonths((current) => ({ ...current, [m.field]: value }))}
              />
            ))}
          </div>
          <div
            className="mt-4 flex flex-col gap-1 rounded-md bg-slate-50 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between"
            aria-live="polite"
            data-testid="total-allocated"
          >
            <p>
              <span className="text-slate-600">Total Allocated: </span>
              <span className="font-semibold text-ink-900 tabular-nums">
                {formatMoney(fromPaisa(allocation.allocated))}
              </span>
              {allocation.total !== null && (
                <span className="text-slate-600"> of {formatMoney(fromPaisa(allocation.total))}</span>
              )}
            </p>
            {hydrated && (
              <p
                className={`text-xs ${allocation.matches ? "text-emerald-700" : "text-amber-800"}`}
                data-testid="allocation-status"
              >
                {allocation.matches
                  ? "The months add up to the Total Amount"
                  : difference === null
                    ? "Enter the Total Amount first"
                    : difference > 0n
                      ? `${formatMoney(fromPaisa(difference))} left to allocate`
                      : `${formatMoney(fromPaisa(-difference))} more than the Total Amount`}
              </p>
            )}
          </div>
          {errors.months && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errors.months}
            </p>
          )}
        </fieldset>

        <div className="border-t border-slate-200 px-5 py-4">
          <TextAreaField
            name="notes"
            label="Notes"
            rows={3}
            maxLength={BUDGET_LIMITS.notes}
            defaultValue={values.notes}
            error={errors.notes}
          />
        </div>

        <DialogActions closeHref={closeHref}>
          <button type="submit" className={primaryButton} disabled={saveDisabled} aria-busy={busy}>
            {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {busy ? "Saving..." : submitLabel}
          </button>
        </DialogActions>
      </Form>
    </FormDialog>
  );
}

function fiscalYearHint(typed: string, months: { label: string }[]): string {
  return typedFiscalYear(typed) === null
    ? `${FISCAL_YEAR_MIN} to ${FISCAL_YEAR_MAX}`
    : `${months[0]!.label} to ${months[months.length - 1]!.label}`;
}

function MonthInput({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: MonthField;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = `budget-${field}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={field}
        type="number"
        min="0"
        step="0.01"
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 ${inputClass} tabular-nums ${error ? "border-red-600" : "border-slate-300"}`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
