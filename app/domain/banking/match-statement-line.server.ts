import { sql } from "drizzle-orm";
import { queryRows, type Db, type DbOrTx } from "../../db/client.server";
import { isUniqueViolation, violatedConstraint } from "../../db/errors.server";
import { bankMatches } from "../../db/schema";
import { formatShortDate, formatSignedMoney } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { fromPaisa, toPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type UseCaseResult } from "../use-case";

// Matching a statement line (issue 23): one or several unmatched posted ledger lines of the line's account whose
// amounts (debit − credit) sum exactly to the line's signed amount. Under the statement line's row lock (FOR UPDATE):
// two people matching the same statement line at once, the second sees it matched. A ledger line is matched at most
// once: matched meanwhile by someone else (to another statement line), the unique bank_matches_journal_line_unique
// refuses it and the answer names it. Another account's line or a draft's is refused here, and by the database's
// trigger bank_matches_same_account behind it. The chosen lines' entries are held (FOR SHARE) until the match commits,
// so the General Ledger's Reverse, which refuses an entry with a matched line, cannot slip in between.

export const MATCH_LIMITS = { journalLines: 50 } as const;

export const MATCH_MESSAGES = {
  done: (count: number) =>
    count === 1 ? "Statement line matched to its ledger line" : `Statement line matched to ${count} ledger lines`,
  lineRequired: "Choose the statement line",
  lineUnknown: "This statement line does not exist any more",
  ledgerRequired: "Choose one or more ledger lines to match",
  tooMany: `Choose at most ${MATCH_LIMITS.journalLines} ledger lines`,
  alreadyMatched: (line: string) => `The statement line ${line} is already matched: undo its match to match it again`,
  ledgerUnknown: "A chosen ledger line does not exist any more: choose another",
  notOnAccount: "A chosen ledger line is not a posted line of the statement's account: choose another",
  otherAccount: (ledger: string, account: string) =>
    `${ledger} is on another account (${account}): choose a line of the statement's account`,
  draft: (ledger: string) => `${ledger} is a line of a draft entry: post the entry first`,
  ledgerTaken: (ledger: string) => `${ledger} is already matched to another statement line: choose another`,
  sumUnequal: (sum: string, amount: string) =>
    `The chosen ledger lines sum to ${formatSignedMoney(sum)} and the statement line is ${formatSignedMoney(amount)}: choose lines that sum to it exactly`,
} as const;

const M = MATCH_MESSAGES;

export interface LockedStatementLine {
  id: string;
  statementId: string;
  accountId: string;
  rowNo: number;
  date: string;
  description: string;
  reference: string | null;
  /** Signed paisa. */
  amount: bigint;
  matched: number;
}

/** "row 12 (Mar 05, 2025, SMS charge, −৳57.50)": a statement line in a message. */
export function statementLineLabel(line: Pick<LockedStatementLine, "rowNo" | "date" | "description" | "amount">) {
  return `row ${line.rowNo} (${formatShortDate(line.date)}, ${line.description}, ${formatSignedMoney(fromPaisa(line.amount))})`;
}

interface StatementLineRow {
  id: string;
  statement_id: string;
  account_id: string;
  row_no: number;
  date: string;
  description: string;
  reference: string | null;
  amount: string;
  matched: number;
}

const lineOf = (row: StatementLineRow): LockedStatementLine => ({
  id: row.id,
  statementId: row.statement_id,
  accountId: row.account_id,
  rowNo: row.row_no,
  date: row.date,
  description: row.description,
  reference: row.reference,
  amount: toPaisa(row.amount),
  matched: row.matched,
});

/** The statement line, locked FOR UPDATE until the transaction ends, with how many ledger lines it is matched to. */
export async function lockStatementLine(tx: DbOrTx, id: string): Promise<LockedStatementLine | null> {
  const [row] = await queryRows<StatementLineRow>(
    tx,
    sql`select sl.id, sl.statement_id, sl.account_id, sl.row_no, sl.date::text as date, sl.description, sl.reference,
          sl.amount::text as amount,
          (select count(*)::int from bank_matches m where m.statement_line_id = sl.id) as matched
        from bank_statement_lines sl where sl.id = ${id} for update`,
  );
  return row ? lineOf(row) : null;
}

/** Every line of a statement in row order, each locked FOR UPDATE until the transaction ends. */
export async function lockStatementLines(tx: DbOrTx, statementId: string): Promise<LockedStatementLine[]> {
  const rows = await queryRows<StatementLineRow>(
    tx,
    sql`select sl.id, sl.statement_id, sl.account_id, sl.row_no, sl.date::text as date, sl.description, sl.reference,
          sl.amount::text as amount,
          (select count(*)::int from bank_matches m where m.statement_line_id = sl.id) as matched
        from bank_statement_lines sl where sl.statement_id = ${statementId}
        order by sl.row_no, sl.id for update`,
  );
  return rows.map(lineOf);
}

interface LedgerLineRow {
  id: string;
  account_id: string;
  account: string;
  posted: boolean;
  amount: string;
  date: string;
  description: string;
  reference_no: string | null;
  matched: boolean;
}

/** "the ledger line of Mar 05, 2025 (JE-0012, Bank charges, −৳57.50)": a ledger line in a message. */
export function ledgerLineLabel(line: {
  date: string;
  description: string;
  referenceNo: string | null;
  amount: string;
}) {
  const what = [line.referenceNo, line.description.slice(0, 60)].filter(Boolean).join(", ");
  return `The ledger line of ${formatShortDate(line.date)} (${what ? `${what}, ` : ""}${formatSignedMoney(line.amount)})`;
}

