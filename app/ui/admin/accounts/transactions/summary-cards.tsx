import { ArrowDownLeft, ArrowUpRight, Landmark, type LucideIcon } from "lucide-react";
import { SUMMARY_CAPTIONS, type LedgerSummary } from "~/domain/accounting/transaction-list";
import { formatMoney } from "~/lib/format";

// The Transactions screen's cards (backoffice.md §2): Total Income, Total Expenses, Current Balance, from the
// ledger's posted lines over the page's period (ledger-summary.server.ts), the period named under each.

function Card({
  title,
  value,
  caption,
  icon: Icon,
  tint,
  testId,
}: {
  title: string;
  value: string;
  caption: string;
  icon: LucideIcon;
  tint: string;
  testId: string;
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
      <p
        className="mt-2 text-xl font-bold tracking-tight break-all text-ink-900 tabular-nums sm:text-2xl"
        data-testid="card-value"
      >
        {formatMoney(value)}
      </p>
      <p className="mt-1 text-xs text-slate-500">{caption}</p>
    </div>
  );
}

export function SummaryCards({
  summary,
  periodLabel,
  balanceAt,
}: {
  summary: LedgerSummary;
  periodLabel: string;
  balanceAt: string;
}) {
  return (
    <section aria-label={`Totals of ${periodLabel}, from the ledger`} className="mb-6 grid gap-4 sm:grid-cols-3">
      <Card
        title="Total Income"
        value={summary.income}
        caption={SUMMARY_CAPTIONS.income(periodLabel)}
        icon={ArrowDownLeft}
        tint="bg-emerald-50 text-emerald-700"
        testId="card-income"
      />
      <Card
        title="Total Expenses"
        value={summary.expenses}
        caption={SUMMARY_CAPTIONS.expenses(periodLabel)}
        icon={ArrowUpRight}
        tint="bg-rose-50 text-rose-700"
        testId="card-expenses"
      />
      <Card
        title="Current Balance"
        value={summary.balance}
        caption={SUMMARY_CAPTIONS.balance(balanceAt)}
        icon={Landmark}
        tint="bg-brand-50 text-brand-700"
        testId="card-balance"
      />
    </section>
  );
}
