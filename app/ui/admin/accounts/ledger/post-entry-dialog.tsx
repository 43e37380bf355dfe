import { Form } from "react-router";
import { entryLabel } from "~/domain/accounting/ledger-list";
import type { LedgerEntryRow } from "~/domain/accounting/ledger-list.server";
import { DialogActions, FormDialog } from "../../form-dialog";
import { FormError, SubmitButton, useFormBusy } from "../../form";
import { EntryLines, EntrySummary } from "./entry-lines";

// Post a draft (General Ledger, issue 21), opened by ?post=<id>: the entry as it will be posted, and what posting
// means. It posts the draft's version, so a draft changed meanwhile is not posted unseen.

export function PostEntryDialog({
  entry,
  error,
  closeHref,
  action,
}: {
  entry: LedgerEntryRow;
  /** The refusal's message (the lock date, a deactivated account, someone else's change). */
  error?: string;
  closeHref: string;
  action: string;
}) {
  const busy = useFormBusy("post");
  const name = entryLabel(entry);
  return (
    <FormDialog
      title="Post journal entry"
      description="Once posted, an entry cannot be edited or deleted: a mistake is corrected by reversing it."
      closeHref={closeHref}
    >
      <Form method="post" action={action} replace preventScrollReset>
        <input type="hidden" name="intent" value="post" />
        <input type="hidden" name="id" value={entry.id} />
        <input type="hidden" name="version" value={entry.version} />
        <div className="space-y-3 px-5 py-4">
          <FormError message={error} />
          <EntrySummary entry={entry} />
          <EntryLines
            lines={entry.lines}
            caption={`Lines of ${name}`}
            debits={entry.debits}
            credits={entry.credits}
            adjustments={entry.sourceType === "manual"}
          />
        </div>
        <DialogActions closeHref={closeHref}>
          <SubmitButton label="Post Entry" busyLabel="Posting..." busy={busy} />
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
