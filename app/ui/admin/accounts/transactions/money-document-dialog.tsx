import { useRef, useState } from "react";
import { PAYABLE_CATEGORIES, RECEIVABLE_CATEGORIES } from "~/domain/accounting/constants";
import {
  MONEY_DOCUMENT_LIMITS,
  MONEY_DOCUMENT_MESSAGES,
  parseMoneyDocumentForm,
  readMoneyDocumentForm,
  TRANSACTION_STATUS_LABELS,
  typeOfKind,
  type MoneyAccountChoices,
  type MoneyDocumentFormValues,
  type MoneyDocumentKind,
} from "~/domain/accounting/money-document-form";
import { purchaseVatPreview } from "~/domain/accounting/purchase-vat-preview";
import { STANDARD_VAT_RATE } from "~/domain/tax/input-vat-claim";
import { PURCHASE_VAT_RATE_LABELS, PURCHASE_VAT_RATES } from "~/domain/tax/purchase-vat";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";
import { SupplierNameField } from "~/ui/admin/suppliers/supplier-name-field";
import { useSupplierRecordBin } from "~/ui/admin/suppliers/use-supplier-record-bin";
import { GroupedSelectField, PaymentFields } from "./money-fields";

// New Transaction, New Payable and New Receivable (backoffice.md §2, §5; issue 21): the spec's fields (date, type,
// category, description, amount, payment method, reference, status), the account the money moved through, and the
// party and due date of a pending one. A transaction chooses its type (its categories follow it); a payable is an
// expense and a receivable an income. Checked in the browser by the domain's own rules before sending (ADR 0022).
// An expense (and a payable) may say the VAT included in its amount (issue 22): the rate, the supplier's BIN, and
// the VAT and the value before it shown as the amount is typed, by the same split as the server's. What happens to
// the VAT is shown with it (issue 37, purchaseVatPreview): claimed as input VAT at 15% with the supplier's BIN (typed,
// or on the record of the supplier named), added to the cost at a reduced rate, refused at 15% without a BIN.

const CHECKS: Record<MoneyDocumentKind, ReturnType<typeof formCheck>> = {
  transaction: formCheck(
    (form) => readMoneyDocumentForm(form, "transaction"),
    (v) => parseMoneyDocumentForm(v, "transaction"),
  ),
  payable: formCheck(
    (form) => readMoneyDocumentForm(form, "payable"),
    (v) => parseMoneyDocumentForm(v, "payable"),
  ),
  receivable: formCheck(
    (form) => readMoneyDocumentForm(form, "receivable"),
    (v) => parseMoneyDocumentForm(v, "receivable"),
  ),
};

const TITLES: Record<MoneyDocumentKind, { title: string; submit: string; description: string }> = {
  transaction: {
    title: "New Transaction",
    submit: "Add Transaction",
    description:
      "Completed: posted to the ledger now. Pending: owed, listed under Payables & Receivables until settled.",
  },
  payable: {
    title: "New Payable",
    submit: "Add Payable",
    description: "What the company owes a supplier: posted now as an expense owed, paid later with Settle.",
  },
  receivable: {
    title: "New Receivable",
    submit: "Add Receivable",
    description: "What a customer owes the company: posted now as income owed, received later with Settle.",
  },
};

const toOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

