import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { settlements, transactions } from "../../db/schema";
import { formatMoney, formatShortDate } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { ledgerRefusal } from "./ledger-refusal";
import { PostingRefused } from "./ledger.server";
import { entryDateOf, lockPostedEntry, matchedLineProblem, postMirror, reopenSettled } from "./reverse-entry.server";
import type { OpenItemKind } from "./settle-form";
import { parseVoidForm, SETTLEMENT_VOID_MESSAGES as M, type VoidFormValues } from "./void-form";

// Void a payment of a payable or a receipt of a receivable (issue 36; DESIGN §10: nothing is undone by deleting): a
// supplier paid by mistake, a cheque that bounced. The settlement's entry is mirrored on the date given, not before
// the settlement's (each line keeping its party: the supplier's payable, the customer's receivable), linked to it
// (reverses_id) and sourced from the settlement; the settlement keeps the reversal's id, who, when and why; its
// payable or receivable owes the amount again and is pending (settled_amount less it), back in Payables &
// Receivables. The lock date and a closed year refuse the date (the ledger's rules, on "date"); a second void, or the
// General Ledger's Reverse of the same entry, is refused (the rows are locked as the ledger's Reverse locks them: the
// entry, then the settlement, then its document). One transaction with the audit line. A settlement whose money line is
// matched to a bank statement line is refused until the match is undone.

export type VoidSettlementResult = UseCaseResult<{ settlementId: string; transactionId: string; voidEntryId: string }>;

const FIELDS = ["date", "reason"] as const;

export async function voidSettlement(
  db: Db,
  actor: AuditActor,
  values: VoidFormValues,
  now: Date = new Date(),
): Promise<VoidSettlementResult> {
  const parsed = parseVoidForm(values, M.idRequired);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<VoidSettlementResult> => {
      const [found] = await tx
        .select({ entryId: settlements.journalEntryId })
        .from(settlements)
        .where(eq(settlements.id, input.id));
      if (!found) return refuseFields("not-found", M.failed, { form: M.notFound });
      const original = await lockPostedEntry(tx, found.entryId);
      const [settlement] = await tx.select().from(settlements).where(eq(settlements.id, input.id)).for("update");
      if (!settlement) return refuseFields("not-found", M.failed, { form: M.notFound });
      if (settlement.reversedAt)
        return refuseFields("conflict", M.failed, {
          form: M.alreadyVoided(await entryDateOf(tx, settlement.voidEntryId)),
        });
      const [doc] = await tx
        .select()
        .from(transactions)
        .where(eq(transactions.id, settlement.transactionId))
        .for("update");
      if (!doc) return refuseFields("not-found", M.failed, { form: M.notFound });
      if (input.date < settlement.date) throw new PostingRefused({ date: M.beforeSettlement(settlement.date) });
      const matched = await matchedLineProblem(tx, original.id);
      if (matched) return refuseFields("conflict", M.failed, { form: matched });

      const kind: OpenItemKind = doc.type === "income" ? "receivable" : "payable";
      const party = doc.party ?? doc.category;
      const what = kind === "payable" ? `payment to ${party}` : `receipt from ${party}`;
      const { reversalId } = await postMirror(tx, original, {
        date: input.date,
        description: `Void of the ${what} of ${formatShortDate(settlement.date)} (${doc.category}): ${input.reason}`,
        source: { type: "settlement", id: settlement.id },
        createdBy: actor.userId,
      });
      await reopenSettled(tx, settlement, { entryId: reversalId, reason: input.reason, by: actor.userId }, now);
      const owed = toPaisa(doc.amount) - toPaisa(doc.settledAmount) + toPaisa(settlement.amount);
      await recordAudit(tx, actor, {
        action: `${kind}.settlement_voided`,
        entityType: "transaction",
        entityId: doc.id,
        summary: `Voided the ${what} of ${formatMoney(settlement.amount)} (${formatShortDate(settlement.date)}) on the ${kind} ${doc.category}, dated ${formatShortDate(input.date)}: ${input.reason}; ${formatMoney(fromPaisa(owed))} owed again`,
        changes: {
          settlementId: settlement.id,
          date: input.date,
          reason: input.reason,
          amount: settlement.amount,
          journalEntryId: original.id,
          voidEntryId: reversalId,
          left: fromPaisa(owed),
        },
      });
      return {
        ok: true,
        message: M.voided(kind, settlement.amount),
        settlementId: settlement.id,
        transactionId: doc.id,
        voidEntryId: reversalId,
      };
    });
  } catch (error) {
    // Nothing of it was kept: the transaction rolled back.
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.failed, fields: FIELDS });
    if (isUniqueViolation(error, "journal_entries_reverses_id_unique"))
      return refuseFields("conflict", M.failed, { form: M.alreadyVoided(null) });
    throw error;
  }
}
