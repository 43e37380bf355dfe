import type { DbOrTx } from "../../db/client.server";
import { taxRecords } from "../../db/schema";
import { TAX_KIND_TYPE, type TaxKind, type TaxRecordSource } from "../accounting/constants";

// The tax register (Tax Management's table, the VAT return's figures): one row per tax a document carries, written
// in the document's own transaction so the register and the books never disagree about what exists (issue 22).

export interface TaxRegisterRow {
  date: string;
  kind: TaxKind;
  /** The spec's Account: the tax's own account for a document's row, the chosen one for a hand-typed record. */
  accountId: string;
  /** Percent, two decimals: "15.00". */
  rate: string;
  /** Decimal strings; a credit note's are negative. */
  taxableAmount: string;
  taxAmount: string;
  reference: string | null;
  description: string | null;
  party?: string | null;
  partyBin?: string | null;
  source: { type: TaxRecordSource; id: string | null };
  journalEntryId: string | null;
  createdBy: string | null;
}

/** Writes a document's tax rows (nothing when it carries none); the ids of the rows written. */
export async function writeTaxRecords(tx: DbOrTx, rows: readonly TaxRegisterRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(taxRecords)
    .values(
      rows.map((r) => ({
        transactionDate: r.date,
        accountId: r.accountId,
        taxType: TAX_KIND_TYPE[r.kind],
        kind: r.kind,
        taxRate: r.rate,
        taxableAmount: r.taxableAmount,
        taxAmount: r.taxAmount,
        referenceNo: r.reference,
        description: r.description,
        party: r.party ?? null,
        partyBin: r.partyBin ?? null,
        sourceType: r.source.type,
        sourceId: r.source.id,
        journalEntryId: r.journalEntryId,
        createdBy: r.createdBy,
      })),
    )
    .returning({ id: taxRecords.id });
  return inserted.map((r) => r.id);
}
