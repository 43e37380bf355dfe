import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  columnLetter,
  emptyMappingForm,
  fingerprintTexts,
  guessDateFormat,
  guessMapping,
  parseBalanceField,
  parseMappingForm,
  parseStatementAmount,
  parseStatementDate,
  readStatementRow,
  readStatementRows,
  type MappingFormValues,
  type StatementMapping,
} from "./statement-mapping";

const fixture = (name: string): string[][] =>
  parse(readFileSync(path.resolve("tests/fixtures/statements", name), "utf8"), { relax_column_count: true, bom: true });

const signed: StatementMapping = {
  dateColumn: 0,
  dateFormat: "YYYY-MM-DD",
  descriptionColumn: 1,
  referenceColumn: 2,
  amountMode: "signed",
  amountColumn: 3,
  debitColumn: null,
  creditColumn: null,
  balanceColumn: 4,
  headerRows: 1,
  footerRows: 0,
};
const split: StatementMapping = {
  ...signed,
  dateFormat: "DD/MM/YYYY",
  amountMode: "split",
  amountColumn: null,
  debitColumn: 3,
  creditColumn: 4,
  balanceColumn: null,
};

const form = (over: Partial<MappingFormValues>): MappingFormValues => ({
  ...emptyMappingForm(),
  dateColumn: "0",
  dateFormat: "YYYY-MM-DD",
  descriptionColumn: "1",
  amountMode: "signed",
  amountColumn: "2",
  ...over,
});

describe("columnLetter", () => {
  it("names columns as a spreadsheet does", () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(columnLetter)).toEqual(["A", "B", "Z", "AA", "AB", "AZ", "BA"]);
  });
});

describe("parseStatementDate", () => {
  it.each([
    ["2025-03-05", "YYYY-MM-DD", "2025-03-05"],
    ["2025-3-5 14:02:11", "YYYY-MM-DD", "2025-03-05"],
    ["05/03/2025", "DD/MM/YYYY", "2025-03-05"],
    ["5/3/2025", "DD/MM/YYYY", "2025-03-05"],
    ["03/05/2025", "MM/DD/YYYY", "2025-03-05"],
    ["05-03-2025", "DD-MM-YYYY", "2025-03-05"],
    ["05.03.2025", "DD.MM.YYYY", "2025-03-05"],
    ["05-Mar-2025", "DD-MMM-YYYY", "2025-03-05"],
    ["05-MAR-2025 10:15 AM", "DD-MMM-YYYY", "2025-03-05"],
    ["5 September 2025", "DD MMM YYYY", "2025-09-05"],
    ["05 Sept 2025", "DD MMM YYYY", "2025-09-05"],
    ["Mar 05, 2025", "MMM DD, YYYY", "2025-03-05"],
    ["29/02/2024", "DD/MM/YYYY", "2024-02-29"],
  ] as const)("reads %s as %s", (text, format, iso) => expect(parseStatementDate(text, format)).toBe(iso));

  it.each([
    ["31/02/2025", "DD/MM/YYYY"],
    ["29/02/2025", "DD/MM/YYYY"],
    ["13/13/2025", "DD/MM/YYYY"],
    ["2025-03-05", "DD/MM/YYYY"],
    ["05/03/25", "DD/MM/YYYY"],
    ["05-Max-2025", "DD-MMM-YYYY"],
    ["Total", "YYYY-MM-DD"],
    ["0000-01-01", "YYYY-MM-DD"],
  ] as const)("refuses %s as %s", (text, format) => expect(parseStatementDate(text, format)).toBeNull());

  it("guesses the format most values read as, the day before the month on a tie", () => {
    expect(guessDateFormat(["05/03/2025", "06/03/2025"])).toBe("DD/MM/YYYY");
    expect(guessDateFormat(["03/05/2025", "03/25/2025"])).toBe("MM/DD/YYYY");
    expect(guessDateFormat(["15-Apr-2025", "Total"])).toBe("DD-MMM-YYYY");
    expect(guessDateFormat(["", "n/a"])).toBeNull();
  });
});

