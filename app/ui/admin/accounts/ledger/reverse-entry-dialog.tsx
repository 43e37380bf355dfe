import { Form } from "react-router";
import { entryLabel } from "~/domain/accounting/ledger-list";
import type { LedgerEntryRow } from "~/domain/accounting/ledger-list.server";
import { formatShortDate } from "~/lib/format";
import { DialogActions, FormDialog } from "../../form-dialog";
import { FormError, SubmitButton, TextField, useFormBusy } from "../../form";
import { EntryLines, EntrySummary } from "./entry-lines";

// Reverse a posted entry (DESIGN §10; issue 21), opened by ?reverse=<id>: the date (today in Dhaka unless changed)
// and what will be posted: the entry's lines with debit and credit swapped. Reversing a document's entry undoes the
// document too (reverseEntry), and the dialog says so.

const UNDOES: Partial<Record<LedgerEntryRow["sourceType"], string>> = {
  transaction: "The transaction it was posted for is cancelled.",
  payable: "The payable it was posted for is cancelled (only while nothing of it is paid).",
  receivable: "The receivable it was posted for is cancelled (only while nothing of it is received).",
  settlement: "The payment or receipt is taken back: its amount is owed again.",
};

export function ReverseEntryDialog({
  entry,
  date,
  errors,
  closeHref,
  action,
}: {
  entry: LedgerEntryRow;
  date: string;
  errors: Record<string, string | undefined>;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("reverse");
  const name = entryLabel(entry);
  const mirrored = entry.lines.map((line) => ({ ...line, debit: line.credit, credit: line.debit }));
  const undoes = UNDOES[entry.sourceType];
  return (
    <FormDialog
      title="Reverse journal entry"
      description="A posted entry is never changed: its mirror is posted instead, linked to it."
      closeHref={closeHref}
    >
      <Form method="post" action={action} noValidate replace preventScrollReset>
        <input type="hidden" name="intent" value="reverse" />
        <input type="hidden" name="id" value={entry.id} />
        <div className="space-y-4 px-5 py-4">
          <FormError message={errors.form} />
          <EntrySummary entry={entry} />
          <TextField
            name="date"
            label="Reversal Date"
            type="date"
            required
            min={entry.entryDate}
            max="9999-12-31"
            defaultValue={date}
            error={errors.date}
            hint={`On or after ${formatShortDate(entry.entryDate)}`}
            className="sm:w-56"
          />
          <div>
            <h3 className="text-sm font-semibold text-ink-900">What will be posted</h3>
            <div className="mt-2">
              <EntryLines
                lines={mirrored}
                caption={`Lines of the reversal of ${name}`}
                debits={entry.credits}
                credits={entry.debits}
              />
            </div>
          </div>
          {undoes && <p className="text-sm text-slate-700">{undoes}</p>}
        </div>
        <DialogActions closeHref={closeHref}>
          <SubmitButton label="Reverse Entry" busyLabel="Reversing..." busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
