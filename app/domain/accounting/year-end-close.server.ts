import { and, eq, gt, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { accountingSettings, chartOfAccounts, yearEndCloses } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { formatMoney, formatShortDate, formatSignedMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { randomUuid } from "../../lib/random-uuid";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { fiscalYearStartMonth, movementsByAccount } from "../reports/ledger-figures.server";
import { fiscalYearName, fiscalYearRange, type DateRange } from "../reports/report-periods";
import { refuse, refuseFields, type UseCaseResult } from "../use-case";
import type { AccountType } from "./constants";
import { mirrorLines, type EntryLine } from "./journal";
import { PostingRefused, roleAccounts, writeEntry } from "./ledger.server";
import { ledgerRefusal } from "./ledger-refusal";
import { storedEntryLines } from "./stored-lines.server";
import {
  closingDescription,
  parseCloseYearForm,
  parseReopenYearForm,
  reopeningDescription,
  YEAR_END_MESSAGES as M,
  type CloseYearValues,
  type ReopenYearValues,
} from "./year-end-close-form";

// Year-end close (issue 24; DESIGN §10; core decisions): a fiscal year that has ended is closed by one entry dated
// its last day, reversing each income and expense account's movement for the year (P&L rules: earlier year-end close
// entries left out) with the difference to the retained earnings role; from then on nothing else is posted in the
// year (assertOpenDate, and the trigger journal_entry_closed_year) until it is reopened, which posts the closing
// entry's mirror on the same day (also source year_end_close) and keeps the row as the record.
//
// A close holds the accounting settings row FOR UPDATE from its first statement: every posting holds it FOR SHARE
// (writeEntry's lock-date check and the database's), so a posting dated in the year either commits before the close
// reads the year's figures, and is in the closing entry, or waits for the close and is then refused as in a closed
// year. Two closes of one year take turns on the same lock, and the second sees the first; the unique index
// year_end_closes_closed_unique stands behind it.
//
// Decided where the issue is silent: earlier years need not be closed first (the balance sheet shows an open earlier
// year's result as "Result of earlier years not closed"), and a year may be closed while a later one is closed (its
// closing entry only moves its result within equity). A year is reopened only while no later year is closed: a
// posting in it would move the opening balances the later closed year was reported with. A year with no income or
// expense movement is refused: there is no result to move, and a close without an entry would block postings for
// nothing. The lock date must be before the year's last day, to close or to reopen: the lock refuses those entries.

export type CloseYearResult = UseCaseResult<{ id: string; entryId: string; result: string }>;
export type ReopenYearResult = UseCaseResult<{ id: string; entryId: string }>;

/** An income or expense account's movement in a fiscal year: the closing entry's line for it. */
export interface YearAccountMovement {
  accountId: string;
  code: string;
  name: string;
  type: Extract<AccountType, "income" | "expense">;
  /** Debits minus credits over the year, paisa, never zero. */
  movement: bigint;
}

export interface YearFigures {
  accounts: YearAccountMovement[];
  /** Paisa: income (credits less debits of income accounts), expenses (debits less credits of expense accounts). */
  income: bigint;
  expenses: bigint;
  /** Income less expenses (negative: a loss). */
  result: bigint;
}

/** Each income and expense account's movement in `range`, year-end close entries left out (P&L rules). */
export async function yearFigures(db: DbOrTx, range: DateRange): Promise<YearFigures> {
  const movements = await movementsByAccount(db, range, { excludeYearEndClose: true });
  const ids = [...movements.keys()];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: chartOfAccounts.id,
            code: chartOfAccounts.code,
            name: chartOfAccounts.name,
            type: chartOfAccounts.type,
          })
          .from(chartOfAccounts)
          .where(and(inArray(chartOfAccounts.id, ids), inArray(chartOfAccounts.type, ["income", "expense"])))
          .orderBy(sql`${chartOfAccounts.code} collate "C"`);
  const accounts = rows.map((r) => ({
    accountId: r.id,
    code: r.code,
    name: r.name,
    type: r.type as YearAccountMovement["type"],
    movement: movements.get(r.id)!,
  }));
  let income = 0n;
  let expenses = 0n;
  for (const a of accounts) {
    if (a.type === "income") income -= a.movement;
    else expenses += a.movement;
  }
  return { accounts, income, expenses, result: income - expenses };
}

