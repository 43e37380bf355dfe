import { ChevronDown, Copy, Pencil, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { ACCOUNT_TYPE_LABELS } from "~/domain/accounting/constants";
import { varianceWords } from "~/domain/budgets/budget-figures";
import { BUDGET_TYPE_LABELS } from "~/domain/budgets/budget-form";
import type { BudgetCardView } from "~/domain/budgets/budget-views";
import { formatMoney, formatSignedMoney } from "~/lib/format";
import { toPaisa } from "~/lib/money";
import { Badge } from "~/ui/badge";
import { useFormBusy } from "~/ui/admin/form";
import { BudgetChart } from "./budget-chart";

// One budget's card (backoffice.md §2 "Cards per budget"; issue 24): the account as "code - name", its type, the
// budget against the ledger's actual for the fiscal year with the variance and the share used, a small chart by
// month, the months' figures behind "By month", the notes, and Edit, Copy to next year and Delete for those who
// manage the accounts. An expense account over its budget is marked, and so is each month over.

const TONE_CLASS = { good: "text-emerald-700", bad: "text-red-700", neutral: "text-slate-600" } as const;

export interface CardLinks {
  edit: string;
  delete: string;
  /** Where Copy to next year posts (the page itself). */
  action: string;
}

export function BudgetCard({
  card,
  nextYearLabel,
  canCopy,
  canManage,
  links,
  future,
}: {
  card: BudgetCardView;
  /** "2027-28", or null when the next year is past 2050. */
  nextYearLabel: string | null;
  /** Why Copy to next year cannot be done, or null when it can. */
  canCopy: string | null;
  canManage: boolean;
  links: CardLinks;
  /** Whether a calendar month of this fiscal year has not begun (its actual is not shown yet). */
  future: (month: number) => boolean;
}) {
  const { year } = card;
  const variance = varianceWords(card.accountType, toPaisa(year.variance), formatMoney);
  const used = year.percentUsed;
  const title = `${card.code} - ${card.name}`;
  const copying = useFormBusy("copy");
  return (
    <article
      className={`flex flex-col rounded-lg border bg-white shadow-sm ${year.over ? "border-red-300" : "border-slate-200"}`}
      aria-label={title}
      data-testid="budget-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 px-4 pt-4 pb-3">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-ink-900">{title}</h2>
          <p className="mt-0.5 text-xs text-slate-500">
            {ACCOUNT_TYPE_LABELS[card.accountType]} account · {BUDGET_TYPE_LABELS[card.type]} budget
            {card.type === "annual" ? " (spread evenly by month)" : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {year.over && <Badge tone="red">Over budget</Badge>}
          {!year.over && card.monthsOver > 0 && (
            <Badge tone="amber">
              {card.monthsOver} {card.monthsOver === 1 ? "month" : "months"} over
            </Badge>
          )}
          {!card.accountActive && <Badge tone="slate">Account deactivated</Badge>}
        </div>
      </header>

      {/* One column that may shrink below its content: the months' table scrolls in its own box instead. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 px-4 py-3">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          <div>
            <dt className="text-xs text-slate-500">Budget</dt>
            <dd className="font-semibold break-all text-ink-900 tabular-nums" data-testid="budget-amount">
              {formatMoney(year.budget)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Actual</dt>
            <dd
              className={`font-semibold break-all tabular-nums ${year.over ? "text-red-700" : "text-ink-900"}`}
              data-testid="budget-actual"
            >
              {formatSignedMoney(year.actual)}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-slate-500">Variance</dt>
            <dd className={`text-sm font-medium ${TONE_CLASS[variance.tone]}`} data-testid="budget-variance">
              {variance.text}
            </dd>
          </div>
        </dl>

        <div>
          <div className="flex items-baseline justify-between text-xs text-slate-600">
            <span>{card.accountType === "income" ? "Earned" : "Used"}</span>
            <span className="font-semibold text-ink-900 tabular-nums" data-testid="budget-used">
              {used === null ? "No amount budgeted" : `${used.toFixed(1)}%`}
            </span>
          </div>
          <div
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label={`${title}: share of the budget ${card.accountType === "income" ? "earned" : "used"}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={used === null ? undefined : Math.min(100, Math.max(0, used))}
          >
            <div
              className={`h-full rounded-full ${year.over ? "bg-red-600" : card.accountType === "income" ? "bg-emerald-600" : "bg-ink-700"}`}
              style={{ width: `${used === null ? (year.over ? 100 : 0) : Math.min(100, Math.max(0, used))}%` }}
            />
          </div>
        </div>

        <BudgetChart months={card.months} future={future} />

        <details className="group rounded-md border border-slate-200">
          <summary className="flex cursor-pointer list-none items-center justify-between px-3 py-2 text-sm font-medium text-ink-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            By month
            <ChevronDown aria-hidden className="size-4 text-slate-500 transition group-open:rotate-180" />
          </summary>
          {/* Wide amounts on a phone scroll inside this box, never the page. */}
          <div className="overflow-x-auto border-t border-slate-200" data-scrolls-sideways>
            <table className="w-full text-xs">
              <caption className="sr-only">{title}: budget and actual by month</caption>
              <thead className="bg-slate-50 text-slate-500">
                <tr>
                  <th scope="col" className="px-2 py-1.5 sm:px-3 text-left font-medium">
                    Month
                  </th>
                  <th scope="col" className="px-1.5 py-1.5 text-right sm:px-2 font-medium">
                    Budget
                  </th>
                  <th scope="col" className="px-1.5 py-1.5 text-right sm:px-2 font-medium">
                    Actual
                  </th>
                  <th scope="col" className="hidden px-2 py-1.5 text-right font-medium sm:table-cell sm:px-3">
                    Variance
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 tabular-nums">
                {card.months.map((m) => {
                  const ahead = future(m.month);
                  return (
                    <tr key={m.month} className={m.over ? "bg-red-50" : undefined} data-over={m.over ? "" : undefined}>
                      <th
                        scope="row"
                        className="px-2 py-1.5 sm:px-3 text-left font-normal whitespace-nowrap text-slate-700"
                      >
                        {m.label}
                        {m.over && <span className="block font-semibold text-red-700 sm:ml-1.5 sm:inline">Over</span>}
                      </th>
                      <td className="px-1.5 py-1.5 text-right sm:px-2 whitespace-nowrap">{formatMoney(m.budget)}</td>
                      <td
                        className={`px-1.5 py-1.5 text-right sm:px-2 whitespace-nowrap ${m.over ? "text-red-700" : ""}`}
                      >
                        {ahead ? <span className="text-slate-400">—</span> : formatSignedMoney(m.actual)}
                      </td>
                      <td className="hidden px-2 py-1.5 text-right whitespace-nowrap sm:table-cell sm:px-3">
                        {ahead ? <span className="text-slate-400">—</span> : formatSignedMoney(m.variance)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="border-t border-slate-100 px-2 py-1.5 sm:px-3 text-[11px] text-slate-500">
            <span className="hidden sm:inline">Variance is actual less budget. </span>A dash: the month has not begun.
          </p>
        </details>

        {card.notes && <p className="text-sm whitespace-pre-line text-slate-700">{card.notes}</p>}
      </div>

      {canManage && (
        <footer className="mt-auto flex flex-wrap items-center gap-1 border-t border-slate-100 px-2 py-2">
          <Link
            to={links.edit}
            preventScrollReset
            aria-label={`Edit the budget of ${title}`}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            <Pencil aria-hidden className="size-4" /> Edit
          </Link>
          {nextYearLabel && (
            <Form method="post" action={links.action} preventScrollReset className="contents">
              <input type="hidden" name="intent" value="copy" />
              <input type="hidden" name="id" value={card.id} />
              <button
                type="submit"
                disabled={canCopy !== null || copying}
                title={canCopy ?? undefined}
                aria-label={`Copy the budget of ${title} to FY ${nextYearLabel}`}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
              >
                <Copy aria-hidden className="size-4" /> Copy to {nextYearLabel}
              </button>
            </Form>
          )}
          <Link
            to={links.delete}
            preventScrollReset
            aria-label={`Delete the budget of ${title}`}
            className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="size-4" /> Delete
          </Link>
          {canCopy && <p className="w-full px-2 text-xs text-slate-500">{canCopy}</p>}
        </footer>
      )}
    </article>
  );
}
