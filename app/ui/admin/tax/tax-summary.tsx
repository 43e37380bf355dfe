import { Landmark, Percent, ReceiptText, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { TAX_TYPES, type TaxDepositKind, type TaxType } from "~/domain/accounting/constants";
import { netVatText, TAX_DEPOSIT_KIND_LABELS } from "~/domain/tax/tax-filing-form";
import { TAX_CARD_HEADLINES, TAX_CARD_KIND_LABELS, type TaxTypeTotals } from "~/domain/tax/tax-list";
import { TAX_TYPE_CARD_TITLES } from "~/domain/tax/tax-record-form";
import { formatMoney, formatShortDate } from "~/lib/format";
import { toPaisa } from "~/lib/money";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { Panel } from "~/ui/admin/page-header";
import { primaryButton, secondaryButton } from "~/ui/buttons";

// Tax Management's cards (backoffice.md §2: per type, taxable amount and tax amount over the period shown), the VAT
// return of that period (Mushak-9.1 figures, with Close when it has ended), and the closed periods with their
// deposits.

const ICONS: Record<TaxType, { icon: LucideIcon; tint: string }> = {
  vat: { icon: ReceiptText, tint: "bg-brand-50 text-brand-700" },
  income_tax: { icon: Landmark, tint: "bg-emerald-50 text-emerald-700" },
  other: { icon: Percent, tint: "bg-amber-50 text-amber-700" },
};

export function TaxTypeCards({ totals, periodLabel }: { totals: Record<TaxType, TaxTypeTotals>; periodLabel: string }) {
  return (
    <section aria-label={`Totals of ${periodLabel} by tax type`} className="mb-6 grid gap-4 sm:grid-cols-3">
      {TAX_TYPES.map((type) => {
        const { icon: Icon, tint } = ICONS[type];
        const t = totals[type];
        return (
          <div
            key={type}
            className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            data-testid={`card-${type}`}
          >
            <div className="flex items-start justify-between gap-2">
              <h2 className="text-sm font-medium text-slate-600">{TAX_TYPE_CARD_TITLES[type]}</h2>
              <span className={`grid size-9 shrink-0 place-items-center rounded-lg ${tint}`}>
                <Icon aria-hidden className="size-5" />
              </span>
            </div>
            <dl className="mt-2 grid gap-1">
              <div>
                <dt className="text-xs text-slate-500">{TAX_CARD_HEADLINES[type]}</dt>
                <dd
                  className="text-xl font-bold tracking-tight break-all text-ink-900 tabular-nums sm:text-2xl"
                  data-testid="card-tax"
                >
                  {formatMoney(t.headline)}
                </dd>
              </div>
            </dl>
            <table className="mt-2 w-full text-xs" data-testid="card-kinds">
              <thead className="sr-only">
                <tr>
                  <th scope="col">Kind, on its taxable amount</th>
                  <th scope="col">Tax amount</th>
                </tr>
              </thead>
              <tbody>
                {t.kinds.map((k) => (
                  <tr key={k.kind} className="border-t border-slate-100 align-top">
                    <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-600">
                      {TAX_CARD_KIND_LABELS[k.kind]}
                      <span className="block text-slate-400 tabular-nums">on {formatMoney(k.taxable)}</span>
                    </th>
                    <td className="py-1 text-right font-medium text-slate-800 tabular-nums">{formatMoney(k.tax)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-1 text-xs text-slate-500">
              {t.count} {t.count === 1 ? "record" : "records"}, {periodLabel}
            </p>
          </div>
        );
      })}
    </section>
  );
}

export interface ReturnView {
  label: string;
  start: string;
  end: string;
  outputVat: string;
  inputVat: string;
  vdsCredit: string;
  /** The credit of earlier returns brought forward (issue 37). */
  carriedIn: string;
  netPayable: string;
  /** Closed: its figures are kept and nothing carrying VAT may be dated inside it. */
  closed: boolean;
  ended: boolean;
}

function Figure({
  label,
  value,
  strong = false,
  note,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** A word under the figure: "to carry forward". */
  note?: string;
}) {
  return (
    <div className={strong ? "border-t border-slate-200 pt-2 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4" : ""}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`tabular-nums ${strong ? "text-lg font-bold text-ink-900" : "font-semibold text-ink-900"}`}>
        {formatMoney(value)}
        {note && <span className="block text-xs font-medium text-slate-500">{note}</span>}
      </dd>
    </div>
  );
}

export function VatReturnPanel({
  figures,
  closeHref,
  reportHref,
  returnHref,
}: {
  figures: ReturnView;
  closeHref: string | null;
  reportHref: string;
  /** The return as filed, by its notes (Mushak-9.1). */
  returnHref: string;
}) {
  const net = toPaisa(figures.netPayable);
  return (
    <Panel className="mb-6">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 className="text-lg font-semibold text-ink-900">VAT return: {figures.label}</h2>
          <p className="text-xs text-slate-500">
            {formatShortDate(figures.start)} to {formatShortDate(figures.end)} ·{" "}
            {figures.closed ? (
              <span className="font-medium text-emerald-700">Closed</span>
            ) : figures.ended ? (
              <span className="font-medium text-amber-700">Ended, not closed</span>
            ) : (
              "Open: the figures grow as documents are issued"
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={returnHref} className={secondaryButton}>
            Mushak-9.1
          </Link>
          <Link to={reportHref} preventScrollReset className={secondaryButton}>
            Report
          </Link>
          {closeHref && (
            <Link to={closeHref} preventScrollReset className={primaryButton}>
              Close period
            </Link>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 px-4 py-4 sm:grid-cols-5" data-testid="vat-return">
        <Figure label="Output VAT" value={figures.outputVat} />
        <Figure label="Input VAT" value={figures.inputVat} />
        <Figure label="VDS with certificates" value={figures.vdsCredit} />
        <Figure label="Credit brought forward" value={figures.carriedIn} />
        <Figure
          label="Net VAT payable"
          value={figures.netPayable}
          strong
          note={net < 0n ? "to carry forward" : undefined}
        />
      </dl>
    </Panel>
  );
}

export interface ClosedPeriodView {
  id: string;
  label: string;
  outputVat: string;
  inputVat: string;
  vdsCredit: string;
  carriedIn: string;
  netPayable: string;
  deposited: string;
  journalEntryId: string | null;
  /** A credit carried forward: the period whose return took it in. */
  carriedInto: string | null;
}

export interface DepositView {
  id: string;
  kind: TaxDepositKind;
  challanNo: string;
  date: string;
  amount: string;
  account: string;
  periodLabel: string | null;
  journalEntryId: string;
  /** Reversed (issue 36): its reversing entry, that entry's date and why. */
  reversal: { entryId: string; date: string; reason: string } | null;
}

export function ClosedPeriodsPanel({
  periods,
  deposits,
  depositHref,
  payHrefOf,
  reverseHrefOf,
}: {
  periods: readonly ClosedPeriodView[];
  deposits: readonly DepositView[];
  depositHref: string | null;
  /** A closed period's Pay link (the deposit dialog with its period and what is left), for who may record one. */
  payHrefOf?: (id: string) => string;
  /** A standing deposit's Reverse link (issue 36), for who may record one. */
  reverseHrefOf?: (id: string) => string;
}) {
  return (
    <Panel className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="text-lg font-semibold text-ink-900">Closed VAT periods and deposits</h2>
        {depositHref && (
          <Link to={depositHref} preventScrollReset className={secondaryButton}>
            Record deposit
          </Link>
        )}
      </div>
      {periods.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-500">No VAT period is closed yet.</p>
      ) : (
        <ListTable label="Closed VAT periods" minWidth="44rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Period</HeadCell>
              <HeadCell className="text-right">Output VAT</HeadCell>
              <HeadCell className="text-right">Input VAT</HeadCell>
              <HeadCell className="text-right">VDS</HeadCell>
              <HeadCell className="text-right">Brought forward</HeadCell>
              <HeadCell className="text-right">Net payable</HeadCell>
              <HeadCell className="text-right">Deposited</HeadCell>
              {payHrefOf && <HeadCell className="text-right">Actions</HeadCell>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {periods.map((p) => (
              <tr key={p.id} data-testid="closed-period">
                <td className={`${cellClass} font-medium text-ink-900`}>
                  {p.journalEntryId ? (
                    <Link to={`/admin/accounts/ledger?entry=${p.journalEntryId}`} className="hover:underline">
                      {p.label}
                    </Link>
                  ) : (
                    p.label
                  )}
                </td>
                <td data-label="Output VAT" className={`${cellClass} tabular-nums sm:text-right`}>
                  {formatMoney(p.outputVat)}
                </td>
                <td data-label="Input VAT" className={`${cellClass} tabular-nums sm:text-right`}>
                  {formatMoney(p.inputVat)}
                </td>
                <td data-label="VDS" className={`${cellClass} tabular-nums sm:text-right`}>
                  {formatMoney(p.vdsCredit)}
                </td>
                <td data-label="Brought forward" className={`${cellClass} tabular-nums sm:text-right`}>
                  {formatMoney(p.carriedIn)}
                </td>
                <td
                  data-label="Net payable"
                  className={`${cellClass} font-semibold text-ink-900 tabular-nums sm:text-right`}
                  data-testid="closed-net"
                >
                  {netVatText(p.netPayable, p.carriedInto)}
                </td>
                <td data-label="Deposited" className={`${cellClass} tabular-nums sm:text-right`}>
                  {formatMoney(p.deposited)}
                </td>
                {payHrefOf && (
                  <td
                    className={`${cellClass} sm:text-right`}
                    data-empty={toPaisa(p.netPayable) > toPaisa(p.deposited) ? undefined : true}
                  >
                    {toPaisa(p.netPayable) > toPaisa(p.deposited) && (
                      <Link
                        to={payHrefOf(p.id)}
                        preventScrollReset
                        aria-label={`Record the deposit of ${p.label}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        Pay
                      </Link>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <h3 className="border-t border-slate-200 px-4 pt-4 pb-2 text-sm font-semibold text-ink-900">
        Deposits (treasury challans)
      </h3>
      {deposits.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-slate-500">No deposit recorded yet.</p>
      ) : (
        <ListTable label="Tax deposits" minWidth="44rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Date</HeadCell>
              <HeadCell>Tax</HeadCell>
              <HeadCell>Challan</HeadCell>
              <HeadCell>Paid from</HeadCell>
              <HeadCell>Period</HeadCell>
              <HeadCell className="text-right">Amount</HeadCell>
              {reverseHrefOf && <HeadCell className="text-right">Actions</HeadCell>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {deposits.map((d) => (
              <tr key={d.id} data-testid="deposit" data-reversed={d.reversal ? true : undefined}>
                <td className={`${cellClass} whitespace-nowrap`}>{formatShortDate(d.date)}</td>
                <td data-label="Tax" className={cellClass}>
                  {TAX_DEPOSIT_KIND_LABELS[d.kind]}
                </td>
                <td data-label="Challan" className={cellClass}>
                  <Link to={`/admin/accounts/ledger?entry=${d.journalEntryId}`} className="break-all hover:underline">
                    {d.challanNo}
                  </Link>
                  {d.reversal && <ReversalNote reversal={d.reversal} testId="deposit-reversal" />}
                </td>
                <td data-label="Paid from" className={cellClass}>
                  {d.account}
                </td>
                <td data-label="Period" className={cellClass} data-empty={d.periodLabel ? undefined : true}>
                  {d.periodLabel ?? "—"}
                </td>
                <td
                  data-label="Amount"
                  className={`${cellClass} font-semibold tabular-nums sm:text-right ${d.reversal ? "text-slate-400 line-through" : "text-ink-900"}`}
                >
                  {formatMoney(d.amount)}
                </td>
                {reverseHrefOf && (
                  <td className={`${cellClass} sm:text-right`} data-empty={d.reversal ? true : undefined}>
                    {!d.reversal && (
                      <Link
                        to={reverseHrefOf(d.id)}
                        preventScrollReset
                        aria-label={`Reverse the deposit of challan ${d.challanNo}`}
                        className="font-medium text-red-700 hover:underline"
                      >
                        Reverse
                      </Link>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
    </Panel>
  );
}

/**
 * A reversed document's note (issue 36): "Reversed", linking to the reversing entry when there is one, and the reason.
 */
export function ReversalNote({
  reversal,
  testId,
}: {
  reversal: { entryId: string | null; date: string | null; reason: string };
  testId: string;
}) {
  return (
    <span className="mt-0.5 block text-xs break-words text-slate-600" data-testid={testId}>
      <span className="font-semibold text-red-700">Reversed</span>
      {reversal.entryId && reversal.date && (
        <>
          {" "}
          by{" "}
          <Link to={`/admin/accounts/ledger?entry=${reversal.entryId}`} className="text-brand-700 hover:underline">
            the entry of {formatShortDate(reversal.date)}
          </Link>
        </>
      )}
      : <q>{reversal.reason}</q>
    </span>
  );
}
