import { posix } from "node:path";
import { StringDecoder } from "node:string_decoder";
import sax from "sax";
import yauzl from "yauzl";

// An XLSX workbook's first sheet as rows of text, read as a stream (issue 38): the zip's parts are inflated one chunk
// at a time and the bytes that come out are counted, whatever the zip declares, and the sheet's XML is parsed as it
// arrives (sax keeps no buffer past 64 KB). Reading stops at the first limit passed (bytes unpacked, cells, rows,
// columns), so a 1 MB file that unpacks to gigabytes costs what its first megabytes do. Only the parts needed are
// unpacked: the workbook, its relationships, the styles (which numbers are dates), the shared strings and the sheet.

export interface XlsxSheetLimits {
  /** Bytes the parts read may unpack to, counted as they are inflated; what the zip declares for all its parts too. */
  maxUnpackedBytes: number;
  /** Rows that may hold a value; a value further down refuses the sheet. */
  maxRows: number;
  /** Columns that may hold a value; a value further right refuses the sheet. */
  maxColumns: number;
  /** Row and cell elements the sheet may have, empty ones included, and strings its shared table may hold. */
  maxCells: number;
  /** Characters one cell keeps; the rest is dropped as it is read. */
  maxCellChars: number;
}

/** Why a workbook was not read: each caller words it for its own file. */
export type XlsxSheetRefusal = "unreadable" | "tooLarge" | "tooManyRows" | "tooManyColumns";

/** The first sheet's rows (empty when it holds no value), each a row's cells as text from column A. */
export type XlsxSheetRead = { ok: true; rows: string[][] } | { ok: false; refusal: XlsxSheetRefusal };

/** The most parts a workbook may have: a few dozen is usual; each costs memory before anything is unpacked. */
const MAX_ZIP_ENTRIES = 10_000;

class Refused extends Error {
  constructor(readonly refusal: XlsxSheetRefusal) {
    super(refusal);
  }
}

/**
 * A workbook's first sheet: dates (numbers styled as dates, in the 1900 or 1904 system) as YYYY-MM-DD, numbers as
 * their shortest decimal, booleans TRUE or FALSE, formulas their cached result, rich text its text.
 */
export async function readFirstXlsxSheet(bytes: Uint8Array, limits: XlsxSheetLimits): Promise<XlsxSheetRead> {
  let zip: yauzl.ZipFile | null = null;
  try {
    // Sizes are not checked against the declared ones (validateEntrySizes): the count below is the limit, and a
    // zip that understates a part is refused for what it unpacks to.
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      autoClose: false,
      validateEntrySizes: false,
    });
    if (zip.entryCount > MAX_ZIP_ENTRIES) throw new Refused("tooLarge");
    const parts = new Map<string, yauzl.Entry>();
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      parts.set(entry.fileName, entry);
      declared += entry.uncompressedSize;
    }
    // A workbook that says it unpacks past the limit is refused before anything is unpacked.
    if (declared > limits.maxUnpackedBytes) throw new Refused("tooLarge");
    return { ok: true, rows: await readWorkbook(new Parts(zip, parts, limits.maxUnpackedBytes), limits) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    // A zip or XML error of any kind: the file is not a workbook that can be read.
    return { ok: false, refusal: "unreadable" };
  } finally {
    zip?.close();
  }
}

/** The zip's parts, unpacked through one budget of bytes. */
class Parts {
  private left: number;

  constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    maxUnpackedBytes: number,
  ) {
    this.left = maxUnpackedBytes;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Parses a part's XML as it is unpacked, refusing once the workbook's bytes pass the limit. */
  async parse(name: string, handlers: XmlHandlers): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) throw new Refused("unreadable");
    // sax's buffers (a text flushed, a comment, attribute or name refused) stay under 64 KB only while it counts
    // positions: the default, kept.
    const parser = sax.parser(true, { trim: false, normalize: false });
    parser.onerror = (error) => {
      throw error;
    };
    parser.onopentag = (tag) => handlers.open?.(localName(tag.name), tag.attributes as Record<string, string>);
    parser.onclosetag = (name) => handlers.close?.(localName(name));
    parser.ontext = (text) => handlers.text?.(text);
    const stream = await this.zip.openReadStreamPromise(entry);
    const decoder = new StringDecoder("utf8");
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        this.left -= chunk.length;
        if (this.left < 0) throw new Refused("tooLarge");
        parser.write(decoder.write(chunk));
      }
      parser.write(decoder.end());
      parser.close();
    } finally {
      stream.destroy();
    }
  }
}

interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** An element's or attribute's name without its namespace prefix (some writers prefix SpreadsheetML: x:row). */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** An attribute by its local name, whatever its prefix. */
function attribute(attributes: Record<string, string>, name: string, prefixed = false): string | undefined {
  for (const [key, value] of Object.entries(attributes))
    if (localName(key) === name && (!prefixed || key.includes(":"))) return value;
  return undefined;
}

interface Relationship {
  type: string;
  target: string;
}

/** A part's relationships by id, their targets resolved from the part's folder. */
async function relationshipsOf(parts: Parts, part: string): Promise<Map<string, Relationship>> {
  const rels = posix.join(posix.dirname(part), "_rels", `${posix.basename(part)}.rels`);
  const found = new Map<string, Relationship>();
  if (!parts.has(rels)) return found;
  await parts.parse(rels, {
    open: (name, a) => {
      if (name !== "Relationship" || !a.Id || !a.Target || a.TargetMode === "External") return;
      const target = a.Target.startsWith("/")
        ? a.Target.slice(1)
        : posix.normalize(posix.join(posix.dirname(part), a.Target));
      found.set(a.Id, { type: a.Type ?? "", target });
    },
  });
  return found;
}

const byType = (rels: Map<string, Relationship>, type: string) =>
  [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;

async function readWorkbook(parts: Parts, limits: XlsxSheetLimits): Promise<string[][]> {
  const workbookPath = byType(await relationshipsOf(parts, ""), "officeDocument") ?? "xl/workbook.xml";
  let date1904 = false;
  let firstSheetId: string | undefined;
  let sheets = 0;
  await parts.parse(workbookPath, {
    open: (name, a) => {
      if (name === "workbookPr") date1904 = a.date1904 === "1" || a.date1904 === "true";
      if (name === "sheet" && sheets++ === 0) firstSheetId = attribute(a, "id", true);
    },
  });
  if (sheets === 0) return [];
  const rels = await relationshipsOf(parts, workbookPath);
  const sheetPath = firstSheetId === undefined ? undefined : rels.get(firstSheetId)?.target;
  if (!sheetPath) throw new Refused("unreadable");
  const stylesPath = byType(rels, "styles");
  const sharedPath = byType(rels, "sharedStrings");
  const dateStyles = stylesPath && parts.has(stylesPath) ? await readDateStyles(parts, stylesPath) : [];
  const shared = sharedPath && parts.has(sharedPath) ? await readSharedStrings(parts, sharedPath, limits) : [];
  return readSheet(parts, sheetPath, { dateStyles, shared, date1904 }, limits);
}

/** Number formats Excel builds in that show a date or time (their codes are not written in the file). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/**
 * Whether a format code shows a date or time: a y, m, d, h, s or b (Buddhist year) outside quotes, brackets, escaped
 * characters and the padding (_x) and fill (*x) characters, in either case (Excel reads DD/MM/YYYY as dd/mm/yyyy).
 */
export function isDateFormatCode(code: string): boolean {
  return /[ymdhsb]/i.test(code.replace(/\[[^\]]*]|"[^"]*"|[\\_*]./g, ""));
}

/** For each cell style (cellXfs, by index), whether its number format is a date. */
async function readDateStyles(parts: Parts, path: string): Promise<boolean[]> {
  const customDates = new Map<number, boolean>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  await parts.parse(path, {
    open: (name, a) => {
      if (name === "numFmt") customDates.set(Number(a.numFmtId), isDateFormatCode(a.formatCode ?? ""));
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) formatIds.push(Number(a.numFmtId ?? 0));
    },
    close: (name) => {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return formatIds.map((id) => customDates.get(id) ?? BUILT_IN_DATE_FORMATS.has(id));
}

/** The shared string table: each string's text runs (phonetic guides left out), cut to a cell's length. */
async function readSharedStrings(parts: Parts, path: string, limits: XlsxSheetLimits): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  await parts.parse(path, {
    open: (name) => {
      if (name === "si") {
        if (strings.length >= limits.maxCells) throw new Refused("tooLarge");
        current = "";
      } else if (name === "rPh") inPhonetic = true;
      else if (name === "t") inText = !inPhonetic;
    },
    close: (name) => {
      if (name === "si" && current !== null) {
        strings.push(current);
        current = null;
      } else if (name === "rPh") inPhonetic = false;
      else if (name === "t") inText = false;
    },
    text: (text) => {
      if (inText && current !== null && current.length < limits.maxCellChars)
        current += text.slice(0, limits.maxCellChars - current.length);
    },
  });
  return strings;
}

interface SheetContext {
  dateStyles: boolean[];
  shared: string[];
  date1904: boolean;
}

/** A cell reference's column (A = 1), or null when it has none. Past three letters is past any sheet's width. */
function columnOf(reference: string | undefined): number | null {
  const letters = /^\$?([A-Za-z]+)/.exec(reference ?? "")?.[1];
  if (!letters) return null;
  if (letters.length > 3) return Number.MAX_SAFE_INTEGER;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

/** A serial date's day (Excel counts days from 1899-12-30, or from 1904-01-01), as exceljs reads it. */
function serialDate(serial: number, date1904: boolean): string {
  const time = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/** A cell's text from its type, its value (or inline string) and its style. */
function cellText(type: string, value: string, inline: string, style: number, context: SheetContext): string {
  if (type === "inlineStr") return inline;
  if (value === "") return "";
  switch (type) {
    case "s":
      return context.shared[Number(value.trim())] ?? "";
    case "str":
    case "e":
      return value;
    case "b":
      return value.trim() === "1" || value.trim().toLowerCase() === "true" ? "TRUE" : "FALSE";
    case "d": {
      const date = new Date(value.trim());
      return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
    }
    default: {
      const number = Number.parseFloat(value);
      if (!Number.isFinite(number)) return "";
      return context.dateStyles[style] ? serialDate(number, context.date1904) : String(number);
    }
  }
}

async function readSheet(
  parts: Parts,
  path: string,
  context: SheetContext,
  limits: XlsxSheetLimits,
): Promise<string[][]> {
  const rows: string[][] = [];
  let elements = 0;
  let inData = false;
  let row = 0;
  let column = 0;
  let cell: { type: string; style: number; value: string; inline: string } | null = null;
  let inValue = false;
  let inInline = false;
  let inText = false;
  let inPhonetic = false;
  const count = () => {
    if (++elements > limits.maxCells) throw new Refused("tooLarge");
  };
  const keep = (target: "value" | "inline", text: string) => {
    if (!cell || cell[target].length >= limits.maxCellChars) return;
    cell[target] += text.slice(0, limits.maxCellChars - cell[target].length);
  };
  await parts.parse(path, {
    open: (name, a) => {
      if (name === "sheetData") inData = true;
      if (!inData) return;
      if (name === "row") {
        count();
        const r = Number(a.r);
        row = Number.isInteger(r) && r > 0 ? r : row + 1;
        column = 0;
      } else if (name === "c") {
        count();
        column = columnOf(a.r) ?? column + 1;
        cell = { type: a.t ?? "n", style: Number(a.s ?? 0), value: "", inline: "" };
      } else if (name === "v") inValue = true;
      else if (name === "is") inInline = true;
      else if (name === "rPh") inPhonetic = true;
      else if (name === "t") inText = inInline && !inPhonetic;
    },
    close: (name) => {
      if (name === "sheetData") inData = false;
      else if (name === "v") inValue = false;
      else if (name === "is") inInline = false;
      else if (name === "rPh") inPhonetic = false;
      else if (name === "t") inText = false;
      else if (name === "c" && cell) {
        const text = cellText(cell.type, cell.value, cell.inline, cell.style, context);
        cell = null;
        // A cell outside any row is no sheet Excel writes.
        if (row === 0) throw new Refused("unreadable");
        if (row > limits.maxRows || column > limits.maxColumns) {
          // Empty cells past the limits (a sheet formatted further than it is filled) are no values.
          if (text.trim() === "") return;
          throw new Refused(row > limits.maxRows ? "tooManyRows" : "tooManyColumns");
        }
        if (text !== "") (rows[row - 1] ??= [])[column - 1] = text;
      }
    },
    text: (text) => {
      if (inValue) keep("value", text);
      else if (inText) keep("inline", text);
    },
  });
  // Rows and cells never written (or empty) are empty text.
  return Array.from(rows, (cells) => Array.from(cells ?? [], (text) => text ?? ""));
}
