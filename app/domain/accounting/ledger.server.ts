import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { and, gte, isNull, lte } from "drizzle-orm";
import {
  accountingSettings,
  accountRoles,
  chartOfAccounts,
  journalEntries,
  journalLines,
  vatPeriods,
  yearEndCloses,
} from "../../db/schema";
import { formatShortDate } from "../../lib/format";
import { fromPaisa } from "../../lib/money";
import { ACCOUNT_ROLES, type AccountRole } from "./account-roles";
import type { ControlPartyKind, JournalSource, JournalStatus } from "./constants";
import { entryLineErrors, entryTotals, partyColumns, type EntryLine, type PartyRef } from "./journal";

// The one way into the book (DESIGN §10, issue 21): every posting function and the General Ledger write entries
// here, inside the caller's transaction, so a document and its entry are kept together or not at all. The rules are
// checked first, to answer with a message naming the field; the database checks them again at commit
// (drizzle/0009_ledger.sql), whatever writes to it.

/**
 * A rule of the book refused the entry; thrown inside the document's transaction so nothing of it is kept. The use
 * case turns it into a refusal naming `field` (ledgerRefusal in ledger-refusal.ts).
 */
export class PostingRefused extends Error {
  constructor(
    readonly errors: Record<string, string>,
    message = Object.values(errors)[0] ?? "The entry cannot be posted",
  ) {
    super(message);
    this.name = "PostingRefused";
  }
}

export interface NewEntry {
  date: string;
  description: string;
  reference?: string | null;
  source: { type: JournalSource; id?: string | null };
  lines: readonly EntryLine[];
  /**
   * The document's party (issue 36): given to each of its lines on a control account that names none of its own (a
   * payroll run names each employee on its own lines). Lines on other accounts never carry it.
   */
  party?: PartyRef | null;
  /**
   * Set on a reversal: the entry it mirrors. A reversal may post to a deactivated account: it takes back what was
   * posted there, and deactivating an account must not make a mistake on it impossible to correct.
   */
  reversesId?: string;
  createdBy: string | null;
}

export const LEDGER_MESSAGES = {
  locked: (lockDate: string) => `The books are locked up to ${formatShortDate(lockDate)}: choose a date after it`,
  closedYear: (start: string, end: string) =>
    `The year ${formatShortDate(start)} – ${formatShortDate(end)} is closed: choose a date after it, or reopen the year in Financial Reports`,
  accountInactive: (code: string, name: string) => `Account ${code} ${name} is deactivated: choose another`,
  accountMissing: "This account does not exist any more: choose another",
  roleMissing: (label: string) => `No account is set for "${label}" in Settings > Accounting`,
  partyMissing: (code: string, name: string, kind: ControlPartyKind) =>
    `Account ${code} ${name} is kept by party: choose the ${kind === "any" ? "customer, supplier or employee" : kind} of this line`,
  partyWrongKind: (code: string, name: string, kind: ControlPartyKind) =>
    `Account ${code} ${name} is kept by ${kind}: this line's party must be a ${kind}`,
  vatPeriodClosed: (start: string, end: string) =>
    `The VAT period ${formatShortDate(start)} to ${formatShortDate(end)} is closed: choose a date after ${formatShortDate(end)}`,
  documentsOnly: (code: string, name: string, role: string) =>
    `Account ${code} ${name} ("${role}") is kept by documents only (Settings > Accounting): record the invoice, payment or other document instead`,
} as const;

/**
 * The entries typed by hand rather than made by a document (issue 36): a role locked to documents only refuses them
 * (the database too: journal_entry_documents_only).
 */
const HAND_TYPED_SOURCES: readonly JournalSource[] = ["manual", "bank_transaction"];

/** The roles whose accounts carry VAT: a closed VAT period refuses lines on them (journal_entry_closed_vat_period). */
const VAT_ROLES = ["vat.payable", "vat.input", "vat.withheld"] as const satisfies readonly AccountRole[];

/** What posts VAT into a closed period by right: its own close (dated its last day) and treasury deposits. */
const VAT_PERIOD_EXEMPT_SOURCES: readonly JournalSource[] = ["vat_close", "tax_deposit"];

