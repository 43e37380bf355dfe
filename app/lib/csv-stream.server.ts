import { stringify } from "csv-stringify/sync";
import { sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import { getLogger } from "./logger.server";

// A list's CSV export, streamed (the inventory's, issue 9; the transactions', issue 21): a byte order mark and the
// header, then the rows a thousand at a time, each batch found from the last row of the one before (keyset: its
// sort keys read back as text, then its id), so a long export never sits in memory nor re-reads the rows before it.
// The database is read as the client takes the bytes.

export const CSV_EXPORT_BATCH = 1000;

/**
 * A cell a spreadsheet would read as a formula starts with = + - @, a tab or a carriage return (OWASP), or their
 * full-width forms ＝ ＋ － ＠, which some spreadsheet programs take as the same (issue 38): a ' before it makes it text.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

function formulaSafe(cell: string, numeric: boolean): string {
  return FORMULA_START.test(cell) && !(numeric && PLAIN_NUMBER.test(cell)) ? `'${cell}` : cell;
}

/** The one CSV writer: `rows` as CSV text, Windows line ends, a cell with a line break quoted, formulas defused. */
function writeCsv(rows: string[][], numeric: boolean): string {
  return stringify(
    rows.map((row) => row.map((cell) => formulaSafe(cell, numeric))),
    { record_delimiter: "windows", quote_record_delimiter: true },
  );
}

/** CSV text of `rows`, Windows line ends. */
export function csvLines(rows: string[][]): string {
  return writeCsv(rows, false);
}

/**
 * CSV text of `rows` as csvLines writes it, except that a plain number stays a number: "-1500.00" is an amount, not
 * a formula, and a register or a report must add up in the spreadsheet (the tax registers, the financial reports).
 */
export function numericCsvLines(rows: string[][]): string {
  return writeCsv(rows, true);
}

/** Where the last batch ended: its last row's sort keys (as text) and id. */
export interface KeysetAfter {
  keys: string[];
  id: string;
}

/** The sort keys of a row, as text, to select beside it (`sortKeys`). */
export function sortKeysSql(keys: readonly (SQLWrapper | AnyColumn)[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    keys.map((k) => sql`(${k})::text`),
    sql`, `,
  )}]`;
}

/**
 * The rows after `after` in the order (keys..., id) `dir`: the last row's keys cast back to their SQL `types` so
 * they compare as they sorted. Undefined for the first batch.
 */
export function keysetAfterSql(
  keys: readonly (SQLWrapper | AnyColumn)[],
  types: readonly string[],
  id: AnyColumn,
  dir: "asc" | "desc",
  after: KeysetAfter | null,
): SQL | undefined {
  if (!after) return undefined;
  const order = sql.raw(dir === "asc" ? ">" : "<");
  return sql`(${sql.join([...keys], sql`, `)}, ${id}) ${order} (${sql.join(
    after.keys.map((k, i) => sql`${k}::${sql.raw(types[i]!)}`),
    sql`, `,
  )}, ${after.id}::uuid)`;
}

/** The export as CSV chunks: the byte order mark and header, then one chunk per batch of `page`. */
export async function* keysetCsv<Row extends { id: string; sortKeys: string[] }>(options: {
  header: readonly string[];
  page: (after: KeysetAfter | null, limit: number) => Promise<Row[]>;
  cells: (row: Row) => string[];
  batchSize?: number;
  /** Plain numbers stay numbers (numericCsvLines): a list with amounts that may be negative. */
  numeric?: boolean;
}): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? CSV_EXPORT_BATCH;
  const lines = options.numeric ? numericCsvLines : csvLines;
  yield `\uFEFF${csvLines([[...options.header]])}`;
  let after: KeysetAfter | null = null;
  for (;;) {
    const rows = await options.page(after, batchSize);
    if (rows.length === 0) return;
    yield lines(rows.map((row) => options.cells(row)));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { keys: last.sortKeys, id: last.id };
  }
}

/** Chunks as a byte stream for a Response, read as the client takes them; a failure is logged as `what` failing. */
export function csvStream(chunks: AsyncGenerator<string>, what: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        getLogger().error({ err: error }, `exporting ${what} failed`);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
