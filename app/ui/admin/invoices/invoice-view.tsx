import { Link } from "react-router";
import {
  CUSTOMER_PAYMENT_METHOD_LABELS,
  INVOICE_KIND_LABELS,
  type CustomerPaymentMethod,
} from "~/domain/sales/constants";
import type { InvoiceDetails } from "~/domain/sales/invoice-list";
import { formatMoney, formatShortDate } from "~/lib/format";
import { fromPaisa } from "~/lib/money";
import { lineDiscount } from "~/domain/sales/invoice-arithmetic";
import { formatDhakaDateTime } from "~/ui/admin/list";
import { Panel } from "~/ui/admin/page-header";

// An invoice as printed (Mushak-6.3; issue 22): the buyer, the lines with their unit of supply, value before VAT,
// supplementary duty (issue 37) and VAT, the totals and the signatory; beside it what is paid, credited and due, what settled it (payments, the customer's credit) and
// its credit notes.

const figure = (amount: string) => formatMoney(amount);

function Row({ term, children, strong = false }: { term: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1">
      <dt className={strong ? "font-semibold text-ink-900" : "text-slate-600"}>{term}</dt>
      <dd className={`text-right tabular-nums ${strong ? "font-semibold text-ink-900" : "text-ink-900"}`}>
        {children}
      </dd>
    </div>
  );
}

/** A line's share of the discount as a money string, or null when it has none (issue 37: each row multiplies out). */
function discountOf(line: { quantity: number | null; days: number | null; unitPrice: string | null; value: string }) {
  const discount = lineDiscount(line);
  return discount === null || discount === 0n ? null : fromPaisa(discount);
}

/** An SD rate as the lines show it; a dash on an advance of items at different rates. */
function sdRateLabel(rate: string | null): string {
  return rate === null ? "—" : `${Number(rate)}%`;
}