/** The closing entry's lines: each account's movement reversed, the result to retained earnings. */
export function closingLines(figures: YearFigures, retainedEarningsId: string, name: string): EntryLine[] {
  const lines: EntryLine[] = figures.accounts.map((a) => ({
    accountId: a.accountId,
    debit: a.movement < 0n ? -a.movement : 0n,
    credit: a.movement > 0n ? a.movement : 0n,
    description: `FY ${name} closed to retained earnings`,
  }));
  if (figures.result !== 0n)
    lines.push({
      accountId: retainedEarningsId,
      debit: figures.result < 0n ? -figures.result : 0n,
      credit: figures.result > 0n ? figures.result : 0n,
      description: figures.result > 0n ? `Profit of FY ${name}` : `Loss of FY ${name}`,
    });
  return lines;
}

/** The settings row held FOR UPDATE: the close's and reopen's side of the postings' FOR SHARE. */
async function lockSettings(tx: DbOrTx): Promise<{ startMonth: number; lockDate: string | null }> {
  const [row] = await tx
    .select({ startMonth: accountingSettings.fiscalYearStartMonth, lockDate: accountingSettings.lockDate })
    .from(accountingSettings)
    .limit(1)
    .for("update");
  return { startMonth: row?.startMonth ?? 7, lockDate: row?.lockDate ?? null };
}

/** A fiscal year's name from its stored first day ("2025-07-01" → "2025-26"). */
const nameOfPeriod = (periodStart: string) =>
  fiscalYearName(Number(periodStart.slice(0, 4)), Number(periodStart.slice(5, 7)));

/**
 * Closes fiscal year `values.fiscalYear`: posts its closing entry (dated its last day) and records the close.
 * Refused, naming the fiscal year, for a year not ended, already closed, on or before the lock date, without income
 * or expense movement, without a retained earnings account, or whose result moved since the confirmation.
 */
export async function closeFiscalYear(
  db: Db,
  values: CloseYearValues | { fiscalYear: string | number; result?: string },
  actor: AuditActor,
  today: string = todayInDhaka(),
): Promise<CloseYearResult> {
  const failed = (refusal: Parameters<typeof refuseFields>[0], errors: Record<string, string>) =>
    refuseFields(refusal, M.closeFailed, errors);
  const parsed = parseCloseYearForm({ fiscalYear: String(values.fiscalYear), result: values.result ?? "" });
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const { fiscalYear, result: confirmed } = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<CloseYearResult> => {
      const { startMonth, lockDate } = await lockSettings(tx);
      const range = fiscalYearRange(fiscalYear, startMonth);
      const name = fiscalYearName(fiscalYear, startMonth);
      if (range.to >= today) return failed("invalid", { fiscalYear: M.notEnded(name, range.to) });
      const [overlap] = await tx
        .select({ fiscalYear: yearEndCloses.fiscalYear, periodStart: yearEndCloses.periodStart })
        .from(yearEndCloses)
        .where(
          and(
            isNull(yearEndCloses.reopenedAt),
            lte(yearEndCloses.periodStart, range.to),
            gte(yearEndCloses.periodEnd, range.from),
          ),
        )
        .limit(1);
      if (overlap)
        return failed("conflict", {
          fiscalYear:
            overlap.fiscalYear === fiscalYear
              ? M.alreadyClosed(name)
              : M.overlaps(name, nameOfPeriod(overlap.periodStart)),
        });
      if (lockDate && lockDate >= range.to)
        return failed("invalid", { fiscalYear: M.locked(name, lockDate, range.to) });

      const figures = await yearFigures(tx, range);
      if (figures.accounts.length === 0) return failed("invalid", { fiscalYear: M.nothingToClose(name) });
      if (confirmed !== null && toPaisa(confirmed) !== figures.result)
        return failed("conflict", { fiscalYear: M.resultChanged(name) });
      const roles = await roleAccounts(tx, ["equity.retained_earnings"]);

      const id = randomUuid();
      const result = fromPaisa(figures.result);
      const entryId = await writeEntry(tx, {
        date: range.to,
        description: closingDescription(name),
        reference: null,
        source: { type: "year_end_close", id },
        lines: closingLines(figures, roles["equity.retained_earnings"], name),
        createdBy: actor.userId,
      });
      await tx.insert(yearEndCloses).values({
        id,
        fiscalYear,
        periodStart: range.from,
        periodEnd: range.to,
        result,
        closingEntryId: entryId,
        closedBy: actor.userId,
      });
      await recordAudit(tx, actor, {
        action: "year_end.closed",
        entityType: "year_end_close",
        entityId: id,
        summary: `Closed FY ${name} (${formatShortDate(range.from)} – ${formatShortDate(range.to)}): income ${formatMoney(fromPaisa(figures.income))}, expenses ${formatMoney(fromPaisa(figures.expenses))}, result ${formatSignedMoney(result)} to retained earnings`,
        changes: {
          fiscalYear,
          periodStart: range.from,
          periodEnd: range.to,
          income: fromPaisa(figures.income),
          expenses: fromPaisa(figures.expenses),
          result,
          closingEntryId: entryId,
        },
      });
      return { ok: true as const, message: M.closed, id, entryId, result };
    });
  } catch (error) {
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.closeFailed, fields: ["fiscalYear"] });
    // Two closes of the year at once, past the check above (it cannot happen while both take the settings lock).
    if (isUniqueViolation(error, "year_end_closes_closed_unique")) {
      const name = fiscalYearName(fiscalYear, await fiscalYearStartMonth(db));
      return failed("conflict", { fiscalYear: M.alreadyClosed(name) });
    }
    throw error;
  }
}

