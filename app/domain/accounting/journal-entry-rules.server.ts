import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { customers, employees, journalEntries, suppliers } from "../../db/schema";
import { fromPaisa } from "../../lib/money";
import { refuseFields, type Refused } from "../use-case";
import { PARTY_KINDS, type PartyKind } from "./constants";
import { entryLineErrors, entryTotals, partyValue, type EntryLine } from "./journal";
import { JOURNAL_ENTRY_MESSAGES } from "./journal-entry-form";
import {
  assertActiveAccounts,
  assertOpenDate,
  assertVatPeriodOpenFor,
  linesWithParties,
  PostingRefused,
} from "./ledger.server";
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
 * The book's rules for an entry's date, accounts and parties, for a draft as for a posted entry (a draft that could
 * never be posted helps nobody): every account active, every party a live record (a customer or supplier not merged
 * away, an employee), the date after the lock date and, on a line carrying VAT, outside a closed VAT period (issue
 * 37). Messages name the form's fields.
 */
export async function assertEntryWritable(tx: DbOrTx, entryDate: string, lines: readonly EntryLine[]): Promise<void> {
  await assertActiveAccounts(tx, lines, "manual");
  await assertPartiesExist(tx, lines);
  await assertOpenDate(tx, entryDate, "entryDate");
  await assertVatPeriodOpenFor(tx, entryDate, lines, "entryDate");
}

/** Refuses a line naming a party that is not (or no longer) a record, naming the line's party field (issue 36). */
async function assertPartiesExist(tx: DbOrTx, lines: readonly EntryLine[]): Promise<void> {
  const wanted = (kind: PartyKind) => [...new Set(lines.flatMap((l) => (l.party?.kind === kind ? [l.party.id] : [])))];
  const found = async (kind: PartyKind): Promise<string[]> => {
    const ids = wanted(kind);
    if (ids.length === 0) return [];
    const rows =
      kind === "customer"
        ? await tx
            .select({ id: customers.id })
            .from(customers)
            .where(and(inArray(customers.id, ids), isNull(customers.mergedIntoId)))
        : kind === "supplier"
          ? await tx
              .select({ id: suppliers.id })
              .from(suppliers)
              .where(and(inArray(suppliers.id, ids), isNull(suppliers.mergedIntoId)))
          : await tx.select({ id: employees.id }).from(employees).where(inArray(employees.id, ids));
    return rows.map((r) => `${kind}:${r.id}`);
  };
  // One after the other: the queries share the transaction's connection.
  const known = new Set<string>();
  for (const kind of PARTY_KINDS) for (const value of await found(kind)) known.add(value);
  const errors: Record<string, string> = {};
  lines.forEach((line, i) => {
    if (line.party && !known.has(partyValue(line.party)))
      errors[`lines.${i}.party`] = JOURNAL_ENTRY_MESSAGES.partyUnknown;
  });
  if (Object.keys(errors).length > 0) throw new PostingRefused(errors);
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

/** Lines as the audit log keeps them: account, the amount on its side, and the party of a control account's line. */
export function auditLinesOf(lines: readonly EntryLine[]) {
  return lines.map((l) => ({
    accountId: l.accountId,
    ...(l.debit > 0n ? { debit: fromPaisa(l.debit) } : { credit: fromPaisa(l.credit) }),
    ...(l.description ? { description: l.description } : {}),
    ...(l.party ? { party: partyValue(l.party) } : {}),
  }));
}
