import { and, gte, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { accountingSettings, vatPeriods } from "../../db/schema";
import { LEDGER_MESSAGES, PostingRefused } from "../accounting/ledger.server";

// A closed VAT period is locked (DESIGN §10): nothing carrying VAT is dated inside it, since its return has been
// filed with the figures as they were. Closing a period holds the books' settings row FOR UPDATE while it reads the
// figures and writes the period; a document carrying VAT holds it FOR SHARE from this check until it commits. So a
// document either commits before the close reads its figures (and is in them) or sees the closed period and is
// refused: never posted into a return already counted.

export const VAT_PERIOD_MESSAGES = { closed: LEDGER_MESSAGES.vatPeriodClosed } as const;

/**
 * Holds the books' settings row FOR SHARE until the transaction ends: no VAT period is closed meanwhile, so what is
 * read of the closed periods from here on stays true until this commits.
 */
export async function holdVatPeriods(tx: DbOrTx): Promise<void> {
  await tx.select({ id: accountingSettings.id }).from(accountingSettings).limit(1).for("share");
}

/** Refuses, naming `field`, a VAT-bearing document dated inside a closed VAT period. */
export async function assertOpenVatPeriod(tx: DbOrTx, date: string, field = "date"): Promise<void> {
  await holdVatPeriods(tx);
  const [closed] = await tx
    .select({ start: vatPeriods.periodStart, end: vatPeriods.periodEnd })
    .from(vatPeriods)
    .where(and(lte(vatPeriods.periodStart, date), gte(vatPeriods.periodEnd, date)))
    .limit(1);
  if (closed) throw new PostingRefused({ [field]: VAT_PERIOD_MESSAGES.closed(closed.start, closed.end) });
}

/** Holds the books' settings row FOR UPDATE: the VAT period close's side of the lock above. */
export async function lockForVatClose(tx: DbOrTx): Promise<void> {
  await tx.select({ id: accountingSettings.id }).from(accountingSettings).limit(1).for("update");
}
