import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.server";
import {
  chartOfAccounts,
  customers,
  employees,
  journalEntries as e,
  journalLines,
  settlements,
  suppliers,
} from "../../db/schema";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageIds, pageOf, searchAny } from "../../lib/list-query.server";
import { fromPaisa, sumPaisa, toPaisa } from "../../lib/money";
import type { JournalSource, JournalStatus, PartyKind } from "./constants";
import { entryDocumentHref } from "./document-links";
import {
  JOURNAL_ENTRY_MESSAGES,
  lineValuesOf,
  type ControlKinds,
  type JournalEntryFormValues,
} from "./journal-entry-form";
import { CORRECTED_BY_ITS_DOCUMENT, entryActions, LEDGER_LIST } from "./ledger-list";
import { REVERSE_MESSAGES } from "./reverse-entry.server";
import { partyOf } from "./journal";
import { controlAccountKinds, partyChoices, type PartyChoice } from "./party-choices.server";
import { entryLineOf } from "./stored-lines.server";

// What the General Ledger reads (backoffice.md §2, §7 "journal_entries: read all with lines and account code and
// name, ordered by entry_date descending"; issue 21): one page of entries, newest first, each with its lines, the
// entry that reversed it or that it reverses, and the address of the document that made it; the accounts the lines
// editor and the account filter offer; one entry for the Post, Reverse and Delete dialogs, and a draft's form. A
// control account's line carries its party with the party's name (issue 36).

export interface LedgerLine {
  accountId: string;
  code: string;
  name: string;
  /** "1500.00"; "0.00" on the other side. */
  debit: string;
  credit: string;
  description: string | null;
  /** The customer, supplier or employee of a control account's line (issue 36), with their name; null for none. */
  party: LinePartyName | null;
}

export interface LinePartyName {
  kind: PartyKind;
  id: string;
  name: string;
}

/** An entry that reverses, or is reversed by, another: how the links name it. */
export interface LinkedEntry {
  id: string;
  reference: string | null;
  entryDate: string;
}

export interface LedgerEntryRow {
  id: string;
  entryDate: string;
  reference: string | null;
  description: string;
  status: JournalStatus;
  sourceType: JournalSource;
  /** Where the document that made it is shown; null for a manual entry or a document without a screen yet. */
  documentHref: string | null;
  /** updated_at (ISO): a draft's version, checked when it is posted or saved. */
  version: string;
  lines: LedgerLine[];
  /** The lines' sums ("1500.00"): equal for every entry the ledger accepts. */
  debits: string;
  credits: string;
  reversedBy: LinkedEntry | null;
  reverses: LinkedEntry | null;
}

const reversal = alias(e, "reversal");
const original = alias(e, "original");
/** The settlement of the entry a reversal reverses (its document link, issue 36). */
const originalSettlement = alias(settlements, "original_settlement");

/** The entries of these ids, with their links, in `order`; their lines are read in one more query. */
async function entriesWithLines(db: DbOrTx, rows: EntryHead[]): Promise<LedgerEntryRow[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      entryId: journalLines.journalEntryId,
      accountId: journalLines.accountId,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      debit: journalLines.debit,
      credit: journalLines.credit,
      description: journalLines.description,
      customerId: journalLines.customerId,
      supplierId: journalLines.supplierId,
      employeeId: journalLines.employeeId,
      customerName: customers.name,
      supplierName: suppliers.name,
      employeeName: employees.name,
    })
    .from(journalLines)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, journalLines.accountId))
    .leftJoin(customers, eq(customers.id, journalLines.customerId))
    .leftJoin(suppliers, eq(suppliers.id, journalLines.supplierId))
    .leftJoin(employees, eq(employees.id, journalLines.employeeId))
    .where(
      inArray(
        journalLines.journalEntryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(journalLines.journalEntryId), asc(journalLines.lineNo), asc(journalLines.id));
  const byEntry = new Map<string, LedgerLine[]>();
  for (const {
    entryId,
    customerId,
    supplierId,
    employeeId,
    customerName,
    supplierName,
    employeeName,
    ...line
  } of lines) {
    const list = byEntry.get(entryId) ?? [];
    const party = partyOf({ customerId, supplierId, employeeId });
    const name = { customer: customerName, supplier: supplierName, employee: employeeName };
    list.push({ ...line, party: party && { ...party, name: name[party.kind] ?? "" } });
    byEntry.set(entryId, list);
  }
  return rows.map((row) => {
    const entryLines = byEntry.get(row.id) ?? [];
    return {
      id: row.id,
      entryDate: row.entryDate,
      reference: row.reference,
      description: row.description,
      status: row.status,
      sourceType: row.sourceType,
      documentHref: entryDocumentHref(
        row,
        row.originalSourceType
          ? { sourceType: row.originalSourceType, sourceId: row.originalSourceId, settledId: row.originalSettledId }
          : null,
      ),
      version: row.updatedAt.toISOString(),
      lines: entryLines,
      debits: fromPaisa(sumPaisa(entryLines.map((l) => toPaisa(l.debit)))),
      credits: fromPaisa(sumPaisa(entryLines.map((l) => toPaisa(l.credit)))),
      reversedBy: row.reversalId
        ? { id: row.reversalId, reference: row.reversalReference, entryDate: row.reversalDate! }
        : null,
      reverses: row.originalId
        ? { id: row.originalId, reference: row.originalReference, entryDate: row.originalDate! }
        : null,
    };
  });
}

