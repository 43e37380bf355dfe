import { createHash } from "node:crypto";
import { CsvError, parse } from "csv-parse/sync";
import { readFirstXlsxSheet, type XlsxSheetLimits } from "~/lib/xlsx-sheet.server";
import { formatBytes } from "../media/upload";
import { STATEMENT_MAX_FILE_BYTES, STATEMENT_MAX_ROWS, STATEMENT_MAX_UNPACKED_BYTES } from "./constants";
import { STATEMENT_MAX_COLUMNS } from "./statement-mapping";

// Reading a bank's statement file (issue 23) into rows of text cells, before any mapping: CSV (comma, semicolon or
// tab delimited, a byte-order mark dropped, quoted cells with commas and line breaks) or an XLSX workbook's first
// sheet (app/lib/xlsx-sheet.server.ts, read as a stream). Dates in a workbook are written YYYY-MM-DD, numbers as plain
// decimals. Limits: the file's size, its rows and its columns, and a workbook's bytes and cells counted as it is
// unpacked; an empty, binary or unreadable file is refused with a message saying what to do.

/** The most characters one cell keeps (a description longer than the line's limit is named by the row check). */
const MAX_CELL_CHARS = 2_000;

export const STATEMENT_FILE_MESSAGES = {
  required: "Choose the statement file (CSV or XLSX)",
  empty: "The file is empty.",
  tooBig: `The file is larger than ${formatBytes(STATEMENT_MAX_FILE_BYTES)}, the most one statement takes. Export a shorter period.`,
  tooManyRows: `The file has more than ${STATEMENT_MAX_ROWS.toLocaleString("en-US")} rows, the most one statement takes. Export a shorter period.`,
  tooManyColumns: `The file has more than ${STATEMENT_MAX_COLUMNS} columns: is it a bank statement?`,
  xls: "This is an Excel 97-2003 workbook (.xls): open it in the spreadsheet and save it as .xlsx or CSV.",
  binary: "This is not a CSV or XLSX file. Export the statement from the bank as CSV or Excel (.xlsx).",
  notUtf8: "The file is not UTF-8 text. Save it from the spreadsheet as CSV UTF-8 and try again.",
  xlsxUnreadable:
    "The workbook cannot be read: open it in the spreadsheet, save it again as .xlsx or CSV and try again.",
  xlsxNoRows: "The workbook's first sheet has no rows.",
  xlsxTooLarge: `The file is too large once unpacked: a statement workbook unpacks to at most ${formatBytes(STATEMENT_MAX_UNPACKED_BYTES)} and ${(STATEMENT_MAX_ROWS * STATEMENT_MAX_COLUMNS).toLocaleString("en-US")} cells. Export a shorter period or save it as CSV.`,
  noRows: "The file has no rows.",
  csv: (where: string, what: string) => `The file is not valid CSV at ${where}: ${what}`,
} as const;

export type StatementFileRead =
  { ok: true; fileName: string; sha256: string; rows: string[][]; width: number } | { ok: false; message: string };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The file's name as stored with the statement: its last path part, control characters out, at most 200. */
export function statementFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base || "statement").slice(0, 200);
}

/** The statement's rows from a file's bytes: XLSX by its zip signature, else CSV text. */
export async function readStatementFile(name: string, bytes: Uint8Array): Promise<StatementFileRead> {
  if (bytes.length === 0) return { ok: false, message: STATEMENT_FILE_MESSAGES.empty };
  if (bytes.length > STATEMENT_MAX_FILE_BYTES) return { ok: false, message: STATEMENT_FILE_MESSAGES.tooBig };
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const fileName = statementFileName(name);
  let read: { ok: true; rows: string[][] } | { ok: false; message: string };
  if (startsWith(bytes, ZIP)) read = await readXlsx(bytes);
  else if (startsWith(bytes, OLE)) read = { ok: false, message: STATEMENT_FILE_MESSAGES.xls };
  else {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return {
        ok: false,
        message: looksBinary(bytes) ? STATEMENT_FILE_MESSAGES.binary : STATEMENT_FILE_MESSAGES.notUtf8,
      };
    }
    read = readStatementCsv(text);
  }
  if (!read.ok) return read;
  const done = finish(fileName, sha256, read.rows);
  if (done.ok && Buffer.byteLength(carriedRowsJson(done.rows), "utf8") > STATEMENT_CARRIED_MAX_BYTES)
    return { ok: false, message: CARRIED_ROWS_MESSAGES.tooBig };
  return done;
}

function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  return head.some((b) => b === 0) || head.filter((b) => b < 9 || (b > 13 && b < 32)).length > head.length / 20;
}

/** The delimiter the file's first lines use most: a comma, or a semicolon or tab where a spreadsheet's locale chose. */
function delimiterOf(text: string): string {
  const lines = text.split(/\r?\n/, 20).filter((l) => l.trim() !== "");
  const score = (d: string) => lines.reduce((n, l) => n + l.split(d).length - 1, 0);
  return [",", ";", "\t"].reduce((best, d) => (score(d) > score(best) ? d : best), ",");
}