export function MoneyDocumentDialog({
  kind,
  values,
  errors: serverErrors,
  choices,
  closeHref,
  action,
}: {
  kind: MoneyDocumentKind;
  values: MoneyDocumentFormValues;
  errors: Record<string, string | undefined>;
  choices: MoneyAccountChoices;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("create");
  const { errors, onSubmit } = useFormCheck(CHECKS[kind], serverErrors, MONEY_DOCUMENT_MESSAGES.addFailed[kind]);
  const typeRef = useRef<HTMLSelectElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const fixedType = typeOfKind(kind);
  const text = TITLES[kind];
  // What the VAT block needs to follow as it is typed: the type (a transaction's), the amount and the rate.
  const [type, setType] = useState(fixedType ?? values.type);
  const [amount, setAmount] = useState(values.amount);
  const [vatRate, setVatRate] = useState(values.vatRate ?? "");
  const [party, setParty] = useState(values.party);
  const expense = (fixedType ?? type) === "expense";
  const status = (
    <SelectField
      name="status"
      label="Status"
      required
      defaultValue={values.status}
      error={errors.status}
      options={[
        { value: "completed", label: TRANSACTION_STATUS_LABELS.completed },
        { value: "pending", label: TRANSACTION_STATUS_LABELS.pending },
      ]}
    />
  );
  const dueDate = (
    <TextField
      name="dueDate"
      label="Due Date"
      type="date"
      defaultValue={values.dueDate}
      error={errors.dueDate}
      hint="Pending only: when it is to be paid or received"
    />
  );
  return (
    <RecordFormDialog
      title={text.title}
      description={text.description}
      closeHref={closeHref}
      action={action}
      intent="create"
      onSubmit={onSubmit}
      submitLabel={text.submit}
      busy={busy}
    >
      {kind !== "transaction" && <input type="hidden" name="kind" value={kind} />}
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
        <div className="sm:col-span-2 empty:hidden">
          <FormError message={errors.form} />
        </div>
        {kind === "payable" && (
          // The live suppliers offered as one types, and a note when the name is a new supplier's (issue 36).
          <SupplierNameField
            name="party"
            label="Supplier"
            maxLength={MONEY_DOCUMENT_LIMITS.party}
            defaultValue={values.party}
            error={errors.party}
            onChange={setParty}
          />
        )}
        {kind === "receivable" && (
          <TextField
            name="party"
            label="Customer"
            required
            maxLength={MONEY_DOCUMENT_LIMITS.party}
            defaultValue={values.party}
            error={errors.party}
            autoComplete="off"
          />
        )}
        <TextField name="date" label="Date" type="date" required defaultValue={values.date} error={errors.date} />
        {fixedType ? (
          <input type="hidden" name="type" value={fixedType} />
        ) : (
          <GroupedSelectField
            name="type"
            label="Type"
            required
            selectRef={typeRef}
            groups={[]}
            defaultValue={values.type}
            error={errors.type}
            options={[
              { value: "", label: "Select type" },
              { value: "income", label: "Income" },
              { value: "expense", label: "Expense" },
            ]}
            onChange={(event) => {
              // The category list keeps both kinds (it works without JavaScript); one of the other type is cleared.
              const type = event.currentTarget.value;
              setType(type);
              const category = categoryRef.current;
              if (!category || !category.value) return;
              const own: readonly string[] = type === "income" ? RECEIVABLE_CATEGORIES : PAYABLE_CATEGORIES;
              if (type && !own.includes(category.value)) category.value = "";
            }}
          />
        )}
        <GroupedSelectField
          name="category"
          label="Category"
          required
          selectRef={categoryRef}
          defaultValue={values.category}
          error={errors.category}
          options={[{ value: "", label: "Select category" }]}
          groups={
            fixedType === "income"
              ? [{ label: "Income", options: toOptions(RECEIVABLE_CATEGORIES) }]
              : fixedType === "expense"
                ? [{ label: "Expenses", options: toOptions(PAYABLE_CATEGORIES) }]
                : [
                    { label: "Income", options: toOptions(RECEIVABLE_CATEGORIES) },
                    { label: "Expenses", options: toOptions(PAYABLE_CATEGORIES) },
                  ]
          }
          onChange={(event) => {
            const category = event.currentTarget.value;
            const type = typeRef.current;
            if (!type || !category) return;
            type.value = (RECEIVABLE_CATEGORIES as readonly string[]).includes(category) ? "income" : "expense";
            setType(type.value);
          }}
        />
        <TextField
          name="amount"
          label="Amount (৳)"
          inputMode="decimal"
          required
          defaultValue={values.amount}
          error={errors.amount}
          autoComplete="off"
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
        {kind !== "transaction" && status}
        {kind !== "transaction" && dueDate}
        <TextField
          name="description"
          label="Description"
          className="sm:col-span-2"
          maxLength={MONEY_DOCUMENT_LIMITS.description}
          defaultValue={values.description}
          error={errors.description}
          autoComplete="off"
        />
        <PaymentFields
          choices={choices}
          method={values.paymentMethod}
          accountId={values.moneyAccountId}
          errors={errors}
          accountLabel="Account"
          accountRequired={false}
          accountHint={
            fixedType === null
              ? "Completed: the account the money went into or out of"
              : fixedType === "income"
                ? "Completed: the account it was received into"
                : "Completed: the account it was paid from"
          }
        />
        {kind === "transaction" && status}
        <TextField
          name="reference"
          label="Reference"
          maxLength={MONEY_DOCUMENT_LIMITS.reference}
          defaultValue={values.reference}
          error={errors.reference}
          hint="Optional: an invoice, receipt or cheque number"
          autoComplete="off"
        />
        {kind === "transaction" && (
          <TextField
            name="party"
            label="Party"
            maxLength={MONEY_DOCUMENT_LIMITS.party}
            defaultValue={values.party}
            error={errors.party}
            hint="Optional: the supplier or customer"
            autoComplete="off"
            onChange={(event) => setParty(event.currentTarget.value)}
          />
        )}
        {kind === "transaction" && dueDate}
        {expense && (
          <PurchaseVatFields
            rate={vatRate}
            onRateChange={setVatRate}
            amount={amount}
            party={party}
            partyBin={values.partyBin ?? ""}
            errors={errors}
          />
        )}
      </div>
    </RecordFormDialog>
  );
}

/**
 * An expense's VAT included in its amount: the rate (none by default), the supplier's BIN, and, as they are typed,
 * the split and what happens to the VAT, and why.
 */
function PurchaseVatFields({
  rate,
  onRateChange,
  amount,
  party,
  partyBin,
  errors,
}: {
  rate: string;
  onRateChange: (rate: string) => void;
  amount: string;
  party: string;
  partyBin: string;
  errors: Record<string, string | undefined>;
}) {
  const [bin, setBin] = useState(partyBin);
  const standard = rate === STANDARD_VAT_RATE;
  // The supplier's record is asked only when its BIN would decide: at 15% with none typed.
  const recordBin = useSupplierRecordBin(party, standard && bin.trim() === "");
  const preview = purchaseVatPreview({ amount, rate, typedBin: bin, recordBin });
  return (
    <fieldset className="grid gap-4 rounded-md border border-slate-200 px-4 py-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium text-ink-900">VAT on the supplier&apos;s invoice</legend>
      <SelectField
        name="vatRate"
        label="VAT included"
        defaultValue={rate}
        error={errors.vatRate}
        onChange={(event) => onRateChange(event.currentTarget.value)}
        options={[
          { value: "", label: "No VAT" },
          ...PURCHASE_VAT_RATES.map((r) => ({ value: r, label: PURCHASE_VAT_RATE_LABELS[r] })),
        ]}
      />
      {rate ? (
        <TextField
          name="partyBin"
          label="Supplier's BIN"
          maxLength={MONEY_DOCUMENT_LIMITS.partyBin}
          inputMode="numeric"
          defaultValue={partyBin}
          error={errors.partyBin}
          hint={
            standard
              ? "Required to claim: the 13 digits on its Mushak-6.3, unless the supplier's record has them"
              : "Optional: 9 or 13 digits"
          }
          autoComplete="off"
          onChange={(event) => setBin(event.currentTarget.value)}
        />
      ) : (
        <p className="self-center text-sm text-slate-600">
          Choose the rate when the amount includes VAT: at {STANDARD_VAT_RATE}% with the supplier&apos;s BIN it is
          claimed as input VAT; at a reduced rate it is part of the expense.
        </p>
      )}
      {preview && (
        <div
          className={`rounded-md px-3 py-2 text-sm sm:col-span-2 ${
            preview.outcome === "claim"
              ? "bg-emerald-50 text-emerald-900"
              : preview.outcome === "cost"
                ? "bg-slate-50 text-slate-800"
                : "bg-amber-50 text-amber-900"
          }`}
          aria-live="polite"
          data-testid="purchase-vat-split"
          data-outcome={preview.outcome}
        >
          {preview.figures ? (
            <p>
              {preview.figures.map((f, i) => (
                // One figure a line on a phone, one line on a wider screen.
                <span key={f.label} className="block sm:inline">
                  {i > 0 && <span className="hidden sm:inline"> · </span>}
                  {f.label} <span className="font-medium whitespace-nowrap tabular-nums">{f.amount}</span>
                </span>
              ))}
            </p>
          ) : (
            <p>Type the amount (VAT included) to see its VAT</p>
          )}
          {/* Once the BIN field says why (the server's refusal), the note would only repeat it. */}
          {!(preview.outcome === "refused" && errors.partyBin) && <p className="mt-1 text-xs">{preview.note}</p>}
          {(preview.outcome !== "cost" || rate === "0") && (
            <p className="mt-1 text-xs opacity-80">
              The supplier is required: the purchase register (Mushak-6.1) names it.
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
