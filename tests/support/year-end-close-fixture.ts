import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { journalEntries, journalLines, yearEndCloses } from "~/db/schema";
import type { EntryLine } from "~/domain/accounting/journal";
import { roleAccounts, writeEntry } from "~/domain/accounting/ledger.server";
import { movementsByAccount } from "~/domain/reports/ledger-figures.server";
import { fiscalYearRange } from "~/domain/reports/report-periods";
import { reportAccounts } from "~/domain/reports/statement-lines.server";
import { fromPaisa, toPaisa } from "~/lib/money";

// A year-end close as core-decisions describes it (issue 24), written straight through writeEntry for the reports'
// tests (the close's own use case is the year-end screen's): dated the fiscal year's last day, each income and
// expense account's movement for the year (earlier closes left out) reversed onto it, the difference to retained
// earnings, and the year_end_closes row. Returns the year's result (income less expenses) in paisa, or null when
// the year has nothing to close. Reopening posts the closing entry's mirror (also a year_end_close entry, same date)
// and marks the row reopened.

export async function writeYearEndClose(fiscalYear: number, startMonth: number): Promise<bigint | null> {
  const db = getDb();
  const range = fiscalYearRange(fiscalYear, startMonth);
  return db.transaction(async (tx) => {
    // One after another: a transaction is one connection.
    const accounts = await reportAccounts(tx);
    const movements = await movementsByAccount(tx, range, { excludeYearEndClose: true });
    const roles = await roleAccounts(tx, ["equity.retained_earnings"]);
    const lines: EntryLine[] = [];
    let result = 0n;
    for (const a of accounts) {
      if (a.type !== "income" && a.type !== "expense") continue;
      const movement = movements.get(a.id) ?? 0n;
      if (movement === 0n) continue;
      result -= movement;
      lines.push(
        movement > 0n
          ? { accountId: a.id, debit: 0n, credit: movement }
          : { accountId: a.id, debit: -movement, credit: 0n },
      );
    }
    const retained = roles["equity.retained_earnings"];
    if (result !== 0n)
      lines.push(
        result > 0n
          ? { accountId: retained, debit: 0n, credit: result }
          : { accountId: retained, debit: -result, credit: 0n },
      );
    if (lines.length < 2) return null;
    const entryId = await writeEntry(tx, {
      date: range.to,
      description: `Year-end close ${fiscalYear}`,
      source: { type: "year_end_close" },
      lines,
      createdBy: null,
    });
    await tx.insert(yearEndCloses).values({
      fiscalYear,
      periodStart: range.from,
      periodEnd: range.to,
      result: fromPaisa(result),
      closingEntryId: entryId,
    });
    return result;
  });
}

/** Reopens a closed fiscal year: the closing entry's mirror, then the row marked reopened. */
export async function reopenYearEndClose(fiscalYear: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [close] = await tx
      .select({ id: yearEndCloses.id, entryId: yearEndCloses.closingEntryId, date: journalEntries.entryDate })
      .from(yearEndCloses)
      .innerJoin(journalEntries, eq(journalEntries.id, yearEndCloses.closingEntryId))
      .where(and(eq(yearEndCloses.fiscalYear, fiscalYear), isNull(yearEndCloses.reopenedAt)));
    if (!close) throw new Error(`${fiscalYear} is not closed`);
    const lines = await tx
      .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, close.entryId));
    const reopenEntryId = await writeEntry(tx, {
      date: close.date,
      description: `Year-end close ${fiscalYear} reopened`,
      source: { type: "year_end_close" },
      lines: lines.map((l) => ({ accountId: l.accountId, debit: toPaisa(l.credit), credit: toPaisa(l.debit) })),
      createdBy: null,
    });
    await tx
      .update(yearEndCloses)
      .set({ reopenEntryId, reopenedAt: new Date(), reopenReason: "test" })
      .where(eq(yearEndCloses.id, close.id));
  });
}
