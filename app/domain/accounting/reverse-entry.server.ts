import { and, eq, isNull, sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "../../db/client.server";
import { journalEntries, settlements, taxRecords, transactions } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors.server";
import { formatShortDate, formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { isCalendarDate, isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type Refused, type UseCaseResult } from "../use-case";
import { assertOpenVatPeriod } from "../tax/vat-period-lock.server";
import { closedPeriodOf } from "../tax/vat-return.server";
import { mirrorLines } from "./journal";
import { CORRECTED_BY_ITS_DOCUMENT } from "./ledger-list";
import { postEntry, PostingRefused } from "./ledger.server";
import { ledgerRefusal } from "./ledger-refusal";
import { storedEntryLines } from "./stored-lines.server";

// Reverse (issue 21, DESIGN §10): a posted entry is never edited or deleted; its mirror, with debit and credit
// swapped and linked to it, is posted on a date the user picks. An entry is reversed at most once (a unique index
// backs the check up against two users at once), and a reversal is not reversed itself: post the entry again.
// Reversing a document's entry undoes the document too: a transaction, payable or receivable is cancelled (only
// while nothing of it is settled), a settlement is taken back and its amount is owed again. The entries of tax
// invoices, credit notes, customer payments and tax documents are refused: their documents correct them.
// A purchase entered with VAT (issue 22) takes its input VAT row out of the tax register with it, so the register
// and the VAT return hold only the VAT of purchases that stand: refused while the purchase's VAT period is closed
// (its return was filed with that VAT) or when the reversal is dated inside a closed period.
// An entry with a line matched to a bank statement line (issue 23) is refused, naming the line: undo the match first.

export const REVERSE_MESSAGES = {
  done: (reference: string) => `Entry reversed: ${reference} posted`,
  notFound: "This journal entry does not exist",
  notPosted: "Only a posted entry can be reversed; a draft can be edited or deleted",
  alreadyReversed: "This entry has already been reversed",
  isReversal: "A reversal cannot be reversed: post the original entry again instead",
  beforeOriginal: (date: string) =>
    `The reversal cannot be dated before the entry it reverses (${formatShortDate(date)})`,
  settled: "This document has payments or receipts: reverse those first",
  vatPeriodClosed: (date: string, start: string, end: string) =>
    `This purchase's VAT (${formatShortDate(date)}) is in the VAT period ${formatShortDate(start)} to ${formatShortDate(end)}, closed and filed: it cannot be reversed`,
  dateRequired: "Date is required",
  dateInvalid: "Date must be a date",
  referenceTaken: "Another entry already has the reversal's reference (REV- and this entry's reference)",
  matched: (account: string, date: string, description: string, file: string) =>
    `This entry's line on ${account} is matched to the bank statement line of ${formatShortDate(date)} (${description}, statement ${file}): undo the match first in Bank Reconciliation`,
} as const;

export interface ReverseInput {
  entryId: string;
  /** YYYY-MM-DD; the form defaults it to today. */
  date: string;
}

/** Reverses a posted entry; answers the reversal's id. */
export async function reverseEntry(
  db: Db,
  actor: AuditActor,
  input: ReverseInput,
): Promise<UseCaseResult<{ reversalId: string }>> {
  if (!isUuid(input.entryId)) return refuse("not-found", REVERSE_MESSAGES.notFound);
  if (input.date.trim() === "")
    return refuse("invalid", REVERSE_MESSAGES.dateRequired, { date: REVERSE_MESSAGES.dateRequired });
  // A real calendar date: 2026-02-30 would reach the database as an error rather than a message.
  if (!isCalendarDate(input.date))
    return refuse("invalid", REVERSE_MESSAGES.dateInvalid, { date: REVERSE_MESSAGES.dateInvalid });
  try {
    return await db.transaction(async (tx) => {
      // The row lock makes a second reversal at once wait, then see the first.
      const [original] = await tx
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, input.entryId))
        .for("update");
      if (!original) return refuse("not-found", REVERSE_MESSAGES.notFound);
      if (original.status !== "posted") return refuse("conflict", REVERSE_MESSAGES.notPosted);
      if (original.reversesId) return refuse("conflict", REVERSE_MESSAGES.isReversal);
      const correctedElsewhere = CORRECTED_BY_ITS_DOCUMENT[original.sourceType];
      if (correctedElsewhere) return refuse("conflict", correctedElsewhere);
      const [already] = await tx
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.reversesId, original.id));
      if (already) return refuse("conflict", REVERSE_MESSAGES.alreadyReversed);
      // A line matched to a bank statement line (issue 23): the reconciliation counts it; the match is undone first.
      // A match being confirmed holds the entry FOR SHARE, so it and this row lock wait for each other.
      const [matched] = await queryRows<{ account: string; date: string; description: string; file_name: string }>(
        tx,
        sql`select a.code || ' ' || a.name as account, sl.date::text as date, sl.description, s.file_name
            from journal_lines jl
            join bank_matches m on m.journal_line_id = jl.id
            join bank_statement_lines sl on sl.id = m.statement_line_id
            join bank_statements s on s.id = sl.statement_id
            join chart_of_accounts a on a.id = jl.account_id
            where jl.journal_entry_id = ${original.id}
            order by sl.date, sl.row_no limit 1`,
      );
      if (matched)
        return refuse(
          "conflict",
          REVERSE_MESSAGES.matched(matched.account, matched.date, matched.description, matched.file_name),
        );
      if (input.date < original.entryDate) {
        const message = REVERSE_MESSAGES.beforeOriginal(original.entryDate);
        return refuse("invalid", message, { date: message });
      }
      const undone = await undoDocument(tx, original.sourceType, original.sourceId, input.date);
      if ("refused" in undone) return undone.refused;

      const entryLines = await storedEntryLines(tx, original.id);
      const reference = original.referenceNo ? `REV-${original.referenceNo}` : null;
      const reversalId = await postEntry(tx, {
        date: input.date,
        description:
          `Reversal of ${original.referenceNo ?? "entry"} (${formatShortDate(original.entryDate)}): ${original.description}`.slice(
            0,
            500,
          ),
        reference,
        source: { type: "reversal", id: original.id },
        reversesId: original.id,
        lines: mirrorLines(entryLines),
        createdBy: actor.userId,
      });
      // The register keeps the document's tax and takes it back in the reversal's period (DESIGN §10: records are
      // kept), as a credit note does: the same rows with opposite amounts, pointing at the rows they undo.
      if (undone.taxRows.length > 0)
        await tx.insert(taxRecords).values(
          undone.taxRows.map((row) => ({
            transactionDate: input.date,
            accountId: row.accountId,
            taxType: row.taxType,
            kind: row.kind,
            taxRate: row.taxRate,
            taxableAmount: fromPaisa(-toPaisa(row.taxableAmount)),
            taxAmount: fromPaisa(-toPaisa(row.taxAmount)),
            referenceNo: reference ?? row.referenceNo,
            description: `Reversal: ${row.description ?? original.description}`.slice(0, 500),
            party: row.party,
            partyBin: row.partyBin,
            sourceType: "reversal" as const,
            sourceId: row.id,
            journalEntryId: reversalId,
            createdBy: actor.userId,
          })),
        );
      await recordAudit(tx, actor, {
        action: "journal.reversed",
        entityType: "journal_entry",
        entityId: original.id,
        summary: `Reversed journal entry ${original.referenceNo ?? original.id.slice(0, 8)} of ${formatShortDate(original.entryDate)} (${formatMoney(original.total ?? "0")}) on ${formatShortDate(input.date)}`,
        changes: { reversalId, date: input.date },
      });
      return { ok: true as const, message: REVERSE_MESSAGES.done(reference ?? "the reversal"), reversalId };
    });
  } catch (error) {
    if (error instanceof PostingRefused) return ledgerRefusal(error);
    if (isUniqueViolation(error, "journal_entries_reverses_id_unique"))
      return refuse("conflict", REVERSE_MESSAGES.alreadyReversed);
    // REV-<reference> taken by another entry (the General Ledger's form keeps REV- for reversals; an import may not).
    if (isUniqueViolation(error, "journal_entries_reference_no_unique"))
      return refuse("conflict", REVERSE_MESSAGES.referenceTaken);
    throw error;
  }
}

