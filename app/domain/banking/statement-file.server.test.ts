// A statement workbook is read by the streaming reader (app/lib/xlsx-sheet.server.ts, issue 38), its refusals worded
// for the statement's file field: a workbook that says it unpacks to more than 20 MB is refused before anything is
// unpacked, one that unpacks to more as it is read (xlsx-sheet.server.test.ts and the route's zip bomb test).
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { STATEMENT_MAX_UNPACKED_BYTES } from "./constants";
import { readStatementFile, STATEMENT_FILE_MESSAGES } from "./statement-file.server";

async function workbook(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Statement");
  sheet.addRow(["Date", "Description", "Amount"]);
  sheet.addRow(["2026-05-04", "Deposit", 1500]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The same workbook with its first file claiming to unpack to `size` bytes in the central directory. */
function claiming(bytes: Uint8Array, size: number): Uint8Array {
  const copy = new Uint8Array(bytes);
  const view = new DataView(copy.buffer);
  for (let i = 0; i + 4 <= copy.length; i++)
    if (view.getUint32(i, true) === 0x02014b50) {
      view.setUint32(i + 24, size, true);
      return copy;
    }
  throw new Error("no central directory");
}

describe("an XLSX statement's unpacked size", () => {
  it("reads a workbook's first sheet", async () => {
    const read = await readStatementFile("statement.xlsx", await workbook());
    expect(read).toMatchObject({
      ok: true,
      rows: [
        ["Date", "Description", "Amount"],
        ["2026-05-04", "Deposit", "1500"],
      ],
    });
  });

  it("refuses a workbook that says it unpacks to more than 20 MB, before unpacking it, naming the file", async () => {
    const bomb = claiming(await workbook(), STATEMENT_MAX_UNPACKED_BYTES + 1);
    expect(await readStatementFile("bomb.xlsx", bomb)).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.xlsxTooLarge,
    });
    // A part declared at 4 GB (the Zip64 marker, without its Zip64 field) is too large, refused before unpacking.
    expect(await readStatementFile("z64.xlsx", claiming(await workbook(), 0xffffffff))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.xlsxTooLarge,
    });
    expect(STATEMENT_FILE_MESSAGES.xlsxTooLarge).toBe(
      "The file is too large once unpacked: a statement workbook unpacks to at most 20 MB and 500,000 cells. Export a shorter period or save it as CSV.",
    );
  });

  it("refuses a zip without its directory as unreadable", async () => {
    expect(await readStatementFile("z.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.xlsxUnreadable,
    });
  });
});
