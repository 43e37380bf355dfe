import { BookOpen, HandCoins } from "lucide-react";
import { Link, useLocation } from "react-router";
import { PAYMENT_METHOD_LABELS } from "~/domain/accounting/constants";
import { TRANSACTION_TYPE_LABELS } from "~/domain/accounting/money-document-form";
import { ledgerEntryHref, voidSettlementHref, type TransactionDetails } from "~/domain/accounting/transaction-details";
import { formatMoney, formatShortDate } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { FormDialog } from "~/ui/admin/form-dialog";
import { Detail } from "~/ui/admin/list";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { TransactionStatusBadge } from "./status-badge";

// A transaction, payable or receivable opened by ?view=<id>: what it is, the entry it posted (a link to the General
// Ledger), and for a payable or receivable what was paid or received, when and how, and what is left. Each payment or
// receipt offers Void (issue 36: its own dialog, which comes back here); a voided one is struck through, with its
// reversing entry and the reason.

export function TransactionDetailsPanel({
  details,
  closeHref,
  settleHref,
  canVoid = true,
}: {
  details: TransactionDetails;
  closeHref: string;
  /** The Settle dialog, for a pending one and a user who may settle. */
  settleHref: string | null;
  /** Whether the user may void a payment or receipt (accounts.manage); the dialog's route checks it again. */
  canVoid?: boolean;
}) {
  const d = details;
  const location = useLocation();
  const here = location.pathname + location.search;
  const open = d.entrySource === "payable" || d.entrySource === "receivable";
  const kind = d.type === "income" ? "Receivable" : "Payable";
  const title = open ? `${kind}: ${d.category}` : `${TRANSACTION_TYPE_LABELS[d.type]}: ${d.category}`;
  const left = fromPaisa(toPaisa(d.amount) - toPaisa(d.settledAmount));
  return (
    <FormDialog title={title} description={d.description || undefined} closeHref={closeHref} size="side">
      <div className="space-y-6 px-5 py-4 text-sm">
        <dl className="grid grid-cols-2 gap-4">
          <Detail term="Date">{formatShortDate(d.date)}</Detail>
          <Detail term="Status">
            <TransactionStatusBadge status={d.status} />
          </Detail>
          <Detail term="Amount">
            <span className="font-semibold text-ink-900 tabular-nums">{formatMoney(d.amount)}</span>
          </Detail>
          {open && (
            <Detail term="Left to settle">
              <span className="font-semibold text-ink-900 tabular-nums" data-testid="details-left">
                {d.status === "pending" ? formatMoney(left) : formatMoney(0)}
              </span>
            </Detail>
          )}
          <Detail term="Type">{TRANSACTION_TYPE_LABELS[d.type]}</Detail>
          <Detail term="Category">
            {d.category}
            {d.categoryAccount && <span className="block text-xs text-slate-500">{d.categoryAccount}</span>}
          </Detail>
          <Detail term="Payment Method">
            {PAYMENT_METHOD_LABELS[d.paymentMethod]}
            {d.moneyAccount && <span className="block text-xs text-slate-500">{d.moneyAccount}</span>}
          </Detail>
          {d.vat && (
            <Detail term={`VAT included (${Number(d.vat.rate)}%)`}>
              <span className="tabular-nums" data-testid="details-vat">
                {formatMoney(d.vat.vat)}
              </span>
              <span className="block text-xs text-slate-500">Input VAT; {formatMoney(d.vat.value)} before VAT</span>
            </Detail>
          )}
          {d.party && (
            <Detail term={d.type === "income" ? "Customer" : "Supplier"}>
              {d.party}
              {d.vat?.partyBin && <span className="block text-xs text-slate-500">BIN {d.vat.partyBin}</span>}
            </Detail>
          )}
          {d.reference && <Detail term="Reference">{d.reference}</Detail>}
          {d.dueDate && <Detail term="Due Date">{formatShortDate(d.dueDate)}</Detail>}
        </dl>

        <div className="flex flex-wrap gap-2">
          {settleHref && (
            <Link to={settleHref} className={primaryButton}>
              <HandCoins aria-hidden className="size-4" /> Settle
            </Link>
          )}
          {d.journalEntryId && (
            <Link to={ledgerEntryHref(d.journalEntryId)} className={secondaryButton}>
              <BookOpen aria-hidden className="size-4" /> Its journal entry
            </Link>
          )}
        </div>

        {open && (
          <section aria-labelledby="settlements-heading">
            <h3 id="settlements-heading" className="font-semibold text-ink-900">
              {d.type === "income" ? "Received" : "Paid"}
            </h3>
            {d.settlements.length === 0 ? (
              <p className="mt-1 text-slate-600">Nothing yet.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
                {d.settlements.map((s) => (
                  <li
                    key={s.id}
                    className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2"
                    data-testid="settlement"
                  >
                    <span>
                      <span className="font-medium text-ink-900">{formatShortDate(s.date)}</span>{" "}
                      <span className="text-slate-600">
                        {PAYMENT_METHOD_LABELS[s.paymentMethod]} · {s.account}
                        {s.reference ? ` · ${s.reference}` : ""}
                      </span>
                      {s.reversed && <span className="ml-1 text-xs font-semibold text-red-700">(voided)</span>}
                      {s.void && (
                        <span className="block text-xs text-slate-600" data-testid="settlement-void">
                          Reversed by{" "}
                          <Link to={ledgerEntryHref(s.void.entryId)} className="text-brand-700 hover:underline">
                            the entry of {formatShortDate(s.void.date)}
                          </Link>
                          : <q className="break-words">{s.void.reason}</q>
                        </span>
                      )}
                    </span>
                    <span className="flex items-center gap-3">
                      <span
                        className={`font-semibold tabular-nums ${s.reversed ? "text-slate-400 line-through" : "text-ink-900"}`}
                      >
                        {formatMoney(s.amount)}
                      </span>
                      <Link to={ledgerEntryHref(s.journalEntryId)} className="text-xs text-brand-700 hover:underline">
                        Entry
                      </Link>
                      {canVoid && !s.reversed && (
                        <Link
                          to={voidSettlementHref(s.id, here)}
                          aria-label={`Void the ${d.type === "income" ? "receipt" : "payment"} of ${formatMoney(s.amount)} on ${formatShortDate(s.date)}`}
                          className="text-xs font-medium text-red-700 hover:underline"
                        >
                          Void
                        </Link>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </FormDialog>
  );
}
