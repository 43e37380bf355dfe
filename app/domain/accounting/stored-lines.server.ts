import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { journalLines } from "../../db/schema";
import { toPaisa } from "../../lib/money";
import { partyOf, type EntryLine } from "./journal";

// A stored entry's lines as the book's rules read them (EntryLine: paisa), in the order they were written: for
// posting a draft, editing or deleting one (its audit line), and reversing a posted entry.

/** A stored line (its amounts as the numeric columns give them) as an EntryLine. */
export function entryLineOf(line: {
  accountId: string;
  debit: string;
  credit: string;
  description: string | null;
  customerId?: string | null;
  supplierId?: string | null;
  employeeId?: string | null;
}): EntryLine {
  return {
    accountId: line.accountId,
    debit: toPaisa(line.debit),
    credit: toPaisa(line.credit),
    description: line.description,
    party: partyOf({
      customerId: line.customerId ?? null,
      supplierId: line.supplierId ?? null,
      employeeId: line.employeeId ?? null,
    }),
  };
}

/** The lines of entry `entryId`, in their order. */
export async function storedEntryLines(db: DbOrTx, entryId: string): Promise<EntryLine[]> {
  const rows = await db
    .select({
      accountId: journalLines.accountId,
      debit: journalLines.debit,
      credit: journalLines.credit,
      description: journalLines.description,
      customerId: journalLines.customerId,
      supplierId: journalLines.supplierId,
      employeeId: journalLines.employeeId,
    })
    .from(journalLines)
    .where(eq(journalLines.journalEntryId, entryId))
    .orderBy(asc(journalLines.lineNo), asc(journalLines.id));
  return rows.map(entryLineOf);
}
