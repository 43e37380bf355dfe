import { and, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { suppliers as s } from "../../db/schema";
import { csvStream, keysetAfterSql, keysetCsv, sortKeysSql, type KeysetAfter } from "../../lib/csv-stream.server";
import { listOrder } from "../../lib/list-query.server";
import { partyBalanceAccounts } from "../accounting/party-ledger.server";
import { owedSql, supplierSortColumns, supplierWhere } from "./supplier-list.server";
import type { SupplierListState } from "./supplier-list";

// The Suppliers list as a CSV file (issue 36): what the screen shows (its search and sort), every page, each
// supplier's record and what the company owes them, streamed by app/lib/csv-stream.server.ts (keyset batches). A cell
// a spreadsheet would take for a formula (= + - @) is written with a ' before it, a plain number (what is owed, -500.00
// for an advance) as the number it is.

/** The SQL types of each sort's keys, so the last row's keys (read back as text) compare as they sorted. */
const SORT_KEY_TYPES: Record<SupplierListState["sort"], readonly string[]> = {
  name: ["text"],
  owed: ["numeric"],
  created: ["timestamptz"],
};

export const SUPPLIER_CSV_HEADER = [
  "Name",
  "BIN",
  "TIN",
  "Phone",
  "E-mail",
  "Address",
  "Bank",
  "Bank Account",
  "Wallet",
  "Payment Terms (days)",
  "Owed",
  "Notes",
  "Added",
] as const;

type ExportState = Pick<SupplierListState, "q" | "sort" | "dir">;

function exportPage(
  db: DbOrTx,
  state: ExportState,
  accounts: readonly string[],
  after: KeysetAfter | null,
  limit: number,
) {
  const keys = supplierSortColumns(accounts)[state.sort];
  return db
    .select({
      id: s.id,
      sortKeys: sortKeysSql(keys),
      name: s.name,
      bin: s.bin,
      tin: s.tin,
      phone: s.phone,
      email: s.email,
      address: s.address,
      bankName: s.bankName,
      bankAccountNumber: s.bankAccountNumber,
      walletNumber: s.walletNumber,
      paymentTermsDays: s.paymentTermsDays,
      owed: sql<string>`round(${owedSql(sql`${s.id}`, accounts)}, 2)::text`,
      notes: s.notes,
      added: sql<string>`to_char(${s.createdAt} at time zone 'Asia/Dhaka', 'YYYY-MM-DD')`,
    })
    .from(s)
    .where(and(supplierWhere(state.q), keysetAfterSql(keys, SORT_KEY_TYPES[state.sort], s.id, state.dir, after)))
    .orderBy(...listOrder(keys, state.dir, s.id))
    .limit(limit);
}

type ExportRow = Awaited<ReturnType<typeof exportPage>>[number];

export function supplierCsvCells(row: ExportRow): string[] {
  return [
    row.name,
    row.bin ?? "",
    row.tin ?? "",
    row.phone ?? "",
    row.email ?? "",
    row.address ?? "",
    row.bankName ?? "",
    row.bankAccountNumber ?? "",
    row.walletNumber ?? "",
    row.paymentTermsDays === null ? "" : String(row.paymentTermsDays),
    row.owed,
    row.notes ?? "",
    row.added,
  ];
}

/** The CSV of the suppliers a list state matches, in its order: a byte order mark and the header, then batches. */
export async function* exportSuppliersCsv(
  db: DbOrTx,
  state: ExportState,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  const accounts = await partyBalanceAccounts(db, "supplier");
  yield* keysetCsv({
    header: SUPPLIER_CSV_HEADER,
    page: (after, limit) => exportPage(db, state, accounts, after, limit),
    cells: supplierCsvCells,
    batchSize: options.batchSize,
    numeric: true,
  });
}

/** The export as a byte stream for a Response; the database is read as the client takes the bytes. */
export function suppliersCsvStream(db: DbOrTx, state: ExportState) {
  return csvStream(exportSuppliersCsv(db, state), "the suppliers");
}