describe("parseStatementAmount", () => {
  it.each([
    ["1,25,000.50", 12500050n],
    ["1,23,45,678", 1234567800n],
    ["1,234,567.89", 123456789n],
    ["12,500.00", 1250000n],
    ["৳ 500", 50000n],
    ["৳500.5", 50050n],
    ["Tk. 500", 50000n],
    ["tk500", 50000n],
    ["BDT 1,000", 100000n],
    ["-500", -50000n],
    ["−500.25", -50025n],
    ["+20", 2000n],
    ["(1,000.00)", -100000n],
    ["500.00 Dr", -50000n],
    ["500.00DR", -50000n],
    ["500.00 Cr", 50000n],
    ["0.00", 0n],
  ])("reads %s", (text, paisa) => expect(parseStatementAmount(text)).toEqual({ kind: "ok", paisa }));

  it.each(["", "  ", "-"])("reads %j as empty", (text) =>
    expect(parseStatementAmount(text)).toEqual({ kind: "empty" }),
  );

  it.each([
    ["12.345", "has more than 2 decimals"],
    ["abc", "is not an amount"],
    ["1.2.3", "is not an amount"],
    ["(500) Dr", "is not an amount"],
    ["--5", "is not an amount"],
    ["1,0000", "is not an amount"],
    // A decimal comma is not read as a thousands separator (it would be 100 times the amount).
    ["123,45", "is not an amount"],
    ["1,234,56", "is not an amount"],
    ["1.234,56", "is not an amount"],
  ])("refuses %s: %s", (text, problem) => expect(parseStatementAmount(text)).toEqual({ kind: "bad", problem }));

  it.each(["99999999999999", "100000000.00", "(10,00,00,000)", "100,000,000 Dr"])(
    "refuses %s: beyond the typed bound, either sign",
    (text) =>
      expect(parseStatementAmount(text)).toEqual({
        kind: "bad",
        problem: "is more than ৳99,999,999.99, the most an amount can be",
        tooLarge: true,
      }),
  );

  it("reads ৳99,999,999.99 and its negative, the typed bound", () => {
    expect(parseStatementAmount("99,999,999.99")).toEqual({ kind: "ok", paisa: 9_999_999_999n });
    expect(parseStatementAmount("9,99,99,999.99 Dr")).toEqual({ kind: "ok", paisa: -9_999_999_999n });
  });

  it("reads typed balances, naming the field", () => {
    expect(parseBalanceField("-300", "openingBalance")).toEqual({ ok: true, paisa: -30000n });
    expect(parseBalanceField("", "closingBalance")).toEqual({
      ok: false,
      message: "Closing balance is required: the file has no balance column mapped",
    });
    expect(parseBalanceField("12,5x", "openingBalance")).toEqual({
      ok: false,
      message: "Opening balance must be an amount with at most 2 decimals, like 12,500.00 or -300",
    });
    expect(parseBalanceField("-100,000,000", "closingBalance")).toEqual({
      ok: false,
      message: "Closing balance must be at most ৳99,999,999.99",
    });
  });
});

describe("parseMappingForm", () => {
  const file = { width: 5, rowCount: 10 };

  it("reads a signed and a split mapping", () => {
    expect(parseMappingForm(form({ balanceColumn: "4", referenceColumn: "3" }), file)).toEqual({
      ok: true,
      mapping: {
        dateColumn: 0,
        dateFormat: "YYYY-MM-DD",
        descriptionColumn: 1,
        referenceColumn: 3,
        amountMode: "signed",
        amountColumn: 2,
        debitColumn: null,
        creditColumn: null,
        balanceColumn: 4,
        headerRows: 1,
        footerRows: 0,
      },
    });
    const r = parseMappingForm(
      form({ amountMode: "split", amountColumn: "", debitColumn: "2", creditColumn: "3", footerRows: "2" }),
      file,
    );
    expect(r).toMatchObject({
      ok: true,
      mapping: { amountMode: "split", debitColumn: 2, creditColumn: 3, footerRows: 2 },
    });
  });

  it.each<[string, Partial<MappingFormValues>, Record<string, string>]>([
    ["no date column", { dateColumn: "" }, { dateColumn: "Choose the date column" }],
    ["no date format", { dateFormat: "YYYY/DD/MM" }, { dateFormat: "Choose the date format the file uses" }],
    ["no description", { descriptionColumn: "" }, { descriptionColumn: "Choose the description column" }],
    [
      "a column not a number",
      { descriptionColumn: "B" },
      { descriptionColumn: "Choose the description column from the list" },
    ],
    [
      "a column chosen twice",
      { descriptionColumn: "0" },
      { descriptionColumn: "Column A is already the date column: choose another for the description column" },
    ],
    [
      "a column beyond the file",
      { balanceColumn: "7" },
      { balanceColumn: "Column H is beyond the file's 5 columns: choose another for the balance column" },
    ],
    ["signed without its column", { amountColumn: "" }, { amountColumn: "Choose the amount column" }],
    [
      "signed with a debit column",
      { debitColumn: "3" },
      { debitColumn: "One amount column is chosen: leave the debit (money out) column empty" },
    ],
    [
      "split without the credit column",
      { amountMode: "split", amountColumn: "", debitColumn: "2" },
      { creditColumn: "Choose the credit (money in) column" },
    ],
    [
      "split with an amount column",
      { amountMode: "split", debitColumn: "3", creditColumn: "4" },
      { amountColumn: "Separate debit and credit columns are chosen: leave the amount column empty" },
    ],
    [
      "no amount mode",
      { amountMode: "both" },
      { amountMode: "Choose how the file gives amounts: one column with a sign, or debit and credit columns" },
    ],
    [
      "header rows out of range",
      { headerRows: "51" },
      { headerRows: "Header rows must be a whole number from 0 to 50" },
    ],
    [
      "footer rows not a number",
      { footerRows: "-1" },
      { footerRows: "Footer rows must be a whole number from 0 to 50" },
    ],
    [
      "skipping every row",
      { headerRows: "6", footerRows: "4" },
      { headerRows: "The file has 10 rows: skipping 6 header and 4 footer rows leaves none to import" },
    ],
  ])("refuses %s, naming the field", (_name, over, errors) => {
    expect(parseMappingForm(form(over), file)).toEqual({ ok: false, errors });
  });
});

