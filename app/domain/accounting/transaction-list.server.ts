import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.server";
import { chartOfAccounts, transactions as t } from "../../db/schema";
import type { ListPage } from "../../lib/list-params";
import { listOrder, pageIds, pageOf, searchAny } from "../../lib/list-query.server";
import type { Period, TransactionListState, TransactionRow } from "./transaction-list";

// The Transactions table (issue 21): the spec's `accounts` rows of the page's period, searched, filtered, sorted and
// paged in SQL. The cards beside it come from the ledger (ledger-summary.server.ts), never from these rows.

export const TRANSACTION_SORT_COLUMNS = {
  date: [t.date, t.createdAt],
  amount: [t.amount],
  category: [t.category],
  type: [t.type],
  status: [t.status],
} as const;

/** The rows a list state and its period match. */
export function transactionWhere(
  state: Pick<TransactionListState, "q" | "filters">,
  period: Pick<Period, "from" | "to">,
): SQL | undefined {
  const f = state.filters;
  return and(
    period.from ? gte(t.date, period.from) : undefined,
    period.to ? lte(t.date, period.to) : undefined,
    f.type ? eq(t.type, f.type) : undefined,
    f.status ? eq(t.status, f.status) : undefined,
    f.category ? eq(t.category, f.category) : undefined,
    f.method ? eq(t.paymentMethod, f.method) : undefined,
    searchAny(state.q, [t.description, t.reference, t.party]),
  );
}

export type { TransactionRow } from "./transaction-list";

const money = alias(chartOfAccounts, "money_account");

/** The columns of a row, for the list and the export alike. */
export const TRANSACTION_ROW_COLUMNS = {
  id: t.id,
  date: t.date,
  type: t.type,
  category: t.category,
  description: t.description,
  amount: t.amount,
  paymentMethod: t.paymentMethod,
  moneyAccount: sql<
    string | null
  >`case when ${money.id} is null then null else ${money.code} || ' ' || ${money.name} end`,
  reference: t.reference,
  party: t.party,
  dueDate: t.dueDate,
  status: t.status,
  settledAmount: t.settledAmount,
  left: sql<string>`(${t.amount} - ${t.settledAmount})::text`,
  journalEntryId: t.journalEntryId,
};

export const moneyAccountJoin = { table: money, on: eq(money.id, t.moneyAccountId) };

/** One page of transactions: the page's ids first from the sort's index, then only those rows joined. */
export async function listTransactions(
  db: DbOrTx,
  state: TransactionListState,
  period: Pick<Period, "from" | "to">,
  spec: { pageSize: number },
): Promise<ListPage<TransactionRow>> {
  const where = transactionWhere(state, period);
  const order = listOrder(TRANSACTION_SORT_COLUMNS[state.sort], state.dir, t.id);
  return pageOf(db, spec, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select(TRANSACTION_ROW_COLUMNS)
        .from(t)
        .leftJoin(moneyAccountJoin.table, moneyAccountJoin.on)
        .where(inArray(t.id, pageIds(db, t, t.id, where, order, limit, offset)))
        .orderBy(...order),
  });
}
