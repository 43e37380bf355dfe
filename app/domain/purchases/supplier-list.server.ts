import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { settlements, suppliers as s, transactions as t } from "../../db/schema";
import { isUuid, type ListPage } from "../../lib/list-params";
import { containsPattern, listOrder, pageOf, searchAny } from "../../lib/list-query.server";
import { partyBalanceAccounts, partyBalanceSql } from "../accounting/party-ledger.server";
import { liveNamed } from "../accounting/party-records.server";
import {
  SUPPLIER_CHOICE_LIMIT,
  SUPPLIER_DETAIL_LIMIT,
  SUPPLIER_LIST,
  SUPPLIER_OPTION_LIMIT,
  type SupplierChoices,
  type SupplierDetail,
  type SupplierListState,
  type SupplierOptions,
  type SupplierRow,
} from "./supplier-list";

// Suppliers read (issue 36): the list with what the company owes each, from the ledger only (party-ledger.server.ts:
// their posted lines on the accounts kept by supplier); the Merge dialog's pickers; a supplier's page with its open
// payables and their payments, found by the supplier their entry's payable line names (never by the typed name);
// New Payable's suggestions as one types.

/** The row's id, qualified (a column put straight into a select's sql is written unqualified, and inside the
 * balance's subquery would name journal_lines' own id). */
const ID = sql`${s.id}`;

/** What the company owes the supplier: their balance on the supplier's accounts (debits less credits), negated. */
export const owedSql = (supplierId: SQL | string, accounts: readonly string[]): SQL =>
  sql`(-${partyBalanceSql("supplier", supplierId, accounts)})`;

/** The list's sort keys: the name, what is owed, when added. */
export const supplierSortColumns = (accounts: readonly string[]): Record<SupplierListState["sort"], SQL[]> => ({
  name: [sql`lower(${s.name})`],
  owed: [owedSql(ID, accounts)],
  created: [sql`${s.createdAt}`],
});

/**
 * The live suppliers whose name, e-mail, phone, BIN or TIN contains `q`; a BIN or TIN typed with its hyphens or
 * spaces ("004567891-0203") finds the digits it is stored as.
 */
export function supplierWhere(q: string): SQL | undefined {
  const digits = q.replace(/[\s-]/g, "");
  const byNumber = /^\d+$/.test(digits) && digits !== q ? searchAny(digits, [s.bin, s.tin]) : undefined;
  const search = q ? or(searchAny(q, [s.name, s.email, s.phone, s.bin, s.tin]), byNumber) : undefined;
  return and(isNull(s.mergedIntoId), search);
}

/** One page of the live suppliers with what the company owes each. */
export async function listSuppliers(db: DbOrTx, state: SupplierListState): Promise<ListPage<SupplierRow>> {
  const where = supplierWhere(state.q);
  const accounts = await partyBalanceAccounts(db, "supplier");
  return pageOf(db, SUPPLIER_LIST, state, {
    from: s,
    where,
    rows: async (limit, offset) =>
      db
        .select({
          id: s.id,
          name: s.name,
          email: s.email,
          phone: s.phone,
          bin: s.bin,
          tin: s.tin,
          paymentTermsDays: s.paymentTermsDays,
          owed: sql<string>`round(${owedSql(ID, accounts)}, 2)::text`,
        })
        .from(s)
        .where(where)
        .orderBy(...listOrder(supplierSortColumns(accounts)[state.sort], state.dir, s.id))
        .limit(limit)
        .offset(offset),
  });
}

/**
 * The live suppliers the Merge dialog's pickers offer: those whose name, e-mail, phone, BIN or TIN contains `find`,
 * by name, at most SUPPLIER_CHOICE_LIMIT; the `include`d ones (preselected) always, first, when live.
 */
export async function supplierChoices(
  db: DbOrTx,
  { find = "", include = [] }: { find?: string; include?: readonly string[] } = {},
): Promise<SupplierChoices> {
  const columns = { id: s.id, name: s.name, email: s.email, bin: s.bin };
  const rows = await db
    .select(columns)
    .from(s)
    .where(supplierWhere(find))
    .orderBy(asc(sql`lower(${s.name})`), asc(s.id))
    .limit(SUPPLIER_CHOICE_LIMIT + 1);
  const shown = rows.slice(0, SUPPLIER_CHOICE_LIMIT);
  const wanted = [...new Set(include.filter(isUuid).map((id) => id.toLowerCase()))];
  const preselected = wanted.length
    ? await db
        .select(columns)
        .from(s)
        .where(and(isNull(s.mergedIntoId), inArray(s.id, wanted)))
        .orderBy(asc(sql`lower(${s.name})`), asc(s.id))
    : [];
  const first = new Set(preselected.map((r) => r.id));
  return {
    choices: [...preselected, ...shown.filter((r) => !first.has(r.id))],
    find,
    more: rows.length > SUPPLIER_CHOICE_LIMIT,
  };
}

/** A supplier's record, merged or not; null when unknown. */
export async function findSupplier(db: DbOrTx, id: string) {
  const [row] = await db.select().from(s).where(eq(s.id, id));
  return row ?? null;
}

