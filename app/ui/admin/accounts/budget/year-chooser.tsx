import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { FISCAL_YEAR_MAX, FISCAL_YEAR_MIN } from "~/domain/accounting/constants";
import { fiscalYearName } from "~/domain/reports/report-periods";
import { inputClass } from "~/ui/admin/form";
import { useHydrated } from "~/ui/use-hydrated";

// The budget screen's fiscal year (?fy=2026, the current fiscal year when absent): the year before and after, and a
// list of every year budgets may be set for, each marked with how many budgets it has. A plain GET form, so it works
// without JavaScript (with a Show button); with it, choosing a year goes there at once.

export function YearChooser({
  fiscalYear,
  currentFiscalYear,
  startMonth,
  counts,
  hrefOf,
}: {
  fiscalYear: number;
  currentFiscalYear: number;
  startMonth: number;
  counts: readonly { fiscalYear: number; count: number }[];
  hrefOf: (fiscalYear: number) => string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const countOf = new Map(counts.map((c) => [c.fiscalYear, c.count]));
  const years = Array.from({ length: FISCAL_YEAR_MAX - FISCAL_YEAR_MIN + 1 }, (_, i) => FISCAL_YEAR_MIN + i);
  const step =
    "grid size-10 shrink-0 place-items-center rounded-md border border-slate-300 bg-white text-ink-900 shadow-sm hover:bg-slate-50";
  return (
    <Form method="get" className="flex w-full items-center gap-1.5 sm:w-auto" aria-label="Choose the fiscal year">
      {fiscalYear > FISCAL_YEAR_MIN ? (
        <Link
          to={hrefOf(fiscalYear - 1)}
          className={step}
          aria-label={`FY ${fiscalYearName(fiscalYear - 1, startMonth)}`}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </Link>
      ) : (
        <span className={`${step} opacity-40`} aria-hidden>
          <ChevronLeft className="size-4" />
        </span>
      )}
      <label htmlFor="budget-fy" className="sr-only">
        Fiscal year
      </label>
      <select
        id="budget-fy"
        name="fy"
        defaultValue={String(fiscalYear)}
        key={fiscalYear}
        onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
        className={`${inputClass} min-w-0 flex-1 border-slate-300 py-2.5 sm:w-auto sm:flex-none`}
      >
        {years.map((y) => {
          const n = countOf.get(y) ?? 0;
          return (
            <option key={y} value={y}>
              {fiscalYearName(y, startMonth)}
              {y === currentFiscalYear ? " (current)" : ""}
              {n > 0 ? `: ${n} ${n === 1 ? "budget" : "budgets"}` : ""}
            </option>
          );
        })}
      </select>
      {!hydrated && (
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2.5 text-sm font-semibold">
          Show
        </button>
      )}
      {fiscalYear < FISCAL_YEAR_MAX ? (
        <Link
          to={hrefOf(fiscalYear + 1)}
          className={step}
          aria-label={`FY ${fiscalYearName(fiscalYear + 1, startMonth)}`}
        >
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span className={`${step} opacity-40`} aria-hidden>
          <ChevronRight className="size-4" />
        </span>
      )}
    </Form>
  );
}
