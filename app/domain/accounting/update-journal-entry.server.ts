import { formatMoney } from "../../lib/format";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { journalEntries, journalLines } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { fromPaisa } from "../../lib/money";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type Refused, type UseCaseResult } from "../use-case";
import { entryTotals } from "./journal";
import { JOURNAL_ENTRY_MESSAGES, parseJournalEntryForm, type JournalEntryFormValues } from "./journal-entry-form";
import {
  assertEntryWritable,
  assertReferenceFree,
  auditLinesOf,
  entryName,
  postDraft,
  writeRefusal,
} from "./journal-entry-rules.server";
import { linesWithParties, writeLines } from "./ledger.server";
import { controlAccountKinds } from "./party-choices.server";
import { storedEntryLines } from "./stored-lines.server";

// Edit a draft journal entry (issue 21): its date, reference, description and lines, saved again as a draft or
// posted at once when the form's status says posted. Only a draft is edited (a posted entry is reversed; the
// database refuses any change to one too), over the version the form was opened on, under a row lock; one
// transaction with its audit line. A control account's line names its party (issue 36), kept on the draft's line.

export async function updateJournalEntry(
  db: Db,
  values: JournalEntryFormValues,
  actor: AuditActor,
): Promise<UseCaseResult<{ id: string; posted: boolean }>> {
  const failed = JOURNAL_ENTRY_MESSAGES.updateFailed;
  const id = values.id.trim().toLowerCase();
  if (!isUuid(id)) return refuseFields("invalid", failed, { form: JOURNAL_ENTRY_MESSAGES.idRequired });
  const parsed = parseJournalEntryForm(values, await controlAccountKinds(db));
  if (!parsed.ok) return refuseFields("invalid", failed, parsed.errors);
  const input = parsed.input;
  try {
    const outcome = await db.transaction(async (tx): Promise<Refused | null> => {
      const [before] = await tx.select().from(journalEntries).where(eq(journalEntries.id, id)).for("update");
      if (!before) return refuseFields("not-found", failed, { form: JOURNAL_ENTRY_MESSAGES.notFound });
      if (before.status !== "draft")
        return refuseFields("conflict", failed, { form: JOURNAL_ENTRY_MESSAGES.postedFixed });
      if (values.version !== before.updatedAt.toISOString())
        return refuseFields("conflict", failed, { form: JOURNAL_ENTRY_MESSAGES.changedMeanwhile });
      await assertReferenceFree(tx, input.reference, id);
      await assertEntryWritable(tx, input.entryDate, input.lines);
      // Each control account's line with its party, of the account's kind (issue 36); a draft keeps them.
      const lines = await linesWithParties(tx, input.lines, null, input.status);

      const linesBefore = await storedEntryLines(tx, id);
      const after = { entryDate: input.entryDate, referenceNo: input.reference, description: input.description };
      const changes = diffFields(
        {
          entryDate: before.entryDate,
          referenceNo: before.referenceNo,
          description: before.description,
          lines: auditLinesOf(linesBefore),
        },
        { ...after, lines: auditLinesOf(lines) },
      );
      await tx.update(journalEntries).set(after).where(eq(journalEntries.id, id));
      await tx.delete(journalLines).where(eq(journalLines.journalEntryId, id));
      await writeLines(tx, id, lines);
      if (input.status === "posted") await postDraft(tx, { id, entryDate: input.entryDate });

      const name = entryName({ referenceNo: input.reference, entryDate: input.entryDate });
      const total = fromPaisa(entryTotals(input.lines).debits);
      await recordAudit(tx, actor, {
        action: input.status === "posted" ? "journal.updated_posted" : "journal.updated",
        entityType: "journal_entry",
        entityId: id,
        summary:
          input.status === "posted"
            ? `Edited and posted the draft journal entry ${name} (${formatMoney(total)})`
            : `Edited the draft journal entry ${name}: ${Object.keys(changes).join(", ") || "nothing changed"}`,
        changes: input.status === "posted" ? { ...changes, status: { from: "draft", to: "posted" } } : changes,
      });
      return null;
    });
    if (outcome) return outcome;
    const posted = input.status === "posted";
    return {
      ok: true,
      id,
      posted,
      message: posted ? JOURNAL_ENTRY_MESSAGES.updatedAndPosted : JOURNAL_ENTRY_MESSAGES.updated,
    };
  } catch (error) {
    return writeRefusal(error, failed);
  }
}