async function ledgerLines(db: DbOrTx, ids: readonly string[], lock: boolean): Promise<LedgerLineRow[]> {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<LedgerLineRow>(
    db,
    sql`select jl.id, jl.account_id, a.code || ' ' || a.name as account, jl.posted,
          (jl.debit - jl.credit)::text as amount, je.entry_date::text as date, je.description, je.reference_no,
          exists (select 1 from bank_matches m where m.journal_line_id = jl.id) as matched
        from journal_lines jl
        join journal_entries je on je.id = jl.journal_entry_id
        join chart_of_accounts a on a.id = jl.account_id
        where jl.id in (${list})
        order by je.entry_date, jl.id
        ${lock ? sql`for share of je` : sql``}`,
  );
}

const labelOf = (row: LedgerLineRow) =>
  ledgerLineLabel({ date: row.date, description: row.description, referenceNo: row.reference_no, amount: row.amount });

/**
 * Matches the locked statement line to the ledger lines inside the caller's transaction; a refusal when one does not
 * fit (the transaction is then the caller's to roll back: nothing has been written yet).
 */
export async function matchLockedLine(
  tx: DbOrTx,
  actor: AuditActor,
  line: LockedStatementLine,
  journalLineIds: readonly string[],
  how = "matched",
): Promise<UseCaseResult | null> {
  if (line.matched > 0) return refuse("conflict", M.alreadyMatched(statementLineLabel(line)));
  const rows = await ledgerLines(tx, journalLineIds, true);
  if (rows.length !== journalLineIds.length)
    return refuse("not-found", M.ledgerUnknown, { journalLineIds: M.ledgerUnknown });
  for (const row of rows) {
    const problem =
      row.account_id !== line.accountId
        ? M.otherAccount(labelOf(row), row.account)
        : !row.posted
          ? M.draft(labelOf(row))
          : row.matched
            ? M.ledgerTaken(labelOf(row))
            : null;
    if (problem) return refuse(row.matched ? "conflict" : "invalid", problem, { journalLineIds: problem });
  }
  const sum = rows.reduce((s, r) => s + toPaisa(r.amount), 0n);
  if (sum !== line.amount) {
    const message = M.sumUnequal(fromPaisa(sum), fromPaisa(line.amount));
    return refuse("invalid", message, { journalLineIds: message });
  }
  await tx
    .insert(bankMatches)
    .values(rows.map((r) => ({ statementLineId: line.id, journalLineId: r.id, matchedBy: actor.userId })));
  await recordAudit(tx, actor, {
    action: "bank_statement_line.matched",
    entityType: "bank_statement_line",
    entityId: line.id,
    summary: `Statement line ${statementLineLabel(line)} ${how} to ${rows
      .map(labelOf)
      .join("; ")
      .replace(/The ledger line/g, "the ledger line")}`,
    changes: { statementId: line.statementId, journalLineIds: rows.map((r) => r.id) },
  });
  return null;
}

export interface MatchInput {
  statementLineId: string;
  journalLineIds: readonly string[];
}

/** Checks the ids' shape; a refusal naming the field, or the ids (lower case, each once). */
function parseMatchInput(
  input: MatchInput,
): { ok: true; lineId: string; ids: string[] } | { ok: false; refused: UseCaseResult } {
  const lineId = input.statementLineId.trim().toLowerCase();
  if (!isUuid(lineId))
    return { ok: false, refused: refuse("invalid", M.lineRequired, { statementLineId: M.lineRequired }) };
  const ids = [...new Set(input.journalLineIds.map((v) => v.trim().toLowerCase()).filter((v) => v !== ""))];
  if (ids.length === 0 || ids.some((v) => !isUuid(v)))
    return { ok: false, refused: refuse("invalid", M.ledgerRequired, { journalLineIds: M.ledgerRequired }) };
  if (ids.length > MATCH_LIMITS.journalLines)
    return { ok: false, refused: refuse("invalid", M.tooMany, { journalLineIds: M.tooMany }) };
  return { ok: true, lineId, ids };
}

/** Confirms a match: the statement line to the ledger lines, in one transaction, audited. */
export async function matchStatementLine(db: Db, actor: AuditActor, input: MatchInput): Promise<UseCaseResult> {
  const parsed = parseMatchInput(input);
  if (!parsed.ok) return parsed.refused;
  const { lineId, ids } = parsed;
  try {
    return await db.transaction(async (tx): Promise<UseCaseResult> => {
      const line = await lockStatementLine(tx, lineId);
      if (!line) return refuse("not-found", M.lineUnknown, { statementLineId: M.lineUnknown });
      // A refusal comes before anything is written: the transaction ends cleanly.
      const refused = await matchLockedLine(tx, actor, line, ids);
      if (refused) return refused;
      return { ok: true, message: M.done(ids.length) };
    });
  } catch (error) {
    // Matched meanwhile by someone else to another statement line: named from outside the rolled-back transaction.
    if (isUniqueViolation(error, "bank_matches_journal_line_unique")) {
      const rows = await ledgerLines(db, ids, false);
      const taken = rows.find((r) => r.matched) ?? rows[0];
      const message = taken ? M.ledgerTaken(labelOf(taken)) : M.ledgerUnknown;
      return refuse("conflict", message, { journalLineIds: message });
    }
    if (violatedConstraint(error) === "bank_matches_same_account") {
      return refuse("invalid", M.notOnAccount, { journalLineIds: M.notOnAccount });
    }
    throw error;
  }
}
