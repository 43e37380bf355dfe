import { and, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts, creditNotes, journalEntries, taxRecords } from "../../db/schema";
import { isUuid, type ListPage } from "../../lib/list-params";
import { pageIds, pageOf } from "../../lib/list-query.server";
import { fromPaisa, toPaisa } from "../../lib/money";
import { TAX_TYPES, type TaxType } from "../accounting/constants";
import {
  TAX_CARD_KINDS,
  TAX_LIST,
  taxCardHeadline,
  type TaxListState,
  type TaxRegisterListRow,
  type TaxTypeTotals,
} from "./tax-list";

// Tax Management's table and cards (issue 22): the tax register (tax_records: hand-typed records and the rows the
// invoices, credit notes and payments wrote) over a period, newest first, and the totals per type. A typed record
// reversed (issue 36) stays in the table, marked with its reversal, and counts in no card.

export interface DateSpan {
  start: string | null;
  end: string | null;
}

function whereOf(span: DateSpan, type?: TaxType): SQL | undefined {
  return and(
    span.start ? gte(taxRecords.transactionDate, span.start) : undefined,
    span.end ? lte(taxRecords.transactionDate, span.end) : undefined,
    type ? eq(taxRecords.taxType, type) : undefined,
  );
}

const ORDER = [desc(taxRecords.transactionDate), desc(taxRecords.createdAt), desc(taxRecords.id)];
const reversalEntry = alias(journalEntries, "reversal_entry");

export function listTaxRecords(db: DbOrTx, state: TaxListState, span: DateSpan): Promise<ListPage<TaxRegisterListRow>> {
  const where = whereOf(span, state.filters.type);
  return pageOf(db, TAX_LIST, state, {
    from: taxRecords,
    where,
    rows: (limit, offset) =>
      registerRows(db, inArray(taxRecords.id, pageIds(db, taxRecords, taxRecords.id, where, ORDER, limit, offset))),
  });
}

/** One row of the register as the table shows it (its Reverse dialog, issue 36); null for a malformed or unknown id. */
export async function loadTaxRegisterRow(db: DbOrTx, id: string): Promise<TaxRegisterListRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await registerRows(db, eq(taxRecords.id, id.toLowerCase()));
  return row ?? null;
}

function registerRows(db: DbOrTx, where: SQL): Promise<TaxRegisterListRow[]> {
  return db
    .select({
      id: taxRecords.id,
      date: taxRecords.transactionDate,
      taxType: taxRecords.taxType,
      kind: taxRecords.kind,
      account: sql<string>`${chartOfAccounts.code} || ' ' || ${chartOfAccounts.name}`,
      reference: taxRecords.referenceNo,
      party: taxRecords.party,
      taxableAmount: taxRecords.taxableAmount,
      rate: taxRecords.taxRate,
      taxAmount: taxRecords.taxAmount,
      sourceType: taxRecords.sourceType,
      sourceId: taxRecords.sourceId,
      invoiceId: creditNotes.invoiceId,
      journalEntryId: taxRecords.journalEntryId,
      reversedAt: taxRecords.reversedAt,
      reversalReason: taxRecords.reversalReason,
      reversalEntryId: taxRecords.reversalEntryId,
      reversalDate: reversalEntry.entryDate,
    })
    .from(taxRecords)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, taxRecords.accountId))
    .leftJoin(creditNotes, and(eq(taxRecords.sourceType, "credit_note"), eq(creditNotes.id, taxRecords.sourceId)))
    .leftJoin(reversalEntry, eq(reversalEntry.id, taxRecords.reversalEntryId))
    .where(where)
    .orderBy(...ORDER)
    .then((rows) =>
      rows.map(({ reversedAt, reversalReason, reversalEntryId, reversalDate, ...row }) => ({
        ...row,
        reversal:
          reversedAt && reversalReason
            ? { entryId: reversalEntryId, date: reversalDate, reason: reversalReason }
            : null,
      })),
    );
}

/** Σ taxable and Σ tax of each kind over the span, on its type's card (a credit note's negative rows take back). */
export async function taxTypeTotals(db: DbOrTx, span: DateSpan): Promise<Record<TaxType, TaxTypeTotals>> {
  const rows = await db
    .select({
      kind: taxRecords.kind,
      taxable: sql<string>`coalesce(sum(${taxRecords.taxableAmount}), 0)::text`,
      tax: sql<string>`coalesce(sum(${taxRecords.taxAmount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(taxRecords)
    .where(and(whereOf(span), isNull(taxRecords.reversedAt)))
    .groupBy(taxRecords.kind);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return Object.fromEntries(
    TAX_TYPES.map((type) => {
      const kinds = TAX_CARD_KINDS[type].map((kind) => {
        const r = byKind.get(kind);
        return {
          kind,
          taxable: fromPaisa(toPaisa(r?.taxable ?? "0")),
          tax: fromPaisa(toPaisa(r?.tax ?? "0")),
          count: Number(r?.count ?? 0),
        };
      });
      const tax = Object.fromEntries(kinds.map((k) => [k.kind, toPaisa(k.tax)]));
      return [
        type,
        {
          headline: fromPaisa(taxCardHeadline(type, tax)),
          kinds,
          count: kinds.reduce((n, k) => n + k.count, 0),
        },
      ];
    }),
  ) as Record<TaxType, TaxTypeTotals>;
}
