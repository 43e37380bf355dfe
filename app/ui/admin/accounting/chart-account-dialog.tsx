import { useId, useState } from "react";
import {
  cashFlowChoices,
  CHART_LIMITS,
  CHART_MESSAGES,
  hasCashFlowSection,
  parseAccountForm,
  readAccountForm,
  type AccountFormValues,
} from "~/domain/accounting/chart-form";
import {
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type AccountType,
} from "~/domain/accounting/constants";
import { formCheck } from "~/lib/form-errors";
import { RecordFormDialog } from "../form-dialog";
import { FormError, inputClass, SelectField, TextAreaField, TextField, useFormBusy, useFormCheck } from "../form";

// The chart of accounts' Add Account / Edit Account dialog (issue 21), opened by ?new=1 or ?edit=<id>. The parent
// list follows the chosen type (a parent must be of the same type); an account with postings keeps its type, so
// its type is the one choice offered. A balance-sheet account that is not cash, bank or wallet is placed in a cash
// flow section (issue 24): the choice shows only then, and is sent empty (its type's default) otherwise. The server
// decides again (chart.server.ts).

const CHECK_ACCOUNT_FORM = formCheck(readAccountForm, parseAccountForm);

export interface ParentOption {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  isActive: boolean;
}

export function ChartAccountDialog({
  mode,
  values,
  errors: serverErrors,
  parents,
  typeFixed,
  closeHref,
  action,
}: {
  mode: "create" | "update";
  values: AccountFormValues;
  errors: Record<string, string | undefined>;
  /** Every account; those of the chosen type (other than this one) are offered as its parent. */
  parents: readonly ParentOption[];
  /** The account has postings: its type cannot change. */
  typeFixed: boolean;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy(mode);
  const { errors, onSubmit } = useFormCheck(
    CHECK_ACCOUNT_FORM,
    serverErrors,
    mode === "create" ? CHART_MESSAGES.addFailed : CHART_MESSAGES.updateFailed,
  );
  const [type, setType] = useState(values.type);
  const [paymentMethod, setPaymentMethod] = useState(values.paymentMethod);
  const accountType = (ACCOUNT_TYPES as readonly string[]).includes(type) ? (type as AccountType) : "";
  const asksCashFlow = hasCashFlowSection(accountType, paymentMethod);
  const parentId = useId();
  const offered = parents.filter((p) => p.id !== values.id && (type === "" || p.type === type));
  const types = typeFixed ? ACCOUNT_TYPES.filter((t) => t === values.type) : ACCOUNT_TYPES;

  return (
    <RecordFormDialog
      title={mode === "create" ? "Add Account" : "Edit Account"}
      closeHref={closeHref}
      action={action}
      intent={mode}
      id={values.id}
      version={values.version}
      onSubmit={onSubmit}
      submitLabel={mode === "create" ? "Add Account" : "Update Account"}
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={errors.form} />
        </div>
        <TextField
          name="code"
          label="Code"
          required
          maxLength={CHART_LIMITS.code}
          defaultValue={values.code}
          error={errors.code}
          autoComplete="off"
          hint="Unique, e.g. 1020. Accounts are listed in code order."
        />
        <TextField
          name="name"
          label="Name"
          required
          maxLength={CHART_LIMITS.name}
          defaultValue={values.name}
          error={errors.name}
          autoComplete="off"
        />
        <div>
          <SelectField
            name="type"
            label="Type"
            required
            value={type}
            onChange={(event) => setType(event.currentTarget.value)}
            error={errors.type}
            options={[
              ...(typeFixed ? [] : [{ value: "", label: "Select type" }]),
              ...types.map((t) => ({ value: t, label: ACCOUNT_TYPE_LABELS[t] })),
            ]}
          />
          {typeFixed && !errors.type && (
            <p className="mt-1 text-xs text-slate-500">This account has postings: its type cannot change.</p>
          )}
        </div>
        <div>
          <label htmlFor={parentId} className="block text-sm font-medium text-ink-900">
            Parent account
          </label>
          <select
            id={parentId}
            name="parentId"
            defaultValue={values.parentId}
            // A new type offers other parents: the select starts again from "none".
            key={type}
            aria-invalid={errors.parentId ? true : undefined}
            aria-describedby={`${parentId}-${errors.parentId ? "error" : "hint"}`}
            className={`mt-1 ${inputClass} ${errors.parentId ? "border-red-600" : "border-slate-300"}`}
          >
            <option value="">None (top level)</option>
            {offered.map((p) => (
              <option key={p.id} value={p.id}>
                {p.code} {p.name}
                {p.isActive ? "" : " (deactivated)"}
              </option>
            ))}
          </select>
          {errors.parentId ? (
            <p id={`${parentId}-error`} className="mt-1 text-sm text-red-700">
              {errors.parentId}
            </p>
          ) : (
            <p id={`${parentId}-hint`} className="mt-1 text-xs text-slate-500">
              Groups it under another account of the same type.
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <SelectField
            name="paymentMethod"
            label="Payment account"
            defaultValue={values.paymentMethod}
            key={`method-${type === "asset" ? "asset" : "other"}`}
            onChange={(event) => setPaymentMethod(event.currentTarget.value)}
            error={errors.paymentMethod}
            options={[
              { value: "", label: "No: not a cash, bank or wallet account" },
              ...(type === "asset" || type === ""
                ? PAYMENT_METHODS.map((m) => ({ value: m, label: `Yes: ${PAYMENT_METHOD_LABELS[m]}` }))
                : []),
            ]}
          />
          {!errors.paymentMethod && (
            <p className="mt-1 text-xs text-slate-500">
              Asset accounts only. Money is paid and received through these; together they make the Current Balance.
            </p>
          )}
        </div>
        {asksCashFlow ? (
          <div className="sm:col-span-2">
            <SelectField
              name="cashFlowActivity"
              label="Cash flow"
              defaultValue={values.cashFlowActivity}
              key={`cash-flow-${accountType}`}
              error={errors.cashFlowActivity}
              options={cashFlowChoices(accountType)}
            />
            {!errors.cashFlowActivity && (
              <p className="mt-1 text-xs text-slate-500">
                Where a change in its balance goes in the Cash Flow statement: equipment and other long-lived assets are
                investing, loans and the owners' capital financing, the rest operating. Accumulated depreciation stays
                operating: it moves no cash, and its change adds the depreciation back.
              </p>
            )}
          </div>
        ) : (
          <input type="hidden" name="cashFlowActivity" value="" />
        )}
        {!asksCashFlow && errors.cashFlowActivity && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {errors.cashFlowActivity}
          </p>
        )}
        <TextAreaField
          name="description"
          label="Description"
          rows={2}
          maxLength={CHART_LIMITS.description}
          defaultValue={values.description}
          error={errors.description}
          hint="Optional. What belongs in this account."
          className="sm:col-span-2"
        />
      </div>
    </RecordFormDialog>
  );
}