/**
 * Reopens a closed year: posts the closing entry's mirror on the same day (source year_end_close, linked to it as
 * its reversal) and marks the close reopened, with who, when and why. Refused for a close already reopened, while a
 * later year is closed, or when the lock date reaches the year's last day.
 */
export async function reopenFiscalYear(db: Db, values: ReopenYearValues, actor: AuditActor): Promise<ReopenYearResult> {
  const parsed = parseReopenYearForm(values);
  if (!parsed.ok) return refuseFields("invalid", M.reopenFailed, parsed.errors);
  const { closeId, reason } = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<ReopenYearResult> => {
      const { lockDate } = await lockSettings(tx);
      const [row] = await tx.select().from(yearEndCloses).where(eq(yearEndCloses.id, closeId)).for("update");
      if (!row) return refuse("not-found", M.reopenFailed(M.closeNotFound), { closeId: M.closeNotFound });
      const name = nameOfPeriod(row.periodStart);
      const refused = (refusal: Parameters<typeof refuse>[0], message: string) =>
        refuse(refusal, M.reopenFailed(message), { form: message });
      if (row.reopenedAt) return refused("conflict", M.alreadyReopened(name));
      const [later] = await tx
        .select({ periodStart: yearEndCloses.periodStart })
        .from(yearEndCloses)
        .where(and(isNull(yearEndCloses.reopenedAt), gt(yearEndCloses.periodStart, row.periodEnd)))
        .orderBy(yearEndCloses.periodStart)
        .limit(1);
      if (later) return refused("conflict", M.laterYearClosed(name, nameOfPeriod(later.periodStart)));
      if (lockDate && lockDate >= row.periodEnd)
        return refused("invalid", M.reopenLocked(name, lockDate, row.periodEnd));

      const lines = mirrorLines(await storedEntryLines(tx, row.closingEntryId));
      const entryId = await writeEntry(tx, {
        date: row.periodEnd,
        description: reopeningDescription(name, reason),
        reference: null,
        source: { type: "year_end_close", id: row.id },
        reversesId: row.closingEntryId,
        lines,
        createdBy: actor.userId,
      });
      await tx
        .update(yearEndCloses)
        .set({ reopenEntryId: entryId, reopenedBy: actor.userId, reopenedAt: new Date(), reopenReason: reason })
        .where(eq(yearEndCloses.id, row.id));
      await recordAudit(tx, actor, {
        action: "year_end.reopened",
        entityType: "year_end_close",
        entityId: row.id,
        summary: `Reopened FY ${name}: ${reason}`,
        changes: { fiscalYear: row.fiscalYear, reason, reopenEntryId: entryId, result: row.result },
      });
      return { ok: true as const, message: M.reopened, id: row.id, entryId };
    });
  } catch (error) {
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.reopenFailed, fields: ["form"] });
    throw error;
  }
}
