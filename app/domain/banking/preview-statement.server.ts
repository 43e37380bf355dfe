import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { bankStatementLines, bankStatementMappings, bankStatements, chartOfAccounts } from "../../db/schema";
import { formatShortDate } from "../../lib/format";
import { fromPaisa, sumPaisa } from "../../lib/money";
import { activeBankAccount, BANK_ACCOUNT_MESSAGES, type BankAccount } from "./bank-accounts.server";
import { finishedThrough } from "./reconciliation-figures.server";
import type { StatementFileRead } from "./statement-file.server";
import {
  BALANCE_MESSAGES,
  fingerprintTexts,
  guessMapping,
  mappingToFormValues,
  parseBalanceField,
  parseMappingForm,
  readStatementRows,
  STATEMENT_ROW_MESSAGES,
  type MappingFormValues,
  type StatementLine,
  type StatementMapping,
} from "./statement-mapping";

// The preview of a statement import (issue 23): the file's rows read through the mapping, each with its line or its
// problems; the lines the account already has (by fingerprint) and those dated inside a finished reconciliation,
// refused line by line; the opening and closing balance (from the balance column, else typed) and whether opening +
// the lines = closing. Nothing is stored: the import (import-statement.server.ts) runs the same judgement again, in
// its transaction, on the rows the form posts back.

export type PreviewStatus = "ok" | "error" | "duplicate" | "locked";

export interface PreviewRow {
  rowNo: number;
  date: string | null;
  description: string;
  reference: string | null;
  /** Signed decimal ("-500.00"), null while the row cannot be read. */
  amount: string | null;
  balance: string | null;
  status: PreviewStatus;
  /** The row's problems, or why it is refused ("Already imported on ..."). */
  problems: string[];
}

export interface StatementJudgement {
  /** Everything checks: the import may store the lines to store. */
  ok: boolean;
  account: BankAccount | null;
  /** One message per field: account, file, the mapping's fields, openingBalance, closingBalance, rows, form. */
  errors: Record<string, string>;
  mapping: StatementMapping | null;
  rows: PreviewRow[];
  counts: { rows: number; ok: number; bad: number; duplicates: number; locked: number };
  newestFirst: boolean;
  balances: {
    fromColumn: boolean;
    opening: string | null;
    closing: string | null;
    sum: string | null;
    balanced: boolean;
  };
  period: { start: string; end: string } | null;
  /** The very same file (by its SHA-256) imported before for this account. */
  sameFile: { fileName: string; importedOn: string } | null;
  /** The lines to store (in date order) with their fingerprints. */
  toStore: { line: StatementLine; fingerprint: string }[];
  totals: { opening: bigint; closing: bigint } | null;
}

export const PREVIEW_MESSAGES = {
  rowsBad: (n: number) => `${n} ${n === 1 ? "row has" : "rows have"} problems: correct the file or the columns`,
  allRefused:
    "Every line of this file is already imported or inside a finished reconciliation: there is nothing to import",
  nothing: "Nothing was imported",
  beforeFirst: (start: string, first: string) =>
    `This statement starts on ${formatShortDate(start)}, before the account's first statement (${formatShortDate(first)}), whose opening balance a finished reconciliation stands on: reopen the reconciliations first`,
} as const;

/** The bank or wallet account `?account=<code>` names, or why it cannot take a statement. */
export async function bankAccountByCode(
  db: DbOrTx,
  code: string,
): Promise<{ ok: true; account: BankAccount } | { ok: false; message: string }> {
  const [found] = await db
    .select({ id: chartOfAccounts.id })
    .from(chartOfAccounts)
    .where(eq(chartOfAccounts.code, code.trim().slice(0, 20)));
  if (!found) return { ok: false, message: BANK_ACCOUNT_MESSAGES.unknown };
  return activeBankAccount(db, found.id);
}

/** The mapping the account keeps, as the form shows it; null before its first import. */
export async function savedMapping(db: DbOrTx, accountId: string): Promise<MappingFormValues | null> {
  const [row] = await db.select().from(bankStatementMappings).where(eq(bankStatementMappings.accountId, accountId));
  if (!row) return null;
  return mappingToFormValues(row as StatementMapping);
}

