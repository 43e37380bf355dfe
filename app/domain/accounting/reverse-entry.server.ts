import { and, eq, isNull, sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "../../db/client.server";
import { journalEntries, settlements, taxRecords, transactions } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors.server";
import { formatShortDate, formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type Refused, type UseCaseResult } from "../use-case";
import { assertOpenVatPeriod } from "../tax/vat-period-lock.server";
import { closedPeriodOf } from "../tax/vat-return.server";
import { mirrorLines } from "./journal";
import { CORRECTED_BY_ITS_DOCUMENT } from "./ledger-list";
import { postEntry, PostingRefused, type NewEntry } from "./ledger.server";
import { ledgerRefusal } from "./ledger-refusal";
import { storedEntryLines } from "./stored-lines.server";
import { businessDateProblem } from "../../lib/business-date";

// Reverse (issue 21, DESIGN §10): a posted entry is never edited or deleted; its mirror, with debit and credit
// swapped and linked to it, is posted on a date the user picks. An entry is reversed at most once (a unique index
// backs the check up against two users at once), and a reversal is not reversed itself: post the entry again.
// Reversing a document's entry undoes the document too: a transaction, payable or receivable is cancelled (only
// while nothing of it is settled), a settlement is taken back and its amount is owed again (it reads voided, "Reversed
// in the General Ledger", as a void from its payable's page would: void-settlement.server.ts). The entries of tax
// invoices, credit notes, customer payments and tax documents are refused: their documents correct them (a tax deposit
// or hand-typed record is reversed on the Tax screen, issue 36, with postMirror below and a reason of its own).
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

/** A settlement's void reason when its entry was reversed in the General Ledger (which asks for none). */
export const REVERSED_IN_LEDGER = "Reversed in the General Ledger";

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
  const dateProblem = businessDateProblem("Date", input.date, REVERSE_MESSAGES.dateInvalid);
  if (dateProblem) return refuse("invalid", dateProblem, { date: dateProblem });
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
      const matched = await matchedLineProblem(tx, original.id);
      if (matched) return refuse("conflict", matched);
      if (input.date < original.entryDate) {
        const message = REVERSE_MESSAGES.beforeOriginal(original.entryDate);
        return refuse("invalid", message, { date: message });
      }
      const undone = await undoDocument(tx, original.sourceType, original.sourceId, input.date);
      if ("refused" in undone) return undone.refused;

      const { reversalId, reference } = await postMirror(tx, original, {
        date: input.date,
        description: `Reversal of ${original.referenceNo ?? "entry"} (${formatShortDate(original.entryDate)}): ${original.description}`,
        source: { type: "reversal", id: original.id },
        createdBy: actor.userId,
      });
      if (undone.settlement)
        await reopenSettled(tx, undone.settlement, {
          entryId: reversalId,
          reason: REVERSED_IN_LEDGER,
          by: actor.userId,
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
): Promise<{ refused: Refused } | { taxRows: TaxRecordRow[]; settlement?: typeof settlements.$inferSelect }> {
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
    // Taken back once the reversal is posted: settlements_void_check wants its id with the rest, in one update.
    return { taxRows: [], settlement };
  }
  return none;
}

/**
 * A settlement taken back (its entry reversed here, or voided, issue 36): its payable or receivable owes the amount
 * again and is pending, and the settlement reads reversed.
 */
export async function reopenSettled(
  tx: Tx,
  settlement: { id: string; transactionId: string; amount: string },
  voided: { entryId: string; reason: string; by: string | null },
  now: Date = new Date(),
): Promise<void> {
  await tx
    .update(settlements)
    .set({
      reversedAt: now,
      voidedAt: now,
      voidEntryId: voided.entryId,
      voidReason: voided.reason,
      voidedBy: voided.by,
    })
    .where(eq(settlements.id, settlement.id));
  await tx
    .update(transactions)
    .set({
      settledAmount: sql`${transactions.settledAmount} - ${fromPaisa(toPaisa(settlement.amount))}`,
      status: "pending",
      updatedAt: now,
    })
    .where(eq(transactions.id, settlement.transactionId));
}

/** Why an entry cannot be reversed because a line of it is matched to a bank statement line, or null. */
export async function matchedLineProblem(tx: Tx, entryId: string): Promise<string | null> {
  // A line matched to a bank statement line (issue 23): the reconciliation counts it; the match is undone first.
  // A match being confirmed holds the entry FOR SHARE, so it and the reversal's row lock wait for each other.
  const [matched] = await queryRows<{ account: string; date: string; description: string; file_name: string }>(
    tx,
    sql`select a.code || ' ' || a.name as account, sl.date::text as date, sl.description, s.file_name
        from journal_lines jl
        join bank_matches m on m.journal_line_id = jl.id
        join bank_statement_lines sl on sl.id = m.statement_line_id
        join bank_statements s on s.id = sl.statement_id
        join chart_of_accounts a on a.id = jl.account_id
        where jl.journal_entry_id = ${entryId}
        order by sl.date, sl.row_no limit 1`,
  );
  return matched
    ? REVERSE_MESSAGES.matched(matched.account, matched.date, matched.description, matched.file_name)
    : null;
}

/**
 * Posts the mirror of a posted entry (its lines with debit and credit swapped, each keeping its party) on `date`,
 * linked to it (reverses_id; journal_entries_reverses_id_unique refuses a second one), with the reference REV- and
 * the original's. `source` is a General Ledger reversal's ("reversal", the original) or the document that takes it
 * back (a voided payment, a reversed tax deposit or record, issue 36). The caller holds the original FOR UPDATE and
 * checked what reverses it may; the ledger's rules (lock date, closed year) refuse the date, naming "date".
 */
export async function postMirror(
  tx: Tx,
  original: { id: string; referenceNo: string | null },
  m: { date: string; description: string; source: NewEntry["source"]; createdBy: string | null },
): Promise<{ reversalId: string; reference: string | null }> {
  const reference = original.referenceNo ? `REV-${original.referenceNo}` : null;
  const reversalId = await postEntry(tx, {
    date: m.date,
    description: m.description.slice(0, 500),
    reference,
    source: m.source,
    reversesId: original.id,
    lines: mirrorLines(await storedEntryLines(tx, original.id)),
    createdBy: m.createdBy,
  });
  return { reversalId, reference };
}

/** An entry's date (a document's reversal, to say when it was taken back), or null. */
export async function entryDateOf(tx: Tx, entryId: string | null): Promise<string | null> {
  if (!entryId) return null;
  const [row] = await tx
    .select({ date: journalEntries.entryDate })
    .from(journalEntries)
    .where(eq(journalEntries.id, entryId));
  return row?.date ?? null;
}

/** A posted entry locked FOR UPDATE (a reversal of it waits here for another), or refused when gone or a draft. */
export async function lockPostedEntry(tx: Tx, entryId: string): Promise<typeof journalEntries.$inferSelect> {
  const [entry] = await tx.select().from(journalEntries).where(eq(journalEntries.id, entryId)).for("update");
  if (!entry || entry.status !== "posted") throw new PostingRefused({ form: REVERSE_MESSAGES.notPosted });
  return entry;
}
