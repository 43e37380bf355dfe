import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { taxRecords } from "../../db/schema";
import { formatMoney, formatShortDate } from "../../lib/format";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { assertOpenDate, PostingRefused } from "../accounting/ledger.server";
import { entryDateOf, lockPostedEntry, matchedLineProblem, postMirror } from "../accounting/reverse-entry.server";
import { parseVoidForm, type VoidFormValues } from "../accounting/void-form";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { TAX_KIND_LABELS } from "./tax-record-form";
import { TAX_RECORD_REVERSAL_MESSAGES as M } from "./tax-reversal-form";
import { assertOpenVatPeriod, holdVatPeriods } from "./vat-period-lock.server";
import { closedPeriodOf } from "./vat-return.server";

// Reverse a hand-typed tax record (issue 36; DESIGN §10: nothing is undone by deleting). Its entry's mirror (each line
// keeping its party) is posted on the date given, not before the record's, linked to it (reverses_id) and sourced
// from the record; the record keeps the reversal's id, who, when and why, and no longer counts in the cards, the
// registers, the VAT return or the VAT close's VDS (vat-return.server.ts). A record whose tax was 0 posted nothing: it
// is only marked (the lock date still refuses the date). A VAT record is refused while its own VAT period is closed
// (the return was filed with it) and when the reversal is dated inside a closed period; holdVatPeriods keeps a close
// from happening in between. Only a typed record (source manual): a document's tax is corrected by its document.
// One transaction with the audit line, under a row lock on the record.

export type ReverseTaxRecordResult = UseCaseResult<{ id: string; reversalEntryId: string | null }>;

const FIELDS = ["date", "reason"] as const;

export async function reverseTaxRecord(
  db: Db,
  actor: AuditActor,
  values: VoidFormValues,
  now: Date = new Date(),
): Promise<ReverseTaxRecordResult> {
  const parsed = parseVoidForm(values, M.idRequired);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<ReverseTaxRecordResult> => {
      const [record] = await tx.select().from(taxRecords).where(eq(taxRecords.id, input.id)).for("update");
      if (!record) return refuseFields("not-found", M.failed, { form: M.notFound });
      if (record.sourceType !== "manual") return refuseFields("conflict", M.failed, { form: M.notTyped });
      if (record.reversedAt)
        return refuseFields("conflict", M.failed, {
          form: M.alreadyReversed(await entryDateOf(tx, record.reversalEntryId)),
        });
      if (input.date < record.transactionDate)
        throw new PostingRefused({ date: M.beforeRecord(record.transactionDate) });
      if (record.taxType === "vat") {
        await holdVatPeriods(tx);
        const closed = await closedPeriodOf(tx, record.transactionDate);
        if (closed)
          return refuseFields("conflict", M.failed, {
            form: M.recordPeriodClosed(record.transactionDate, closed.start, closed.end),
          });
        await assertOpenVatPeriod(tx, input.date, "date");
      }

      const what = `${TAX_KIND_LABELS[record.kind]}${record.referenceNo ? ` ${record.referenceNo}` : ""}${record.party ? ` (${record.party})` : ""}`;
      let reversalId: string | null = null;
      if (record.journalEntryId) {
        const original = await lockPostedEntry(tx, record.journalEntryId);
        const matched = await matchedLineProblem(tx, original.id);
        if (matched) return refuseFields("conflict", M.failed, { form: matched });
        ({ reversalId } = await postMirror(tx, original, {
          date: input.date,
          description: `Reversal of the tax record ${what} (${formatShortDate(record.transactionDate)}): ${input.reason}`,
          source: { type: "tax_record", id: record.id },
          createdBy: actor.userId,
        }));
      } else await assertOpenDate(tx, input.date, "date");
      await tx
        .update(taxRecords)
        .set({
          reversalEntryId: reversalId,
          reversalReason: input.reason,
          reversedAt: now,
          reversedBy: actor.userId,
          updatedAt: now,
        })
        .where(eq(taxRecords.id, record.id));
      await recordAudit(tx, actor, {
        action: "tax_record.reversed",
        entityType: "tax_record",
        entityId: record.id,
        summary: `Reversed the tax record ${what} of ${formatShortDate(record.transactionDate)} (tax ${formatMoney(record.taxAmount)} on ${formatMoney(record.taxableAmount)}) on ${formatShortDate(input.date)}${reversalId ? "" : "; it had posted nothing"}: ${input.reason}`,
        changes: {
          date: input.date,
          reason: input.reason,
          taxAmount: record.taxAmount,
          journalEntryId: record.journalEntryId,
          reversalEntryId: reversalId,
        },
      });
      return {
        ok: true,
        message: reversalId ? M.reversed : M.reversedUnposted,
        id: record.id,
        reversalEntryId: reversalId,
      };
    });
  } catch (error) {
    // Nothing of it was kept: the transaction rolled back.
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.failed, fields: FIELDS });
    if (isUniqueViolation(error, "journal_entries_reverses_id_unique"))
      return refuseFields("conflict", M.failed, { form: M.alreadyReversed(null) });
    throw error;
  }
}
