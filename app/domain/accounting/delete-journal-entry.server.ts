import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { journalEntries } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { JOURNAL_ENTRY_MESSAGES } from "./journal-entry-form";
import { auditLinesOf, entryName } from "./journal-entry-rules.server";
import { storedEntryLines } from "./stored-lines.server";

// Delete a draft journal entry (issue 21), its lines with it; one transaction with its audit line, which keeps what
// was deleted. A posted entry is never deleted (reverse it): refused here, and by the database's
// journal_entry_posted_immutable whatever else tries.

export async function deleteJournalEntry(db: Db, rawId: unknown, actor: AuditActor): Promise<UseCaseResult> {
  const failed = JOURNAL_ENTRY_MESSAGES.deleteFailed;
  if (typeof rawId !== "string" || !isUuid(rawId.trim()))
    return refuseFields("invalid", failed, { form: JOURNAL_ENTRY_MESSAGES.idRequired });
  const id = rawId.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(journalEntries).where(eq(journalEntries.id, id)).for("update");
    if (!entry) return refuseFields("not-found", failed, { form: JOURNAL_ENTRY_MESSAGES.notFound });
    if (entry.status !== "draft") return refuseFields("conflict", failed, { form: JOURNAL_ENTRY_MESSAGES.postedFixed });
    const lines = await storedEntryLines(tx, id);
    await tx.delete(journalEntries).where(eq(journalEntries.id, id));
    await recordAudit(tx, actor, {
      action: "journal.deleted",
      entityType: "journal_entry",
      entityId: id,
      summary: `Deleted the draft journal entry ${entryName(entry)}`,
      changes: {
        entryDate: entry.entryDate,
        reference: entry.referenceNo,
        description: entry.description,
        lines: auditLinesOf(lines),
      },
    });
    return { ok: true as const, message: JOURNAL_ENTRY_MESSAGES.deleted };
  });
}
