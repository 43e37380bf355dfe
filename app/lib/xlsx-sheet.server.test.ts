import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { craftXlsx, rowXml } from "../../tests/support/crafted-xlsx";
import { isDateFormatCode, readFirstXlsxSheet, type XlsxSheetLimits } from "./xlsx-sheet.server";

// The streaming XLSX reader (issue 38): what a workbook's first sheet holds, as text, from what exceljs, Excel or a
// hand-made zip writes; and each limit (bytes counted as they unpack, what the zip declares, rows, columns, cells,
// parts, a cell's length) met to the unit and passed by one.

const ROOMY: XlsxSheetLimits = {
  maxUnpackedBytes: 10 * 1024 * 1024,
  maxRows: 100,
  maxColumns: 20,
  maxCells: 10_000,
  maxCellChars: 2_000,
};

async function bytesOf(book: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe("reading a workbook's first sheet", () => {
  it("reads strings, numbers, dates, booleans, formulas' results, rich text and errors, gaps as empty text", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Statement");
    book.addWorksheet("Notes").addRow(["not this sheet"]);
    sheet.addRow(["Date", "Details", "Amount", "Posted", "Check"]);
    sheet.addRow([new Date(Date.UTC(2025, 4, 1)), "Cash in", 1200.5, true, { formula: "C2*2", result: 2401 }]);
    sheet.getRow(4).values = [
      new Date(Date.UTC(2025, 4, 3)),
      { richText: [{ text: "Fee " }, { text: "(merchant)" }] },
      -0.25,
      false,
      { error: "#N/A" },
    ];
    sheet.getCell("B5").value = "only B";
    sheet.getCell("A6").value = { formula: 'CONCAT("a","b")', result: "ab" };
    expect(await readFirstXlsxSheet(await bytesOf(book), ROOMY)).toEqual({
      ok: true,
      rows: [
        ["Date", "Details", "Amount", "Posted", "Check"],
        ["2025-05-01", "Cash in", "1200.5", "TRUE", "2401"],
        [],
        ["2025-05-03", "Fee (merchant)", "-0.25", "FALSE", "#N/A"],
        ["", "only B"],
        ["ab"],
      ],
    });
  });

  it("reads dates of the 1904 date system, and a number as a date only when its format shows one", async () => {
    const book = new ExcelJS.Workbook();
    book.properties.date1904 = true;
    const sheet = book.addWorksheet("Statement");
    sheet.addRow([new Date(Date.UTC(2025, 0, 31)), 45658, 45658, 1234.5]);
    sheet.getCell("B1").numFmt = "DD/MM/YYYY";
    sheet.getCell("C1").numFmt = "#,##0.00";
    sheet.getCell("D1").numFmt = '"Tk "#,##0.00';
    // 45,658 days from 1 January 1904.
    expect(await readFirstXlsxSheet(await bytesOf(book), ROOMY)).toEqual({
      ok: true,
      rows: [["2025-01-31", "2029-01-02", "45658", "1234.5"]],
    });
  });

  it("tells a date format code from a number's", () => {
    for (const code of ["dd/mm/yyyy", "DD-MMM-YY", "m/d/yy h:mm", "[$-409]d-mmm-yyyy", 'yyyy"年"m"月"', "[h]:mm:ss"])
      expect(isDateFormatCode(code), code).toBe(true);
    for (const code of [
      "General",
      "#,##0.00",
      '"Tk "#,##0.00',
      "0.00E+00",
      "[Red]#,##0",
      "_-* #,##0.00_-",
      "@",
      "\\d0",
    ])
      expect(isDateFormatCode(code), code).toBe(false);
  });

  it("reads SpreadsheetML written with a namespace prefix, and a sheet with no values as no rows", async () => {
    const prefixed = craftXlsx({
      rows: [["Date"]],
      filler: {
        piece: '<x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>prefixed</x:t></x:is></x:c></x:row>',
        times: 1,
      },
    });
    expect(await readFirstXlsxSheet(prefixed.bytes, ROOMY)).toEqual({ ok: true, rows: [["Date"], ["", "prefixed"]] });
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Empty").getCell("C3").numFmt = "0.00";
    expect(await readFirstXlsxSheet(await bytesOf(book), ROOMY)).toEqual({ ok: true, rows: [] });
  });

  it("refuses what is not a workbook it can read", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Statement").addRow(["a"]);
    const truncated = (await bytesOf(book)).subarray(0, 200);
    const unclosed = craftXlsx({ rows: [["a"]], filler: { piece: "<row><c>", times: 1 } });
    for (const bytes of [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), truncated, unclosed.bytes])
      expect(await readFirstXlsxSheet(bytes, ROOMY)).toEqual({ ok: false, refusal: "unreadable" });
  });
});

