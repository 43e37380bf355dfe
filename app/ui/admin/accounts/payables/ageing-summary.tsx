import { Link } from "react-router";
import { AGE_BUCKETS, AGEING_MESSAGES, type AgeingTotals } from "~/domain/accounting/ageing";
import type { OpenItemKind } from "~/domain/accounting/settle-form";
import { formatMoney } from "~/lib/format";

// What is left of the pending payables or receivables by age (ageing.ts: days past the due date, or since the date
// without one), each age linking to the list narrowed to it; what no document explains is on account, and the total
// outstanding is the parties' balance in the ledger (DESIGN §10; issue 36).

export function AgeingSummary({
  kind,
  title,
  totals,
  hrefOf,
  testId,
}: {
  kind: OpenItemKind;
  title: string;
  totals: AgeingTotals;
  /** The screen filtered to one age. */
  hrefOf: (age: (typeof AGE_BUCKETS)[number]["key"]) => string;
  testId: string;
}) {
  return (
    <section aria-label={`${title}: what is left by age`} className="px-4 py-3" data-testid={testId}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {AGE_BUCKETS.map((bucket) => {
          const zero = totals[bucket.key] === "0.00";
          return (
            <div key={bucket.key} className="rounded-md border border-slate-200 px-3 py-2">
              <dt className="text-xs text-slate-500">{bucket.label}</dt>
              <dd
                className={`text-sm font-semibold tabular-nums ${
                  zero ? "text-slate-400" : bucket.key === "notDue" ? "text-ink-900" : "text-red-700"
                }`}
                data-testid={`age-${bucket.key}`}
              >
                {zero ? (
                  formatMoney(0)
                ) : (
                  <Link to={hrefOf(bucket.key)} preventScrollReset className="hover:underline">
                    {formatMoney(totals[bucket.key])}
                  </Link>
                )}
              </dd>
            </div>
          );
        })}
        {totals.onAccount !== "0.00" && (
          <div className="rounded-md border border-slate-200 px-3 py-2" title={AGEING_MESSAGES.onAccount(kind)}>
            <dt className="text-xs text-slate-500">On account</dt>
            <dd className="text-sm font-semibold text-ink-900 tabular-nums" data-testid="age-on-account">
              {formatMoney(totals.onAccount)}
            </dd>
          </div>
        )}
        <div className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-600">Total outstanding</dt>
          <dd className="text-sm font-bold text-ink-900 tabular-nums" data-testid="age-total">
            {formatMoney(totals.ledger)}
          </dd>
        </div>
      </dl>
      {totals.invoices !== "0.00" && (
        <p className="mt-2 text-xs text-slate-600" role="note" data-testid="invoices-owed">
          {AGEING_MESSAGES.invoicesOwed(totals.invoices)}:{" "}
          <Link to="/admin/invoices?state=due" className="font-medium text-brand-700 hover:underline">
            open invoices
          </Link>
        </p>
      )}
    </section>
  );
}
