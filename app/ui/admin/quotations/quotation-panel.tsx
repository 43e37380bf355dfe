import { Download, Mail, Phone, ReceiptText } from "lucide-react";
import { Form, Link } from "react-router";
import { revisionPdfHref, SENDABLE_STATUSES, STAFF_DECIDABLE_STATUSES } from "~/domain/quotations/admin-quotation-list";
import type { AdminQuotation, AdminQuotationEvent } from "~/domain/quotations/admin-quotations.server";
import { chargeText } from "~/domain/catalogue/rate-structures";
import { REASON_MAX_LENGTH, type QuotationStatus } from "~/domain/quotations/constants";
import type { QuoteFormValues } from "~/domain/quotations/quote-form";
import { quotationReference } from "~/domain/quotations/reference";
import { INVOICE_KIND_LABELS } from "~/domain/sales/constants";
import type { InvoiceRow } from "~/domain/sales/invoice-list";
import { formatLongDate, formatMoney, formatTime } from "~/lib/format";
import type { Toast } from "~/lib/toast";
import { FormDialog } from "~/ui/admin/form-dialog";
import { SubmitButton, TextAreaField, useFormBusy } from "~/ui/admin/form";
import { Detail, formatDhakaDateTime } from "~/ui/admin/list";
import { JobStatusBadge } from "~/ui/admin/jobs/job-header";
import { initialQuoteValues, PriceForm } from "./price-form";
import { QUOTATION_STATUS_LABELS, QuotationStatusBadge } from "~/ui/quotation/status-badge";

// The Quotation Details side panel (backoffice.md §2 Quotation Management, issue 10), opened by ?view=<id> over
// the list: contact, event, the prices (PriceForm) or the stored lines, approve or reject with a reason, the
// revisions sent with their PDFs, and the timeline.

/** What the list's action answers the panel with after a refused save, send, approve or reject. */
export type QuotationPanelAnswer = {
  intent: string | null;
  errors: Record<string, string>;
  values: QuoteFormValues | null;
  toast: Toast | null;
};

