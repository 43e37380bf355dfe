import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import {
  auditLog,
  bankReconciliations,
  bankStatementLines,
  bankStatementMappings,
  bankStatements,
  chartOfAccounts,
} from "~/db/schema";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatShortDate } from "~/lib/format";
import { account, ACTOR, seedBooks } from "../../../tests/support/invoice-fixtures";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { importStatement, IMPORT_MESSAGES } from "./import-statement.server";
import { previewStatement } from "./preview-statement.server";
import { carriedRowsJson, readStatementFile, STATEMENT_FILE_MESSAGES } from "./statement-file.server";
import { emptyMappingForm, guessMapping, type MappingFormValues, type StatementFormValues } from "./statement-mapping";

// Importing statements (issue 23) on a real database, PGlite and PostgreSQL: three differently shaped CSV files and an
// XLSX, a re-import and an overlapping statement (lines refused one by one, by fingerprint), a finished
// reconciliation's days, bad rows, and malformed input of every kind answered with a message naming the field and
// nothing written; on PostgreSQL, two imports of the same lines at once (the key refuses the second).

const TABLES = ["bank_statements", "bank_statement_lines", "bank_statement_mappings", "audit_log"] as const;
const BANK = account("1100");
const BKASH = account("1200");
const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures/statements", name));

async function formOf(
  code: string,
  name: string,
  bytes: Uint8Array,
  over: Partial<StatementFormValues> = {},
): Promise<StatementFormValues> {
  const file = await readStatementFile(name, bytes);
  if (!file.ok) throw new Error(file.message);
  return {
    account: code,
    fileName: file.fileName,
    fileSha256: file.sha256,
    rows: carriedRowsJson(file.rows),
    ...guessMapping(file.rows),
    openingBalance: "",
    closingBalance: "",
    ...over,
  };
}

const csv = (lines: string[]) => new TextEncoder().encode(lines.join("\n"));

const linesOf = (statementId: string) =>
  getDb()
    .select({
      rowNo: bankStatementLines.rowNo,
      date: bankStatementLines.date,
      description: bankStatementLines.description,
      reference: bankStatementLines.reference,
      amount: bankStatementLines.amount,
      balance: bankStatementLines.balance,
    })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statementId, statementId))
    .orderBy(asc(bankStatementLines.date), asc(bankStatementLines.rowNo));

beforeAll(async () => {
  await seedBooks();
});

