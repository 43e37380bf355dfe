import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { taxDeposits } from "../../db/schema";
import { formatMoney, formatShortDate } from "../../lib/format";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { PostingRefused } from "../accounting/ledger.server";
import { entryDateOf, lockPostedEntry, matchedLineProblem, postMirror } from "../accounting/reverse-entry.server";
import { parseVoidForm, type VoidFormValues } from "../accounting/void-form";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { TAX_DEPOSIT_KIND_LABELS } from "./tax-filing-form";
import { TAX_DEPOSIT_REVERSAL_MESSAGES as M } from "./tax-reversal-form";

// Reverse a tax deposit (issue 36; DESIGN §10: nothing is undone by deleting): a challan recorded by mistake, or one
// the bank returned. Its entry's mirror (Dr the bank / Cr the tax's account, each withholding share back on the party it
// paid for) is posted on the date given, not before the deposit's, linked to it (reverses_id) and sourced from the
// deposit; the deposit keeps the reversal's id, who, when and why, and no longer counts as paid (a VAT period's
// Deposited, the deposits list). A deposit is no VAT document: only the lock date and a closed year refuse the date
// (the ledger's rules, on "date"). One transaction with the audit line, under a row lock on the deposit, so a second
// reversal at once waits and is refused. A deposit whose bank line is matched to a statement line is refused until
// the match is undone. Its challan number may then be recorded again (tax_deposits_challan_unique holds only
// deposits that stand).

export type ReverseTaxDepositResult = UseCaseResult<{ id: string; reversalEntryId: string }>;

const FIELDS = ["date", "reason"] as const;

export async function reverseTaxDeposit(
  db: Db,
  actor: AuditActor,
  values: VoidFormValues,
  now: Date = new Date(),
): Promise<ReverseTaxDepositResult> {
  const parsed = parseVoidForm(values, M.idRequired);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<ReverseTaxDepositResult> => {
      const [deposit] = await tx.select().from(taxDeposits).where(eq(taxDeposits.id, input.id)).for("update");
      if (!deposit) return refuseFields("not-found", M.failed, { form: M.notFound });
      if (deposit.reversedAt)
        return refuseFields("conflict", M.failed, {
          form: M.alreadyReversed(await entryDateOf(tx, deposit.reversalEntryId)),
        });
      if (input.date < deposit.date) throw new PostingRefused({ date: M.beforeDeposit(deposit.date) });
      const original = await lockPostedEntry(tx, deposit.journalEntryId);
      const matched = await matchedLineProblem(tx, original.id);
      if (matched) return refuseFields("conflict", M.failed, { form: matched });

      const what = `${TAX_DEPOSIT_KIND_LABELS[deposit.kind]} deposit, challan ${deposit.challanNo}`;
      const { reversalId } = await postMirror(tx, original, {
        date: input.date,
        description: `Reversal of the ${what} (${formatShortDate(deposit.date)}): ${input.reason}`,
        source: { type: "tax_deposit", id: deposit.id },
        createdBy: actor.userId,
      });
      await tx
        .update(taxDeposits)
        .set({ reversalEntryId: reversalId, reversalReason: input.reason, reversedAt: now, reversedBy: actor.userId })
        .where(eq(taxDeposits.id, deposit.id));
      await recordAudit(tx, actor, {
        action: "tax_deposit.reversed",
        entityType: "tax_deposit",
        entityId: deposit.id,
        summary: `Reversed the ${what} of ${formatMoney(deposit.amount)} (${formatShortDate(deposit.date)}) on ${formatShortDate(input.date)}: ${input.reason}`,
        changes: {
          date: input.date,
          reason: input.reason,
          amount: deposit.amount,
          journalEntryId: original.id,
          reversalEntryId: reversalId,
        },
      });
      return {
        ok: true,
        message: M.reversed(deposit.kind, deposit.challanNo),
        id: deposit.id,
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
