// Test fixtures for Bank Reconciliation's screen, finish and report (issue 23): statements and their lines written
// straight into the tables (as an import would store them, without going through it), matches of statement lines to
// ledger lines, and bank transactions posted through the shared posting.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "../../app/db/client.server";
import { bankMatches, bankStatementLines, bankStatements, journalLines } from "../../app/db/schema";
import { seedId } from "../../app/db/seed/ids";
import type { BankTransactionKind, BankDirection } from "../../app/domain/banking/constants";
import { postBankTransaction } from "../../app/domain/banking/post-bank-transaction.server";
import { fromPaisa, toPaisa } from "../../app/lib/money";

export const BANK_CURRENT = seedId("account:1100");
export const BANK_SAVINGS = seedId("account:1110");
export const BKASH = seedId("account:1200");
export const CAPITAL = seedId("account:3000");
export const DRAWINGS = seedId("account:3200");
export const CHARGES = seedId("account:6700");
export const INTEREST = seedId("account:4800");

export interface FixtureLine {
  date: string;
  /** Signed: + in, − out. */
  amount: string;
  description?: string;
  reference?: string | null;
}

/**
 * A statement of `accountId` with these lines (row 1, 2... in order); its period spans the lines' dates unless given,
 * and its closing balance is the opening plus the lines unless given. Returns its id and its lines' ids in order.
 */
export async function statementWith(
  accountId: string,
  lines: readonly FixtureLine[],
  options: { opening?: string; closing?: string; fileName?: string; periodStart?: string; periodEnd?: string } = {},
): Promise<{ id: string; lineIds: string[]; closing: string }> {
  const opening = options.opening ?? "0.00";
  const dates = lines.map((l) => l.date).sort();
  const closing = options.closing ?? fromPaisa(lines.reduce((sum, l) => sum + toPaisa(l.amount), toPaisa(opening)));
  const [statement] = await getDb()
    .insert(bankStatements)
    .values({
      accountId,
      fileName: options.fileName ?? `statement-${randomUUID().slice(0, 8)}.csv`,
      fileSha256: createHash("sha256").update(randomUUID()).digest("hex"),
      periodStart: options.periodStart ?? dates[0]!,
      periodEnd: options.periodEnd ?? dates[dates.length - 1]!,
      openingBalance: opening,
      closingBalance: closing,
      lineCount: lines.length,
    })
    .returning({ id: bankStatements.id });
  const lineIds: string[] = [];
  for (const [i, line] of lines.entries()) {
    const [row] = await getDb()
      .insert(bankStatementLines)
      .values({
        statementId: statement!.id,
        accountId,
        rowNo: i + 2,
        date: line.date,
        description: line.description ?? `Line ${i + 1}`,
        reference: line.reference ?? null,
        amount: line.amount,
        fingerprint: createHash("sha256").update(randomUUID()).digest("hex"),
      })
      .returning({ id: bankStatementLines.id });
    lineIds.push(row!.id);
  }
  return { id: statement!.id, lineIds, closing };
}

/** Matches a statement line to ledger lines (as the match screen would, without its checks). */
export async function matchLine(statementLineId: string, journalLineIds: readonly string[]): Promise<void> {
  for (const journalLineId of journalLineIds)
    await getDb().insert(bankMatches).values({ statementLineId, journalLineId });
}

/** A bank transaction posted through the shared posting; returns its entry and its line on the bank account. */
export async function bankTransaction(
  accountId: string,
  kind: BankTransactionKind,
  amount: string,
  date: string,
  options: { counterAccountId?: string; direction?: BankDirection; description?: string; reference?: string } = {},
): Promise<{ id: string; entryId: string; bankLineId: string }> {
  return getDb().transaction((tx) =>
    postBankTransaction(tx, {
      accountId,
      kind,
      direction: options.direction,
      counterAccountId:
        options.counterAccountId ?? (kind === "deposit" ? CAPITAL : kind === "withdrawal" ? DRAWINGS : null),
      date,
      amount,
      description: options.description ?? `${kind} ${amount}`,
      reference: options.reference ?? null,
      createdBy: null,
    }),
  );
}

/** The entry's line on the account. */
export async function lineOf(entryId: string, accountId: string): Promise<string> {
  const [row] = await getDb()
    .select({ id: journalLines.id })
    .from(journalLines)
    .where(and(eq(journalLines.journalEntryId, entryId), eq(journalLines.accountId, accountId)));
  return row!.id;
}

/** Whether the whole book balances (Σ debit = Σ credit over posted lines). */
export async function bookBalances(): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    getDb(),
    sql`select coalesce(sum(debit), 0) = coalesce(sum(credit), 0) as ok from journal_lines where posted`,
  );
  return row!.ok;
}

/** Every table Add Transaction, a finish or a reopen writes: a refusal leaves them all as they were. */
export const RECONCILIATION_TABLES = [
  "bank_transactions",
  "bank_reconciliations",
  "journal_entries",
  "journal_lines",
  "account_month_balances",
  "audit_log",
] as const;
