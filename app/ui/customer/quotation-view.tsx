import { ArrowLeft, CalendarDays, Clock, FileDown, MapPin } from "lucide-react";
import { Link } from "react-router";
import { chargeText } from "~/domain/catalogue/rate-structures";
import { shortQuotationId } from "~/domain/quotations/customer-quotation-list";
import type { CustomerQuotation, CustomerQuotationPrices } from "~/domain/quotations/customer-quotations.server";
import { formatLongDate, formatMoney, formatTime } from "~/lib/format";
import { cellClass, formatDhakaDate, formatDhakaDateTime, HeadCell } from "~/ui/admin/list";
import { Panel } from "~/ui/admin/page-header";
import { QuotationStatusBadge } from "~/ui/quotation/status-badge";
import { QuotationTerms } from "./quotation-terms";

// A quotation as its customer sees it (backoffice.md §2 Customer Quotation detail): in the portal, and on the page
// the e-mailed link opens. Money in taka (DESIGN §5). `actions` is the customer's answer (Approve, Reject,
// Negotiate) or the negotiating notice; `backTo` the portal's dashboard, when there is one; `pdfHref` where the
// revision shown is downloaded as the PDF that was sent (issue 20).

export function CustomerQuotationView({
  quotation: q,
  backTo,
  pdfHref,
  actions,
}: {
  quotation: CustomerQuotation;
  backTo?: string;
  /** The PDF of a revision, under the page's own access rule. */
  pdfHref: (revision: number) => string;
  actions?: React.ReactNode;
}) {
  return (
    <div className="space-y-6">
      {backTo && (
        <Link
          to={backTo}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to Dashboard
        </Link>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-ink-900">
            Quotation <span className="font-mono">#{shortQuotationId(q.id)}</span>
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Created on <time dateTime={new Date(q.createdAt).toISOString()}>{formatDhakaDate(q.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <QuotationStatusBadge status={q.status} />
          {q.prices && (
            // A download, not a page: the browser fetches it itself (no client-side navigation).
            <a
              href={pdfHref(q.prices.revision)}
              download
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-ink-900 shadow-sm hover:bg-slate-50"
            >
              <FileDown aria-hidden className="size-4" />
              Download PDF
              <span className="sr-only"> of revision {q.prices.revision}</span>
            </a>
          )}
        </div>
      </div>

      <Panel className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-ink-900">{q.eventName}</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <EventFact icon={CalendarDays} term="Date">
            {formatLongDate(q.eventDate)}
            {q.rentalEndDate && q.rentalEndDate !== q.eventDate && ` to ${formatLongDate(q.rentalEndDate)}`}
          </EventFact>
          <EventFact icon={Clock} term="Time">
            {formatTime(q.eventTime)}
          </EventFact>
          <EventFact icon={MapPin} term="Location">
            {q.eventLocation}
          </EventFact>
        </dl>
      </Panel>

      <Panel>
        <h2 className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-ink-900 sm:px-6">Products</h2>
        {q.prices ? <PricedLines prices={q.prices} /> : <RequestedLines lines={q.requestedLines} />}
      </Panel>

      {q.notes && (
        <Panel className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-ink-900">Additional Notes</h2>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{q.notes}</p>
        </Panel>
      )}

      {q.prices && <QuotationTerms terms={q.prices.terms} />}

      {actions}
    </div>
  );
}

function EventFact({
  icon: Icon,
  term,
  children,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  term: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-2">
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <div>
        <dt className="text-xs font-medium text-slate-500">{term}</dt>
        <dd className="text-slate-800">{children}</dd>
      </div>
    </div>
  );
}

function ItemName({ name, size }: { name: string; size: string | null }) {
  return (
    <>
      {/* Breaks anywhere if it must: a long word never widens the table past a phone, its Total column cut off. */}
      <span className="font-medium wrap-anywhere text-ink-900">{name}</span>
      {size && <span className="block text-xs text-slate-500">Size: {size}</span>}
    </>
  );
}

/** "15.00" as "15". */
function percent(value: string): string {
  return `${Number(value)}%`;
}

function PricedLines({ prices }: { prices: CustomerQuotationPrices }) {
  const hasDiscount = Number(prices.discount) > 0;
  return (
    <>
      <div className="overflow-x-auto">
        {/* On a phone the quantity, rate and days go under the item's name, so the table fits its width. */}
        <table className="w-full border-collapse">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Item</HeadCell>
              <HeadCell className="hidden text-right sm:table-cell">Quantity × rate</HeadCell>
              <HeadCell className="text-right">Total</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {prices.lines.map((line, i) => (
              <tr key={i}>
                <td className={cellClass}>
                  <ItemName name={line.name} size={line.size} />
                  <span className="mt-0.5 block text-xs text-slate-600 tabular-nums sm:hidden">
                    {chargeText(line, formatMoney)}
                  </span>
                </td>
                <td className={`${cellClass} hidden text-right tabular-nums sm:table-cell`} data-testid="line-charge">
                  {chargeText(line, formatMoney)}
                </td>
                <td className={`${cellClass} text-right whitespace-nowrap tabular-nums`}>{formatMoney(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto max-w-xs space-y-1.5 border-t border-slate-200 px-5 py-4 text-sm sm:px-6">
        <Figure term="Subtotal" value={formatMoney(prices.subtotal)} />
        {hasDiscount && <Figure term="Discount" value={`-${formatMoney(prices.discount)}`} />}
        <Figure term={`VAT (${percent(prices.vatRatePercent)})`} value={formatMoney(prices.vatAmount)} />
        <Figure term="Total" value={formatMoney(prices.total)} strong />
      </dl>
      <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500 sm:px-6">
        Revision {prices.revision}, valid until {formatDhakaDateTime(prices.validUntil)}.
      </p>
    </>
  );
}

function Figure({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-6 ${strong ? "border-t border-slate-200 pt-2 text-base font-bold text-ink-900" : "text-slate-700"}`}
    >
      <dt>{term}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function RequestedLines({ lines }: { lines: CustomerQuotation["requestedLines"] }) {
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Item</HeadCell>
              <HeadCell className="text-right">Quantity</HeadCell>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line, i) => (
              <tr key={i}>
                <td className={cellClass}>
                  <ItemName name={line.name} size={line.size} />
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="border-t border-slate-200 px-5 py-4 text-sm text-slate-600 sm:px-6">
        Prices will be shown once the quotation is sent
      </p>
    </>
  );
}