describe("importing statements", () => {
  it("stores a bank's file with debit and credit columns, two header rows and a totals footer, balances typed", async () => {
    const values = await formOf("1100", "bank-debit-credit.csv", fixture("bank-debit-credit.csv"), {
      openingBalance: "0",
      closingBalance: "1,51,902.00",
    });
    const preview = await previewStatement(getDb(), {
      accountCode: "1100",
      file: await readStatementFile("bank-debit-credit.csv", fixture("bank-debit-credit.csv")),
      mapping: values,
      openingBalance: values.openingBalance,
      closingBalance: values.closingBalance,
    });
    expect(preview).toMatchObject({
      ok: true,
      errors: {},
      counts: { rows: 5, ok: 5, bad: 0, duplicates: 0, locked: 0 },
      balances: { fromColumn: false, opening: "0.00", closing: "151902.00", sum: "151902.00", balanced: true },
      period: { start: "2025-03-01", end: "2025-03-31" },
    });
    // The preview stored nothing.
    expect(await getDb().select().from(bankStatements)).toHaveLength(0);

    const result = await importStatement(getDb(), ACTOR, values);
    expect(result).toMatchObject({
      ok: true,
      message: "5 lines imported, none refused as already imported",
      imported: 5,
      refused: 0,
      accountCode: "1100",
    });
    if (!result.ok) return;
    const [statement] = await getDb().select().from(bankStatements).where(eq(bankStatements.id, result.statementId));
    expect(statement).toMatchObject({
      accountId: BANK,
      fileName: "bank-debit-credit.csv",
      periodStart: "2025-03-01",
      periodEnd: "2025-03-31",
      openingBalance: "0.00",
      closingBalance: "151902.00",
      lineCount: 5,
      duplicateCount: 0,
    });
    expect(statement!.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await linesOf(result.statementId)).toEqual([
      {
        rowNo: 3,
        date: "2025-03-01",
        description: "Opening transfer from bKash",
        reference: null,
        amount: "50000.00",
        balance: null,
      },
      {
        rowNo: 4,
        date: "2025-03-03",
        description: "Cheque paid to Sound Hire Co",
        reference: "004512",
        amount: "-12500.00",
        balance: null,
      },
      {
        rowNo: 5,
        date: "2025-03-05",
        description: "SMS alert charge",
        reference: null,
        amount: "-23.00",
        balance: null,
      },
      {
        rowNo: 6,
        date: "2025-03-10",
        description: "Deposit - INV-2025-26-000017",
        reference: null,
        amount: "115000.00",
        balance: null,
      },
      {
        rowNo: 7,
        date: "2025-03-31",
        description: "Account maintenance fee",
        reference: null,
        amount: "-575.00",
        balance: null,
      },
    ]);
    // The mapping is kept for the account's next file; the import is audited.
    expect(
      await getDb().select().from(bankStatementMappings).where(eq(bankStatementMappings.accountId, BANK)),
    ).toMatchObject([
      {
        dateColumn: 0,
        dateFormat: "DD/MM/YYYY",
        amountMode: "split",
        debitColumn: 3,
        creditColumn: 4,
        headerRows: 2,
        footerRows: 1,
      },
    ]);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.statementId));
    expect(audit).toMatchObject({
      action: "bank_statement.imported",
      summary:
        "Imported the statement bank-debit-credit.csv of 1100 Bank - Current Account: 5 lines imported, none refused as already imported",
    });
  });

  it("stores a wallet's file with one signed amount and a balance, opening and closing from the balances", async () => {
    const result = await importStatement(
      getDb(),
      ACTOR,
      await formOf("1200", "bkash-signed.csv", fixture("bkash-signed.csv")),
    );
    expect(result).toMatchObject({ ok: true, imported: 5 });
    if (!result.ok) return;
    const [statement] = await getDb().select().from(bankStatements).where(eq(bankStatements.id, result.statementId));
    expect(statement).toMatchObject({ accountId: BKASH, openingBalance: "0.00", closingBalance: "5000.00" });
    expect((await linesOf(result.statementId)).map((l) => [l.amount, l.balance, l.reference])).toEqual([
      ["5000.00", "5000.00", "BK7H2X1"],
      ["-1500.00", "3500.00", "BK7H2X9"],
      ["-5.00", "3495.00", "BK7H3A4"],
      ["2500.50", "5995.50", "BK7H3B2"],
      ["-995.50", "5000.00", "BK7H4C7"],
    ]);
  });

  it("reads a newest-first file bottom-up: quoted descriptions with commas, DD-MMM-YYYY, the balance column", async () => {
    const result = await importStatement(
      getDb(),
      ACTOR,
      await formOf("1110", "newest-first.csv", fixture("newest-first.csv")),
    );
    expect(result).toMatchObject({ ok: true, imported: 4 });
    if (!result.ok) return;
    const [statement] = await getDb().select().from(bankStatements).where(eq(bankStatements.id, result.statementId));
    expect(statement).toMatchObject({
      periodStart: "2025-04-02",
      periodEnd: "2025-04-15",
      openingBalance: "61000.00",
      closingBalance: "80250.00",
    });
    expect((await linesOf(result.statementId)).map((l) => [l.rowNo, l.description, l.amount])).toEqual([
      [5, "Bank charge, cheque book", "-1000.00"],
      [4, "Deposit: Rahman Events, advance", "40000.00"],
      [3, "Interest credit, quarter 1", "250.00"],
      [2, "Transfer to Savings, own account", "-20000.00"],
    ]);
  });

  it("reads an XLSX workbook: dates as dates, amounts as numbers", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Statement");
    sheet.addRow(["Nagad merchant statement"]);
    sheet.addRow(["Date", "Details", "Txn ID", "Amount", "Balance"]);
    sheet.addRow([new Date(Date.UTC(2025, 4, 1)), "Cash in", "NG1", 1200.5, 1200.5]);
    sheet.addRow([new Date(Date.UTC(2025, 4, 3)), "Payment, decor", "NG2", -200.25, 1000.25]);
    sheet.addRow([
      new Date(Date.UTC(2025, 4, 3)),
      { richText: [{ text: "Fee " }, { text: "(merchant)" }] },
      "NG3",
      -0.25,
      1000,
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.code, "1210"));
    const values = await formOf("1210", "nagad.xlsx", bytes);
    expect(values).toMatchObject({
      dateFormat: "YYYY-MM-DD",
      headerRows: "2",
      amountMode: "signed",
      balanceColumn: "4",
    });
    const result = await importStatement(getDb(), ACTOR, values);
    expect(result).toMatchObject({ ok: true, imported: 3 });
    if (!result.ok) return;
    expect((await linesOf(result.statementId)).map((l) => [l.date, l.description, l.amount, l.balance])).toEqual([
      ["2025-05-01", "Cash in", "1200.50", "1200.50"],
      ["2025-05-03", "Payment, decor", "-200.25", "1000.25"],
      ["2025-05-03", "Fee (merchant)", "-0.25", "1000.00"],
    ]);
  });

  it("refuses a re-import line by line, naming where each was imported; all refused: nothing written", async () => {
    const values = await formOf("1200", "bkash-signed.csv", fixture("bkash-signed.csv"));
    const before = await tableFingerprint(TABLES);
    const result = await importStatement(getDb(), ACTOR, values);
    expect(result).toMatchObject({
      ok: false,
      refusal: "invalid",
      message:
        "Nothing was imported: Every line of this file is already imported or inside a finished reconciliation: there is nothing to import",
      errors: {
        form: "Every line of this file is already imported or inside a finished reconciliation: there is nothing to import",
      },
    });
    if (result.ok) return;
    const today = formatShortDate(todayInDhaka());
    expect(result.preview!.rows.map((r) => [r.status, r.problems])).toEqual(
      [2, 3, 4, 5, 6].map((row) => [
        "duplicate",
        [`Already imported on ${today} (statement bkash-signed.csv, row ${row})`],
      ]),
    );
    expect(result.preview!.sameFile).toEqual({ fileName: "bkash-signed.csv", importedOn: todayInDhaka() });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("stores only the new lines of an overlapping statement", async () => {
    const bytes = csv([
      "Date,Description,Trx ID,Amount,Balance",
      "2025-03-04,Payment received - Quote 118,BK7H3B2,2500.50,5995.50",
      "2025-03-09,Cash Out,BK7H4C7,-995.50,5000.00",
      "2025-03-11,Cash In from 01711000000,BK7J0A1,700.00,5700.00",
      "2025-03-12,Payment to Decor Supplies,BK7J0B2,-200.00,5500.00",
    ]);
    const result = await importStatement(getDb(), ACTOR, await formOf("1200", "bkash-march-2.csv", bytes));
    expect(result).toMatchObject({
      ok: true,
      message: "2 lines imported, 2 refused as already imported",
      imported: 2,
      refused: 2,
    });
    if (!result.ok) return;
    expect((await linesOf(result.statementId)).map((l) => l.reference)).toEqual(["BK7J0A1", "BK7J0B2"]);
    const [statement] = await getDb().select().from(bankStatements).where(eq(bankStatements.id, result.statementId));
    // The statement keeps the whole file's period and balances.
    expect(statement).toMatchObject({
      openingBalance: "3495.00",
      closingBalance: "5500.00",
      lineCount: 2,
      duplicateCount: 2,
    });
  });

  it("refuses lines dated inside a finished reconciliation, storing the later ones", async () => {
    const [first] = await getDb()
      .select({ id: bankStatements.id })
      .from(bankStatements)
      .where(eq(bankStatements.accountId, BANK));
    await getDb().insert(bankReconciliations).values({
      accountId: BANK,
      statementId: first!.id,
      asOfDate: "2025-03-31",
      statementBalance: "151902.00",
      reconciledBalance: "151902.00",
      ledgerBalance: "151902.00",
    });
    const values = await formOf(
      "1100",
      "bank-april.csv",
      csv(["Txn Date,Particulars,Withdrawal,Deposit", "30/03/2025,Late cheque,100.00,", "02/04/2025,Deposit,,900.00"]),
      { openingBalance: "151902", closingBalance: "152702" },
    );
    const preview = await previewStatement(getDb(), {
      accountCode: "1100",
      file: await readStatementFile(
        "bank-april.csv",
        csv([
          "Txn Date,Particulars,Withdrawal,Deposit",
          "30/03/2025,Late cheque,100.00,",
          "02/04/2025,Deposit,,900.00",
        ]),
      ),
      mapping: values,
      openingBalance: "151902",
      closingBalance: "152702",
    });
    expect(preview.rows.map((r) => [r.status, r.problems])).toEqual([
      ["locked", ["Mar 30, 2025 is in the reconciliation finished up to Mar 31, 2025: reopen it first"]],
      ["ok", []],
    ]);
    const result = await importStatement(getDb(), ACTOR, values);
    expect(result).toMatchObject({
      ok: true,
      imported: 1,
      refused: 1,
      message: "1 line imported, none refused as already imported, 1 as inside a finished reconciliation",
    });
  });

  it("refuses a file reaching back before the account's first statement while a reconciliation is finished", async () => {
    // Its early line would be refused as inside the finished reconciliation, yet the statement would become the
    // account's first, and its opening the one every reconciliation counts from.
    const [first] = await queryRows<{ start: string }>(
      getDb(),
      sql`select min(period_start)::text as start from bank_statements where account_id = ${BANK}`,
    );
    const rows = ["Txn Date,Particulars,Withdrawal,Deposit", "15/01/2025,Old fee,10.00,", "10/04/2025,Deposit,,50.00"];
    const values = await formOf("1100", "bank-old.csv", csv(rows), {
      openingBalance: "152702",
      closingBalance: "152742",
    });
    const before = await tableFingerprint(TABLES);
    const result = await importStatement(getDb(), ACTOR, values);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors?.form).toBe(
      `This statement starts on Jan 15, 2025, before the account's first statement (${formatShortDate(first!.start)}), whose opening balance a finished reconciliation stands on: reopen the reconciliations first`,
    );
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses a file with bad rows, naming each row and column, and writes nothing", async () => {
    const bytes = csv([
      "Date,Description,Amount",
      "2025-06-01,Good line,100.00",
      "2025-06-31,Bad date,100.00",
      "2025-06-02,Too precise,1.005",
      "2025-06-03,Nothing,0",
      "2025-06-04,Words,ten taka",
    ]);
    const values = await formOf("1200", "bad.csv", bytes, { openingBalance: "0", closingBalance: "100" });
    const before = await tableFingerprint(TABLES);
    const result = await importStatement(getDb(), ACTOR, values);
    expect(result).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: "Nothing was imported: 4 rows have problems: correct the file or the columns",
    });
    if (result.ok) return;
    expect(result.preview!.rows.map((r) => r.problems)).toEqual([
      [],
      ['Row 3, column A (date): "2025-06-31" is not a date written YYYY-MM-DD'],
      ['Row 4, column C (amount): "1.005" has more than 2 decimals'],
      ["Row 5, column C (amount): the amount is 0"],
      ['Row 6, column C (amount): "ten taka" is not an amount'],
    ]);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("malformed imports: a message naming the field, nothing written", () => {
  const bkashRows = () =>
    formOf("1200", "w.csv", csv(["Date,Description,Amount,Balance", "2025-07-01,In,100,100", "2025-07-02,Out,-40,60"]));
  const split = (over: Partial<MappingFormValues>) => ({
    ...emptyMappingForm(),
    dateColumn: "0",
    dateFormat: "YYYY-MM-DD",
    descriptionColumn: "1",
    amountMode: "split",
    debitColumn: "2",
    creditColumn: "3",
    ...over,
  });
  const splitFile = (lines: string[], over: Partial<StatementFormValues> = {}) =>
    formOf("1200", "s.csv", csv(["Date,Description,Debit,Credit", ...lines]), {
      ...split({}),
      openingBalance: "0",
      closingBalance: "60",
      ...over,
    });

  const cases: [string, () => Promise<StatementFormValues>, string, string][] = [
    [
      "an unknown account",
      async () => ({ ...(await bkashRows()), account: "9999" }),
      "account",
      "Choose a bank or wallet account",
    ],
    [
      "a deactivated account",
      async () => ({ ...(await bkashRows()), account: "1210" }),
      "account",
      "Account 1210 Mobile Banking - Nagad is deactivated: choose another",
    ],
    [
      "an account that is not a bank's",
      async () => ({ ...(await bkashRows()), account: "1000" }),
      "account",
      "1000 Cash in Hand is not a bank or wallet account: choose one",
    ],
    [
      "no rows carried",
      async () => ({ ...(await bkashRows()), rows: "" }),
      "file",
      "The file's rows are missing: choose the file again",
    ],
    [
      "rows not JSON",
      async () => ({ ...(await bkashRows()), rows: "[[" }),
      "file",
      "The file's rows could not be read back: choose the file again",
    ],
    [
      "rows not text",
      async () => ({ ...(await bkashRows()), rows: "[[1,2]]" }),
      "file",
      "The file's rows could not be read back: choose the file again",
    ],
    ["no rows at all", async () => ({ ...(await bkashRows()), rows: "[]" }), "file", "The file has no rows."],
    [
      "no date column",
      async () => ({ ...(await bkashRows()), dateColumn: "" }),
      "dateColumn",
      "Choose the date column",
    ],
    [
      "no date format",
      async () => ({ ...(await bkashRows()), dateFormat: "" }),
      "dateFormat",
      "Choose the date format the file uses",
    ],
    [
      "a column chosen twice",
      async () => ({ ...(await bkashRows()), balanceColumn: "2" }),
      "balanceColumn",
      "Column C is already the amount column: choose another for the balance column",
    ],
    [
      "a column beyond the file",
      async () => ({ ...(await bkashRows()), referenceColumn: "9" }),
      "referenceColumn",
      "Column J is beyond the file's 4 columns: choose another for the reference column",
    ],
    [
      "split without a credit column",
      () => splitFile(["2025-07-01,In,,100"], { creditColumn: "" }),
      "creditColumn",
      "Choose the credit (money in) column",
    ],
    [
      "too many header rows",
      async () => ({ ...(await bkashRows()), headerRows: "99" }),
      "headerRows",
      "Header rows must be a whole number from 0 to 50",
    ],
    [
      "every row skipped",
      async () => ({ ...(await bkashRows()), footerRows: "2" }),
      "headerRows",
      "The file has 3 rows: skipping 1 header and 2 footer rows leaves none to import",
    ],
    [
      "an unreadable date",
      () => splitFile(["2025-02-30,In,,100"]),
      "rows",
      "1 row has problems: correct the file or the columns",
    ],
    [
      "debit and credit both filled",
      () => splitFile(["2025-07-01,In,5,100"]),
      "rows",
      "1 row has problems: correct the file or the columns",
    ],
    [
      "neither debit nor credit",
      () => splitFile(["2025-07-01,In,,"]),
      "rows",
      "1 row has problems: correct the file or the columns",
    ],
    [
      "a description too long",
      () => splitFile([`2025-07-01,${"x".repeat(600)},,60`]),
      "rows",
      "1 row has problems: correct the file or the columns",
    ],
    [
      "a broken running balance",
      async () =>
        formOf(
          "1200",
          "b.csv",
          csv(["Date,Description,Amount,Balance", "2025-07-01,In,100,100", "2025-07-02,Out,-40,70"]),
        ),
      "rows",
      "1 row has problems: correct the file or the columns",
    ],
    [
      "no opening balance without a balance column",
      () => splitFile(["2025-07-01,In,,60"], { openingBalance: "" }),
      "openingBalance",
      "Opening balance is required: the file has no balance column mapped",
    ],
    [
      "a closing balance not an amount",
      () => splitFile(["2025-07-01,In,,60"], { closingBalance: "sixty" }),
      "closingBalance",
      "Closing balance must be an amount with at most 2 decimals, like 12,500.00 or -300",
    ],
    [
      "balances that do not add up",
      () => splitFile(["2025-07-01,In,,60", "2025-07-02,Fee,5,"]),
      "closingBalance",
      "Opening ৳0.00 + the lines ৳55.00 = ৳55.00, not the closing balance ৳60.00: a difference of ৳5.00",
    ],
  ];

  beforeAll(async () => {
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.code, "1210"));
  });

  it.each(cases)("%s", async (_name, values, field, message) => {
    const form = await values();
    const before = await tableFingerprint(TABLES);
    const result = await importStatement(getDb(), ACTOR, form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal).toBe("invalid");
    expect(result.errors[field]).toBe(message);
    expect(result.message).toBe(`Nothing was imported: ${Object.values(result.errors)[0]}`);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("counts at least 20 malformed inputs", () => expect(cases.length).toBeGreaterThanOrEqual(20));

  it("reads no empty, binary, .xls or too-large file", async () => {
    expect(await readStatementFile("e.csv", new Uint8Array())).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.empty,
    });
    expect(await readStatementFile("e.csv", csv(["", "  "]))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.empty,
    });
    expect(await readStatementFile("p.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0xff, 0xfe]))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.binary,
    });
    expect(await readStatementFile("old.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2]))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.xls,
    });
    expect(await readStatementFile("z.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.xlsxUnreadable,
    });
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet("Sheet1");
    expect(await readStatementFile("none.xlsx", new Uint8Array(await empty.xlsx.writeBuffer()))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.xlsxNoRows,
    });
    expect(await readStatementFile("big.csv", new Uint8Array(5 * 1024 * 1024 + 1).fill(65))).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.tooBig,
    });
    const many = csv(["Date,Description,Amount", ...Array.from({ length: 10_001 }, (_, i) => `2025-01-01,x${i},1`)]);
    expect(await readStatementFile("many.csv", many)).toEqual({
      ok: false,
      message: STATEMENT_FILE_MESSAGES.tooManyRows,
    });
    expect(await readStatementFile("q.csv", csv(["Date,Description", '2025-01-01,"open']))).toEqual({
      ok: false,
      message: "The file is not valid CSV at row 2 (line 2): a quote opened there is never closed",
    });
  });

  it("reads semicolon and tab files and drops a byte-order mark", async () => {
    const semi = await readStatementFile(
      "s.csv",
      new TextEncoder().encode('\uFEFFDate;Description;Amount\n2025-01-01;"a; b";1,5'),
    );
    expect(semi).toMatchObject({
      ok: true,
      rows: [
        ["Date", "Description", "Amount"],
        ["2025-01-01", "a; b", "1,5"],
      ],
      width: 3,
    });
    const tab = await readStatementFile(
      "t.tsv",
      new TextEncoder().encode("Date\tDescription\tAmount\n2025-01-01\ta, b\t1\n\n"),
    );
    expect(tab).toMatchObject({
      ok: true,
      rows: [
        ["Date", "Description", "Amount"],
        ["2025-01-01", "a, b", "1"],
      ],
    });
  });
});

