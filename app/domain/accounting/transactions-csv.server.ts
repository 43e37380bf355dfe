import { and } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { transactions as t } from "../../db/schema";
import { listOrder } from "../../lib/list-query.server";
import { csvStream, keysetAfterSql, keysetCsv, sortKeysSql, type KeysetAfter } from "../../lib/csv-stream.server";
import { PAYMENT_METHOD_LABELS } from "./constants";
import { TRANSACTION_STATUS_LABELS, TRANSACTION_TYPE_LABELS } from "./money-document-form";
import type { Period, TransactionListState } from "./transaction-list";
import {
  moneyAccountJoin,
  TRANSACTION_ROW_COLUMNS,
  TRANSACTION_SORT_COLUMNS,
  transactionWhere,
  type TransactionRow,
} from "./transaction-list.server";

// The Transactions list as a CSV file (issue 21): what the screen shows (its period, search, filters and sort), every
// page, streamed by app/lib/csv-stream.server.ts (keyset batches).

/** The SQL types of each sort's keys, so the last row's keys (read back as text) compare as they sorted. */
const SORT_KEY_TYPES: Record<TransactionListState["sort"], readonly string[]> = {
  date: ["date", "timestamptz"],
  amount: ["numeric"],
  category: ["text"],
  type: ["text"],
  status: ["text"],
};

export const TRANSACTION_CSV_HEADER = [
  "Date",
  "Type",
  "Category",
  "Description",
  "Amount",
  "Status",
  "Payment Method",
  "Account",
  "Reference",
  "Party",
  "Due Date",
  "Settled",
  "Left",
] as const;

export function transactionCsvCells(row: TransactionRow): string[] {
  return [
    row.date,
    TRANSACTION_TYPE_LABELS[row.type],
    row.category,
    row.description,
    row.amount,
    TRANSACTION_STATUS_LABELS[row.status],
    PAYMENT_METHOD_LABELS[row.paymentMethod],
    row.moneyAccount ?? "",
    row.reference ?? "",
    row.party ?? "",
    row.dueDate ?? "",
    row.settledAmount,
    row.status === "pending" ? row.left : "0.00",
  ];
}

type ExportState = Pick<TransactionListState, "q" | "filters" | "sort" | "dir">;

function exportPage(
  db: DbOrTx,
  state: ExportState,
  period: Pick<Period, "from" | "to">,
  after: KeysetAfter | null,
  limit: number,
) {
  const keys = TRANSACTION_SORT_COLUMNS[state.sort];
  return db
    .select({ ...TRANSACTION_ROW_COLUMNS, sortKeys: sortKeysSql(keys) })
    .from(t)
    .leftJoin(moneyAccountJoin.table, moneyAccountJoin.on)
    .where(
      and(transactionWhere(state, period), keysetAfterSql(keys, SORT_KEY_TYPES[state.sort], t.id, state.dir, after)),
    )
    .orderBy(...listOrder(keys, state.dir, t.id))
    .limit(limit);
}

/** The CSV of the transactions a list state matches, in its order: a byte order mark and the header, then batches. */
export function exportTransactionsCsv(
  db: DbOrTx,
  state: ExportState,
  period: Pick<Period, "from" | "to">,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  return keysetCsv({
    header: TRANSACTION_CSV_HEADER,
    page: (after, limit) => exportPage(db, state, period, after, limit),
    cells: (row) => transactionCsvCells(row),
    batchSize: options.batchSize,
  });
}

/** The export as a byte stream for a Response; the database is read as the client takes the bytes. */
export function transactionsCsvStream(db: DbOrTx, state: ExportState, period: Pick<Period, "from" | "to">) {
  return csvStream(exportTransactionsCsv(db, state, period), "the transactions");
}
