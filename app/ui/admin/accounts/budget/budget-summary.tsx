import { AlertTriangle, ArrowDownLeft, ArrowUpRight, type LucideIcon } from "lucide-react";
import type { BudgetYearView } from "~/domain/budgets/budget-views";
import { formatMoney, formatSignedMoney } from "~/lib/format";

// The year's totals above the budget cards: what is budgeted and what the ledger shows for expense accounts and for
// income accounts (apart: a sum of both would mean nothing), and how many expense accounts are over their budget.

function Card({
  title,
  icon: Icon,
  tint,
  testId,
  children,
}: {
  title: string;
  icon: LucideIcon;
  tint: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <span className={`grid size-9 shrink-0 place-items-center rounded-lg ${tint}`}>
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      {children}
    </div>
  );
}

function Totals({ side, verb, kind }: { side: BudgetYearView["summary"]["expense"]; verb: string; kind: string }) {
  return (
    <>
      <dl className="mt-2 grid gap-1">
        <div>
          <dt className="text-xs text-slate-500">Total budgeted</dt>
          <dd
            className="text-xl font-bold tracking-tight break-all text-ink-900 tabular-nums sm:text-2xl"
            data-testid="summary-budget"
          >
            {formatMoney(side.budget)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Total actual ({verb})</dt>
          <dd className="text-sm font-medium break-all text-slate-700 tabular-nums" data-testid="summary-actual">
            {formatSignedMoney(side.actual)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-slate-500">
        {side.count === 0
          ? `No ${kind} account has a budget this year`
          : `${side.count} ${side.count === 1 ? "budget" : "budgets"}`}
      </p>
    </>
  );
}

export function BudgetSummary({ year }: { year: BudgetYearView }) {
  const { summary } = year;
  return (
    <section aria-label={`Totals of FY ${year.label}`} className="mb-6 grid gap-4 sm:grid-cols-3">
      <Card title="Expense budgets" icon={ArrowUpRight} tint="bg-rose-50 text-rose-700" testId="summary-expense">
        <Totals side={summary.expense} verb="spent" kind="expense" />
      </Card>
      <Card title="Income budgets" icon={ArrowDownLeft} tint="bg-emerald-50 text-emerald-700" testId="summary-income">
        <Totals side={summary.income} verb="earned" kind="income" />
      </Card>
      <Card
        title="Over budget"
        icon={AlertTriangle}
        tint={summary.overCount > 0 ? "bg-red-50 text-red-700" : "bg-slate-100 text-slate-600"}
        testId="summary-over"
      >
        <p
          className={`mt-2 text-xl font-bold tracking-tight tabular-nums sm:text-2xl ${summary.overCount > 0 ? "text-red-700" : "text-ink-900"}`}
          data-testid="summary-over-count"
        >
          {summary.overCount}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          {summary.overCount === 1 ? "expense account has" : "expense accounts have"} spent more than budgeted for the
          year
        </p>
      </Card>
    </section>
  );
}