/** The lock date (Settings > Accounting), or null when the books are open. */
export async function lockDateOf(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ lockDate: accountingSettings.lockDate }).from(accountingSettings).limit(1);
  return row?.lockDate ?? null;
}

/**
 * The lock date as a posting must see it: the settings row held FOR SHARE until the posting commits, as the
 * database's own check (journal_entry_lock_date) holds it, so a lock date saved at the same moment waits for the
 * posting, or the posting for it, and never slips between.
 */
async function lockDateForPosting(tx: DbOrTx): Promise<string | null> {
  const [row] = await tx
    .select({ lockDate: accountingSettings.lockDate })
    .from(accountingSettings)
    .limit(1)
    .for("share");
  return row?.lockDate ?? null;
}

/** The closed fiscal year (year-end close, not reopened) a date falls in, or null. */
export async function closedYearOn(
  db: DbOrTx,
  date: string,
): Promise<{ fiscalYear: number; periodStart: string; periodEnd: string } | null> {
  const [row] = await db
    .select({
      fiscalYear: yearEndCloses.fiscalYear,
      periodStart: yearEndCloses.periodStart,
      periodEnd: yearEndCloses.periodEnd,
    })
    .from(yearEndCloses)
    .where(
      and(isNull(yearEndCloses.reopenedAt), lte(yearEndCloses.periodStart, date), gte(yearEndCloses.periodEnd, date)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Refuses a date on or before the lock date, or inside a closed fiscal year, naming `field` (the database refuses
 * both too: journal_entry_lock_date, journal_entry_closed_year). The year-end close's own entries are the exception
 * the closed year makes.
 */
export async function assertOpenDate(
  db: DbOrTx,
  date: string,
  field = "date",
  options: { yearEndClose?: boolean } = {},
): Promise<void> {
  const lockDate = await lockDateForPosting(db);
  if (lockDate && date <= lockDate) throw new PostingRefused({ [field]: LEDGER_MESSAGES.locked(lockDate) });
  if (options.yearEndClose) return;
  const closed = await closedYearOn(db, date);
  if (closed) throw new PostingRefused({ [field]: LEDGER_MESSAGES.closedYear(closed.periodStart, closed.periodEnd) });
}

/**
 * Refuses, naming "date", an entry with a line on a VAT role's account dated inside a closed VAT period (issue 37; the
 * database refuses it too). The settings row is already held FOR SHARE by assertOpenDate, so no close slips between.
 */
async function assertOpenVatPeriodOf(db: DbOrTx, date: string, field = "date"): Promise<void> {
  const [closed] = await db
    .select({ start: vatPeriods.periodStart, end: vatPeriods.periodEnd })
    .from(vatPeriods)
    .where(and(lte(vatPeriods.periodStart, date), gte(vatPeriods.periodEnd, date)))
    .limit(1);
  if (closed) throw new PostingRefused({ [field]: LEDGER_MESSAGES.vatPeriodClosed(closed.start, closed.end) });
}

/**
 * The same for an entry typed by hand, before it is written (a General Ledger draft too: one that could never be
 * posted helps nobody), naming the form's date field. Call it after assertOpenDate, which holds the settings row.
 */
export async function assertVatPeriodOpenFor(
  db: DbOrTx,
  date: string,
  lines: readonly EntryLine[],
  field: string,
): Promise<void> {
  const accounts = await lineAccounts(db, lines);
  if (lines.some((l) => accounts.get(l.accountId)?.carriesVat)) await assertOpenVatPeriodOf(db, date, field);
}

/** The accounts of these roles, by role; refuses when Settings > Accounting leaves one unset or deactivated. */
export async function roleAccounts<R extends AccountRole>(db: DbOrTx, roles: readonly R[]): Promise<Record<R, string>> {
  const rows = await db
    .select({ role: accountRoles.role, accountId: accountRoles.accountId, isActive: chartOfAccounts.isActive })
    .from(accountRoles)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, accountRoles.accountId))
    .where(inArray(accountRoles.role, [...roles]));
  const found = new Map(rows.filter((r) => r.isActive).map((r) => [r.role, r.accountId]));
  const result = {} as Record<R, string>;
  for (const role of roles) {
    const accountId = found.get(role);
    if (!accountId) throw new PostingRefused({ form: LEDGER_MESSAGES.roleMissing(ACCOUNT_ROLES[role].label) });
    result[role] = accountId;
  }
  return result;
}

/** What the book's rules read of a line's account. */
interface LineAccount {
  code: string;
  name: string;
  isActive: boolean;
  partyKind: ControlPartyKind | null;
  /** The label of a role locked to documents only that the account holds, or null. */
  documentsOnlyRole: string | null;
  /** Holds a VAT role (VAT payable, input credit, withheld). */
  carriesVat: boolean;
}

/** The accounts of these lines, by id: one read for every rule an entry is checked against. */
async function lineAccounts(db: DbOrTx, lines: readonly EntryLine[]): Promise<Map<string, LineAccount>> {
  const ids = [...new Set(lines.map((l) => l.accountId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: chartOfAccounts.id,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      isActive: chartOfAccounts.isActive,
      partyKind: chartOfAccounts.partyKind,
      documentsOnlyRole: sql<string | null>`(select min(${accountRoles.role}) from ${accountRoles}
        where ${accountRoles.accountId} = ${chartOfAccounts.id} and ${accountRoles.documentsOnly})`,
      carriesVat: sql<boolean>`exists (select 1 from ${accountRoles} where ${accountRoles.accountId} = ${chartOfAccounts.id}
        and ${accountRoles.role} in (${sql.join(
          VAT_ROLES.map((r) => sql`${r}`),
          sql`, `,
        )}))`,
    })
    .from(chartOfAccounts)
    .where(inArray(chartOfAccounts.id, ids));
  return new Map(
    rows.map(({ id, documentsOnlyRole, ...account }) => [
      id,
      {
        ...account,
        documentsOnlyRole: documentsOnlyRole ? roleLabel(documentsOnlyRole) : null,
      },
    ]),
  );
}

/** A stored role's label ("Accounts receivable"); the key itself for a role this version does not know. */
function roleLabel(role: string): string {
  return Object.hasOwn(ACCOUNT_ROLES, role) ? ACCOUNT_ROLES[role as AccountRole].label : role;
}

/** The label of a role locked to documents only that holds this account, or null (issue 36: bank rules ask). */
export async function documentsOnlyRoleOf(db: DbOrTx, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ role: accountRoles.role })
    .from(accountRoles)
    .where(and(eq(accountRoles.accountId, accountId), eq(accountRoles.documentsOnly, true)))
    .orderBy(accountRoles.role)
    .limit(1);
  return row ? roleLabel(row.role) : null;
}

