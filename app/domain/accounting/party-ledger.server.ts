import { and, asc, eq, gte, inArray, lt, lte, notInArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import {
  accountRoles,
  chartOfAccounts,
  customers,
  employees,
  journalEntries,
  journalLines,
  suppliers,
} from "../../db/schema";
import { fromPaisa, toPaisa } from "../../lib/money";
import type { PartyKind } from "./constants";
import type { PartyRef } from "./journal";

// What a customer, supplier or employee owes or is owed, read from the ledger only (issue 36): their posted lines on
// the control accounts kept by their kind of party, tax aside. A customer's: the receivable and customer advances
// (an advance or overpayment is a credit on their account); a supplier's: the payable; an employee's: unpaid
// salaries. The VDS a customer withheld and the tax withheld from a supplier or an employee are owed by or to the
// NBR, not the party: their accounts (the roles vat.withheld and tax.withholding_payable) are left out. An account an
// administrator marks kept by a kind of party counts for that kind. Debits less credits: positive when the party owes
// the company.

const TAX_ROLES = ["vat.withheld", "tax.withholding_payable"] as const;

/** The accounts a party of `kind` has its balance on. */
export async function partyBalanceAccounts(db: DbOrTx, kind: PartyKind): Promise<string[]> {
  const tax = db
    .select({ id: accountRoles.accountId })
    .from(accountRoles)
    .where(inArray(accountRoles.role, [...TAX_ROLES]));
  const rows = await db
    .select({ id: chartOfAccounts.id })
    .from(chartOfAccounts)
    .where(
      and(
        or(eq(chartOfAccounts.partyKind, kind), eq(chartOfAccounts.partyKind, "any")),
        notInArray(chartOfAccounts.id, tax),
      ),
    )
    .orderBy(asc(chartOfAccounts.code));
  return rows.map((r) => r.id);
}

/** Ids as an SQL list of uuids, for `in (...)` inside the raw queries of the party ledgers. */
export function uuidList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

const partyColumn = (kind: PartyKind) =>
  kind === "customer"
    ? journalLines.customerId
    : kind === "supplier"
      ? journalLines.supplierId
      : journalLines.employeeId;

/**
 * The balance of the party whose id `partyId` is (a bound value or a column: the lists compute it per row) on
 * `accounts`, as an SQL numeric, 0 without lines.
 */
export function partyBalanceSql(kind: PartyKind, partyId: SQLWrapper | string, accounts: readonly string[]): SQL {
  if (accounts.length === 0) return sql`0::numeric`;
  // The kept balances (party_balances: a row per account), not the party's lines.
  return sql`coalesce((select sum(pb.debit - pb.credit) from party_balances pb
    where pb.party_kind = ${kind} and pb.party_id = ${partyId}
      and pb.account_id in (${uuidList(accounts)})), 0)`;
}

/** The party's balance now, in paisa. */
export async function partyBalance(db: DbOrTx, party: PartyRef): Promise<bigint> {
  const accounts = await partyBalanceAccounts(db, party.kind);
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`select ${partyBalanceSql(party.kind, party.id, accounts)}::text as balance`,
  );
  return toPaisa(row?.balance ?? "0");
}

export interface PartyName {
  kind: PartyKind;
  id: string;
  name: string;
  email: string | null;
  /** A customer's or supplier's record merged into another: its lines moved there. */
  mergedIntoId: string | null;
}

/** The party's record, or null. */
export async function findParty(db: DbOrTx, party: PartyRef): Promise<PartyName | null> {
  if (party.kind === "employee") {
    const [row] = await db
      .select({ id: employees.id, name: employees.name, email: employees.email })
      .from(employees)
      .where(eq(employees.id, party.id));
    return row ? { kind: "employee", ...row, mergedIntoId: null } : null;
  }
  const table = party.kind === "customer" ? customers : suppliers;
  const [row] = await db
    .select({ id: table.id, name: table.name, email: table.email, mergedIntoId: table.mergedIntoId })
    .from(table)
    .where(eq(table.id, party.id));
  return row ? { kind: party.kind, ...row } : null;
}

export interface StatementLine {
  lineId: string;
  entryId: string;
  date: string;
  reference: string | null;
  sourceType: string;
  sourceId: string | null;
  description: string;
  accountCode: string;
  debit: string;
  credit: string;
  /** The running balance after this line: debits less credits, as the statement's opening is. */
  balance: string;
}

export interface PartyStatement {
  party: PartyName;
  from: string;
  to: string;
  opening: string;
  lines: StatementLine[];
  debits: string;
  credits: string;
  closing: string;
}

/**
 * The party's ledger statement for `from`..`to` (inclusive): the balance brought forward from before `from`, every
 * posted line in between in the order it was posted, with the running balance, and the balance carried at `to`.
 */
export async function partyStatement(
  db: DbOrTx,
  party: PartyName,
  range: { from: string; to: string },
): Promise<PartyStatement> {
  const accounts = await partyBalanceAccounts(db, party.kind);
  const column = partyColumn(party.kind);
  const mine = and(eq(column, party.id), eq(journalLines.posted, true), inArray(journalLines.accountId, accounts));
  let opening = 0n;
  let rows: {
    lineId: string;
    entryId: string;
    date: string;
    reference: string | null;
    sourceType: string;
    sourceId: string | null;
    entryDescription: string;
    lineDescription: string | null;
    accountCode: string;
    debit: string;
    credit: string;
  }[] = [];
  if (accounts.length > 0) {
    const [before] = await db
      .select({ balance: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)::text` })
      .from(journalLines)
      .where(and(mine, lt(journalLines.entryDate, range.from)));
    opening = toPaisa(before?.balance ?? "0");
    rows = await db
      .select({
        lineId: journalLines.id,
        entryId: journalEntries.id,
        date: journalLines.entryDate,
        reference: journalEntries.referenceNo,
        sourceType: journalEntries.sourceType,
        sourceId: journalEntries.sourceId,
        entryDescription: journalEntries.description,
        lineDescription: journalLines.description,
        accountCode: chartOfAccounts.code,
        debit: journalLines.debit,
        credit: journalLines.credit,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.journalEntryId))
      .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, journalLines.accountId))
      .where(and(mine, gte(journalLines.entryDate, range.from), lte(journalLines.entryDate, range.to)))
      // An entry's lines in their own order (the lines of one entry share created_at).
      .orderBy(
        asc(journalLines.entryDate),
        asc(journalLines.createdAt),
        asc(journalLines.journalEntryId),
        asc(journalLines.lineNo),
        asc(journalLines.id),
      );
  }
  let running = opening;
  let debits = 0n;
  let credits = 0n;
  const lines = rows.map((r): StatementLine => {
    const debit = toPaisa(r.debit);
    const credit = toPaisa(r.credit);
    running += debit - credit;
    debits += debit;
    credits += credit;
    return {
      lineId: r.lineId,
      entryId: r.entryId,
      date: r.date,
      reference: r.reference,
      sourceType: r.sourceType,
      sourceId: r.sourceId,
      description: r.lineDescription || r.entryDescription,
      accountCode: r.accountCode,
      debit: fromPaisa(debit),
      credit: fromPaisa(credit),
      balance: fromPaisa(running),
    };
  });
  return {
    party,
    from: range.from,
    to: range.to,
    opening: fromPaisa(opening),
    lines,
    debits: fromPaisa(debits),
    credits: fromPaisa(credits),
    closing: fromPaisa(running),
  };
}
