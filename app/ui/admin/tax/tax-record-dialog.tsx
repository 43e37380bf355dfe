import { useState } from "react";
import { TAX_TYPES, type TaxType } from "~/domain/accounting/constants";
import {
  DEFAULT_TAX_RATE,
  liveTaxAmount,
  parseTaxRecordForm,
  readTaxRecordForm,
  TAX_KIND_ACCOUNT_HINTS,
  TAX_KIND_LABELS,
  TAX_KINDS_OF,
  TAX_RATE_OPTIONS,
  TAX_RECORD_LIMITS,
  TAX_RECORD_MESSAGES,
  TAX_TYPE_LABELS,
  type TaxRecordFormValues,
} from "~/domain/tax/tax-record-form";
import { formCheck } from "~/lib/form-errors";
import { formatMoney } from "~/lib/format";
import { normalizeMoney, toPaisa } from "~/lib/money";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";

// Add Tax Record (backoffice.md §2 Tax Management, §5, §9; issue 22): the spec's type radio (VAT, Income Tax, Other),
// what the tax is within the type, Date, Account, Taxable Amount, Tax Rate (its options follow the type; Other's is
// typed), Reference No., Description, and the supplier or customer with their BIN (the purchase register's). The tax
// amount is shown as one types, worked out exactly as the server will. Without JavaScript the options are those of
// the type the dialog opened with; a changed type is answered with the right ones.

const CHECK = formCheck(readTaxRecordForm, parseTaxRecordForm);

const isTaxType = (v: string): v is TaxType => (TAX_TYPES as readonly string[]).includes(v);

