import { useId, useRef } from "react";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "~/domain/accounting/constants";
import type { MoneyAccountChoices } from "~/domain/accounting/money-document-form";
import { inputClass } from "~/ui/admin/form";

// The fields the money dialogs share (New Transaction, New Payable, New Receivable, Settle): a select whose options
// come in groups, and the payment method with the cash, bank or wallet account of it. The account list holds every
// method's accounts in groups, so the form works without JavaScript (the server refuses an account of another
// method); with it, choosing a method picks that method's default account, and choosing an account its method.

export interface OptionGroup {
  label: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled select of grouped options (or plain ones before the groups), its message beside it as other fields. */
export function GroupedSelectField({
  name,
  label,
  error,
  hint,
  required,
  options = [],
  groups,
  className,
  selectRef,
  ...rest
}: Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name"> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  groups: readonly OptionGroup[];
  selectRef?: React.Ref<HTMLSelectElement>;
}) {
  const id = `${useId()}-${name}`;
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      <select
        ref={selectRef}
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 ${inputClass} ${error ? "border-red-600" : "border-slate-300"}`}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The payment method and its account; `accountLabel` says which way the money went. */
export function PaymentFields({
  choices,
  method,
  accountId,
  errors,
  accountLabel,
  accountHint,
  accountRequired = true,
}: {
  choices: MoneyAccountChoices;
  method: string;
  accountId: string;
  errors: Record<string, string | undefined>;
  accountLabel: string;
  accountHint?: string;
  accountRequired?: boolean;
}) {
  const methodRef = useRef<HTMLSelectElement>(null);
  const accountRef = useRef<HTMLSelectElement>(null);
  const methodOf = (id: string) => choices.accounts.find((a) => a.id === id)?.paymentMethod;
  const groups = PAYMENT_METHODS.map((m) => ({
    label: PAYMENT_METHOD_LABELS[m],
    options: choices.accounts
      .filter((a) => a.paymentMethod === m)
      .map((a) => ({ value: a.id, label: `${a.code} ${a.name}` })),
  })).filter((g) => g.options.length > 0);
  return (
    <>
      <GroupedSelectField
        name="paymentMethod"
        label="Payment Method"
        required
        selectRef={methodRef}
        defaultValue={method}
        error={errors.paymentMethod}
        options={[
          { value: "", label: "Select method" },
          ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
        ]}
        groups={[]}
        onChange={(event) => {
          const chosen = event.currentTarget.value as PaymentMethod;
          const account = accountRef.current;
          if (account && methodOf(account.value) !== chosen) account.value = choices.defaults[chosen] ?? "";
        }}
      />
      <GroupedSelectField
        name="moneyAccountId"
        label={accountLabel}
        required={accountRequired}
        selectRef={accountRef}
        defaultValue={accountId}
        error={errors.moneyAccountId}
        hint={accountHint}
        options={[{ value: "", label: groups.length ? "Select account" : "No active cash, bank or wallet account" }]}
        groups={groups}
        onChange={(event) => {
          const of = methodOf(event.currentTarget.value);
          if (of && methodRef.current) methodRef.current.value = of;
        }}
      />
    </>
  );
}