export function InvoiceDocument({ invoice }: { invoice: InvoiceDetails }) {
  return (
    <Panel className="overflow-hidden">
      <div className="grid gap-4 border-b border-slate-200 p-4 sm:grid-cols-2">
        <div className="min-w-0">
          <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Buyer</h2>
          <p className="mt-1 font-medium break-words text-ink-900" data-testid="buyer-name">
            {invoice.buyerName}
          </p>
          {invoice.buyerBin && <p className="text-sm text-slate-600">BIN {invoice.buyerBin}</p>}
          {invoice.buyerAddress && <p className="text-sm break-words text-slate-600">{invoice.buyerAddress}</p>}
          {invoice.deliveryAddress && (
            <p className="mt-1 text-sm break-words text-slate-600">
              <span className="text-slate-500">Delivery: </span>
              {invoice.deliveryAddress}
            </p>
          )}
        </div>
        <dl className="text-sm sm:text-right">
          <div>
            <dt className="inline text-slate-500">Issued </dt>
            <dd className="inline text-ink-900">{formatDhakaDateTime(invoice.issuedAt)}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Due </dt>
            <dd className="inline text-ink-900">{invoice.dueDate ? formatShortDate(invoice.dueDate) : "—"}</dd>
          </div>
          {invoice.quotationReference && (
            <div>
              <dt className="inline text-slate-500">Quotation </dt>
              <dd className="inline text-ink-900">
                {invoice.quotationReference} · {invoice.eventName}
              </dd>
            </div>
          )}
          {invoice.jobs.length > 0 && (
            <div data-testid="invoice-jobs">
              <dt className="inline text-slate-500">{invoice.jobs.length === 1 ? "Job " : "Jobs "}</dt>
              <dd className="inline text-ink-900">
                {invoice.jobs.map((job, i) => (
                  <span key={job.id}>
                    {i > 0 && ", "}
                    <Link to={`/admin/jobs/${job.id}`} className="text-brand-700 hover:underline">
                      {job.reference}
                    </Link>
                  </span>
                ))}
              </dd>
            </div>
          )}
          <div>
            <dt className="inline text-slate-500">Kind </dt>
            <dd className="inline text-ink-900">
              {INVOICE_KIND_LABELS[invoice.kind]}
              {invoice.advancePercent ? ` (${Number(invoice.advancePercent)}%)` : ""}
            </dd>
          </div>
        </dl>
      </div>
      {/* A phone reads each line as a block: the table's ten columns do not fit it. */}
      <ol className="divide-y divide-slate-100 text-sm sm:hidden" data-testid="invoice-lines-narrow">
        {invoice.lines.map((line) => (
          <li key={line.lineNo} className="px-4 py-3">
            <p className="break-words text-ink-900">
              <span className="text-slate-500">{line.lineNo}. </span>
              {line.description}
            </p>
            {line.quantity !== null && (
              <p className="text-xs text-slate-500">
                {line.quantity}
                {line.unitOfSupply ? ` (${line.unitOfSupply})` : ""}
                {line.days ? ` × ${line.days} ${line.days === 1 ? "day" : "days"}` : ""}
                {line.unitPrice ? ` × ${figure(line.unitPrice)}` : ""}
                {discountOf(line) ? ` − discount ${figure(discountOf(line)!)}` : ""}
              </p>
            )}
            <dl className="mt-1 grid grid-cols-2 gap-x-3 text-xs">
              <dt className="text-slate-500">Value before VAT</dt>
              <dd className="text-right text-sm text-ink-900 tabular-nums">{figure(line.value)}</dd>
              <dt className="text-slate-500">SD ({sdRateLabel(line.sdRatePercent)})</dt>
              <dd className="text-right text-sm text-ink-900 tabular-nums">{figure(line.sdAmount)}</dd>
              <dt className="text-slate-500">VAT ({Number(line.vatRatePercent)}%)</dt>
              <dd className="text-right text-sm text-ink-900 tabular-nums">{figure(line.vatAmount)}</dd>
            </dl>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm" data-testid="invoice-lines">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-500">
            <tr>
              <th className="px-3 py-2 text-right font-medium">#</th>
              <th className="px-3 py-2 text-left font-medium">Description</th>
              <th className="px-3 py-2 text-left font-medium">Unit</th>
              <th className="px-3 py-2 text-right font-medium">Qty</th>
              <th className="px-3 py-2 text-right font-medium">Days</th>
              <th className="px-3 py-2 text-right font-medium">Unit price</th>
              <th className="px-3 py-2 text-right font-medium">Discount</th>
              <th className="px-3 py-2 text-right font-medium">Value before VAT</th>
              <th className="px-3 py-2 text-right font-medium">SD</th>
              <th className="px-3 py-2 text-right font-medium">VAT</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoice.lines.map((line) => (
              <tr key={line.lineNo}>
                <td className="px-3 py-2 text-right text-slate-500">{line.lineNo}</td>
                <td className="px-3 py-2 break-words text-ink-900">{line.description}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-600" data-testid="line-unit">
                  {line.unitOfSupply ?? "—"}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{line.quantity ?? "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{line.days ?? "—"}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {line.unitPrice ? figure(line.unitPrice) : "—"}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-testid="line-discount">
                  {discountOf(line) ? figure(discountOf(line)!) : "—"}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{figure(line.value)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-testid="line-sd">
                  {figure(line.sdAmount)}
                  <span className="block text-xs text-slate-500">{sdRateLabel(line.sdRatePercent)}</span>
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {figure(line.vatAmount)}
                  <span className="block text-xs text-slate-500">{Number(line.vatRatePercent)}%</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 border-t border-slate-200 p-4 sm:grid-cols-2">
        <div className="text-sm text-slate-600 max-sm:order-2">
          <p className="text-xs text-slate-500">Signed by</p>
          <p className="font-medium text-ink-900">{invoice.signatoryName}</p>
          <p>{invoice.signatoryDesignation}</p>
        </div>
        <dl className="text-sm" data-testid="invoice-totals">
          <Row term="Value before VAT">{figure(invoice.netAmount)}</Row>
          <Row term="Supplementary duty">{figure(invoice.sdAmount)}</Row>
          <Row term={`VAT (${Number(invoice.vatRatePercent)}%)`}>{figure(invoice.vatAmount)}</Row>
          <Row term="Total" strong>
            {figure(invoice.total)}
          </Row>
        </dl>
      </div>
    </Panel>
  );
}

export function InvoiceBalance({ invoice }: { invoice: InvoiceDetails }) {
  return (
    <Panel className="p-4">
      <h2 className="mb-2 font-semibold text-ink-900">Balance</h2>
      <dl className="text-sm" data-testid="invoice-balance">
        <Row term="Total">{figure(invoice.total)}</Row>
        <Row term="Paid">{figure(invoice.paidAmount)}</Row>
        <Row term="Credited">{figure(invoice.creditedAmount)}</Row>
        <Row term="Due" strong>
          <span data-testid="invoice-due">{figure(invoice.due)}</span>
        </Row>
        {invoice.customerCredit !== "0.00" && (
          <Row term="Customer's credit">
            <span data-testid="customer-credit">{figure(invoice.customerCredit)}</span>
          </Row>
        )}
      </dl>
    </Panel>
  );
}

export function InvoiceAllocations({ invoice }: { invoice: InvoiceDetails }) {
  return (
    <Panel className="p-4">
      <h2 className="mb-2 font-semibold text-ink-900">Paid by</h2>
      {invoice.allocations.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="allocations">
          {invoice.allocations.map((a) => (
            <li
              key={a.id}
              className="flex items-baseline justify-between gap-3 py-1.5"
              data-testid="allocation"
              data-voided={a.voidDate ? true : undefined}
            >
              <span className="min-w-0">
                <span className="text-ink-900">
                  {a.kind === "credit"
                    ? "Customer's credit"
                    : a.method
                      ? `Payment (${CUSTOMER_PAYMENT_METHOD_LABELS[a.method as CustomerPaymentMethod] ?? a.method}${
                          a.methodReference ? ` ${a.methodReference}` : ""
                        })`
                      : "Payment"}
                </span>
                <span className="block text-xs text-slate-500">{formatShortDate(a.date)}</span>
                {a.voidDate && (
                  <span className="block text-xs break-words text-slate-600" data-testid="allocation-void">
                    <span className="font-semibold text-red-700">Voided</span> {formatShortDate(a.voidDate)}:{" "}
                    <q>{a.voidReason}</q>
                  </span>
                )}
              </span>
              <span className={`tabular-nums ${a.voidDate ? "text-slate-400 line-through" : ""}`}>
                {figure(a.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function InvoiceCreditNotes({ invoice }: { invoice: InvoiceDetails }) {
  return (
    <Panel className="p-4">
      <h2 className="mb-2 font-semibold text-ink-900">Credit notes</h2>
      {invoice.creditNotes.length === 0 ? (
        <p className="text-sm text-slate-500">None.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="credit-notes">
          {invoice.creditNotes.map((n) => (
            <li key={n.id} className="py-2">
              <div className="flex items-baseline justify-between gap-3">
                <a
                  href={`/admin/credit-notes/${n.id}/pdf`}
                  className="font-medium text-brand-700 hover:underline"
                  target="_blank"
                  rel="noreferrer"
                >
                  {n.number}
                </a>
                <span className="tabular-nums">{figure(n.total)}</span>
              </div>
              <p className="text-xs text-slate-500">
                {formatShortDate(n.issueDate)} · {figure(n.netAmount)} + VAT {figure(n.vatAmount)}
                {n.toCredit !== "0.00" ? ` · ${figure(n.toCredit)} to the customer's credit` : ""}
              </p>
              <p className="mt-0.5 break-words text-slate-700">{n.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