describe("two imports of the same lines at once", () => {
  it.skipIf(process.env.DATABASE_URL === undefined)(
    "store the lines once: the second is refused by bank_statement_lines_fingerprint_unique (PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      const values = await formOf(
        "1100",
        "june.csv",
        csv(["Txn Date,Particulars,Withdrawal,Deposit", "02/06/2025,Rent,500.00,", "03/06/2025,Receipt,,800.00"]),
        { openingBalance: "100", closingBalance: "400" },
      );
      const count = async () =>
        (
          await queryRows<{ n: number }>(
            getDb(),
            sql`select count(*)::int as n from bank_statement_lines where account_id = ${BANK} and date >= '2025-06-01'`,
          )
        )[0]!.n;
      // A third connection holds the account's row: both imports judge the lines new, then wait at their statement's
      // insert (its key on the account) until it lets go; the second then meets the first's lines in the unique key.
      const blocker = await pool.connect();
      try {
        await blocker.query("begin");
        await blocker.query("select id from chart_of_accounts where id = $1 for update", [BANK]);
        const both = Promise.all([importStatement(getDb(), ACTOR, values), importStatement(getDb(), ACTOR, values)]);
        for (;;) {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.n >= 2) break;
          await new Promise((r) => setImmediate(r));
        }
        await blocker.query("commit");
        const results = await both;
        expect(results.filter((r) => r.ok)).toMatchObject([{ imported: 2 }]);
        expect(results.filter((r) => !r.ok)).toMatchObject([
          { refusal: "conflict", message: IMPORT_MESSAGES.concurrent, errors: { form: IMPORT_MESSAGES.concurrent } },
        ]);
      } finally {
        blocker.release();
      }
      expect(await count()).toBe(2);
      expect(
        await getDb()
          .select({ id: bankStatements.id })
          .from(bankStatements)
          .where(eq(bankStatements.fileName, "june.csv")),
      ).toHaveLength(1);
    },
  );
});
