import { constants, crc32, deflateRawSync } from "node:zlib";

// A minimal XLSX workbook written by hand, so that a test can make one whose sheet unpacks to hundreds of megabytes
// (a zip bomb) without holding them: the sheet's filler is one piece deflated once and its compressed bytes repeated
// (each piece ends with a full flush, so the pieces are independent deflate blocks), and the zip can declare any size
// for the sheet, as a hostile file would. The workbook has one sheet of inline strings and numbers.

export interface CraftedSheet {
  /** Rows written at the sheet's start: strings as inline strings, numbers as numbers. */
  rows: readonly (readonly (string | number)[])[];
  /** XML repeated `times` inside sheetData after the rows (spaces, or row and cell elements), between `open` and `close`. */
  filler?: { piece: string; times: number; open?: string; close?: string };
  /** What the zip says the sheet unpacks to; its true size when left out. */
  declaredSheetBytes?: number;
  /** Empty parts added to the zip, none of which a reader needs. */
  emptyParts?: number;
}

export interface CraftedXlsx {
  bytes: Buffer;
  /** What the sheet really unpacks to. */
  sheetBytes: number;
  /** What the parts a reader needs (all but [Content_Types].xml) really unpack to, the sheet's included. */
  readBytes: number;
  /** What every part really unpacks to. */
  totalBytes: number;
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function rowXml(rowNumber: number, cells: readonly (string | number)[]): string {
  const xml = cells.map((value, i) => {
    const ref = `${columnName(i)}${rowNumber}`;
    return typeof value === "number"
      ? `<c r="${ref}"><v>${value}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${xml.join("")}</row>`;
}

const PARTS: Record<string, string> = {
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    "</Types>",
  "_rels/.rels":
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
    "</Relationships>",
  "xl/workbook.xml":
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheets><sheet name="Statement" sheetId="1" r:id="rId1"/></sheets></workbook>',
  "xl/_rels/workbook.xml.rels":
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    "</Relationships>",
};

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = "</sheetData></worksheet>";

interface Part {
  name: string;
  data: Buffer[];
  crc: number;
  size: number;
  declared: number;
}

/** One part, its pieces deflated so that the compressed pieces can be joined; `repeat` pieces are written n times. */
function deflatedPart(name: string, pieces: { text: string; repeat?: number }[], declared?: number): Part {
  const data: Buffer[] = [];
  let crc = 0;
  let size = 0;
  pieces.forEach(({ text, repeat = 1 }, i) => {
    const raw = Buffer.from(text, "utf8");
    const last = i === pieces.length - 1;
    const deflated = deflateRawSync(raw, { finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH });
    for (let n = 0; n < repeat; n++) {
      data.push(deflated);
      crc = crc32(raw, crc);
    }
    size += raw.length * repeat;
  });
  return { name, data, crc, size, declared: declared ?? size };
}

export function craftXlsx(sheet: CraftedSheet): CraftedXlsx {
  const rows = sheet.rows.map((cells, i) => rowXml(i + 1, cells)).join("");
  const pieces: { text: string; repeat?: number }[] = [{ text: SHEET_HEAD + rows + (sheet.filler?.open ?? "") }];
  if (sheet.filler && sheet.filler.times > 0) {
    // The filler in blocks of about 1 MB, each deflated once (deflate keeps at most 1,032 bytes to one).
    const perBlock = Math.max(1, Math.min(sheet.filler.times, Math.floor((1024 * 1024) / sheet.filler.piece.length)));
    const blocks = Math.floor(sheet.filler.times / perBlock);
    pieces.push({ text: sheet.filler.piece.repeat(perBlock), repeat: blocks });
    const rest = sheet.filler.times - blocks * perBlock;
    if (rest > 0) pieces.push({ text: sheet.filler.piece.repeat(rest) });
  }
  pieces.push({ text: (sheet.filler?.close ?? "") + SHEET_TAIL });
  const parts = [
    ...Object.entries(PARTS).map(([name, text]) => deflatedPart(name, [{ text }])),
    deflatedPart("xl/worksheets/sheet1.xml", pieces, sheet.declaredSheetBytes),
  ];
  const sheetPart = parts[parts.length - 1]!;
  const empty = deflatedPart("", [{ text: "" }]);
  for (let n = 0; n < (sheet.emptyParts ?? 0); n++) parts.push({ ...empty, name: `docProps/empty-${n}.xml` });
  return {
    bytes: zipOf(parts),
    sheetBytes: sheetPart.size,
    readBytes: parts.filter((p) => p.name !== "[Content_Types].xml").reduce((n, p) => n + p.size, 0),
    totalBytes: parts.reduce((n, p) => n + p.size, 0),
  };
}

/** The parts as a zip (deflated, no data descriptors, no Zip64: every size fits 32 bits). */
function zipOf(parts: Part[]): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const compressed = part.data.reduce((n, b) => n + b.length, 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(part.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(compressed, 20);
    entry.writeUInt32LE(part.declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    out.push(local, name, ...part.data);
    central.push(entry, name);
    offset += local.length + name.length + compressed;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}
