import { useState } from "react";
import type { ControlPartyKind } from "~/domain/accounting/constants";
import type { PartyChoice } from "~/domain/accounting/party-choices.server";
import {
  BANK_TRANSACTION_FORM_MESSAGES,
  BANK_TRANSACTION_LIMITS,
  counterAccountFits,
  parseBankTransactionForm,
  readBankTransactionForm,
  TRANSFER_DIRECTION_LABELS,
  type BankTransactionFormValues,
} from "~/domain/banking/bank-transaction-form";
import {
  BANK_TRANSACTION_KIND_LABELS,
  BANK_TRANSACTION_KINDS,
  type BankTransactionKind,
} from "~/domain/banking/constants";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, SelectField, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";
import { useHydrated } from "~/ui/use-hydrated";
import { partyFits, PartySelect } from "./party-select";

// Add Transaction (Bank Reconciliation; issue 23): the spec's button now has its form. The kind decides the other
// side offered: any account that holds no money for a deposit or withdrawal, an expense for a bank charge (Settings >
// Accounting's Bank charges first), an income for interest (Interest income first), another cash, bank or wallet
// account for a transfer, which also asks the way the money goes. Without JavaScript every account is offered, in
// groups; the server refuses one that does not fit, naming it. An account kept by party (issue 36: the receivable,
// the payable...) asks whose balance the transaction adjusts: the Party select, of the account's kind.

const CHECK = formCheck(readBankTransactionForm, parseBankTransactionForm);
const isKind = (v: string): v is BankTransactionKind => (BANK_TRANSACTION_KINDS as readonly string[]).includes(v);

interface Account {
  id: string;
  code: string;
  name: string;
  type: string;
  paymentMethod: string | null;
}

const COUNTER_LABELS: Record<BankTransactionKind, string> = {
  deposit: "Comes from (account)",
  withdrawal: "Goes to (account)",
  charge: "Expense account",
  interest: "Income account",
  transfer: "Other cash, bank or wallet account",
};