/** The form's first mapping for a file: the account's saved one when it fits the file, else one guessed from it. */
export async function initialMapping(
  db: DbOrTx,
  accountId: string | null,
  file: { rows: string[][]; width: number },
): Promise<{ values: MappingFormValues; source: "saved" | "guessed" }> {
  const saved = accountId ? await savedMapping(db, accountId) : null;
  if (saved && parseMappingForm(saved, { width: file.width, rowCount: file.rows.length }).ok)
    return { values: saved, source: "saved" };
  return { values: guessMapping(file.rows), source: "guessed" };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The whole judgement of a statement import: account, mapping, every row, duplicates, finished days, balances.
 * Read-only; the import calls it inside its transaction.
 */
export async function judgeStatement(
  db: DbOrTx,
  input: {
    accountCode: string;
    file: StatementFileRead;
    mapping: MappingFormValues;
    openingBalance: string;
    closingBalance: string;
  },
): Promise<StatementJudgement> {
  const errors: Record<string, string> = {};
  const result: StatementJudgement = {
    ok: false,
    account: null,
    errors,
    mapping: null,
    rows: [],
    counts: { rows: 0, ok: 0, bad: 0, duplicates: 0, locked: 0 },
    newestFirst: false,
    balances: { fromColumn: false, opening: null, closing: null, sum: null, balanced: false },
    period: null,
    sameFile: null,
    toStore: [],
    totals: null,
  };
  const account = await bankAccountByCode(db, input.accountCode);
  if (account.ok) result.account = account.account;
  else errors.account = account.message;
  if (!input.file.ok) {
    errors.file = input.file.message;
    return result;
  }
  const file = input.file;
  const parsed = parseMappingForm(input.mapping, { width: file.width, rowCount: file.rows.length });
  if (!parsed.ok) {
    Object.assign(errors, parsed.errors);
    return result;
  }
  const mapping = parsed.mapping;
  result.mapping = mapping;
  const read = readStatementRows(file.rows, mapping);
  result.newestFirst = read.newestFirst;
  const lines = read.lines;
  const fingerprints = fingerprintTexts(lines).map(sha256);
  const byRow = new Map(lines.map((l, i) => [l.rowNo, fingerprints[i]!]));

  // Lines the account already has, and the last day of its finished reconciliation.
  const accountId = result.account?.id ?? null;
  const known = new Map<string, { importedOn: string; fileName: string; rowNo: number }>();
  let through: string | null = null;
  if (accountId) {
    for (let i = 0; i < fingerprints.length; i += 1000) {
      const chunk = fingerprints.slice(i, i + 1000);
      const found = await db
        .select({
          fingerprint: bankStatementLines.fingerprint,
          rowNo: bankStatementLines.rowNo,
          fileName: bankStatements.fileName,
          importedOn: sql<string>`(${bankStatements.createdAt} at time zone 'Asia/Dhaka')::date::text`,
        })
        .from(bankStatementLines)
        .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
        .where(and(eq(bankStatementLines.accountId, accountId), inArray(bankStatementLines.fingerprint, chunk)));
      for (const f of found)
        known.set(f.fingerprint, { importedOn: f.importedOn, fileName: f.fileName, rowNo: f.rowNo });
    }
    through = await finishedThrough(db, accountId);
    const [same] = await queryRows<{ file_name: string; imported_on: string }>(
      db,
      sql`select file_name, (created_at at time zone 'Asia/Dhaka')::date::text as imported_on from bank_statements
          where account_id = ${accountId} and file_sha256 = ${file.sha256} order by created_at desc limit 1`,
    );
    if (same) result.sameFile = { fileName: same.file_name, importedOn: same.imported_on };
  }

  for (const r of read.rows) {
    const line = r.line;
    const row: PreviewRow = {
      rowNo: r.rowNo,
      date: line?.date ?? null,
      description: line?.description ?? (r.cells[mapping.descriptionColumn] ?? "").trim(),
      reference: line?.reference ?? null,
      amount: line ? fromPaisa(line.amount) : null,
      balance: line?.balance != null ? fromPaisa(line.balance) : null,
      status: "ok",
      problems: r.problems,
    };
    if (!line || r.problems.length > 0) {
      row.status = "error";
      result.counts.bad++;
    } else {
      const fingerprint = byRow.get(line.rowNo)!;
      const earlier = known.get(fingerprint);
      if (earlier) {
        row.status = "duplicate";
        row.problems = [STATEMENT_ROW_MESSAGES.alreadyImported(earlier.importedOn, earlier.fileName, earlier.rowNo)];
        result.counts.duplicates++;
      } else if (through !== null && line.date <= through) {
        row.status = "locked";
        row.problems = [STATEMENT_ROW_MESSAGES.inFinished(line.date, through)];
        result.counts.locked++;
      } else {
        result.counts.ok++;
        result.toStore.push({ line, fingerprint });
      }
    }
    result.rows.push(row);
  }
  result.counts.rows = read.rows.length;
  if (lines.length > 0) {
    const dates = lines.map((l) => l.date).sort();
    result.period = { start: dates[0]!, end: dates[dates.length - 1]! };
  }

  // Balances: from the column (rows in date order), else typed; opening + every row of the file = closing.
  const sum = sumPaisa(lines.map((l) => l.amount));
  result.balances.sum = fromPaisa(sum);
  let opening: bigint | null = null;
  let closing: bigint | null = null;
  if (mapping.balanceColumn !== null) {
    result.balances.fromColumn = true;
    opening = read.balanceOpening;
    closing = read.balanceClosing;
  } else {
    const o = parseBalanceField(input.openingBalance, "openingBalance");
    const c = parseBalanceField(input.closingBalance, "closingBalance");
    if (o.ok) opening = o.paisa;
    else errors.openingBalance = o.message;
    if (c.ok) closing = c.paisa;
    else errors.closingBalance = c.message;
  }
  result.balances.opening = opening === null ? null : fromPaisa(opening);
  result.balances.closing = closing === null ? null : fromPaisa(closing);
  if (result.counts.bad === 0 && opening !== null && closing !== null) {
    result.balances.balanced = opening + sum === closing;
    if (!result.balances.balanced)
      errors[result.balances.fromColumn ? "balanceColumn" : "closingBalance"] = BALANCE_MESSAGES.notBalanced(
        opening,
        sum,
        closing,
      );
    else result.totals = { opening, closing };
  }

  // The account's first statement gives the opening every reconciliation counts from: while one is finished, a file
  // reaching back before it (its early lines refused as inside that reconciliation) must not become the first.
  if (through && accountId && result.period) {
    const [first] = await queryRows<{ start: string | null }>(
      db,
      sql`select min(period_start)::text as start from bank_statements where account_id = ${accountId}`,
    );
    if (first?.start && result.period.start < first.start)
      errors.form = PREVIEW_MESSAGES.beforeFirst(result.period.start, first.start);
  }

  if (result.counts.bad > 0) errors.rows = PREVIEW_MESSAGES.rowsBad(result.counts.bad);
  else if (result.counts.rows > 0 && result.toStore.length === 0) errors.form = PREVIEW_MESSAGES.allRefused;
  result.ok = Object.keys(errors).length === 0 && result.toStore.length > 0 && result.totals !== null;
  return result;
}

/** The preview the screen shows: the judgement without what only the import needs. */
export type StatementPreview = Omit<StatementJudgement, "toStore" | "totals" | "mapping"> & {
  mapping: MappingFormValues;
};

export function previewOf(judgement: StatementJudgement, mapping: MappingFormValues): StatementPreview {
  const { toStore: _toStore, totals: _totals, mapping: _mapping, ...view } = judgement;
  return { ...view, mapping };
}

/** Previews a statement import: nothing is stored. */
export async function previewStatement(
  db: DbOrTx,
  input: Parameters<typeof judgeStatement>[1],
): Promise<StatementPreview> {
  return previewOf(await judgeStatement(db, input), input.mapping);
}
