import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { customers, employees, settlements, suppliers } from "../../db/schema";
import { numericCsvLines } from "../../lib/csv-stream.server";
import { isUuid } from "../../lib/list-params";
import { fiscalYearOfDate, fiscalYearRange } from "../reports/report-periods";
import { fiscalYearStartMonth } from "../reports/ledger-figures.server";
import { ledgerEntryHref } from "./account-page";
import { JOURNAL_SOURCE_LABELS, JOURNAL_SOURCES, type JournalSource, type PartyKind } from "./constants";
import { documentHref } from "./document-links";
import {
  findParty,
  partyStatement,
  type PartyName,
  type PartyStatement,
  type StatementLine,
} from "./party-ledger.server";
import { balanceSide, PARTY_KIND_LABELS, statementPeriodLabel, type StatementPeriod } from "./party-statement";

// A party's ledger statement as the screens, the CSV, the PDF and the e-mail show it (issue 36): the party's record
// (name, e-mail, address), the statement of party-ledger.server.ts for the period, and where each line's document is
// seen (document-links.ts; the General Ledger's entry for a line whose document has no screen).

/** The period a statement shows when the URL names none: from the start of the fiscal year holding `today`. */
export async function defaultStatementPeriod(db: DbOrTx, today: string): Promise<StatementPeriod> {
  const startMonth = await fiscalYearStartMonth(db);
  return { from: fiscalYearRange(fiscalYearOfDate(today, startMonth), startMonth).from, to: today };
}

export interface StatementParty extends PartyName {
  address: string | null;
}

export interface StatementRow extends StatementLine {
  /** What the document is ("Tax invoice", "Manual journal"). */
  sourceLabel: string;
  /** The back office's page of the document behind the line; null when it has none. */
  documentHref: string | null;
  /** The General Ledger showing the line's entry. */
  entryHref: string;
  /** The portal's PDF of the line's invoice or credit note (the customer's own); null for anything else. */
  portalHref: string | null;
}

export interface LoadedStatement extends Omit<PartyStatement, "lines" | "party"> {
  party: StatementParty;
  lines: StatementRow[];
}

export type StatementLookup =
  { found: "statement"; statement: LoadedStatement } | { found: "merged"; intoId: string } | { found: "none" };

const isJournalSource = (value: string): value is JournalSource =>
  (JOURNAL_SOURCES as readonly string[]).includes(value);

async function addressOf(db: DbOrTx, party: PartyName): Promise<string | null> {
  if (party.kind === "employee") {
    const [row] = await db.select({ phone: employees.phone }).from(employees).where(eq(employees.id, party.id));
    return row?.phone ? `Phone: ${row.phone}` : null;
  }
  const table = party.kind === "customer" ? customers : suppliers;
  const [row] = await db.select({ address: table.address }).from(table).where(eq(table.id, party.id));
  return row?.address?.trim() || null;
}

/** The statement's lines with where each one's document is seen. */
async function rowsOf(db: DbOrTx, lines: StatementLine[]): Promise<StatementRow[]> {
  // A settlement's document is the payable or receivable it pays (its page shows the settlement).
  const settlementIds = [
    ...new Set(lines.filter((l) => l.sourceType === "settlement" && l.sourceId).map((l) => l.sourceId!)),
  ];
  const settled = new Map(
    settlementIds.length
      ? (
          await db
            .select({ id: settlements.id, transactionId: settlements.transactionId })
            .from(settlements)
            .where(inArray(settlements.id, settlementIds))
        ).map((s) => [s.id, s.transactionId])
      : [],
  );
  return lines.map((line) => {
    const source = isJournalSource(line.sourceType) ? line.sourceType : null;
    const href = source ? documentHref(source, line.sourceId, line.sourceId ? settled.get(line.sourceId) : null) : null;
    const portalHref =
      line.sourceId && source === "invoice"
        ? `/customer/invoices/${line.sourceId}/pdf`
        : line.sourceId && source === "credit_note"
          ? `/customer/credit-notes/${line.sourceId}/pdf`
          : null;
    return {
      ...line,
      sourceLabel: source ? JOURNAL_SOURCE_LABELS[source] : line.sourceType,
      documentHref: href,
      entryHref: ledgerEntryHref(line.entryId),
      portalHref,
    };
  });
}

/** The statement of a live party's record for the period. */
export async function statementOf(db: DbOrTx, party: PartyName, period: StatementPeriod): Promise<LoadedStatement> {
  const statement = await partyStatement(db, party, period);
  return {
    ...statement,
    party: { ...party, address: await addressOf(db, party) },
    lines: await rowsOf(db, statement.lines),
  };
}

/**
 * The statement of the customer, supplier or employee `id` for the period; "merged" for a record merged into
 * another (its lines moved there); "none" for an unknown kind or id.
 */
export async function loadPartyStatement(
  db: DbOrTx,
  kind: PartyKind,
  id: string,
  period: StatementPeriod,
): Promise<StatementLookup> {
  if (!isUuid(id)) return { found: "none" };
  const party = await findParty(db, { kind, id: id.toLowerCase() });
  if (!party) return { found: "none" };
  if (party.mergedIntoId) return { found: "merged", intoId: party.mergedIntoId };
  return { found: "statement", statement: await statementOf(db, party, period) };
}

/**
 * The live customer record of a portal customer: the one whose e-mail is theirs, whatever its case (one live record
 * per address); null when they have none. The portal shows only this record's statement (never one named by the URL).
 */
export async function portalCustomerParty(db: DbOrTx, user: { email: string }): Promise<PartyName | null> {
  const email = user.email.trim().toLowerCase();
  if (!email) return null;
  const [row] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email}`, isNull(customers.mergedIntoId)))
    .limit(1);
  return row ? { kind: "customer", ...row, mergedIntoId: null } : null;
}

export const PARTY_STATEMENT_CSV_HEADER = [
  "Date",
  "Reference",
  "Document",
  "Description",
  "Account",
  "Debit",
  "Credit",
  "Balance",
  "Dr/Cr",
] as const;

/**
 * The statement as CSV text: a byte order mark (so a spreadsheet reads ৳ and Bengali names), the title, the company,
 * the party and the period, an empty line, then the table: the opening balance, each line with the balance after it,
 * the totals and the closing balance. Amounts are plain numbers a spreadsheet adds up (the balance signed: debits less
 * credits, with its side beside it); any other cell that a spreadsheet would read as a formula is quoted.
 */
export function partyStatementCsv(statement: LoadedStatement, companyName: string): string {
  const { party } = statement;
  const side = (amount: string) => balanceSide(amount).side;
  const lines: string[][] = [
    ["Statement of account"],
    [companyName],
    [`${PARTY_KIND_LABELS[party.kind]}: ${party.name}${party.email ? ` <${party.email}>` : ""}`],
    [`Period: ${statementPeriodLabel(statement)} (${statement.from} to ${statement.to})`],
    [],
    [...PARTY_STATEMENT_CSV_HEADER],
    [statement.from, "", "", "Opening balance", "", "", "", statement.opening, side(statement.opening)],
    ...statement.lines.map((line) => [
      line.date,
      line.reference ?? "",
      line.sourceLabel,
      line.description,
      line.accountCode,
      line.debit,
      line.credit,
      line.balance,
      side(line.balance),
    ]),
    ["", "", "", "Totals", "", statement.debits, statement.credits, "", ""],
    [statement.to, "", "", "Closing balance", "", "", "", statement.closing, side(statement.closing)],
  ];
  return `\uFEFF${numericCsvLines(lines)}`;
}