describe("the limits, met and passed by one", () => {
  it("counts the bytes as they unpack, whatever the zip declares", async () => {
    // The sheet says it is 100 bytes; it is more than 10 KB.
    const liar = craftXlsx({ rows: [["a"]], filler: { piece: " ".repeat(100), times: 100 }, declaredSheetBytes: 100 });
    const at = (maxUnpackedBytes: number) => readFirstXlsxSheet(liar.bytes, { ...ROOMY, maxUnpackedBytes });
    expect(await at(liar.readBytes)).toEqual({ ok: true, rows: [["a"]] });
    expect(await at(liar.readBytes - 1)).toEqual({ ok: false, refusal: "tooLarge" });
  });

  it("refuses a workbook that declares more than the limit before unpacking anything", async () => {
    const small = craftXlsx({ rows: [["a"]] });
    const claims = craftXlsx({ rows: [["a"]], declaredSheetBytes: ROOMY.maxUnpackedBytes });
    expect(await readFirstXlsxSheet(small.bytes, { ...ROOMY, maxUnpackedBytes: small.totalBytes })).toMatchObject({
      ok: true,
    });
    expect(await readFirstXlsxSheet(claims.bytes, ROOMY)).toEqual({ ok: false, refusal: "tooLarge" });
  });

  it("refuses a value past the last row or column; empty cells there are no values", async () => {
    const limits = { ...ROOMY, maxRows: 3, maxColumns: 2 };
    const read = (extra: string) =>
      readFirstXlsxSheet(craftXlsx({ rows: [["a", "b"]], filler: { piece: extra, times: 1 } }).bytes, limits);
    expect(await read(rowXml(3, ["x", "y"]))).toEqual({ ok: true, rows: [["a", "b"], [], ["x", "y"]] });
    expect(await read(rowXml(4, ["x"]))).toEqual({ ok: false, refusal: "tooManyRows" });
    expect(await read(rowXml(3, ["x", "y", "z"]))).toEqual({ ok: false, refusal: "tooManyColumns" });
    expect(await read('<row r="9"><c r="A9" s="1"/><c r="XFD9"><v></v></c></row>')).toEqual({
      ok: true,
      rows: [["a", "b"]],
    });
  });

  it("counts every row and cell element, and the shared strings, against the cells", async () => {
    // One row of two cells and a second of one: five elements.
    const sheet = craftXlsx({ rows: [["a", "b"], ["c"]] });
    expect(await readFirstXlsxSheet(sheet.bytes, { ...ROOMY, maxCells: 5 })).toMatchObject({ ok: true });
    expect(await readFirstXlsxSheet(sheet.bytes, { ...ROOMY, maxCells: 4 })).toEqual({
      ok: false,
      refusal: "tooLarge",
    });
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Strings").addRow(["one", "two", "three", "four"]);
    expect(await readFirstXlsxSheet(await bytesOf(book), { ...ROOMY, maxCells: 3 })).toEqual({
      ok: false,
      refusal: "tooLarge",
    });
  });

  it("refuses a zip of more than 10,000 parts before reading them", async () => {
    expect(await readFirstXlsxSheet(craftXlsx({ rows: [["a"]], emptyParts: 9_995 }).bytes, ROOMY)).toMatchObject({
      ok: true,
    });
    expect(await readFirstXlsxSheet(craftXlsx({ rows: [["a"]], emptyParts: 9_996 }).bytes, ROOMY)).toEqual({
      ok: false,
      refusal: "tooLarge",
    });
  });

  it("holds no comment, attribute or text of the XML whole: past 64 KB a text is read in pieces, the others refused", async () => {
    const long = "z".repeat(1024 * 1024);
    const text = craftXlsx({
      rows: [["a"]],
      filler: { piece: `<row r="2"><c r="A2" t="str"><v>${long}</v></c></row>`, times: 1 },
    });
    expect(await readFirstXlsxSheet(text.bytes, { ...ROOMY, maxCellChars: 5 })).toEqual({
      ok: true,
      rows: [["a"], ["zzzzz"]],
    });
    for (const piece of [`<!--${long}-->`, `<row r="2" spans="${long}"/>`]) {
      const sheet = craftXlsx({ rows: [["a"]], filler: { piece, times: 1 } });
      expect(await readFirstXlsxSheet(sheet.bytes, ROOMY)).toEqual({ ok: false, refusal: "unreadable" });
    }
  });

  it("keeps a cell's first characters only, shared or inline", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Long").addRow(["x".repeat(5_000)]);
    const inline = craftXlsx({ rows: [["y".repeat(5_000)]] });
    const limits = { ...ROOMY, maxCellChars: 10 };
    expect(await readFirstXlsxSheet(await bytesOf(book), limits)).toEqual({ ok: true, rows: [["x".repeat(10)]] });
    expect(await readFirstXlsxSheet(inline.bytes, limits)).toEqual({ ok: true, rows: [["y".repeat(10)]] });
  });
});
