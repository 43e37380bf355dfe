import type { VoidFormValues } from "~/domain/accounting/void-form";
import { TAX_DEPOSIT_KIND_LABELS } from "~/domain/tax/tax-filing-form";
import type { TaxRegisterListRow } from "~/domain/tax/tax-list";
import { formatRate, TAX_KIND_LABELS } from "~/domain/tax/tax-record-form";
import { TAX_DEPOSIT_REVERSAL_MESSAGES, TAX_RECORD_REVERSAL_MESSAGES } from "~/domain/tax/tax-reversal-form";
import { formatMoney, formatShortDate } from "~/lib/format";
import { VoidDocumentDialog } from "~/ui/admin/accounts/void-dialog";
import type { DepositView } from "./tax-summary";

// Tax Management's Reverse dialogs (issue 36), opened by the URL (?reverseDeposit=<id>, ?reverseRecord=<id>): what is
// taken back, then the reversal's date and the reason.

interface Common {
  values: VoidFormValues;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}

export function ReverseTaxDepositDialog({ deposit: d, ...common }: Common & { deposit: DepositView }) {
  return (
    <VoidDocumentDialog
      {...common}
      title="Reverse deposit"
      description="A reversing entry takes the deposit back: the tax is owed again and the bank has the money back. The deposit stays on record, marked reversed; its challan number may be recorded again."
      facts={[
        { term: "Tax", value: TAX_DEPOSIT_KIND_LABELS[d.kind] },
        { term: "Challan", value: d.challanNo },
        { term: "Paid", value: `${formatMoney(d.amount)} on ${formatShortDate(d.date)}` },
        { term: "From", value: d.account },
        ...(d.periodLabel ? [{ term: "Period", value: d.periodLabel }] : []),
      ]}
      minDate={d.date}
      idRequired={TAX_DEPOSIT_REVERSAL_MESSAGES.idRequired}
      failed={TAX_DEPOSIT_REVERSAL_MESSAGES.failed}
      intent="reverse-deposit"
      submitLabel="Reverse deposit"
      busyLabel="Reversing..."
    />
  );
}

export function ReverseTaxRecordDialog({ record: r, ...common }: Common & { record: TaxRegisterListRow }) {
  return (
    <VoidDocumentDialog
      {...common}
      title="Reverse tax record"
      description={
        r.journalEntryId
          ? "A reversing entry takes the record's entry back, and the record no longer counts in the cards, the registers or the VAT return. It stays on record, marked reversed."
          : "This record posted nothing (its tax is ৳0.00): it is marked reversed and no longer counts in the registers."
      }
      facts={[
        { term: "Kind", value: TAX_KIND_LABELS[r.kind] },
        { term: "Date", value: formatShortDate(r.date) },
        { term: "Account", value: r.account },
        ...(r.reference || r.party
          ? [{ term: "Reference", value: [r.reference, r.party].filter(Boolean).join(" · ") }]
          : []),
        {
          term: "Tax amount",
          value: `${formatMoney(r.taxAmount)} (${formatRate(r.rate)} of ${formatMoney(r.taxableAmount)})`,
        },
      ]}
      minDate={r.date}
      idRequired={TAX_RECORD_REVERSAL_MESSAGES.idRequired}
      failed={TAX_RECORD_REVERSAL_MESSAGES.failed}
      intent="reverse-record"
      submitLabel="Reverse record"
      busyLabel="Reversing..."
    />
  );
}