describe("readStatementRow", () => {
  it("reads a signed row and a split row", () => {
    expect(readStatementRow(["2025-03-02", "  Cash  In ", "BK1", "5,000.00", "5,000.00"], 2, signed)).toEqual({
      ok: true,
      line: {
        rowNo: 2,
        date: "2025-03-02",
        description: "Cash In",
        reference: "BK1",
        amount: 500000n,
        balance: 500000n,
      },
    });
    expect(readStatementRow(["03/03/2025", "Cheque", "", "12,500.00", "0.00"], 4, split)).toMatchObject({
      ok: true,
      line: { amount: -1250000n, reference: null, balance: null },
    });
    expect(readStatementRow(["03/03/2025", "Deposit", "", "", "৳ 700"], 4, split)).toMatchObject({
      ok: true,
      line: { amount: 70000n },
    });
  });

  it.each<[string, string[], StatementMapping, string[]]>([
    [
      "an unreadable date",
      ["31/02/2025", "x", "", "5", ""],
      split,
      ['Row 7, column A (date): "31/02/2025" is not a date written DD/MM/YYYY'],
    ],
    ["an empty date", ["", "x", "", "5", ""], split, ["Row 7, column A (date): the date is empty"]],
    [
      "both debit and credit",
      ["01/03/2025", "x", "", "5", "6"],
      split,
      ["Row 7, columns D and E (debit and credit): both are filled; a line is money out or money in"],
    ],
    [
      "neither",
      ["01/03/2025", "x", "", "", ""],
      split,
      ["Row 7, columns D and E (debit and credit): neither is filled"],
    ],
    [
      "a zero amount in split",
      ["01/03/2025", "x", "", "0.00", "0"],
      split,
      ["Row 7, columns D and E (debit and credit): neither is filled (the amount is 0)"],
    ],
    ["a zero signed amount", ["2025-03-01", "x", "", "0", "5"], signed, ["Row 7, column D (amount): the amount is 0"]],
    [
      "3 decimals",
      ["2025-03-01", "x", "", "1.005", "5"],
      signed,
      ['Row 7, column D (amount): "1.005" has more than 2 decimals'],
    ],
    ["an empty balance", ["2025-03-01", "x", "", "1", ""], signed, ["Row 7, column E (balance): the balance is empty"]],
    [
      "a long description",
      ["2025-03-01", "d".repeat(501), "", "1", "1"],
      signed,
      ["Row 7, column B (description): the description is longer than 500 characters"],
    ],
    [
      "a long reference",
      ["2025-03-01", "x", "r".repeat(101), "1", "1"],
      signed,
      ["Row 7, column C (reference): the reference is longer than 100 characters"],
    ],
    [
      "a debit not an amount",
      ["01/03/2025", "x", "", "abc", ""],
      split,
      ['Row 7, column D (debit): "abc" is not an amount'],
    ],
  ])("names %s with its row and column", (_name, cells, mapping, messages) => {
    const read = readStatementRow(cells, 7, mapping);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems.map((p) => p.message)).toEqual(messages);
  });
});