/** CSV text's rows; a file-level problem (not CSV, empty) as a message. */
export function readStatementCsv(text: string): { ok: true; rows: string[][] } | { ok: false; message: string } {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, message: STATEMENT_FILE_MESSAGES.empty };
  if (body.includes("\u0000")) return { ok: false, message: STATEMENT_FILE_MESSAGES.binary };
  try {
    const rows: string[][] = parse(body, {
      delimiter: delimiterOf(body),
      relax_column_count: true,
      relax_quotes: false,
      // The most rows allowed and one more, to tell there were too many.
      to: STATEMENT_MAX_ROWS + 1,
    });
    return { ok: true, rows };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const e = error as CsvError & { lines?: number; records?: number };
    const where = `row ${(e.records ?? 0) + 1} (line ${e.lines ?? "?"})`;
    const what =
      e.code === "CSV_QUOTE_NOT_CLOSED"
        ? "a quote opened there is never closed"
        : e.code === "CSV_INVALID_CLOSING_QUOTE"
          ? 'a quoted cell goes on after its closing quote (a quote inside a quoted cell is written "")'
          : e.message;
    return { ok: false, message: STATEMENT_FILE_MESSAGES.csv(where, what) };
  }
}

/** What a statement's workbook may unpack to: a 10,000-row bank statement is about 4.5 MB; a zip bomb is far more. */
const XLSX_LIMITS: XlsxSheetLimits = {
  maxUnpackedBytes: STATEMENT_MAX_UNPACKED_BYTES,
  maxRows: STATEMENT_MAX_ROWS,
  maxColumns: STATEMENT_MAX_COLUMNS,
  maxCells: STATEMENT_MAX_ROWS * STATEMENT_MAX_COLUMNS,
  maxCellChars: MAX_CELL_CHARS,
};

async function readXlsx(bytes: Uint8Array): Promise<{ ok: true; rows: string[][] } | { ok: false; message: string }> {
  const read = await readFirstXlsxSheet(bytes, XLSX_LIMITS);
  if (read.ok) return read.rows.length === 0 ? { ok: false, message: STATEMENT_FILE_MESSAGES.xlsxNoRows } : read;
  const message = {
    unreadable: STATEMENT_FILE_MESSAGES.xlsxUnreadable,
    tooLarge: STATEMENT_FILE_MESSAGES.xlsxTooLarge,
    tooManyRows: STATEMENT_FILE_MESSAGES.tooManyRows,
    tooManyColumns: STATEMENT_FILE_MESSAGES.tooManyColumns,
  }[read.refusal];
  return { ok: false, message };
}

const blank = (row: readonly string[]) => row.every((c) => c.trim() === "");

function finish(fileName: string, sha256: string, read: string[][]): StatementFileRead {
  const rows = [...read];
  // Blank rows at the end are no rows at all (a spreadsheet's trailing lines).
  while (rows.length > 0 && blank(rows[rows.length - 1]!)) rows.pop();
  if (rows.length === 0) return { ok: false, message: STATEMENT_FILE_MESSAGES.noRows };
  if (rows.length > STATEMENT_MAX_ROWS) return { ok: false, message: STATEMENT_FILE_MESSAGES.tooManyRows };
  let width = 0;
  for (const row of rows) {
    // Trailing empty cells are not columns.
    let w = row.length;
    while (w > 0 && row[w - 1]!.trim() === "") w--;
    width = Math.max(width, w);
  }
  if (width > STATEMENT_MAX_COLUMNS) return { ok: false, message: STATEMENT_FILE_MESSAGES.tooManyColumns };
  return {
    ok: true,
    fileName,
    sha256,
    rows: rows.map((row) => row.slice(0, width).map((c) => c.slice(0, MAX_CELL_CHARS))),
    width,
  };
}

/**
 * The most bytes of the file's rows as JSON, carried by the import form between its steps (a hidden field, so nothing
 * is stored before the import is confirmed). The upload route's form limit (app/lib/upload-routes.ts) holds it.
 */
export const STATEMENT_CARRIED_MAX_BYTES = 12 * 1024 * 1024;

export const CARRIED_ROWS_MESSAGES = {
  missing: "The file's rows are missing: choose the file again",
  unreadable: "The file's rows could not be read back: choose the file again",
  tooBig: "The file's rows are too long to carry between the steps: export a shorter period",
} as const;

/** The file's rows as the form carries them. */
export function carriedRowsJson(rows: readonly (readonly string[])[]): string {
  return JSON.stringify(rows);
}

/**
 * The rows a form carried back (JSON of rows of text cells), checked as a file is: never trusted beyond what a file
 * could have held (rows, columns, cell lengths), the name and SHA-256 cleaned.
 */
export function readCarriedRows(json: string, name: string, sha256: string): StatementFileRead {
  if (json.trim() === "") return { ok: false, message: CARRIED_ROWS_MESSAGES.missing };
  if (Buffer.byteLength(json, "utf8") > STATEMENT_CARRIED_MAX_BYTES)
    return { ok: false, message: CARRIED_ROWS_MESSAGES.tooBig };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, message: CARRIED_ROWS_MESSAGES.unreadable };
  }
  if (!Array.isArray(value)) return { ok: false, message: CARRIED_ROWS_MESSAGES.unreadable };
  if (value.length > STATEMENT_MAX_ROWS) return { ok: false, message: STATEMENT_FILE_MESSAGES.tooManyRows };
  const rows: string[][] = [];
  for (const row of value) {
    if (!Array.isArray(row) || row.length > STATEMENT_MAX_COLUMNS || !row.every((c) => typeof c === "string"))
      return { ok: false, message: CARRIED_ROWS_MESSAGES.unreadable };
    rows.push(row as string[]);
  }
  const sha = /^[0-9a-f]{64}$/.test(sha256) ? sha256 : createHash("sha256").update(json).digest("hex");
  return finish(statementFileName(name), sha, rows);
}
