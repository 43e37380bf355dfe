import type { JournalSource } from "./constants";

// Where the document that made a journal entry is shown (issue 21: "each entry links to the document that made
// it"). One place for every screen that links an entry to its document; a source whose screen is not built yet has
// no link (null) until it is. A document's own reversal (issue 36: a voided payment, a reversed tax deposit or typed
// tax record) is sourced from that document, so it links there as the entry it reverses does; a General Ledger
// reversal (source "reversal") links to the document of the entry it reverses (entryDocumentHref). Browser-safe.

/**
 * The address of the document behind an entry: `sourceId` is the entry's source_id; for a settlement, `settledId`
 * is the payable or receivable it pays or receives (its transaction), whose page shows the settlement.
 */
export function documentHref(
  sourceType: JournalSource,
  sourceId: string | null,
  settledId?: string | null,
): string | null {
  switch (sourceType) {
    case "transaction":
      return sourceId ? `/admin/accounts?view=${sourceId}` : null;
    case "receivable":
    case "payable":
      return sourceId ? `/admin/accounts/payables?view=${sourceId}` : null;
    case "settlement":
      return settledId ? `/admin/accounts/payables?view=${settledId}` : null;
    // Issue 22's documents: the invoice's page; a credit note as issued (its PDF); the tax screen for the rest.
    case "invoice":
      return sourceId ? `/admin/invoices/${sourceId}` : null;
    case "credit_note":
      return sourceId ? `/admin/credit-notes/${sourceId}/pdf` : null;
    case "customer_payment":
      return "/admin/payments";
    case "tax_record":
    case "tax_deposit":
    case "vat_close":
      return "/admin/accounts/tax";
    // A manual journal is its own document; a reversal links to the entry it reverses (the ledger shows that
    // link itself). The rest have no screen yet.
    default:
      return null;
  }
}

/** Where an entry's source is shown in the ledger: what documentHref says, and the columns it reads. */
export interface EntrySource {
  sourceType: JournalSource;
  sourceId: string | null;
  /** A settlement's payable or receivable. */
  settledId?: string | null;
}

/**
 * An entry's document link: its own document's; for a reversal made in the General Ledger (or a payroll month
 * undone), the document of the entry it reverses, so both sides of a reversal lead to the document.
 */
export function entryDocumentHref(entry: EntrySource, reverses: EntrySource | null): string | null {
  if (entry.sourceType === "reversal")
    return reverses ? documentHref(reverses.sourceType, reverses.sourceId, reverses.settledId) : null;
  return documentHref(entry.sourceType, entry.sourceId, entry.settledId);
}