describe("readStatementRows", () => {
  it("reads a wallet's file in order, its balances giving opening and closing", () => {
    const read = readStatementRows(fixture("bkash-signed.csv"), signed);
    expect(read.newestFirst).toBe(false);
    expect(read.rows.map((r) => r.problems)).toEqual([[], [], [], [], []]);
    expect(read.lines.map((l) => l.amount)).toEqual([500000n, -150000n, -500n, 250050n, -99550n]);
    expect([read.balanceOpening, read.balanceClosing]).toEqual([0n, 500000n]);
  });

  it("reads a newest-first file bottom-up and checks its running balance", () => {
    const rows = fixture("newest-first.csv");
    const mapping: StatementMapping = {
      ...split,
      dateFormat: "DD-MMM-YYYY",
      balanceColumn: 5,
    };
    const read = readStatementRows(rows, mapping);
    expect(read.newestFirst).toBe(true);
    expect(read.lines.map((l) => l.rowNo)).toEqual([5, 4, 3, 2]);
    expect(read.lines[0]).toMatchObject({ description: "Bank charge, cheque book", amount: -100000n });
    expect([read.balanceOpening, read.balanceClosing]).toEqual([6100000n, 8025000n]);

    const broken = rows.map((r) => [...r]);
    broken[3]![5] = "1,00,100.00";
    const bad = readStatementRows(broken, mapping);
    expect(bad.rows.find((r) => r.rowNo === 4)!.problems).toEqual([
      "Row 4, column F (balance): ৳100,100.00 does not follow from the row before (৳60,000.00 + ৳40,000.00 = ৳100,000.00)",
    ]);
    // The next row (in date order) is checked against the file's balance before it, so it is named too.
    expect(bad.rows.find((r) => r.rowNo === 3)!.problems).toEqual([
      "Row 3, column F (balance): ৳100,250.00 does not follow from the row before (৳100,100.00 + ৳250.00 = ৳100,350.00)",
    ]);
    expect(bad.rows.find((r) => r.rowNo === 2)!.problems).toEqual([]);
    expect(bad.balanceOpening).toBe(6100000n);
  });

  it("skips header, footer and blank rows, numbering rows as the file does", () => {
    const rows = fixture("bank-debit-credit.csv");
    const read = readStatementRows([...rows.slice(0, 4), [""], ...rows.slice(4)], {
      ...split,
      headerRows: 2,
      footerRows: 1,
    });
    expect(read.rows.map((r) => r.rowNo)).toEqual([3, 4, 6, 7, 8]);
    expect(read.rows.every((r) => r.problems.length === 0)).toBe(true);
  });
});

describe("guessMapping", () => {
  it("finds a bank's columns below a title row, its date format and its totals footer", () => {
    expect(guessMapping(fixture("bank-debit-credit.csv"))).toEqual({
      ...emptyMappingForm(),
      dateColumn: "0",
      dateFormat: "DD/MM/YYYY",
      descriptionColumn: "1",
      referenceColumn: "2",
      amountMode: "split",
      debitColumn: "3",
      creditColumn: "4",
      headerRows: "2",
      footerRows: "1",
    });
  });

  it("finds a wallet's signed amount and balance, and a newest-first file's", () => {
    expect(guessMapping(fixture("bkash-signed.csv"))).toMatchObject({
      dateFormat: "YYYY-MM-DD",
      referenceColumn: "2",
      amountMode: "signed",
      amountColumn: "3",
      balanceColumn: "4",
      headerRows: "1",
      footerRows: "0",
    });
    expect(guessMapping(fixture("newest-first.csv"))).toMatchObject({
      dateColumn: "0",
      dateFormat: "DD-MMM-YYYY",
      descriptionColumn: "1",
      referenceColumn: "2",
      amountMode: "split",
      debitColumn: "3",
      creditColumn: "4",
      balanceColumn: "5",
    });
  });

  it("leaves the columns to choose when no row looks like a header", () => {
    expect(
      guessMapping([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toEqual({ ...emptyMappingForm(), headerRows: "0" });
  });
});

describe("fingerprintTexts", () => {
  it("normalises text and counts identical lines of the file", () => {
    const line = {
      rowNo: 2,
      date: "2025-03-05",
      description: " SMS  Charge ",
      reference: null,
      amount: -2300n,
      balance: null,
    };
    expect(
      fingerprintTexts([line, { ...line, rowNo: 3, description: "sms charge" }, { ...line, amount: -2400n }]),
    ).toEqual(["2025-03-05|-2300|sms charge||0", "2025-03-05|-2300|sms charge||1", "2025-03-05|-2400|sms charge||0"]);
  });
});
