import { CUSTOMER_MESSAGES, type MergeFormValues } from "~/domain/sales/customer-form";
import { customerChoiceLabel, customerChoicesNote, type CustomerChoices } from "~/domain/sales/customer-list";
import { RecordMergeDialog } from "~/ui/admin/record-merge-dialog";

// Merge (issue 22): two records of the same customer become one. The duplicate's quotations, invoices, credit notes
// and payments move to the record kept (RecordMergeDialog).

export function MergeDialog({
  picker,
  mergesMoney,
  ...dialog
}: {
  values: MergeFormValues;
  picker: CustomerChoices;
  errors: Record<string, string | undefined>;
  closeHref: string;
  /** The screen's path: where the search goes. */
  pathname: string;
  action: string;
  /** The user may merge records with invoices, credit notes or payments (the accounts'); else the dialog says so. */
  mergesMoney: boolean;
}) {
  return (
    <RecordMergeDialog
      {...dialog}
      title="Merge customers"
      description="The duplicate's quotations, invoices, credit notes and payments move to the record kept; details the kept record lacks are taken from the duplicate. This cannot be undone."
      find={{
        label: "Find a customer",
        placeholder: "Name, organisation, e-mail or phone",
        find: picker.find,
        note: customerChoicesNote(picker),
      }}
      choices={picker.choices.map((c) => ({ value: c.id, label: customerChoiceLabel(c) }))}
      failed={CUSTOMER_MESSAGES.mergeFailed}
    >
      {!mergesMoney && (
        <p className="text-sm text-slate-600">
          Records with invoices, credit notes or payments can be merged only by an accountant or an admin.
        </p>
      )}
    </RecordMergeDialog>
  );
}
