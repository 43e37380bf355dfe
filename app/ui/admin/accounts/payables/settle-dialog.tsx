import { useMemo } from "react";
import { ageText } from "~/domain/accounting/ageing";
import type { MoneyAccountChoices } from "~/domain/accounting/money-document-form";
import type { OpenItemView } from "~/domain/accounting/open-item-list";
import { MONEY_DOCUMENT_LIMITS } from "~/domain/accounting/money-document-form";
import {
  parseSettleForm,
  readSettleForm,
  SETTLE_MESSAGES,
  type SettleFormValues,
} from "~/domain/accounting/settle-form";
import { formCheck } from "~/lib/form-errors";
import { formatMoney, formatShortDate } from "~/lib/format";
import { RecordFormDialog } from "~/ui/admin/form-dialog";
import { FormError, TextField, useFormBusy, useFormCheck } from "~/ui/admin/form";
import { PaymentFields } from "../transactions/money-fields";

// Settle (issue 21): pay a payable or receive a receivable, all of it (the amount starts at what is left) or part, on
// a date, through an account of a payment method. The browser checks the amount against what is left when the dialog
// opened; the server checks again under the document's lock.

export function SettleDialog({
  item,
  today,
  values,
  errors: serverErrors,
  choices,
  closeHref,
  action,
}: {
  item: OpenItemView;
  today: string;
  values: SettleFormValues;
  errors: Record<string, string | undefined>;
  choices: MoneyAccountChoices;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("settle");
  const check = useMemo(
    () =>
      formCheck(readSettleForm, (v: SettleFormValues) =>
        parseSettleForm(v, item.kind, { left: item.left, date: item.date }),
      ),
    [item.kind, item.left, item.date],
  );
  const { errors, onSubmit } = useFormCheck(check, serverErrors, SETTLE_MESSAGES.failed);
  const payable = item.kind === "payable";
  const partyLabel = payable ? "Supplier" : "Customer";
  return (
    <RecordFormDialog
      title={payable ? "Settle payable" : "Settle receivable"}
      description={
        payable
          ? "Pay all of what is left, or part of it: what stays unpaid remains on the list."
          : "Receive all of what is left, or part of it: what stays unpaid remains on the list."
      }
      size="sm"
      closeHref={closeHref}
      action={action}
      intent="settle"
      id={item.id}
      onSubmit={onSubmit}
      submitLabel={payable ? "Record payment" : "Record receipt"}
      busy={busy}
    >
      <div className="grid gap-4 px-5 py-4">
        <FormError message={errors.form ?? errors.id} />
        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3 text-sm"
          data-testid="settle-summary"
        >
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">{partyLabel}</dt>
            <dd className="font-medium break-words text-ink-900">{item.party ?? "—"}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">Category</dt>
            <dd className="break-words text-ink-900">
              {item.category}
              {item.description ? ` · ${item.description}` : ""}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Amount</dt>
            <dd className="text-ink-900 tabular-nums">{formatMoney(item.amount)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Left to {payable ? "pay" : "receive"}</dt>
            <dd className="font-semibold text-ink-900 tabular-nums" data-testid="settle-left">
              {formatMoney(item.left)}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">{item.dueDate ? "Due" : "Dated"}</dt>
            <dd className={item.overdue ? "font-medium text-red-700" : "text-ink-900"}>
              {formatShortDate(item.dueDate ?? item.date)} ({ageText(item, today)})
            </dd>
          </div>
        </dl>
        <TextField name="date" label="Date" type="date" required defaultValue={values.date} error={errors.date} />
        <PaymentFields
          choices={choices}
          method={values.paymentMethod}
          accountId={values.moneyAccountId}
          errors={errors}
          accountLabel={payable ? "Paid from" : "Received into"}
        />
        <TextField
          name="amount"
          label="Amount (৳)"
          inputMode="decimal"
          required
          defaultValue={values.amount}
          error={errors.amount}
          hint={`At most ${formatMoney(item.left)}`}
          autoComplete="off"
        />
        <TextField
          name="reference"
          label="Reference"
          maxLength={MONEY_DOCUMENT_LIMITS.reference}
          defaultValue={values.reference}
          error={errors.reference}
          hint="Optional: a receipt, cheque or transfer number"
          autoComplete="off"
        />
      </div>
    </RecordFormDialog>
  );
}