/**
 * Refuses lines on accounts that are gone or deactivated, or, on an entry typed by hand (`source` manual or a bank
 * transaction), held by a role locked to documents only; naming the line's account field (also when a draft of the
 * General Ledger is posted).
 */
export async function assertActiveAccounts(
  db: DbOrTx,
  lines: readonly EntryLine[],
  source: JournalSource,
  accounts?: Map<string, LineAccount>,
): Promise<void> {
  const byId = accounts ?? (await lineAccounts(db, lines));
  const handTyped = HAND_TYPED_SOURCES.includes(source);
  const errors: Record<string, string> = {};
  lines.forEach((line, i) => {
    const account = byId.get(line.accountId);
    if (!account) errors[`lines.${i}.accountId`] = LEDGER_MESSAGES.accountMissing;
    else if (!account.isActive)
      errors[`lines.${i}.accountId`] = LEDGER_MESSAGES.accountInactive(account.code, account.name);
    else if (handTyped && account.documentsOnlyRole)
      errors[`lines.${i}.accountId`] = LEDGER_MESSAGES.documentsOnly(
        account.code,
        account.name,
        account.documentsOnlyRole,
      );
  });
  if (Object.keys(errors).length > 0) throw new PostingRefused(errors);
}

/**
 * Writes an entry and its lines, posted (or a draft, for the General Ledger), inside the caller's transaction.
 * A posted entry's rules are checked here first: balanced and not zero, every account active, after the lock date.
 * Returns the entry's id.
 */
