import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { journalEntries } from "../../db/schema";
import { fromPaisa } from "../../lib/money";
import { refuseFields, type Refused } from "../use-case";
import { entryLineErrors, entryTotals, type EntryLine } from "./journal";
import { JOURNAL_ENTRY_MESSAGES } from "./journal-entry-form";
import { assertActiveAccounts, assertOpenDate, linesWithParties, PostingRefused } from "./ledger.server";
import { ledgerRefusal } from "./ledger-refusal";
import { storedEntryLines } from "./stored-lines.server";

// What the General Ledger's use cases (create, update, post, delete a journal entry; issue 21) share: the unique
// reference, the book's rules as a draft is saved or posted, and their refusals as the form's field messages.

/** journal_entries.reference_no's unique index. */
const REFERENCE_UNIQUE = "journal_entries_reference_no_unique";

/** Refuses a reference another entry has (compared as stored), naming the field; `exceptId` is the entry itself. */
export async function assertReferenceFree(tx: DbOrTx, reference: string | null, exceptId?: string): Promise<void> {
  if (!reference) return;
  const [taken] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.referenceNo, reference), exceptId ? ne(journalEntries.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new PostingRefused({ reference: JOURNAL_ENTRY_MESSAGES.referenceTaken });
}

/**
 * The book's rules for an entry's date and accounts, for a draft as for a posted entry (a draft that could never be
 * posted helps nobody): every account active, the date after the lock date. Messages name the form's fields.
 */
export async function assertEntryWritable(tx: DbOrTx, entryDate: string, lines: readonly EntryLine[]): Promise<void> {
  await assertActiveAccounts(tx, lines);
  await assertOpenDate(tx, entryDate, "entryDate");
}

/**
 * Posts a stored draft (locked by the caller): its lines checked as writeEntry checks a new posted entry, then one
 * UPDATE fixing its status, total and posting time. The database checks the balance again at commit.
 */
export async function postDraft(tx: Tx, entry: { id: string; entryDate: string }): Promise<bigint> {
  const lines = await storedEntryLines(tx, entry.id);
  const errors = entryLineErrors(lines);
  if (Object.keys(errors).length > 0) throw new PostingRefused(errors);
  await assertEntryWritable(tx, entry.entryDate, lines);
  // A draft's line on a control account must name its party before it is posted (issue 36), as a new entry's must.
  await linesWithParties(tx, lines, null, "posted");
  const total = entryTotals(lines).debits;
  await tx
    .update(journalEntries)
    .set({ status: "posted", total: fromPaisa(total), postedAt: new Date() })
    .where(eq(journalEntries.id, entry.id));
  return total;
}

/**
 * A refusal of the book's rules or of the unique reference (two saves of one reference at once: the second meets
 * the index) as the form's field messages under `failed`'s toast; anything else is not a refusal and propagates.
 */
export function writeRefusal(error: unknown, failed: (reason: string) => string): Refused {
  if (error instanceof PostingRefused) return ledgerRefusal(error, { failed });
  if (isUniqueViolation(error, REFERENCE_UNIQUE))
    return refuseFields("invalid", failed, { reference: JOURNAL_ENTRY_MESSAGES.referenceTaken });
  throw error;
}

/** An entry as the audit log and the toasts name it: its reference, or its date. */
export function entryName(entry: { referenceNo: string | null; entryDate: string }): string {
  return entry.referenceNo ?? `of ${entry.entryDate}`;
}

/** Lines as the audit log keeps them: account, and the amount on its side. */
export function auditLinesOf(lines: readonly EntryLine[]) {
  return lines.map((l) => ({
    accountId: l.accountId,
    ...(l.debit > 0n ? { debit: fromPaisa(l.debit) } : { credit: fromPaisa(l.credit) }),
    ...(l.description ? { description: l.description } : {}),
  }));
}
