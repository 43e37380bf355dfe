import { and, eq, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { journalLines } from "../../db/schema";
import { toPaisa } from "../../lib/money";
import { partyOf, type PartyRef } from "./journal";

// Each party's balance on one control account, read from its posted lines (issue 36): the ledger is where any party's
// balance comes from.

export interface PartyBalance {
  party: PartyRef;
  /** Paisa, debits less credits: positive when the party owes the company on an asset account. */
  balance: bigint;
  /** The party's first posted line on the account: whose balance is oldest. */
  since: string;
}

/** The parties with a balance on `accountId` as at `asOf` (inclusive), oldest first. */
export async function partyBalancesOn(tx: DbOrTx, accountId: string, asOf: string): Promise<PartyBalance[]> {
  const rows = await tx
    .select({
      customerId: journalLines.customerId,
      supplierId: journalLines.supplierId,
      employeeId: journalLines.employeeId,
      balance: sql<string>`(sum(${journalLines.debit}) - sum(${journalLines.credit}))::text`,
      since: sql<string>`min(${journalLines.entryDate})::text`,
    })
    .from(journalLines)
    .where(and(eq(journalLines.accountId, accountId), eq(journalLines.posted, true), lte(journalLines.entryDate, asOf)))
    .groupBy(journalLines.customerId, journalLines.supplierId, journalLines.employeeId)
    .orderBy(
      sql`min(${journalLines.entryDate})`,
      journalLines.customerId,
      journalLines.supplierId,
      journalLines.employeeId,
    );
  const balances: PartyBalance[] = [];
  for (const row of rows) {
    const party = partyOf(row);
    const balance = toPaisa(row.balance);
    if (party && balance !== 0n) balances.push({ party, balance, since: row.since });
  }
  return balances;
}
