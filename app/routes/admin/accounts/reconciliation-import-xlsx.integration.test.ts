import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { STATEMENT_MAX_ROWS, STATEMENT_MAX_UNPACKED_BYTES } from "~/domain/banking/constants";
import { STATEMENT_FILE_MESSAGES } from "~/domain/banking/statement-file.server";
import { craftXlsx, type CraftedSheet } from "../../../../tests/support/crafted-xlsx";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import { seedBooks } from "../../../../tests/support/invoice-fixtures";
import { memoryGrowthDuring } from "../../../../tests/support/process-memory";
import { answerOf, callRoute, signedInUser, type TestUser } from "../../../../tests/support/signed-in-request";
import { action } from "./reconciliation-import";

// An XLSX statement is read as it unpacks, its bytes counted whatever the zip declares (issue 38): a file of a few
// hundred KB whose sheet unpacks to 200 MB (a zip bomb that says its sheet is 64 KB) is refused with a message on the
// file field, nothing written and the server's memory within 50 MB of where it was, as are sheets whose rows, columns
// or cells pass the limits; a workbook just inside every limit still imports.

const PATH = "/admin/accounts/reconciliation/import";
const TABLES = ["bank_statements", "bank_statement_lines", "bank_statement_mappings", "audit_log"] as const;
const MB = 1024 * 1024;

interface Body {
  errors: Record<string, string>;
  formError: string | null;
  values: Record<string, string>;
  file: { name: string; sha256: string; rowsJson: string; rowCount: number } | null;
}

let accountant: TestUser;

beforeAll(async () => {
  await seedBooks();
  accountant = await signedInUser("accountant");
});

function upload(bytes: Buffer, name: string): FormData {
  const form = new FormData();
  form.set("account", "1110");
  form.set("file", new File([new Uint8Array(bytes)], name));
  form.set("intent", "preview");
  return form;
}

const post = async (form: FormData) =>
  answerOf<Body>(await callRoute(action, `${PATH}?account=1110`, { as: accountant, form }));

const HEADER = ["Date", "Description", "Amount", "Balance"];
const LINES = [
  ["2024-02-01", "Deposit", 500, 500],
  ["2024-02-02", "Bank charge", -20, 480],
];

describe("a workbook that unpacks past the limits", () => {
  it("refuses a 200 KB file whose sheet unpacks to 200 MB: counted as it unpacks, the memory within 50 MB", async () => {
    const bomb = craftXlsx({
      rows: [HEADER, ...LINES],
      filler: { piece: " ".repeat(1024), times: 200 * 1024 },
      declaredSheetBytes: 64 * 1024,
    });
    expect(bomb.bytes.length).toBeLessThan(300 * 1024);
    expect(bomb.sheetBytes).toBeGreaterThan(200 * MB);
    const before = await tableFingerprint(TABLES);
    const { result, peakMb, keptMb } = await memoryGrowthDuring(() => post(upload(bomb.bytes, "bomb.xlsx")));
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ file: STATEMENT_FILE_MESSAGES.xlsxTooLarge });
    expect(result.body.formError).toBe(
      "The file is too large once unpacked: a statement workbook unpacks to at most 20 MB and 500,000 cells. Export a shorter period or save it as CSV.",
    );
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect(peakMb).toBeLessThan(50);
    expect(keptMb).toBeLessThan(50);
  });

  const bombs: [string, CraftedSheet, string][] = [
    [
      "five million rows",
      { rows: [HEADER], filler: { piece: '<row><c t="inlineStr"><is><t>x</t></is></c></row>', times: 5_000_000 } },
      STATEMENT_FILE_MESSAGES.tooManyRows,
    ],
    [
      "a row of five million cells",
      { rows: [HEADER], filler: { open: '<row r="2">', piece: "<c><v>1</v></c>", times: 5_000_000, close: "</row>" } },
      STATEMENT_FILE_MESSAGES.tooManyColumns,
    ],
    [
      "ten million empty cells",
      {
        rows: [HEADER, ...LINES],
        filler: { open: '<row r="4">', piece: '<c s="0"/>', times: 10_000_000, close: "</row>" },
      },
      STATEMENT_FILE_MESSAGES.xlsxTooLarge,
    ],
  ];

  it.each(bombs)("refuses %s as they are read, writing nothing", async (_name, sheet, message) => {
    const bomb = craftXlsx({ ...sheet, declaredSheetBytes: 64 * 1024 });
    expect(bomb.bytes.length).toBeLessThan(STATEMENT_MAX_UNPACKED_BYTES / 20);
    const before = await tableFingerprint(TABLES);
    const { result, peakMb } = await memoryGrowthDuring(() => post(upload(bomb.bytes, "bomb.xlsx")));
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ file: message });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect(peakMb).toBeLessThan(50);
  });
});

describe("a workbook just inside every limit", () => {
  it("imports 10,000 rows unpacking to exactly 20 MB", async () => {
    const lines = Array.from({ length: STATEMENT_MAX_ROWS - 1 }, (_, i) => {
      const day = new Date(Date.UTC(2024, 0, 1 + (i % 366))).toISOString().slice(0, 10);
      return [day, `Receipt ${i + 1}`, 1, i + 1];
    });
    const sheet = { rows: [HEADER, ...lines] };
    // Spaces between the rows bring every part together to the limit to the byte.
    const room = STATEMENT_MAX_UNPACKED_BYTES - craftXlsx(sheet).totalBytes;
    const workbook = craftXlsx({ ...sheet, filler: { piece: " ", times: room } });
    expect(workbook.totalBytes).toBe(STATEMENT_MAX_UNPACKED_BYTES);

    const read = await post(upload(workbook.bytes, "receipts-2024.xlsx"));
    expect(read.status).toBe(200);
    expect(read.body.errors).toEqual({});
    expect(read.body.file).toMatchObject({ name: "receipts-2024.xlsx", rowCount: STATEMENT_MAX_ROWS });

    const form = new FormData();
    for (const [k, v] of Object.entries(read.body.values)) form.set(k, v);
    form.set("rows", read.body.file!.rowsJson);
    form.set("fileName", read.body.file!.name);
    form.set("fileSha256", read.body.file!.sha256);
    form.set("intent", "import");
    const done = (await callRoute(action, PATH, { as: accountant, form })) as Response;
    expect(done.status).toBe(302);
    const [stored] = await queryRows<{ lines: number }>(
      getDb(),
      sql`select line_count as lines from bank_statements where file_name = 'receipts-2024.xlsx'`,
    );
    expect(stored).toEqual({ lines: STATEMENT_MAX_ROWS - 1 });
  });
});