export function TaxRecordDialog({
  values,
  errors: serverErrors,
  accounts,
  closeHref,
  action,
}: {
  values: TaxRecordFormValues;
  errors: Record<string, string | undefined>;
  accounts: readonly { id: string; code: string; name: string }[];
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("create");
  const { errors, onSubmit } = useFormCheck(CHECK, serverErrors, TAX_RECORD_MESSAGES.failed);
  const [type, setType] = useState<TaxType>(isTaxType(values.taxType) ? values.taxType : "vat");
  const [kind, setKind] = useState(values.kind);
  const [taxable, setTaxable] = useState(values.taxableAmount);
  const initialRate = (t: TaxType) => (t === values.taxType ? values.taxRate : DEFAULT_TAX_RATE[t]);
  const [rate, setRate] = useState(initialRate(type));
  const kinds = TAX_KINDS_OF[type];
  const shownKind = type === "other" ? "other" : kinds.includes(kind as never) ? kind : "";
  const amount = liveTaxAmount(taxable, rate);

  return (
    <RecordFormDialog
      title="Add Tax Record"
      description="A tax typed by hand, posted to the ledger at once (a tax of 0 only goes in the register). VAT on invoices, credit notes and payments is recorded by those documents."
      closeHref={closeHref}
      action={action}
      intent="create"
      onSubmit={onSubmit}
      submitLabel="Add Record"
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
        <div className="empty:hidden sm:col-span-2">
          <FormError message={errors.form} />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-ink-900">
            Tax Type
            <span aria-hidden className="ml-0.5 text-red-700">
              *
            </span>
          </legend>
          <div
            className="mt-2 flex flex-wrap gap-2"
            role="radiogroup"
            aria-describedby={errors.taxType ? "taxType-error" : undefined}
          >
            {TAX_TYPES.map((t) => (
              <label
                key={t}
                className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 ${
                  errors.taxType ? "border-red-600" : "border-slate-300"
                }`}
              >
                <input
                  type="radio"
                  name="taxType"
                  value={t}
                  defaultChecked={t === type}
                  onChange={() => {
                    setType(t);
                    setRate(initialRate(t));
                  }}
                  className="accent-brand-700"
                />
                {TAX_TYPE_LABELS[t]}
              </label>
            ))}
          </div>
          {errors.taxType && (
            <p id="taxType-error" className="mt-1 text-sm text-red-700">
              {errors.taxType}
            </p>
          )}
        </fieldset>
        {type === "other" ? (
          <input type="hidden" name="kind" value="other" />
        ) : (
          <SelectField
            key={`kind-${type}`}
            name="kind"
            label={type === "vat" ? "What VAT" : "What income tax"}
            required
            className="sm:col-span-2"
            defaultValue={shownKind}
            error={errors.kind}
            onChange={(event) => setKind(event.currentTarget.value)}
            options={[
              { value: "", label: "Select what it is" },
              ...kinds.map((k) => ({ value: k, label: TAX_KIND_LABELS[k] })),
            ]}
          />
        )}
        <TextField name="date" label="Date" type="date" required defaultValue={values.date} error={errors.date} />
        <SelectField
          name="accountId"
          label="Account"
          required
          defaultValue={values.accountId}
          error={errors.accountId}
          options={[
            { value: "", label: "Select account" },
            ...accounts.map((a) => ({ value: a.id, label: `${a.code} - ${a.name}` })),
          ]}
        />
        <p className="-mt-2 text-xs text-slate-500 sm:col-span-2">
          {shownKind
            ? TAX_KIND_ACCOUNT_HINTS[shownKind as keyof typeof TAX_KIND_ACCOUNT_HINTS]
            : "The account on the other side of the tax's own account."}
        </p>
        <TextField
          name="taxableAmount"
          label="Taxable Amount (৳)"
          inputMode="decimal"
          required
          defaultValue={values.taxableAmount}
          error={errors.taxableAmount}
          onChange={(event) => setTaxable(event.currentTarget.value)}
          autoComplete="off"
        />
        {type === "other" ? (
          <TextField
            key="rate-other"
            name="taxRate"
            label="Tax Rate (%)"
            inputMode="decimal"
            required
            defaultValue={rate}
            error={errors.taxRate}
            onChange={(event) => setRate(event.currentTarget.value)}
            autoComplete="off"
          />
        ) : (
          <SelectField
            key={`rate-${type}`}
            name="taxRate"
            label="Tax Rate"
            required
            defaultValue={rate}
            error={errors.taxRate}
            onChange={(event) => setRate(event.currentTarget.value)}
            options={[
              ...(type === "income_tax" ? [{ value: "", label: "Select rate" }] : []),
              ...TAX_RATE_OPTIONS[type],
            ]}
          />
        )}
        <div
          className="rounded-md bg-slate-50 px-3 py-2 text-sm sm:col-span-2"
          aria-live="polite"
          data-testid="tax-amount"
        >
          <span className="text-slate-600">Tax amount: </span>
          <span className="font-semibold text-ink-900 tabular-nums">{amount === null ? "—" : formatMoney(amount)}</span>
          <span className="block text-xs text-slate-500">
            {amount !== null && toPaisa(amount) === 0n && toPaisa(normalizeMoney(taxable) ?? "0") > 0n
              ? "No tax (a zero-rated supply): kept in the register, nothing is posted to the books."
              : "Taxable amount × rate / 100, rounded to the paisa."}
          </span>
        </div>
        <TextField
          name="party"
          label={shownKind === "input_vat" ? "Supplier" : "Party"}
          required={shownKind === "input_vat"}
          maxLength={TAX_RECORD_LIMITS.party}
          defaultValue={values.party}
          error={errors.party}
          hint="The supplier or customer; the purchase register lists input VAT by supplier"
          autoComplete="off"
        />
        <TextField
          name="partyBin"
          label="BIN"
          maxLength={TAX_RECORD_LIMITS.partyBin}
          defaultValue={values.partyBin}
          error={errors.partyBin}
          hint="Optional: their VAT registration number"
          autoComplete="off"
        />
        <TextField
          name="reference"
          label="Reference No."
          maxLength={TAX_RECORD_LIMITS.reference}
          defaultValue={values.reference}
          error={errors.reference}
          hint="Optional: the invoice, bill or certificate number"
          autoComplete="off"
          className="sm:col-span-2"
        />
        <TextField
          name="description"
          label="Description"
          maxLength={TAX_RECORD_LIMITS.description}
          defaultValue={values.description}
          error={errors.description}
          autoComplete="off"
          className="sm:col-span-2"
        />
      </div>
    </RecordFormDialog>
  );
}
