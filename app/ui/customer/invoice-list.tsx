import { Download, ReceiptText } from "lucide-react";
import {
  type PortalInvoice,
  PORTAL_INVOICE_STATUS_LABELS,
  type PortalInvoiceStatus,
} from "~/domain/sales/portal-invoices";
import { formatMoney, formatShortDate } from "~/lib/format";
import { cellClass, HeadCell, ListTable } from "~/ui/admin/list";
import { Panel } from "~/ui/admin/page-header";
import { Badge, type BadgeTone } from "~/ui/badge";

// The portal's "Your invoices" (issue 22): each tax invoice with what it came to, what is paid and what is still
// due, its PDF, and the credit notes that corrected it under it with theirs.

const STATUS_TONES: Record<PortalInvoiceStatus, BadgeTone> = {
  paid: "green",
  part_paid: "blue",
  due: "amber",
  cancelled: "slate",
};

export function PortalInvoiceStatusBadge({ status }: { status: PortalInvoiceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{PORTAL_INVOICE_STATUS_LABELS[status]}</Badge>;
}

function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    // A file, not a page: the browser downloads it rather than the router navigating.
    <a
      href={href}
      className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-brand-700 hover:underline"
    >
      <Download aria-hidden="true" className="size-4" />
      Download PDF
      <span className="sr-only"> of {label}</span>
    </a>
  );
}

export function PortalInvoiceList({ invoices, total }: { invoices: PortalInvoice[]; total: number }) {
  return (
    <Panel className="mt-8">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="invoices" className="scroll-mt-24 text-lg font-semibold text-ink-900">
          Your invoices
        </h2>
        <p className="text-sm text-slate-600">
          Tax invoices for your approved quotations, what is paid and what is still due.
        </p>
      </div>
      {invoices.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-slate-600">
          <ReceiptText aria-hidden="true" className="size-8 text-slate-400" />
          <p className="font-medium text-ink-900">No invoices yet</p>
          <p className="text-sm">Once a quotation is approved and invoiced, its tax invoice appears here.</p>
        </div>
      ) : (
        <ListTable label="Invoices" minWidth="44rem">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <HeadCell>Invoice</HeadCell>
              <HeadCell>Date</HeadCell>
              <HeadCell className="text-right">Total</HeadCell>
              <HeadCell className="text-right">Paid</HeadCell>
              <HeadCell className="text-right">Due</HeadCell>
              <HeadCell>Status</HeadCell>
              <HeadCell>
                <span className="sr-only">PDF</span>
              </HeadCell>
            </tr>
          </thead>
          {invoices.map((invoice) => (
            <tbody key={invoice.id} className="border-b border-slate-100 last:border-b-0">
              <tr className="hover:bg-slate-50">
                <td className={cellClass}>
                  <span className="font-mono text-xs font-semibold text-ink-900">{invoice.number}</span>
                  <span className="block text-xs break-words text-slate-500">{invoice.eventName}</span>
                </td>
                <td data-label="Date" className={`${cellClass} whitespace-nowrap`}>
                  {formatShortDate(invoice.issueDate)}
                </td>
                <td data-label="Total" className={`${cellClass} text-left whitespace-nowrap sm:text-right`}>
                  {formatMoney(invoice.total)}
                </td>
                <td data-label="Paid" className={`${cellClass} text-left whitespace-nowrap sm:text-right`}>
                  {formatMoney(invoice.paid)}
                </td>
                <td
                  data-label="Due"
                  className={`${cellClass} text-left font-semibold whitespace-nowrap text-ink-900 sm:text-right`}
                >
                  {formatMoney(invoice.due)}
                </td>
                <td className={cellClass}>
                  <PortalInvoiceStatusBadge status={invoice.status} />
                </td>
                <td className={`${cellClass} sm:text-right`}>
                  <PdfLink href={`/customer/invoices/${invoice.id}/pdf`} label={invoice.number} />
                </td>
              </tr>
              {invoice.creditNotes.map((note) => (
                <tr key={note.id} className="bg-slate-50/60">
                  <td colSpan={7} className={`${cellClass} pt-0 sm:pl-8`}>
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-l-2 border-slate-300 pl-3 text-sm">
                      <span>
                        Credit note <span className="font-mono text-xs font-semibold text-ink-900">{note.number}</span>
                      </span>
                      <span className="whitespace-nowrap text-slate-500">{formatShortDate(note.issueDate)}</span>
                      <span className="whitespace-nowrap sm:min-w-40">Credited {formatMoney(note.total)}</span>
                      <PdfLink href={`/customer/credit-notes/${note.id}/pdf`} label={note.number} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </ListTable>
      )}
      {total > invoices.length && (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
          Showing your newest {invoices.length} of {total} invoices. Ask us for the older ones.
        </p>
      )}
    </Panel>
  );
}
