import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts, journalEntries, settlements, taxRecords, transactions as t } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import type { SettlementDetails, TransactionDetails } from "./transaction-details";
import { moneyAccountJoin, TRANSACTION_ROW_COLUMNS } from "./transaction-list.server";

// One transaction, payable or receivable with what it posted and how it was settled: the details panel both screens
// open with ?view=<id> (the General Ledger's link to an entry's document, document-links.ts). Its row's columns are
// the list's (TRANSACTION_ROW_COLUMNS), with the entry, the category's account and the settlements added.

const category = alias(chartOfAccounts, "category_account");
/** The settlements' money accounts. */
const money = alias(chartOfAccounts, "settlement_account");
/** A voided settlement's reversing entry (issue 36). */
const voidEntry = alias(journalEntries, "void_entry");

export async function loadTransactionDetails(db: DbOrTx, id: string): Promise<TransactionDetails | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ...TRANSACTION_ROW_COLUMNS,
      entrySource: journalEntries.sourceType,
      categoryAccount: { code: category.code, name: category.name },
      createdAt: t.createdAt,
    })
    .from(t)
    .leftJoin(category, eq(category.id, t.accountId))
    .leftJoin(moneyAccountJoin.table, moneyAccountJoin.on)
    .leftJoin(journalEntries, eq(journalEntries.id, t.journalEntryId))
    .where(eq(t.id, id.toLowerCase()));
  if (!row) return null;
  const paid = await db
    .select({
      id: settlements.id,
      date: settlements.date,
      amount: settlements.amount,
      paymentMethod: settlements.paymentMethod,
      reference: settlements.reference,
      journalEntryId: settlements.journalEntryId,
      reversed: settlements.reversedAt,
      voidEntryId: settlements.voidEntryId,
      voidDate: voidEntry.entryDate,
      voidReason: settlements.voidReason,
      account: { code: money.code, name: money.name },
    })
    .from(settlements)
    .innerJoin(money, eq(money.id, settlements.moneyAccountId))
    .leftJoin(voidEntry, eq(voidEntry.id, settlements.voidEntryId))
    .where(eq(settlements.transactionId, row.id))
    .orderBy(asc(settlements.date), asc(settlements.createdAt));
  const [vat] = await db
    .select({
      rate: taxRecords.taxRate,
      value: taxRecords.taxableAmount,
      vat: taxRecords.taxAmount,
      partyBin: taxRecords.partyBin,
    })
    .from(taxRecords)
    .where(and(eq(taxRecords.sourceType, "transaction"), eq(taxRecords.sourceId, row.id)))
    .limit(1);
  const named = (a: { code: string | null; name: string | null } | null) => (a?.code ? `${a.code} ${a.name}` : null);
  return {
    ...row,
    categoryAccount: named(row.categoryAccount),
    createdAt: row.createdAt.toISOString(),
    settlements: paid.map(({ voidEntryId, voidDate, voidReason, ...s }) => ({
      ...s,
      account: named(s.account)!,
      reversed: s.reversed !== null,
      void: voidEntryId && voidDate && voidReason ? { entryId: voidEntryId, date: voidDate, reason: voidReason } : null,
    })),
    vat: vat ?? null,
  };
}

/** A settlement as its Void dialog shows it (issue 36): what was paid or received, on what, from or to whom. */
export interface SettlementToVoid {
  id: string;
  transactionId: string;
  kind: "payable" | "receivable";
  category: string;
  party: string | null;
  date: string;
  amount: string;
  paymentMethod: SettlementDetails["paymentMethod"];
  account: string;
  reference: string | null;
  journalEntryId: string;
  voided: boolean;
}

/** One settlement with its document; null for a malformed or unknown id. */
export async function loadSettlementToVoid(db: DbOrTx, id: string): Promise<SettlementToVoid | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: settlements.id,
      transactionId: settlements.transactionId,
      type: t.type,
      category: t.category,
      party: t.party,
      date: settlements.date,
      amount: settlements.amount,
      paymentMethod: settlements.paymentMethod,
      account: { code: money.code, name: money.name },
      reference: settlements.reference,
      journalEntryId: settlements.journalEntryId,
      reversedAt: settlements.reversedAt,
    })
    .from(settlements)
    .innerJoin(t, eq(t.id, settlements.transactionId))
    .innerJoin(money, eq(money.id, settlements.moneyAccountId))
    .where(eq(settlements.id, id.toLowerCase()));
  if (!row) return null;
  const { type, reversedAt, account, ...rest } = row;
  return {
    ...rest,
    kind: type === "income" ? "receivable" : "payable",
    account: `${account.code} ${account.name}`,
    voided: reversedAt !== null,
  };
}