/** An entry's own columns and its links, as the list and the dialogs read them. */
function entryHeads(db: DbOrTx) {
  return db
    .select({
      id: e.id,
      entryDate: e.entryDate,
      reference: e.referenceNo,
      description: e.description,
      status: e.status,
      sourceType: e.sourceType,
      sourceId: e.sourceId,
      updatedAt: e.updatedAt,
      settledId: settlements.transactionId,
      reversalId: reversal.id,
      reversalReference: reversal.referenceNo,
      reversalDate: reversal.entryDate,
      originalId: original.id,
      originalReference: original.referenceNo,
      originalDate: original.entryDate,
      originalSourceType: original.sourceType,
      originalSourceId: original.sourceId,
      originalSettledId: originalSettlement.transactionId,
    })
    .from(e)
    .leftJoin(reversal, eq(reversal.reversesId, e.id))
    .leftJoin(original, eq(original.id, e.reversesId))
    .leftJoin(settlements, and(eq(e.sourceType, "settlement"), eq(settlements.id, e.sourceId)))
    .leftJoin(
      originalSettlement,
      and(eq(original.sourceType, "settlement"), eq(originalSettlement.id, original.sourceId)),
    );
}

type EntryHead = Awaited<ReturnType<typeof entryHeads>>[number];

/** One page of the ledger: newest first (entry date, then the order they were made), with their lines. */
export async function listLedger(db: DbOrTx, state: StateOf<typeof LEDGER_LIST>): Promise<ListPage<LedgerEntryRow>> {
  const { from, to, account, source, status, entry } = state.filters;
  const where = and(
    searchAny(state.q, [e.referenceNo, e.description]),
    from ? gte(e.entryDate, from) : undefined,
    to ? lte(e.entryDate, to) : undefined,
    account
      ? sql`exists (select 1 from ${journalLines} l where l.journal_entry_id = ${e.id} and l.account_id = ${account})`
      : undefined,
    source ? eq(e.sourceType, source) : undefined,
    status ? eq(e.status, status) : undefined,
    entry ? eq(e.id, entry) : undefined,
  );
  const order = listOrder([e.entryDate, e.createdAt], state.dir, e.id);
  const page = await pageOf(db, LEDGER_LIST, state, {
    from: e,
    where,
    rows: (limit, offset) =>
      entryHeads(db)
        .where(inArray(e.id, pageIds(db, e, e.id, where, order, limit, offset)))
        .orderBy(...order),
  });
  return { ...page, rows: await entriesWithLines(db, page.rows) };
}

/** One entry with its lines and links; null for a malformed or unknown id. */
export async function loadLedgerEntry(db: DbOrTx, id: string): Promise<LedgerEntryRow | null> {
  if (!isUuid(id)) return null;
  const heads = await entryHeads(db).where(eq(e.id, id.toLowerCase()));
  const [row] = await entriesWithLines(db, heads);
  return row ?? null;
}

/** A stored entry as the Edit dialog shows it (only a draft is edited; the caller checks `status`). */
export function formValuesOf(row: LedgerEntryRow): JournalEntryFormValues {
  return {
    id: row.id,
    version: row.version,
    entryDate: row.entryDate,
    reference: row.reference ?? "",
    description: row.description,
    status: row.status,
    lines: lineValuesOf(
      row.lines.map((line) => ({
        ...entryLineOf(line),
        party: line.party && { kind: line.party.kind, id: line.party.id },
      })),
    ),
  };
}

export interface AccountChoice {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
}

/**
 * The chart by code: the account filter offers every account (old entries may use a deactivated one), the lines
 * editor only the active ones (and a deactivated one a draft still names, so the form shows what is stored).
 */
export function accountChoices(db: DbOrTx): Promise<AccountChoice[]> {
  return db
    .select({
      id: chartOfAccounts.id,
      code: chartOfAccounts.code,
      name: chartOfAccounts.name,
      isActive: chartOfAccounts.isActive,
    })
    .from(chartOfAccounts)
    .orderBy(asc(chartOfAccounts.code));
}

/** What the lines editor's Party selects need (issue 36): which accounts are kept by party, and the parties. */
export interface PartyPicker {
  kinds: ControlKinds;
  /** The parties of the kinds some control account keeps; none when no account is kept by party. */
  choices: PartyChoice[];
}

export async function partyPicker(db: DbOrTx): Promise<PartyPicker> {
  const kinds = await controlAccountKinds(db);
  const wanted = [...new Set(Object.values(kinds))];
  return { kinds, choices: wanted.length > 0 ? await partyChoices(db, wanted) : [] };
}

export type EntryAction = "edit" | "post" | "delete" | "reverse";

/** Why an entry's dialog cannot open (a posted entry's Edit, a draft's Reverse...), or null when it can. */
export function unavailableBecause(entry: LedgerEntryRow, action: EntryAction): string | null {
  if (entryActions(entry)[action]) return null;
  if (action === "reverse") {
    if (entry.status !== "posted") return REVERSE_MESSAGES.notPosted;
    const correctedElsewhere = CORRECTED_BY_ITS_DOCUMENT[entry.sourceType];
    if (correctedElsewhere) return correctedElsewhere;
    return entry.reverses ? REVERSE_MESSAGES.isReversal : REVERSE_MESSAGES.alreadyReversed;
  }
  return action === "post" ? JOURNAL_ENTRY_MESSAGES.alreadyPosted : JOURNAL_ENTRY_MESSAGES.postedFixed;
}
