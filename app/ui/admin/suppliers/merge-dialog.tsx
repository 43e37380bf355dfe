import { SUPPLIER_MESSAGES } from "~/domain/purchases/supplier-form";
import { supplierChoiceLabel, supplierChoicesNote, type SupplierChoices } from "~/domain/purchases/supplier-list";
import type { MergeFormValues } from "~/domain/sales/customer-form";
import { RecordMergeDialog } from "~/ui/admin/record-merge-dialog";

// Merge suppliers (issue 36), as Merge customers: the duplicate's lines on the ledger (its payables, their payments, its
// balance) move to the record kept.

export function SupplierMergeDialog({
  picker,
  ...dialog
}: {
  values: MergeFormValues;
  picker: SupplierChoices;
  errors: Record<string, string | undefined>;
  closeHref: string;
  pathname: string;
  action: string;
}) {
  return (
    <RecordMergeDialog
      {...dialog}
      title="Merge suppliers"
      description="The duplicate's payables, payments and balance on the ledger move to the record kept; details the kept record lacks are taken from the duplicate. This cannot be undone."
      find={{
        label: "Find a supplier",
        placeholder: "Name, e-mail, phone, BIN or TIN",
        find: picker.find,
        note: supplierChoicesNote(picker),
      }}
      choices={picker.choices.map((s) => ({ value: s.id, label: supplierChoiceLabel(s) }))}
      failed={SUPPLIER_MESSAGES.mergeFailed}
    />
  );
}
