// A workbook is judged by what its zip says it unpacks to before exceljs unpacks it (issue 23): a statement sheet is a
// few MB; a zip bomb of 5 MB that unpacks to gigabytes would take the server's memory.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readStatementFile, STATEMENT_FILE_MESSAGES, zipExpandedBytes } from "./statement-file.server";

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
  it("sums what the central directory declares", async () => {
    const bytes = await workbook();
    const expanded = zipExpandedBytes(bytes);
    expect(expanded).toBeGreaterThan(bytes.length);
    expect(expanded).toBeLessThan(100_000);
    const read = await readStatementFile("statement.xlsx", bytes);
    expect(read).toMatchObject({
      ok: true,
      rows: [
        ["Date", "Description", "Amount"],
        ["2026-05-04", "Deposit", "1500"],
      ],
    });
  });

  it("refuses a workbook that says it unpacks to more than 60 MB, before unpacking it", async () => {
    const bomb = claiming(await workbook(), 61 * 1024 * 1024);
    expect(await readStatementFile("bomb.xlsx", bomb)).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.xlsxTooLarge,
    });
  });

  it("refuses a Zip64 size or a zip without its directory as unreadable", async () => {
    expect(await readStatementFile("z64.xlsx", claiming(await workbook(), 0xffffffff))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.xlsxUnreadable,
    });
    expect(zipExpandedBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeNull();
  });
});
