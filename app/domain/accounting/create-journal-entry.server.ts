import { formatMoney } from "../../lib/format";
import type { Db } from "../../db/client.server";
import { fromPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { entryTotals } from "./journal";
import { JOURNAL_ENTRY_MESSAGES, parseJournalEntryForm, type JournalEntryFormValues } from "./journal-entry-form";
import {
  assertEntryWritable,
  assertReferenceFree,
  auditLinesOf,
  entryName,
  writeRefusal,
} from "./journal-entry-rules.server";
import { writeEntry } from "./ledger.server";
import { controlAccountKinds } from "./party-choices.server";

// New Journal Entry (backoffice.md §2 General Ledger, §5, §8; issue 21): a manual entry saved as a draft or posted at
// once, as the form's status says, with its audit line, in one transaction. Refused with the field's message (the
// spec's "Failed to create journal entry") and nothing written. A line on a control account names its party (issue
// 36), which the ledger checks is of the account's kind.

export async function createJournalEntry(
  db: Db,
  values: JournalEntryFormValues,
  actor: AuditActor,
): Promise<UseCaseResult<{ id: string }>> {
  const failed = JOURNAL_ENTRY_MESSAGES.createFailed;
  // A control account's line names its party (issue 36): the form's rule, as the dialog checks it.
  const parsed = parseJournalEntryForm(values, await controlAccountKinds(db));
  if (!parsed.ok) return refuseFields("invalid", failed, parsed.errors);
  const input = parsed.input;
  try {
    const id = await db.transaction(async (tx) => {
      await assertReferenceFree(tx, input.reference);
      await assertEntryWritable(tx, input.entryDate, input.lines);
      const id = await writeEntry(
        tx,
        {
          date: input.entryDate,
          description: input.description,
          reference: input.reference,
          source: { type: "manual" },
          lines: input.lines,
          createdBy: actor.userId,
        },
        input.status,
      );
      const total = fromPaisa(entryTotals(input.lines).debits);
      await recordAudit(tx, actor, {
        action: input.status === "posted" ? "journal.created_posted" : "journal.created_draft",
        entityType: "journal_entry",
        entityId: id,
        summary: `${input.status === "posted" ? "Posted" : "Saved the draft"} journal entry ${entryName({ referenceNo: input.reference, entryDate: input.entryDate })} (${formatMoney(total)})`,
        changes: {
          entryDate: input.entryDate,
          reference: input.reference,
          description: input.description,
          status: input.status,
          total,
          lines: auditLinesOf(input.lines),
        },
      });
      return id;
    });
    return { ok: true, id, message: JOURNAL_ENTRY_MESSAGES.created };
  } catch (error) {
    return writeRefusal(error, failed);
  }
}
