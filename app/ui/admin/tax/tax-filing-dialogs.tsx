import { Download } from "lucide-react";
import { TAX_DEPOSIT_KINDS } from "~/domain/accounting/constants";
import {
  parseTaxDepositForm,
  parseVatCloseForm,
  readTaxDepositForm,
  readVatCloseForm,
  netVatText,
  TAX_DEPOSIT_KIND_LABELS,
  TAX_DEPOSIT_LIMITS,
  TAX_DEPOSIT_MESSAGES,
  VAT_CLOSE_MESSAGES,
  type TaxDepositFormValues,
} from "~/domain/tax/tax-filing-form";
import { formCheck } from "~/lib/form-errors";
import { formatMoney, formatShortDate } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { DialogActions, FormDialog, RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";
import { primaryButton } from "~/ui/buttons";
import type { ReturnView } from "./tax-summary";

// Tax Management's other dialogs (issue 22), each opened by the URL: Generate Report (a GET form: the period, the
// format and, for a CSV, the part; the file downloads), Close VAT period (the figures it will keep, then Close), and
// Record deposit (a treasury challan paid from a bank account).

const REPORT_PATH = "/admin/accounts/tax/report";

export function ReportDialog({
  periods,
  period,
  closeHref,
}: {
  periods: readonly { key: string; label: string }[];
  period: string;
  closeHref: string;
}) {
  return (
    <FormDialog
      title="Generate Report"
      description="The VAT return's figures (Mushak-9.1), the sales register (Mushak-6.2) and the purchase register (Mushak-6.1) of a VAT period."
      closeHref={closeHref}
      size="sm"
    >
      {/* A plain GET form: the browser downloads the file, with or without JavaScript. */}
      <form method="get" action={REPORT_PATH} className="contents">
        <div className="grid gap-4 px-5 py-4">
          <SelectField
            name="period"
            label="VAT period"
            required
            defaultValue={period}
            options={periods.map((p) => ({ value: p.key, label: p.label }))}
          />
          <fieldset>
            <legend className="text-sm font-medium text-ink-900">Format</legend>
            <div className="mt-2 flex gap-2">
              {(["pdf", "csv"] as const).map((f) => (
                <label
                  key={f}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="format"
                    value={f}
                    defaultChecked={f === "pdf"}
                    className="accent-brand-700"
                  />
                  {f === "pdf" ? "PDF (all three parts)" : "CSV (one part)"}
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField
            name="part"
            label="Part (CSV)"
            defaultValue="return"
            options={[
              { value: "return", label: "VAT return figures" },
              { value: "sales", label: "Sales register (Mushak-6.2)" },
              { value: "purchases", label: "Purchase register (Mushak-6.1)" },
            ]}
          />
        </div>
        <DialogActions closeHref={closeHref}>
          <button type="submit" className={primaryButton}>
            <Download aria-hidden className="size-4" /> Download
          </button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}

const CHECK_CLOSE = formCheck(readVatCloseForm, parseVatCloseForm);

export function CloseVatPeriodDialog({
  periodKey,
  figures,
  errors: serverErrors,
  closeHref,
  action,
}: {
  periodKey: string;
  figures: ReturnView;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("close");
  const { errors, onSubmit } = useFormCheck(CHECK_CLOSE, serverErrors, VAT_CLOSE_MESSAGES.failed);
  const inputAndVds = formatMoney(fromPaisa(toPaisa(figures.inputVat) + toPaisa(figures.vdsCredit)));
  return (
    <RecordFormDialog
      title={`Close VAT period ${figures.label}`}
      description="Once the return is filed: its figures are kept as they are, input VAT and certified VDS are set off against VAT payable, and nothing carrying VAT can be dated in the period any more."
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="close"
      onSubmit={onSubmit}
      submitLabel="Close period"
      busyLabel="Closing..."
      busy={busy}
    >
      <input type="hidden" name="period" value={periodKey} />
      <div className="grid gap-3 px-5 py-4">
        <FormError message={errors.period ?? errors.form} />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3 text-sm" data-testid="close-figures">
          <dt className="text-slate-600">Period</dt>
          <dd className="text-right text-ink-900">
            {formatShortDate(figures.start)} – {formatShortDate(figures.end)}
          </dd>
          <dt className="text-slate-600">Output VAT</dt>
          <dd className="text-right tabular-nums">{formatMoney(figures.outputVat)}</dd>
          <dt className="text-slate-600">Input VAT</dt>
          <dd className="text-right tabular-nums">{formatMoney(figures.inputVat)}</dd>
          <dt className="text-slate-600">VDS with certificates</dt>
          <dd className="text-right tabular-nums">{formatMoney(figures.vdsCredit)}</dd>
          <dt className="text-slate-600">Credit brought forward</dt>
          <dd className="text-right tabular-nums">{formatMoney(figures.carriedIn)}</dd>
          <dt className="font-semibold text-ink-900">Net VAT payable</dt>
          <dd className="text-right font-semibold text-ink-900 tabular-nums">{netVatText(figures.netPayable)}</dd>
        </dl>
        <p className="text-xs text-slate-500">
          Posts on {formatShortDate(figures.end)}: VAT payable {inputAndVds} against VAT input credit and VAT withheld.{" "}
          {toPaisa(figures.netPayable) < 0n
            ? "The net is a credit: it stays in VAT payable and is carried forward against the next return."
            : "The net stays in VAT payable until a deposit pays it."}
        </p>
      </div>
    </RecordFormDialog>
  );
}

const CHECK_DEPOSIT = formCheck(readTaxDepositForm, parseTaxDepositForm);

export function TaxDepositDialog({
  values,
  errors: serverErrors,
  bankAccounts,
  periods,
  closeHref,
  action,
}: {
  values: TaxDepositFormValues;
  errors: Record<string, string | undefined>;
  bankAccounts: readonly { id: string; code: string; name: string }[];
  periods: readonly { id: string; label: string; netPayable: string }[];
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("deposit");
  const { errors, onSubmit } = useFormCheck(CHECK_DEPOSIT, serverErrors, TAX_DEPOSIT_MESSAGES.failed);
  return (
    <RecordFormDialog
      title="Record deposit"
      description="Tax paid to the treasury with a challan from a bank account: VAT (against VAT payable), the company's income tax (income tax payable), or income tax withheld from suppliers and employees (withholding tax payable)."
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="deposit"
      onSubmit={onSubmit}
      submitLabel="Record deposit"
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form} />
        <SelectField
          name="kind"
          label="Tax"
          required
          defaultValue={values.kind}
          error={errors.kind}
          options={TAX_DEPOSIT_KINDS.map((k) => ({ value: k, label: TAX_DEPOSIT_KIND_LABELS[k] }))}
        />
        <TextField
          name="challanNo"
          label="Treasury challan number"
          required
          maxLength={TAX_DEPOSIT_LIMITS.challanNo}
          defaultValue={values.challanNo}
          error={errors.challanNo}
          autoComplete="off"
        />
        <TextField name="date" label="Date" type="date" required defaultValue={values.date} error={errors.date} />
        <TextField
          name="amount"
          label="Amount (৳)"
          inputMode="decimal"
          required
          defaultValue={values.amount}
          error={errors.amount}
          autoComplete="off"
        />
        <SelectField
          name="moneyAccountId"
          label="Paid from"
          required
          defaultValue={values.moneyAccountId}
          error={errors.moneyAccountId}
          options={[
            { value: "", label: "Select bank account" },
            ...bankAccounts.map((a) => ({ value: a.id, label: `${a.code} - ${a.name}` })),
          ]}
        />
        <SelectField
          name="vatPeriodId"
          label="VAT period paid (VAT only)"
          defaultValue={values.vatPeriodId}
          error={errors.vatPeriodId}
          options={[
            { value: "", label: "None" },
            ...periods.map((p) => ({ value: p.id, label: `${p.label} (net ${netVatText(p.netPayable)})` })),
          ]}
        />
        <TextField
          name="notes"
          label="Notes"
          maxLength={TAX_DEPOSIT_LIMITS.notes}
          defaultValue={values.notes}
          error={errors.notes}
          autoComplete="off"
        />
      </div>
    </RecordFormDialog>
  );
}