export function QuotationPanel({
  quotation: q,
  canManage,
  invoices = null,
  canIssueInvoice = false,
  closeHref,
  actionData,
}: {
  quotation: AdminQuotation;
  canManage: boolean;
  /** Its tax invoices (issue 22); null for a user who does not see the books. */
  invoices?: InvoiceRow[] | null;
  /** May issue an invoice (accounts.manage). */
  canIssueInvoice?: boolean;
  closeHref: string;
  actionData: QuotationPanelAnswer | undefined;
}) {
  const sendable = (SENDABLE_STATUSES as readonly QuotationStatus[]).includes(q.status);
  const decidable = (STAFF_DECIDABLE_STATUSES as readonly QuotationStatus[]).includes(q.status);
  const priceErrors = actionData?.intent === "save" || actionData?.intent === "send" ? actionData.errors : {};
  const values =
    (actionData?.intent === "save" || actionData?.intent === "send") && actionData.values
      ? actionData.values
      : initialQuoteValues(q);
  const approving = useFormBusy("approve");
  const rejecting = useFormBusy("reject");
  const reasonError =
    actionData?.intent === "approve" || actionData?.intent === "reject" ? actionData.errors.reason : undefined;
  const period =
    q.rentalEndDate && q.rentalEndDate !== q.eventDate
      ? `${formatLongDate(q.eventDate)} to ${formatLongDate(q.rentalEndDate)}`
      : formatLongDate(q.eventDate);

  return (
    <FormDialog
      title="Quotation Details"
      description={`${q.eventName} · ${q.customerName}`}
      closeHref={closeHref}
      size="side"
    >
      <div className="space-y-6 px-5 py-5">
        <div className="flex flex-wrap items-center gap-3">
          <QuotationStatusBadge status={q.status} />
          <span className="font-mono text-xs text-slate-500">#{quotationReference(q.id)}</span>
          {q.linkExpiresAt && q.status === "sent" && (
            <span className="text-xs text-slate-600">Link valid until {formatDhakaDateTime(q.linkExpiresAt)}</span>
          )}
        </div>

        <section aria-labelledby="contact-heading" className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 id="contact-heading" className="text-sm font-semibold text-ink-900">
              Contact
            </h3>
            <dl className="mt-2 space-y-2 text-sm">
              <Detail term="Name">{q.customerName}</Detail>
              <Detail term="E-mail">
                <a
                  href={`mailto:${q.email}`}
                  className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline"
                >
                  <Mail aria-hidden className="size-3.5" /> {q.email}
                </a>
              </Detail>
              <Detail term="Phone">
                <a
                  href={`tel:${q.phone.replace(/[^\d+]/g, "")}`}
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <Phone aria-hidden className="size-3.5" /> {q.phone}
                </a>
              </Detail>
            </dl>
          </div>
          <div>
            <h3 className="text-sm font-semibold text-ink-900">Event Details</h3>
            <dl className="mt-2 space-y-2 text-sm">
              <Detail term="Event">{q.eventName}</Detail>
              <Detail term="Date">
                {period}, {formatTime(q.eventTime)}
              </Detail>
              <Detail term="Location">{q.eventLocation}</Detail>
            </dl>
          </div>
        </section>

        <section aria-labelledby="products-heading">
          <h3 id="products-heading" className="mb-2 text-sm font-semibold text-ink-900">
            Products
          </h3>
          {canManage && sendable ? (
            <PriceForm quotation={q} values={values} errors={priceErrors} />
          ) : (
            <StoredLines quotation={q} />
          )}
        </section>

        {q.notes && (
          <section>
            <h3 className="text-sm font-semibold text-ink-900">Notes</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{q.notes}</p>
          </section>
        )}
        <p className="text-xs text-slate-500">Submitted on {formatDhakaDateTime(q.createdAt)}</p>

        {canManage && decidable && (
          <Form
            method="post"
            className="space-y-3 rounded-md border border-slate-200 p-4"
            aria-label="Approve or reject"
          >
            <input type="hidden" name="id" value={q.id} />
            <TextAreaField
              name="reason"
              label="Reason"
              hint="Optional; kept in the timeline."
              rows={2}
              maxLength={REASON_MAX_LENGTH}
              error={reasonError}
            />
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <SubmitButton
                name="intent"
                value="reject"
                label="Reject"
                busyLabel="Rejecting..."
                busy={rejecting}
                className="inline-flex items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
              />
              <SubmitButton
                name="intent"
                value="approve"
                label="Approve"
                busyLabel="Approving..."
                busy={approving}
                className="inline-flex items-center justify-center gap-2 rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60"
              />
            </div>
          </Form>
        )}

        {q.job && (
          <section aria-labelledby="job-heading" className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="job-heading" className="text-sm font-semibold text-ink-900">
              Job {q.job.reference} <JobStatusBadge status={q.job.status} />
            </h3>
            {/* Everyone who sees quotations sees jobs (jobs.view). */}
            <Link to={`/admin/jobs/${q.job.id}`} className="text-sm font-semibold text-brand-700 hover:underline">
              Open job
            </Link>
          </section>
        )}

        {invoices && (q.status === "approved" || invoices.length > 0) && (
          <section aria-labelledby="invoices-heading">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="invoices-heading" className="text-sm font-semibold text-ink-900">
                Invoices
              </h3>
              {canIssueInvoice && q.status === "approved" && (
                <Link
                  to={`/admin/invoices?issue=${q.id}`}
                  className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  <ReceiptText aria-hidden className="size-4" /> Issue invoice
                </Link>
              )}
            </div>
            {invoices.length === 0 ? (
              <p className="mt-2 text-sm text-slate-500">No invoice yet.</p>
            ) : (
              <ul
                className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200 text-sm"
                data-testid="quotation-invoices"
              >
                {invoices.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span>
                      <Link to={`/admin/invoices/${i.id}`} className="font-medium text-brand-700 hover:underline">
                        {i.number}
                      </Link>
                      <span className="text-slate-600">
                        {" "}
                        · {INVOICE_KIND_LABELS[i.kind]} · {formatMoney(i.total)}
                      </span>
                    </span>
                    <span className="text-xs text-slate-600">
                      {i.status === "cancelled" ? "Cancelled" : i.due === "0.00" ? "Paid" : `${formatMoney(i.due)} due`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        {q.revisions.length > 0 && (
          <section aria-labelledby="revisions-heading">
            <h3 id="revisions-heading" className="text-sm font-semibold text-ink-900">
              Revisions sent
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
              {q.revisions.map((r) => (
                <li key={r.revision} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span>
                    <span className="font-medium text-ink-900">Revision {r.revision}</span>
                    <span className="text-slate-600">
                      {" "}
                      · {formatMoney(r.total)} · sent {formatDhakaDateTime(r.sentAt)} by {r.sentByLabel}
                    </span>
                  </span>
                  <a
                    href={revisionPdfHref(q.id, r.revision)}
                    className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                  >
                    <Download aria-hidden className="size-4" /> PDF
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="timeline-heading">
          <h3 id="timeline-heading" className="text-sm font-semibold text-ink-900">
            Timeline
          </h3>
          <ol className="mt-2 space-y-3 border-l-2 border-slate-200 pl-4">
            {q.events.map((e) => (
              <li key={e.id} className="text-sm">
                <p className="text-ink-900">{describeEvent(e)}</p>
                {e.message && e.kind !== "sent" && (
                  <p className="mt-0.5 whitespace-pre-line text-slate-700">“{e.message}”</p>
                )}
                {e.message && e.kind === "sent" && (
                  <p className="mt-0.5 whitespace-pre-line text-slate-700">{e.message}</p>
                )}
                <p className="text-xs text-slate-500">
                  {formatDhakaDateTime(e.createdAt)} · {e.actorLabel}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </FormDialog>
  );
}

function describeEvent(e: AdminQuotationEvent): string {
  switch (e.kind) {
    case "created":
      return "Request received from the website";
    case "sent":
      return "Quotation sent to the customer";
    case "status_changed":
      return `Status changed from ${e.fromStatus ? QUOTATION_STATUS_LABELS[e.fromStatus] : "none"} to ${
        e.toStatus ? QUOTATION_STATUS_LABELS[e.toStatus] : "none"
      }`;
    case "message":
      return "Message";
  }
}

function StoredLines({ quotation: q }: { quotation: AdminQuotation }) {
  const totalLabel = (
    <>
      Total Estimate (VAT {Number(q.vatRatePercent)}%{Number(q.discount) > 0 ? `, less ${formatMoney(q.discount)}` : ""}
      )
    </>
  );
  // On a phone the quantity and unit price are read from the line's charge under its name: the table fits the
  // panel, its Total column never behind a sideways scroll.
  return (
    <div className="rounded-md border border-slate-200">
      <table className="w-full border-collapse text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th className="px-3 py-2">Product</th>
            <th className="hidden px-3 py-2 text-right sm:table-cell">Qty</th>
            <th className="hidden px-3 py-2 text-right sm:table-cell">Unit price</th>
            <th className="px-3 py-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {q.lines.map((l) => (
            <tr key={l.id}>
              <td className="px-3 py-2">
                <span className="font-medium wrap-anywhere text-ink-900">{l.name}</span>
                {l.size && <span className="block text-xs text-slate-500">Size: {l.size}</span>}
                <span className="block text-xs text-slate-600 tabular-nums" data-testid="line-charge">
                  {chargeText(l, formatMoney)}
                </span>
              </td>
              <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{l.quantity}</td>
              <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">
                {formatMoney(l.unitPrice)}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(l.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-200 font-semibold text-ink-900">
            <td colSpan={3} className="hidden px-3 py-2 text-right sm:table-cell">
              {totalLabel}
            </td>
            <td className="px-3 py-2 text-right sm:hidden">{totalLabel}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(q.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
