import { formatShortDate } from "../../lib/format";
import { defineList } from "../../lib/list-params";
import { JOURNAL_SOURCES, JOURNAL_STATUSES, type JournalSource, type JournalStatus } from "./constants";

// The General Ledger's list (/admin/accounts/ledger; backoffice.md §2, issue 21): what its URL may ask for. Entries
// newest first (the spec's entry_date descending); a date range, an account (entries with a line on it), the source
// that made them, their status; a search over reference and description; one entry by id (the "reversed by" and
// "reverses" links). Browser-safe.

export const LEDGER_LIST = defineList({
  sorts: { date: "desc" },
  defaultSort: "date",
  filters: {
    from: { kind: "date" },
    to: { kind: "date" },
    account: { kind: "uuid" },
    source: { kind: "choice", values: JOURNAL_SOURCES },
    status: { kind: "choice", values: JOURNAL_STATUSES },
    entry: { kind: "uuid" },
  },
  pageSize: 20,
  // A book of a million lines: past 10,000 matching entries the list says "10,000+" and the filters reach the rest.
  countCap: 10_000,
});

/** How the ledger names an entry: its reference, or its date when it has none. */
export function entryLabel(entry: { reference: string | null; entryDate: string }): string {
  return entry.reference ?? `Entry of ${formatShortDate(entry.entryDate)}`;
}

/**
 * What may be done to an entry (the rows' buttons; the use cases decide again): a draft is edited, posted or
 * deleted; a posted entry is reversed once, unless it is itself a reversal.
 */
export function entryActions(entry: {
  status: JournalStatus;
  reversedBy: unknown;
  reverses: unknown;
  sourceType?: JournalSource;
}) {
  const draft = entry.status === "draft";
  const correctedElsewhere = !!entry.sourceType && !!CORRECTED_BY_ITS_DOCUMENT[entry.sourceType];
  return {
    edit: draft,
    post: draft,
    delete: draft,
    reverse: !draft && !entry.reversedBy && !entry.reverses && !correctedElsewhere,
  };
}

/**
 * The entries a reversal must not take back, because their document stays in force and records what the law asks to
 * keep (issue 22): each is corrected by a document of its own, which posts its own entry. Reversing the entry alone
 * would leave the invoice, payment or return saying one thing and the books another.
 */
export const CORRECTED_BY_ITS_DOCUMENT: Partial<Record<JournalSource, string>> = {
  invoice: "A tax invoice's entry is not reversed: issue a credit note on the invoice instead",
  credit_note: "A credit note's entry is not reversed: a credit note is final once issued",
  customer_payment: "A customer payment's entry is not reversed from the ledger: correct it with a journal entry",
  tax_record:
    "A tax record's entry is not reversed from the ledger: reverse the record itself on the Tax screen (a typed one), or correct its document",
  tax_deposit: "A tax deposit's entry is not reversed from the ledger: reverse the deposit itself on the Tax screen",
  vat_close: "A VAT period's closing entry is not reversed: the period's return has been filed",
  payroll_run: "A payroll run's entry is not reversed from the ledger: undo the month in Payroll instead",
  payslip: "A salary payment's entry is not reversed from the ledger: correct it with a journal entry",
  year_end_close:
    "A year-end close's entry is not reversed from the ledger: reopen the year in Financial Reports > Year-end close",
};

/**
 * The General Ledger lines editor's account choices for a line: the active accounts only (a deactivated one is not
 * offered for new postings), plus the one the line already names when it is deactivated, marked so, so an old draft
 * shows what is stored (its save then says why it is refused).
 */
export function lineAccountOptions(
  accounts: readonly { id: string; code: string; name: string; isActive: boolean }[],
  selected: string,
): { value: string; label: string }[] {
  return accounts
    .filter((a) => a.isActive || a.id === selected)
    .map((a) => ({ value: a.id, label: `${a.code} · ${a.name}${a.isActive ? "" : " (deactivated)"}` }));
}
