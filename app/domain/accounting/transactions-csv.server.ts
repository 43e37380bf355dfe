import { stringify } from "csv-stringify/sync";
import { and, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { transactions as t } from "../../db/schema";
import { listOrder } from "../../lib/list-query.server";
import { getLogger } from "../../lib/logger.server";
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
// page, streamed a thousand rows at a time, each batch found from the last row of the one before (keyset), so a long
// export never sits in memory nor re-reads the rows before it.

const EXPORT_BATCH = 1000;

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

function csvLines(rows: string[][]): string {
  // escape_formulas: a ' before = + - @ tab CR (OWASP); quote_record_delimiter: a cell with a line break is quoted.
  return stringify(rows, { record_delimiter: "windows", quote_record_delimiter: true, escape_formulas: true });
}

type ExportState = Pick<TransactionListState, "q" | "filters" | "sort" | "dir">;

function exportPage(
  db: DbOrTx,
  state: ExportState,
  period: Pick<Period, "from" | "to">,
  after: { keys: string[]; id: string } | null,
  limit: number,
) {
  const keys = TRANSACTION_SORT_COLUMNS[state.sort];
  const types = SORT_KEY_TYPES[state.sort];
  const order = sql.raw(state.dir === "asc" ? ">" : "<");
  const cursor = after
    ? sql`(${sql.join([...keys], sql`, `)}, ${t.id}) ${order} (${sql.join(
        after.keys.map((k, i) => sql`${k}::${sql.raw(types[i]!)}`),
        sql`, `,
      )}, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      ...TRANSACTION_ROW_COLUMNS,
      sortKeys: sql<string[]>`array[${sql.join(
        keys.map((k) => sql`(${k})::text`),
        sql`, `,
      )}]`,
    })
    .from(t)
    .leftJoin(moneyAccountJoin.table, moneyAccountJoin.on)
    .where(and(transactionWhere(state, period), cursor))
    .orderBy(...listOrder(keys, state.dir, t.id))
    .limit(limit);
}

/** The CSV of the transactions a list state matches, in its order: a byte order mark and the header, then batches. */
export async function* exportTransactionsCsv(
  db: DbOrTx,
  state: ExportState,
  period: Pick<Period, "from" | "to">,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? EXPORT_BATCH;
  yield `\uFEFF${csvLines([[...TRANSACTION_CSV_HEADER]])}`;
  let after: { keys: string[]; id: string } | null = null;
  for (;;) {
    const rows = await exportPage(db, state, period, after, batchSize);
    if (rows.length === 0) return;
    yield csvLines(rows.map((row) => transactionCsvCells(row)));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { keys: last.sortKeys, id: last.id };
  }
}

/** The export as a byte stream for a Response; the database is read as the client takes the bytes. */
export function transactionsCsvStream(db: DbOrTx, state: ExportState, period: Pick<Period, "from" | "to">) {
  const chunks = exportTransactionsCsv(db, state, period);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        getLogger().error({ err: error }, "exporting the transactions failed");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
