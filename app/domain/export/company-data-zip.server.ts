import { Readable } from "node:stream";
import { and, sql } from "drizzle-orm";
import { ZipFile } from "yazl";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { keysetAfterSql, keysetCsv, sortKeysSql, type KeysetAfter } from "../../lib/csv-stream.server";
import { getLogger } from "../../lib/logger.server";
import { writeHledgerJournal } from "../accounting/hledger.server";
import { exportReadme, LEDGER_JOURNAL_FILE } from "./export-readme";
import { EXPORT_TABLES, type ExportTable } from "./export-tables.server";

// The company's data as one ZIP (issue 39): a CSV file per table of EXPORT_TABLES, the posted ledger as an hledger
// journal, and a README naming every file's columns. Nothing is built in memory: yazl writes each entry as its
// source is read, each CSV is read from the database a page at a time (keysetCsv) only when the ZIP reaches it and
// the client has taken the bytes before, and the journal is written by the ledger's own export, batch by batch.
// The files are read one after another, not in one snapshot (a long transaction would hold PGlite's only
// connection for the whole download); the backup is the consistent copy.

type PageRow = { id: string; sortKeys: string[] } & Record<string, string | null>;

function pageOf(db: DbOrTx, table: ExportTable, after: KeysetAfter | null, limit: number): Promise<PageRow[]> {
  const keys = [table.sortKey];
  const cells = sql.join(
    table.columns.map((c, i) => sql`${c.value} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  return queryRows<PageRow>(
    db,
    sql`select (${table.id})::text as id, ${sortKeysSql(keys)} as "sortKeys", ${cells}
          from ${table.from}
         where ${and(table.where ?? sql`true`, keysetAfterSql(keys, [table.sortKeyType], table.id, "asc", after))}
         order by ${table.sortKey}, ${table.id}
         limit ${limit}`,
  );
}

/** One table's CSV: the byte order mark and header, then a chunk per page of rows. */
export function exportTableCsv(
  db: DbOrTx,
  table: ExportTable,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  return keysetCsv({
    header: table.columns.map((c) => c.header),
    page: (after, limit) => pageOf(db, table, after, limit),
    cells: (row) => table.columns.map((_, i) => row[`c${i}`] ?? ""),
    batchSize: options.batchSize,
    // Amounts are plain numbers ("-20.00") a spreadsheet must add up; any other cell is defused as usual.
    numeric: true,
  });
}

/**
 * A readable stream that runs `produce` only when first read, and pauses it while the reader is full: the ledger's
 * export writes to a callback, so its `write` waits for the next read once the stream's buffer is full.
 */
function lazyReadable(produce: (write: (chunk: string) => Promise<void>) => Promise<void>): Readable {
  let started = false;
  let resume: (() => void) | null = null;
  const stream = new Readable({
    read() {
      if (resume) {
        const next = resume;
        resume = null;
        next();
      }
      if (started) return;
      started = true;
      produce(async (chunk) => {
        if (!stream.push(chunk, "utf8")) await new Promise<void>((resolve) => (resume = resolve));
      }).then(
        () => stream.push(null),
        (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  return stream;
}

/**
 * The ZIP's bytes as a web stream for a Response. `now` names the moment of the export (the entries' times and the
 * README's); a failure while reading ends the stream with an error (the download fails, it is not cut short silently).
 */
export function companyDataZipStream(
  db: DbOrTx,
  options: { now?: Date; batchSize?: number } = {},
): ReadableStream<Uint8Array> {
  const now = options.now ?? new Date();
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its types give only NodeJS.ReadableStream.
  const output = zip.outputStream as unknown as Readable;
  const entry = { mtime: now, compress: true };
  // A source that fails ends the download with the error: yazl itself does not watch the streams it is given.
  const fail = (error: Error) => {
    getLogger().error({ err: error }, "exporting the company's data failed");
    output.destroy(error);
  };
  zip.on("error", fail);
  // Each source is made only when the ZIP reaches its entry (addReadStreamLazy).
  const add = (file: string, source: () => Readable) =>
    zip.addReadStreamLazy(file, entry, (done) => done(null, source().on("error", fail)));
  zip.addBuffer(Buffer.from(exportReadme(EXPORT_TABLES, now), "utf8"), "README.md", entry);
  for (const table of EXPORT_TABLES)
    add(table.file, () =>
      Readable.from(exportTableCsv(db, table, { batchSize: options.batchSize }), { objectMode: false }),
    );
  add(LEDGER_JOURNAL_FILE, () => lazyReadable((write) => writeHledgerJournal(db, write)));
  zip.end();
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