type TaxRecordRow = typeof taxRecords.$inferSelect;

/**
 * Undoes the document an entry was posted for, or refuses when it cannot be undone; returns the document's tax rows
 * the reversal takes back.
 */
async function undoDocument(
  tx: Tx,
  sourceType: string,
  sourceId: string | null,
  date: string,
): Promise<{ refused: Refused } | { taxRows: TaxRecordRow[] }> {
  const none = { taxRows: [] };
  if (!sourceId) return none;
  if (sourceType === "transaction" || sourceType === "receivable" || sourceType === "payable") {
    const [doc] = await tx.select().from(transactions).where(eq(transactions.id, sourceId)).for("update");
    if (!doc) return none;
    if (toPaisa(doc.settledAmount) > 0n) return { refused: refuse("conflict", REVERSE_MESSAGES.settled) };
    const taxRows = await tx
      .select()
      .from(taxRecords)
      .where(and(eq(taxRecords.sourceType, "transaction"), eq(taxRecords.sourceId, doc.id)));
    if (taxRows.length > 0) {
      // Holds the VAT close off (FOR SHARE) until this commits; refuses a reversal dated in a closed period.
      await assertOpenVatPeriod(tx, date, "date");
      const closed = await closedPeriodOf(tx, doc.date);
      if (closed) {
        const message = REVERSE_MESSAGES.vatPeriodClosed(doc.date, closed.start, closed.end);
        return { refused: refuse("conflict", message, { date: message }) };
      }
    }
    await tx.update(transactions).set({ status: "cancelled" }).where(eq(transactions.id, doc.id));
    return { taxRows };
  }
  if (sourceType === "settlement") {
    const [settlement] = await tx
      .select()
      .from(settlements)
      .where(and(eq(settlements.id, sourceId), isNull(settlements.reversedAt)))
      .for("update");
    if (!settlement) return none;
    await tx.update(settlements).set({ reversedAt: new Date() }).where(eq(settlements.id, settlement.id));
    await tx
      .update(transactions)
      .set({
        settledAmount: sql`${transactions.settledAmount} - ${fromPaisa(toPaisa(settlement.amount))}`,
        status: "pending",
      })
      .where(eq(transactions.id, settlement.transactionId));
  }
  return none;
}