/** The payables (and receivables) whose posted entry names supplier `supplierId` on a line: their own supplier. */
const namesSupplier = (supplierId: string): SQL =>
  sql`exists (select 1 from journal_lines jl where jl.journal_entry_id = ${t.journalEntryId} and jl.supplier_id = ${supplierId})`;

/** The supplier's page: the record, what is owed, its open payables and the payments of its payables. */
export async function loadSupplierDetail(
  db: DbOrTx,
  id: string,
  today: string,
): Promise<SupplierDetail | { mergedIntoId: string } | null> {
  const row = await findSupplier(db, id);
  if (!row) return null;
  if (row.mergedIntoId) return { mergedIntoId: row.mergedIntoId };
  const accounts = await partyBalanceAccounts(db, "supplier");
  const open = and(eq(t.type, "expense"), eq(t.status, "pending"), namesSupplier(id));
  const LEFT = sql`(${t.amount} - ${t.settledAmount})`;
  const [payables, [totals], payments, [balance]] = await Promise.all([
    db
      .select({
        id: t.id,
        date: t.date,
        dueDate: t.dueDate,
        category: t.category,
        description: t.description,
        reference: t.reference,
        amount: t.amount,
        settledAmount: t.settledAmount,
        left: sql<string>`round(${LEFT}, 2)::text`,
        overdue: sql<boolean>`coalesce(${t.dueDate} < ${today}::date, false)`,
      })
      .from(t)
      .where(open)
      .orderBy(asc(sql`coalesce(${t.dueDate}, ${t.date})`), asc(t.date), asc(t.id))
      .limit(SUPPLIER_DETAIL_LIMIT),
    db
      .select({
        count: sql<number>`count(*)::int`,
        left: sql<string>`round(coalesce(sum(${LEFT}), 0), 2)::text`,
      })
      .from(t)
      .where(open),
    db
      .select({
        id: settlements.id,
        date: settlements.date,
        amount: settlements.amount,
        paymentMethod: settlements.paymentMethod,
        reference: settlements.reference,
        payableId: t.id,
        payableCategory: t.category,
        payableDescription: t.description,
        reversed: sql<boolean>`${settlements.reversedAt} is not null`,
      })
      .from(settlements)
      .innerJoin(t, eq(t.id, settlements.transactionId))
      .where(and(eq(t.type, "expense"), namesSupplier(id)))
      .orderBy(desc(settlements.date), desc(settlements.createdAt), desc(settlements.id))
      .limit(SUPPLIER_DETAIL_LIMIT),
    queryRows<{ owed: string }>(db, sql`select round(${owedSql(id, accounts)}, 2)::text as owed`),
  ]);
  return {
    id: row.id,
    name: row.name,
    bin: row.bin,
    tin: row.tin,
    phone: row.phone,
    email: row.email,
    address: row.address,
    bankName: row.bankName,
    bankAccountNumber: row.bankAccountNumber,
    walletNumber: row.walletNumber,
    paymentTermsDays: row.paymentTermsDays,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    owed: balance?.owed ?? "0.00",
    openPayables: payables.map((p) => ({ ...p, overdue: Boolean(p.overdue) })),
    openCount: Number(totals?.count ?? 0),
    openLeft: totals?.left ?? "0.00",
    payments: payments.map((p) => ({ ...p, reversed: Boolean(p.reversed) })),
  };
}

/** The longest text New Payable's suggestions are looked up for (the supplier's name's limit). */
const OPTION_QUERY_MAX = 160;

/**
 * New Payable's suggestions for what is typed: live suppliers' names containing it (those starting with it first, by
 * name; a name two records share, once), and whether saving would name an existing record, by partyNamed's rule
 * (party-records.server.ts: the name or the e-mail address, letter case and surrounding spaces aside), with that
 * record's BIN (the purchase's input VAT is claimed with it, issue 37).
 */
export async function supplierNameOptions(db: DbOrTx, text: string): Promise<SupplierOptions> {
  const q = text.replace(/\s+/g, " ").trim().slice(0, OPTION_QUERY_MAX).trim();
  if (!q) return { q, names: [], exists: false, bin: null };
  const key = text.trim().toLowerCase();
  const live = isNull(s.mergedIntoId);
  // `text%`: the names starting with what is typed.
  const prefix = containsPattern(q).slice(1);
  const [rows, [found]] = await Promise.all([
    db
      .select({ name: s.name })
      .from(s)
      .where(and(live, searchAny(q, [s.name])))
      .orderBy(sql`${s.name} ilike ${prefix} desc`, asc(sql`lower(${s.name})`), asc(s.id))
      .limit(SUPPLIER_OPTION_LIMIT * 2),
    db.select({ bin: s.bin }).from(s).where(liveNamed(s, key)).orderBy(asc(s.createdAt), asc(s.id)).limit(1),
  ]);
  const names = [...new Set(rows.map((r) => r.name))].slice(0, SUPPLIER_OPTION_LIMIT);
  return { q, names, exists: Boolean(found), bin: found?.bin ?? null };
}
