// Test fixtures for bank reconciliation's matching, entries from lines and rules (issue 23): statements and their
// lines written straight into bank_statements / bank_statement_lines (the import is tested on its own), ledger lines
// posted on a bank account through postBankTransaction or postEntry, a draft entry's line, and a finished
// reconciliation row.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "../../app/db/client.server";
import { bankReconciliations, bankStatementLines, bankStatements, journalLines } from "../../app/db/schema";
import { seedId } from "../../app/db/seed/ids";
import { twoLines } from "../../app/domain/accounting/journal";
import { postEntry, writeEntry } from "../../app/domain/accounting/ledger.server";
import type { AuditActor } from "../../app/domain/audit/audit.server";
import { postBankTransaction } from "../../app/domain/banking/post-bank-transaction.server";
import { fromPaisa, toPaisa } from "../../app/lib/money";

export const account = (code: string) => seedId(`account:${code}`);
export const BANK = account("1100");
export const SAVINGS = account("1110");
export const BKASH = account("1200");
export const CAPITAL = account("3000");
export const DRAWINGS = account("3200");
export const INTEREST = account("4800");
export const CHARGES = account("6700");
export const RENT = account("6100");
export const RECEIVABLE = account("1300");

export const BANK_ACTOR: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };

/** Every table matching, an entry made from a line or a rule writes: a refusal leaves them all as they were. */
export const BANK_TABLES = [
  "bank_matches",
  "bank_transactions",
  "bank_rules",
  "journal_entries",
  "journal_lines",
  "audit_log",
] as const;

export interface FixtureLine {
  date: string;
  /** Signed: "1500.00" in, "-57.50" out. */
  amount: string;
  description: string;
  reference?: string | null;
}

export interface FixtureStatement {
  id: string;
  lineIds: string[];
}

/** A statement of `accountId` with these lines (row 1, 2, ...); period and balances from them unless given. */
export async function insertStatement(
  accountId: string,
  lines: readonly FixtureLine[],
  options: { opening?: string; periodStart?: string; periodEnd?: string; fileName?: string } = {},
): Promise<FixtureStatement> {
  const dates = lines.map((l) => l.date).sort();
  const opening = options.opening ?? "0.00";
  const closing = fromPaisa(lines.reduce((sum, l) => sum + toPaisa(l.amount), toPaisa(opening)));
  const id = randomUUID();
  await getDb()
    .insert(bankStatements)
    .values({
      id,
      accountId,
      fileName: options.fileName ?? `statement-${id.slice(0, 8)}.csv`,
      fileSha256: createHash("sha256").update(id).digest("hex"),
      periodStart: options.periodStart ?? dates[0]!,
      periodEnd: options.periodEnd ?? dates[dates.length - 1]!,
      openingBalance: opening,
      closingBalance: closing,
      lineCount: lines.length,
    });
  const lineIds = lines.map(() => randomUUID());
  if (lines.length > 0)
    for (let i = 0; i < lines.length; i += 500)
      await getDb()
        .insert(bankStatementLines)
        .values(
          lines.slice(i, i + 500).map((line, j) => ({
            id: lineIds[i + j]!,
            statementId: id,
            accountId,
            rowNo: i + j + 1,
            date: line.date,
            description: line.description,
            reference: line.reference ?? null,
            amount: line.amount,
            fingerprint: createHash("sha256")
              .update(`${id}|${i + j}`)
              .digest("hex"),
          })),
        );
  return { id, lineIds };
}

export interface PostedOnBank {
  bankLineId: string;
  entryId: string;
}

/**
 * A posted ledger line of `amount` (signed, "+ in") on `accountId`: a deposit from the owner's capital or a
 * withdrawal to the owner's drawings, through postBankTransaction.
 */
export async function postOnBank(
  accountId: string,
  amount: string,
  date: string,
  description = "Ledger line",
  reference: string | null = null,
): Promise<PostedOnBank> {
  const paisa = toPaisa(amount);
  return getDb().transaction(async (tx) => {
    const posted = await postBankTransaction(tx, {
      accountId,
      kind: paisa > 0n ? "deposit" : "withdrawal",
      counterAccountId: paisa > 0n ? CAPITAL : DRAWINGS,
      date,
      amount: fromPaisa(paisa < 0n ? -paisa : paisa),
      description,
      reference,
      createdBy: null,
    });
    return { bankLineId: posted.bankLineId, entryId: posted.entryId };
  });
}

/** A manual journal entry with a line on `accountId` (Dr the bank for money in), posted or a draft. */
export async function manualOnBank(
  accountId: string,
  amount: string,
  date: string,
  options: { status?: "posted" | "draft"; reference?: string | null; description?: string } = {},
): Promise<PostedOnBank> {
  const paisa = toPaisa(amount);
  const entry = {
    date,
    description: options.description ?? "Manual entry on the bank",
    reference: options.reference ?? null,
    source: { type: "manual" as const },
    lines: paisa > 0n ? twoLines(accountId, CAPITAL, paisa) : twoLines(DRAWINGS, accountId, -paisa),
    createdBy: null,
  };
  const entryId = await getDb().transaction((tx) =>
    options.status === "draft" ? writeEntry(tx, entry, "draft") : postEntry(tx, entry),
  );
  const [line] = await getDb()
    .select({ id: journalLines.id })
    .from(journalLines)
    .where(and(eq(journalLines.journalEntryId, entryId), eq(journalLines.accountId, accountId)));
  return { bankLineId: line!.id, entryId };
}

/** A finished reconciliation of the statement up to `asOf` (written as the finish would; figures balanced). */
export async function finishedReconciliation(accountId: string, statementId: string, asOf: string): Promise<string> {
  const [row] = await getDb()
    .insert(bankReconciliations)
    .values({
      accountId,
      statementId,
      asOfDate: asOf,
      statementBalance: "0.00",
      reconciledBalance: "0.00",
      ledgerBalance: "0.00",
    })
    .returning({ id: bankReconciliations.id });
  return row!.id;
}

/** The ledger lines each statement line is matched to, by statement line id. */
export async function matchesOf(statementLineIds: readonly string[]): Promise<Record<string, string[]>> {
  const rows = await queryRows<{ statement_line_id: string; journal_line_id: string }>(
    getDb(),
    sql`select statement_line_id, journal_line_id from bank_matches order by journal_line_id`,
  );
  const out: Record<string, string[]> = Object.fromEntries(statementLineIds.map((id) => [id, []]));
  for (const r of rows) if (r.statement_line_id in out) out[r.statement_line_id]!.push(r.journal_line_id);
  return out;
}
