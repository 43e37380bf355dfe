import { getDb } from "~/db/client.server";
import { yearEndCloses } from "~/db/schema";
import type { EntryLine } from "~/domain/accounting/journal";
import { roleAccounts, writeEntry } from "~/domain/accounting/ledger.server";
import { movementsByAccount } from "~/domain/reports/ledger-figures.server";
import { fiscalYearRange } from "~/domain/reports/report-periods";
import { reportAccounts } from "~/domain/reports/statement-lines.server";
import { fromPaisa } from "~/lib/money";

// A year-end close as core-decisions describes it (issue 24), written straight through writeEntry for the reports'
// tests (the close's own use case is the year-end screen's): dated the fiscal year's last day, each income and
// expense account's movement for the year (earlier closes left out) reversed onto it, the difference to retained
// earnings, and the year_end_closes row. Returns the year's result (income less expenses) in paisa.

export async function writeYearEndClose(fiscalYear: number, startMonth: number): Promise<bigint> {
  const db = getDb();
  const range = fiscalYearRange(fiscalYear, startMonth);
  return db.transaction(async (tx) => {
    const [accounts, movements, roles] = await Promise.all([
      reportAccounts(tx),
      movementsByAccount(tx, range, { excludeYearEndClose: true }),
      roleAccounts(tx, ["equity.retained_earnings"]),
    ]);
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
    if (lines.length < 2) throw new Error(`nothing to close in ${fiscalYear}`);
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
