import { useMemo, useState } from "react";
import { Link } from "react-router";
import { INVOICE_KIND_LABELS, QUOTATION_INVOICE_KINDS, type QuotationInvoiceKind } from "~/domain/sales/constants";
import {
  advanceInvoiceFigures,
  finalInvoiceFigures,
  fullInvoiceFigures,
  lineDiscount,
  parseAdvancePercent,
  percentLabel,
  type InvoiceFigures,
  withJobCharges,
} from "~/domain/sales/invoice-arithmetic";
import {
  INVOICE_MESSAGES,
  parseIssueInvoiceForm,
  readIssueInvoiceForm,
  type IssueInvoiceFormValues,
} from "~/domain/sales/invoice-forms";
import type { IssuePreview } from "~/domain/sales/invoice-list";
import { formCheck } from "~/lib/form-errors";
import { formatMoney } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { FormDialog, RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";
import { secondaryButton } from "~/ui/buttons";

// Issue invoice (issue 22): on an approved quotation, the whole of it, an advance of a percentage (the terms' by
// default) or the final one less the advances; the figures are shown, line by line, before it is confirmed. The
// browser computes them with the same arithmetic the server issues with.

const KIND_HINTS: Record<QuotationInvoiceKind, string> = {
  full: "All of the quotation, at once.",
  advance: "A percentage of it now; the final invoice later takes the rest.",
  final: "The rest: every line, less the advances invoiced.",
};

/** The invoice's figures with the customer's pending damage charges as its last lines (as issueInvoice adds them). */
function figuresOf(preview: IssuePreview, kind: QuotationInvoiceKind, percent: string): InvoiceFigures | null {
  const figures = quotationFiguresOf(preview, kind, percent);
  return figures && withJobCharges(figures, preview.charges);
}

function quotationFiguresOf(preview: IssuePreview, kind: QuotationInvoiceKind, percent: string): InvoiceFigures | null {
  const revision = preview.revision;
  if (revision.lines.length === 0) return null;
  if (kind === "full") return fullInvoiceFigures(revision);
  if (kind === "final")
    return finalInvoiceFigures(
      revision,
      preview.invoices
        .filter((i) => i.kind === "advance")
        .map((i) => ({ number: i.number, net: toPaisa(i.net), sd: toPaisa(i.sd), vat: toPaisa(i.vat) })),
    );
  const parsed = parseAdvancePercent(percent, toPaisa(preview.advanced));
  if (!parsed.ok) return null;
  return advanceInvoiceFigures(revision, parsed.hundredths, {
    percentLabel: percentLabel(parsed.hundredths),
    quotationReference: preview.reference,
    eventName: preview.eventName,
  });
}

export function IssueInvoiceDialog({
  preview,
  values,
  errors: serverErrors,
  closeHref,
  action,
}: {
  preview: IssuePreview;
  values: IssueInvoiceFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("issue");
  const firstAllowed = QUOTATION_INVOICE_KINDS.find((k) => !preview.refused[k]) ?? "full";
  const [kind, setKind] = useState<QuotationInvoiceKind>(
    (QUOTATION_INVOICE_KINDS as readonly string[]).includes(values.kind)
      ? (values.kind as QuotationInvoiceKind)
      : firstAllowed,
  );
  const [percent, setPercent] = useState(values.advancePercent || preview.defaultPercent);
  const advanced = toPaisa(preview.advanced);
  const check = useMemo(
    () => formCheck(readIssueInvoiceForm, (v: IssueInvoiceFormValues) => parseIssueInvoiceForm(v, advanced)),
    [advanced],
  );
  const { errors, onSubmit } = useFormCheck(check, serverErrors, INVOICE_MESSAGES.issueFailed);
  const figures = preview.blocked ? null : figuresOf(preview, kind, percent);
  const refused = preview.refused[kind];

  // Not approved, never priced, or invoiced in full already: nothing to choose.
  const blocked =
    preview.blocked ??
    (QUOTATION_INVOICE_KINDS.every((k) => preview.refused[k]) ? (preview.refused.advance ?? null) : null);
  if (blocked)
    return (
      <FormDialog title="Issue invoice" closeHref={closeHref} size="sm">
        <div className="grid gap-3 px-5 py-4">
          <FormError message={blocked} />
          {preview.sellerBinMissing && (
            <Link to="/admin/settings" className={`${secondaryButton} justify-self-start`}>
              Open Settings &gt; Company
            </Link>
          )}
        </div>
      </FormDialog>
    );

  return (
    <RecordFormDialog
      title="Issue invoice"
      description={`Quotation ${preview.reference} · ${preview.eventName} · ${preview.customerName}`}
      closeHref={closeHref}
      action={action}
      intent="issue"
      onSubmit={onSubmit}
      submitLabel="Issue invoice"
      busyLabel="Issuing..."
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <input type="hidden" name="quotationId" value={preview.quotationId} />
        <FormError message={errors.form ?? errors.quotationId} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-ink-900">Kind</legend>
          {QUOTATION_INVOICE_KINDS.map((k) => (
            <label
              key={k}
              className={`flex items-start gap-3 rounded-md border px-3 py-2 text-sm ${
                kind === k ? "border-brand-500 bg-brand-50" : "border-slate-200"
              } ${preview.refused[k] ? "opacity-60" : ""}`}
            >
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="mt-0.5"
              />
              <span>
                <span className="block font-medium text-ink-900">{INVOICE_KIND_LABELS[k]}</span>
                <span className="block text-xs text-slate-600">{preview.refused[k] ?? KIND_HINTS[k]}</span>
              </span>
            </label>
          ))}
          {errors.kind && (
            <p className="text-sm text-red-700" role="alert">
              {errors.kind}
            </p>
          )}
        </fieldset>
        {kind === "advance" && (
          <TextField
            name="advancePercent"
            label="Advance (%)"
            inputMode="decimal"
            required
            value={percent}
            onChange={(e) => setPercent(e.currentTarget.value)}
            error={errors.advancePercent}
            hint={
              advanced > 0n
                ? `${percentLabel(advanced)}% was invoiced in advance before; less than ${percentLabel(10_000n - advanced)}% is left`
                : "More than 0 and less than 100; the quotation's terms ask for " + preview.defaultPercent + "%"
            }
            autoComplete="off"
          />
        )}
        {refused ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{refused}</p>
        ) : figures ? (
          <>
            {preview.charges.length > 0 && (
              <div className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="pending-charges">
                <p className="font-medium">Damage charges to be added</p>
                <ul className="mt-1 list-disc pl-5">
                  {preview.charges.map((c, i) => (
                    <li key={i}>
                      {c.description}: {formatMoney(c.amount)} + VAT
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <InvoiceFiguresTable figures={figures} />
          </>
        ) : (
          <p className="text-sm text-slate-500">Type a percentage to see the figures.</p>
        )}
      </div>
    </RecordFormDialog>
  );
}

function InvoiceFiguresTable({ figures }: { figures: InvoiceFigures }) {
  // Rental carries no SD unless an item is set so (issue 37): its column shows only when a line has some.
  const withSd = figures.lines.some((l) => l.sd !== 0n);
  return (
    <div className="rounded-md border border-slate-200" data-testid="invoice-figures">
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-xs text-slate-500">
          <tr>
            <th className="px-3 py-2 text-left font-medium">Line</th>
            <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">Value</th>
            {withSd && <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">SD</th>}
            <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">VAT</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {figures.lines.map((line, i) => (
            <tr key={i}>
              <td className="px-3 py-1.5 break-words text-ink-900">
                {line.description}
                {line.quantity !== null && (
                  <span className="block text-xs text-slate-500">
                    {line.quantity}
                    {line.unitOfSupply ? ` (${line.unitOfSupply})` : ""}
                    {line.days ? ` × ${line.days} ${line.days === 1 ? "day" : "days"}` : ""} ×{" "}
                    {line.unitPrice ? formatMoney(line.unitPrice) : "—"}
                    {lineDiscount(line) ? ` − discount ${formatMoney(fromPaisa(lineDiscount(line)!))}` : ""}
                  </span>
                )}
                {/* A phone reads the figures under the line: three columns do not fit it. */}
                <span className="mt-0.5 block text-xs text-slate-600 tabular-nums sm:hidden">
                  {formatMoney(fromPaisa(line.value))}
                  {line.sd !== 0n ? ` + SD ${formatMoney(fromPaisa(line.sd))}` : ""} + VAT{" "}
                  {formatMoney(fromPaisa(line.vat))}
                </span>
              </td>
              <td className="hidden px-3 py-1.5 text-right whitespace-nowrap tabular-nums sm:table-cell">
                {formatMoney(fromPaisa(line.value))}
              </td>
              {withSd && (
                <td className="hidden px-3 py-1.5 text-right whitespace-nowrap tabular-nums sm:table-cell">
                  {formatMoney(fromPaisa(line.sd))}
                  <span className="block text-xs text-slate-500">
                    {line.sdRatePercent === null ? "—" : `${percentLabel(toPaisa(line.sdRatePercent))}%`}
                  </span>
                </td>
              )}
              <td className="hidden px-3 py-1.5 text-right whitespace-nowrap tabular-nums sm:table-cell">
                {formatMoney(fromPaisa(line.vat))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <dt className="text-slate-600">Value before VAT</dt>
        <dd className="text-right tabular-nums" data-testid="figures-net">
          {formatMoney(fromPaisa(figures.net))}
        </dd>
        {withSd && (
          <>
            <dt className="text-slate-600">Supplementary duty</dt>
            <dd className="text-right tabular-nums" data-testid="figures-sd">
              {formatMoney(fromPaisa(figures.sd))}
            </dd>
          </>
        )}
        <dt className="text-slate-600">VAT ({percentLabel(toPaisa(figures.vatRatePercent))}%)</dt>
        <dd className="text-right tabular-nums" data-testid="figures-vat">
          {formatMoney(fromPaisa(figures.vat))}
        </dd>
        <dt className="font-semibold text-ink-900">Total</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="figures-total">
          {formatMoney(fromPaisa(figures.total))}
        </dd>
      </dl>
    </div>
  );
}