export function AddTransactionDialog({
  values,
  errors: serverErrors,
  bankAccounts,
  accounts,
  defaults,
  controlKinds,
  parties,
  closeHref,
  action,
}: {
  values: BankTransactionFormValues;
  errors: Record<string, string | undefined>;
  bankAccounts: readonly { id: string; code: string; name: string }[];
  accounts: readonly Account[];
  defaults: { charge: string | null; interest: string | null };
  /** The control accounts' party kinds by account id (controlAccountKinds). */
  controlKinds: Record<string, ControlPartyKind>;
  /** The parties those kinds take (partyChoices). */
  parties: readonly PartyChoice[];
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("add-transaction");
  const hydrated = useHydrated();
  const { errors, onSubmit } = useFormCheck(CHECK, serverErrors, BANK_TRANSACTION_FORM_MESSAGES.failed);
  const [kind, setKind] = useState<BankTransactionKind>(isKind(values.kind) ? values.kind : "deposit");
  const [bank, setBank] = useState(values.accountId);
  const [counter, setCounter] = useState(values.counterAccountId);
  const [party, setParty] = useState(values.party);
  const partyKind = controlKinds[counter] ?? null;
  const label = (a: { id: string; code: string; name: string }) => {
    const kept = controlKinds[a.id];
    return `${a.code} - ${a.name}${kept ? ` (kept by ${kept === "any" ? "party" : kept})` : ""}`;
  };
  const changeCounter = (next: string) => {
    setCounter(next);
    if (!partyFits(party, controlKinds[next] ?? null)) setParty("");
  };

  const fitting = accounts.filter((a) => a.id !== bank && counterAccountFits(kind, a));
  const counterOptions = hydrated
    ? [{ value: "", label: "Select account" }, ...fitting.map((a) => ({ value: a.id, label: label(a) }))]
    : null;

  const changeKind = (next: BankTransactionKind) => {
    setKind(next);
    const preferred = next === "charge" ? defaults.charge : next === "interest" ? defaults.interest : null;
    const current = accounts.find((a) => a.id === counter);
    if (preferred) changeCounter(preferred);
    else if (!current || !counterAccountFits(next, current)) changeCounter("");
  };
  // Before JavaScript: offered whenever the chart has an account kept by party; after: once the other side is one
  // (or the server said something of it).
  const showParty = hydrated ? partyKind !== null || !!errors.party : Object.keys(controlKinds).length > 0;

  return (
    <RecordFormDialog
      title="Add Transaction"
      description="Money into or out of a bank or wallet account that no other document has recorded: it posts to the General Ledger at once."
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="add-transaction"
      onSubmit={onSubmit}
      submitLabel="Add Transaction"
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form} />
        <SelectField
          name="accountId"
          label="Bank or wallet account"
          required
          value={bank}
          onChange={(e) => setBank(e.currentTarget.value)}
          error={errors.accountId}
          options={[
            { value: "", label: "Select account" },
            ...bankAccounts.map((a) => ({ value: a.id, label: label(a) })),
          ]}
        />
        <SelectField
          name="kind"
          label="Kind"
          required
          value={kind}
          onChange={(e) => {
            const next = e.currentTarget.value;
            if (isKind(next)) changeKind(next);
          }}
          error={errors.kind}
          options={BANK_TRANSACTION_KINDS.map((k) => ({ value: k, label: BANK_TRANSACTION_KIND_LABELS[k] }))}
        />
        {(kind === "transfer" || !hydrated) && (
          <fieldset>
            <legend className="text-sm font-medium text-ink-900">
              Direction{hydrated ? "" : " (transfers only)"}
              <span aria-hidden className="ml-0.5 text-red-700">
                *
              </span>
            </legend>
            <div className="mt-2 grid gap-2">
              {(["out", "in"] as const).map((d) => (
                <label
                  key={d}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="direction"
                    value={d}
                    defaultChecked={values.direction === d}
                    className="accent-brand-700"
                  />
                  {TRANSFER_DIRECTION_LABELS[d]}
                </label>
              ))}
            </div>
            {errors.direction && <p className="mt-1 text-sm text-red-700">{errors.direction}</p>}
          </fieldset>
        )}
        {counterOptions ? (
          <SelectField
            name="counterAccountId"
            label={COUNTER_LABELS[kind]}
            required={kind !== "charge" && kind !== "interest"}
            value={counter}
            onChange={(e) => changeCounter(e.currentTarget.value)}
            error={errors.counterAccountId}
            options={counterOptions}
          />
        ) : (
          <GroupedCounterSelect accounts={accounts} value={values.counterAccountId} error={errors.counterAccountId} />
        )}
        {showParty && (
          <PartySelect
            kind={hydrated ? partyKind : null}
            parties={parties}
            value={party}
            onChange={setParty}
            error={errors.party}
            hint="Whose balance on this account the transaction adjusts"
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
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
        </div>
        <TextField
          name="description"
          label="Description"
          maxLength={BANK_TRANSACTION_LIMITS.description}
          defaultValue={values.description}
          error={errors.description}
          hint={`Left blank: "${BANK_TRANSACTION_KIND_LABELS[kind]}"`}
          autoComplete="off"
        />
        <TextField
          name="reference"
          label="Reference"
          maxLength={BANK_TRANSACTION_LIMITS.reference}
          defaultValue={values.reference}
          error={errors.reference}
          hint="The cheque number, the bank's or the wallet's transaction id"
          autoComplete="off"
        />
      </div>
    </RecordFormDialog>
  );
}

/** Before JavaScript runs: every account, grouped by what it suits. */
function GroupedCounterSelect({
  accounts,
  value,
  error,
}: {
  accounts: readonly Account[];
  value: string;
  error?: string;
}) {
  const groups: [string, Account[]][] = [
    ["Cash, bank and wallet (transfers)", accounts.filter((a) => a.paymentMethod !== null)],
    ["Expenses (bank charges, withdrawals)", accounts.filter((a) => !a.paymentMethod && a.type === "expense")],
    ["Income (interest, deposits)", accounts.filter((a) => !a.paymentMethod && a.type === "income")],
    [
      "Other accounts (deposits, withdrawals)",
      accounts.filter((a) => !a.paymentMethod && a.type !== "expense" && a.type !== "income"),
    ],
  ];
  return (
    <div>
      <label htmlFor="bank-counter-account" className="block text-sm font-medium text-ink-900">
        Other account
      </label>
      <select
        id="bank-counter-account"
        name="counterAccountId"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm ${error ? "border-red-600" : "border-slate-300"}`}
      >
        <option value="">Select account (a charge or interest: the default of Settings)</option>
        {groups.map(([label, list]) => (
          <optgroup key={label} label={label}>
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.code} - {a.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}
