import type { DbOrTx } from "../../db/client.server";
import { fromPaisa } from "../../lib/money";
import { addDays } from "../dashboard/periods";
import { readTogether, totalsOn } from "./ledger-figures.server";
import type { ReportPeriod } from "./report-periods";
import { reportAccounts } from "./statement-lines.server";
import type { TrialBalance, TrialBalanceLine } from "./statements";

// The Trial Balance (issue 24): every account with a balance or a movement, its balance before the period, the
// debits and credits posted in it and its balance at the end, all entries counted (the year-end close too), from the
// month balances. A balance is shown in the debit column when debits exceed credits, else in the credit column; in
// a balanced book each pair of columns adds up to the same.

export async function trialBalance(db: DbOrTx, period: ReportPeriod): Promise<TrialBalance> {
  const [accounts, before, atEnd] = await readTogether(
    db,
    () => reportAccounts(db),
    () => totalsOn(db, addDays(period.from, -1)),
    () => totalsOn(db, period.to),
  );
  const lines: TrialBalanceLine[] = [];
  const sums = { openingDebit: 0n, openingCredit: 0n, debits: 0n, credits: 0n, closingDebit: 0n, closingCredit: 0n };
  for (const account of accounts) {
    const start = before.get(account.id) ?? { debits: 0n, credits: 0n };
    const end = atEnd.get(account.id) ?? start;
    const opening = start.debits - start.credits;
    const debits = end.debits - start.debits;
    const credits = end.credits - start.credits;
    const closing = opening + debits - credits;
    if (opening === 0n && debits === 0n && credits === 0n) continue;
    if (opening > 0n) sums.openingDebit += opening;
    else sums.openingCredit -= opening;
    if (closing > 0n) sums.closingDebit += closing;
    else sums.closingCredit -= closing;
    sums.debits += debits;
    sums.credits += credits;
    lines.push({
      accountId: account.id,
      code: account.code,
      name: account.name,
      type: account.type,
      depth: account.depth,
      opening: fromPaisa(opening),
      debits: fromPaisa(debits),
      credits: fromPaisa(credits),
      closing: fromPaisa(closing),
    });
  }
  return {
    kind: "trial-balance",
    period,
    lines,
    totals: {
      openingDebit: fromPaisa(sums.openingDebit),
      openingCredit: fromPaisa(sums.openingCredit),
      debits: fromPaisa(sums.debits),
      credits: fromPaisa(sums.credits),
      closingDebit: fromPaisa(sums.closingDebit),
      closingCredit: fromPaisa(sums.closingCredit),
    },
  };
}
