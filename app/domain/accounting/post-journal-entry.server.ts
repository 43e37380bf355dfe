import { formatMoney } from "../../lib/format";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { journalEntries } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { fromPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type Refused, type UseCaseResult } from "../use-case";
import { JOURNAL_ENTRY_MESSAGES } from "./journal-entry-form";
import { entryName, postDraft, writeRefusal } from "./journal-entry-rules.server";

// Post a draft journal entry (issue 21): the draft as it was shown (its version), checked as a new posted entry is
// (balanced and not zero, every account active, after the lock date), then fixed for good; one transaction with its
// audit line. A posted entry is not posted again.

export interface PostInput {
  id: string;
  /** updated_at (ISO) of the draft as the confirmation showed it. */
  version: string;
}

export async function postJournalEntry(db: Db, input: PostInput, actor: AuditActor): Promise<UseCaseResult> {
  const failed = JOURNAL_ENTRY_MESSAGES.postFailed;
  const id = input.id.trim().toLowerCase();
  if (!isUuid(id)) return refuseFields("invalid", failed, { form: JOURNAL_ENTRY_MESSAGES.idRequired });
  try {
    const outcome = await db.transaction(async (tx): Promise<Refused | null> => {
      const [entry] = await tx.select().from(journalEntries).where(eq(journalEntries.id, id)).for("update");
      if (!entry) return refuseFields("not-found", failed, { form: JOURNAL_ENTRY_MESSAGES.notFound });
      if (entry.status === "posted")
        return refuseFields("conflict", failed, { form: JOURNAL_ENTRY_MESSAGES.alreadyPosted });
      if (input.version !== entry.updatedAt.toISOString())
        return refuseFields("conflict", failed, { form: JOURNAL_ENTRY_MESSAGES.changedMeanwhile });
      const total = await postDraft(tx, { id, entryDate: entry.entryDate });
      await recordAudit(tx, actor, {
        action: "journal.posted",
        entityType: "journal_entry",
        entityId: id,
        summary: `Posted the draft journal entry ${entryName(entry)} (${formatMoney(fromPaisa(total))})`,
        changes: { status: { from: "draft", to: "posted" }, total: fromPaisa(total) },
      });
      return null;
    });
    if (outcome) return outcome;
    return { ok: true, message: JOURNAL_ENTRY_MESSAGES.posted };
  } catch (error) {
    return writeRefusal(error, failed);
  }
}