export async function writeEntry(tx: DbOrTx, entry: NewEntry, status: JournalStatus = "posted"): Promise<string> {
  const lineErrors = entryLineErrors(entry.lines);
  if (status === "posted" && Object.keys(lineErrors).length > 0) throw new PostingRefused(lineErrors);
  const accounts = await lineAccounts(tx, entry.lines);
  // A reversal, and a year-end close, take back what was posted: an account deactivated since still gets its line.
  if (!entry.reversesId && entry.source.type !== "year_end_close")
    await assertActiveAccounts(tx, entry.lines, entry.source.type, accounts);
  if (status === "posted") {
    await assertOpenDate(tx, entry.date, "date", { yearEndClose: entry.source.type === "year_end_close" });
    if (
      !VAT_PERIOD_EXEMPT_SOURCES.includes(entry.source.type) &&
      entry.lines.some((l) => accounts.get(l.accountId)?.carriesVat)
    )
      await assertOpenVatPeriodOf(tx, entry.date);
  }
  const lines = withParties(entry.lines, accounts, entry.party ?? null, status);
  const total = entryTotals(lines).debits;
  const [row] = await tx
    .insert(journalEntries)
    .values({
      entryDate: entry.date,
      description: entry.description,
      referenceNo: entry.reference || null,
      status,
      sourceType: entry.source.type,
      sourceId: entry.source.id ?? null,
      reversesId: entry.reversesId ?? null,
      total: status === "posted" ? fromPaisa(total) : null,
      postedAt: status === "posted" ? new Date() : null,
      createdBy: entry.createdBy,
    })
    .returning({ id: journalEntries.id });
  await writeLines(tx, row!.id, lines);
  return row!.id;
}

/**
 * The entry's lines with their parties (issue 36): a line on a control account names its own party or takes the
 * entry's, of the account's kind; a line on another account carries none. A posted entry is refused, naming the
 * line, when a control account's line has no party or one of another kind (the database refuses the same, and a
 * party on another account's line: journal_lines_control_account_party, journal_lines_party_on_control_account).
 */
export async function linesWithParties(
  tx: DbOrTx,
  entryLines: readonly EntryLine[],
  entryParty: PartyRef | null,
  status: JournalStatus,
): Promise<EntryLine[]> {
  return withParties(entryLines, await lineAccounts(tx, entryLines), entryParty, status);
}

function withParties(
  entryLines: readonly EntryLine[],
  byId: Map<string, LineAccount>,
  entryParty: PartyRef | null,
  status: JournalStatus,
): EntryLine[] {
  const errors: Record<string, string> = {};
  const lines = entryLines.map((line, i): EntryLine => {
    const account = byId.get(line.accountId);
    if (!account) return line;
    // Not a control account: whoever the line concerns, the ledger keeps no party on it (a payroll's line per
    // employee on an income tax account that Settings > Accounting does not keep by party, say).
    if (!account.partyKind) return { ...line, party: null };
    const party = line.party ?? entryParty;
    if (!party) {
      if (status === "posted")
        errors[`lines.${i}.party`] = LEDGER_MESSAGES.partyMissing(account.code, account.name, account.partyKind);
    } else if (account.partyKind !== "any" && party.kind !== account.partyKind) {
      errors[`lines.${i}.party`] = LEDGER_MESSAGES.partyWrongKind(account.code, account.name, account.partyKind);
    }
    return { ...line, party };
  });
  if (Object.keys(errors).length > 0) throw new PostingRefused(errors);
  return lines;
}

/** The lines of an entry, numbered in order (the entry's date is copied onto them by the database). */
export async function writeLines(tx: DbOrTx, entryId: string, lines: readonly EntryLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(journalLines).values(
    lines.map((line, i) => ({
      journalEntryId: entryId,
      accountId: line.accountId,
      debit: fromPaisa(line.debit),
      credit: fromPaisa(line.credit),
      description: line.description || null,
      lineNo: i,
      ...partyColumns(line.party),
    })),
  );
}

/** Posts an entry (the posting functions' one call). */
export function postEntry(tx: DbOrTx, entry: NewEntry): Promise<string> {
  return writeEntry(tx, entry, "posted");
}
