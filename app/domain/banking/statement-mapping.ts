import { formFields } from "../../lib/form-data";
import { formatShortDate, formatSignedMoney } from "../../lib/format";
import { fromPaisa, TYPED_MONEY_MAX_LABEL, TYPED_MONEY_MAX_PAISA, typedMoneyTooLargeMessage } from "../../lib/money";
import {
  AMOUNT_MODES,
  STATEMENT_DATE_FORMATS,
  STATEMENT_MAX_SKIPPED_ROWS,
  type AmountMode,
  type StatementDateFormat,
} from "./constants";

// A bank statement's columns (issue 23): the mapping an account keeps of its bank's file (which column holds the
// date and in which format, the description, the reference, the amount as one signed column or as debit and credit,
// the balance; header and footer rows skipped), read from the import's form or guessed from the file's header row,
// and one row of the file read through it into a statement line. Amounts are signed: + money in, − money out; a
// debit (the bank's word for money out of the account) is negative. Browser-safe: no hashing, no database.

/** The most a statement line's description and reference may hold (characters). */
export const STATEMENT_TEXT_LIMITS = { description: 500, reference: 100 } as const;
/** The most columns a statement file may have. */
export const STATEMENT_MAX_COLUMNS = 50;
/** The rows of the file shown above the mapping form. */
export const STATEMENT_SAMPLE_ROWS = 8;

export interface StatementMapping {
  /** 0-based positions in the file's rows. */
  dateColumn: number;
  dateFormat: StatementDateFormat;
  descriptionColumn: number;
  referenceColumn: number | null;
  amountMode: AmountMode;
  amountColumn: number | null;
  debitColumn: number | null;
  creditColumn: number | null;
  balanceColumn: number | null;
  headerRows: number;
  footerRows: number;
}

/** The mapping form as typed: columns are 0-based positions as text, "" for none. */
export interface MappingFormValues {
  dateColumn: string;
  dateFormat: string;
  descriptionColumn: string;
  referenceColumn: string;
  amountMode: string;
  amountColumn: string;
  debitColumn: string;
  creditColumn: string;
  balanceColumn: string;
  headerRows: string;
  footerRows: string;
}

export const MAPPING_FIELDS = [
  "dateColumn",
  "dateFormat",
  "descriptionColumn",
  "referenceColumn",
  "amountMode",
  "amountColumn",
  "debitColumn",
  "creditColumn",
  "balanceColumn",
  "headerRows",
  "footerRows",
] as const satisfies readonly (keyof MappingFormValues)[];

type ColumnField =
  | "dateColumn"
  | "descriptionColumn"
  | "referenceColumn"
  | "amountColumn"
  | "debitColumn"
  | "creditColumn"
  | "balanceColumn";

/** What each column of the mapping is, inside a sentence ("Column C is already the date column"). */
export const COLUMN_FIELD_NOUNS: Record<ColumnField, string> = {
  dateColumn: "the date column",
  descriptionColumn: "the description column",
  referenceColumn: "the reference column",
  amountColumn: "the amount column",
  debitColumn: "the debit (money out) column",
  creditColumn: "the credit (money in) column",
  balanceColumn: "the balance column",
};

/** A row's cell names as the preview shows them beside a problem. */
const CELL_NAMES: Record<ColumnField, string> = {
  dateColumn: "date",
  descriptionColumn: "description",
  referenceColumn: "reference",
  amountColumn: "amount",
  debitColumn: "debit",
  creditColumn: "credit",
  balanceColumn: "balance",
};

export const DATE_FORMAT_LABELS: Record<StatementDateFormat, string> = {
  "YYYY-MM-DD": "YYYY-MM-DD (2025-03-05)",
  "DD/MM/YYYY": "DD/MM/YYYY (05/03/2025)",
  "MM/DD/YYYY": "MM/DD/YYYY (03/05/2025)",
  "DD-MM-YYYY": "DD-MM-YYYY (05-03-2025)",
  "DD.MM.YYYY": "DD.MM.YYYY (05.03.2025)",
  "DD-MMM-YYYY": "DD-MMM-YYYY (05-Mar-2025)",
  "DD MMM YYYY": "DD MMM YYYY (05 Mar 2025)",
  "MMM DD, YYYY": "MMM DD, YYYY (Mar 05, 2025)",
};

export const MAPPING_MESSAGES = {
  columnRequired: (field: ColumnField) => `Choose ${COLUMN_FIELD_NOUNS[field]}`,
  columnInvalid: (field: ColumnField) => `Choose ${COLUMN_FIELD_NOUNS[field]} from the list`,
  columnBeyond: (field: ColumnField, column: number, width: number) =>
    `Column ${columnLetter(column)} is beyond the file's ${width} ${width === 1 ? "column" : "columns"}: choose another for ${COLUMN_FIELD_NOUNS[field]}`,
  columnTwice: (field: ColumnField, column: number, other: ColumnField) =>
    `Column ${columnLetter(column)} is already ${COLUMN_FIELD_NOUNS[other]}: choose another for ${COLUMN_FIELD_NOUNS[field]}`,
  dateFormatRequired: "Choose the date format the file uses",
  amountModeRequired: "Choose how the file gives amounts: one column with a sign, or debit and credit columns",
  amountNotInSplit: "Separate debit and credit columns are chosen: leave the amount column empty",
  splitNotInSigned: (field: "debitColumn" | "creditColumn") =>
    `One amount column is chosen: leave ${COLUMN_FIELD_NOUNS[field]} empty`,
  skippedRows: (field: "headerRows" | "footerRows") =>
    `${field === "headerRows" ? "Header rows" : "Footer rows"} must be a whole number from 0 to ${STATEMENT_MAX_SKIPPED_ROWS}`,
  noRowsLeft: (rows: number, header: number, footer: number) =>
    `The file has ${rows} ${rows === 1 ? "row" : "rows"}: skipping ${header} header and ${footer} footer ${header + footer === 1 ? "row" : "rows"} leaves none to import`,
  failed: (reason: string) => `Failed to read the statement: ${reason}`,
} as const;

/** 0 → "A", 25 → "Z", 26 → "AA": the column as a spreadsheet names it. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The mapping as the form shows it. */
export function mappingToFormValues(mapping: StatementMapping): MappingFormValues {
  const col = (c: number | null) => (c === null ? "" : String(c));
  return {
    dateColumn: col(mapping.dateColumn),
    dateFormat: mapping.dateFormat,
    descriptionColumn: col(mapping.descriptionColumn),
    referenceColumn: col(mapping.referenceColumn),
    amountMode: mapping.amountMode,
    amountColumn: col(mapping.amountColumn),
    debitColumn: col(mapping.debitColumn),
    creditColumn: col(mapping.creditColumn),
    balanceColumn: col(mapping.balanceColumn),
    headerRows: String(mapping.headerRows),
    footerRows: String(mapping.footerRows),
  };
}

export function emptyMappingForm(): MappingFormValues {
  return {
    dateColumn: "",
    dateFormat: "",
    descriptionColumn: "",
    referenceColumn: "",
    amountMode: "signed",
    amountColumn: "",
    debitColumn: "",
    creditColumn: "",
    balanceColumn: "",
    headerRows: "1",
    footerRows: "0",
  };
}

/**
 * The mapping the form asks for, checked against a file `width` columns wide with `rowCount` rows; or one message
 * per field (a column missing, chosen twice, beyond the file's width; split without both columns; rows to skip out
 * of range or leaving nothing).
 */
export function parseMappingForm(
  values: MappingFormValues,
  file: { width: number; rowCount: number },
): { ok: true; mapping: StatementMapping } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const taken = new Map<number, ColumnField>();
  const column = (field: ColumnField, required: boolean): number | null => {
    const raw = (values[field] ?? "").trim();
    if (raw === "") {
      if (required) errors[field] = MAPPING_MESSAGES.columnRequired(field);
      return null;
    }
    if (!/^\d{1,3}$/.test(raw)) {
      errors[field] = MAPPING_MESSAGES.columnInvalid(field);
      return null;
    }
    const n = Number(raw);
    if (n >= file.width) {
      errors[field] = MAPPING_MESSAGES.columnBeyond(field, n, file.width);
      return null;
    }
    const other = taken.get(n);
    if (other) {
      errors[field] = MAPPING_MESSAGES.columnTwice(field, n, other);
      return null;
    }
    taken.set(n, field);
    return n;
  };

  const dateColumn = column("dateColumn", true);
  const dateFormat = (STATEMENT_DATE_FORMATS as readonly string[]).includes(values.dateFormat)
    ? (values.dateFormat as StatementDateFormat)
    : null;
  if (!dateFormat) errors.dateFormat = MAPPING_MESSAGES.dateFormatRequired;
  const descriptionColumn = column("descriptionColumn", true);
  const referenceColumn = column("referenceColumn", false);
  const amountMode = (AMOUNT_MODES as readonly string[]).includes(values.amountMode)
    ? (values.amountMode as AmountMode)
    : null;
  if (!amountMode) errors.amountMode = MAPPING_MESSAGES.amountModeRequired;
  let amountColumn: number | null = null;
  let debitColumn: number | null = null;
  let creditColumn: number | null = null;
  if (amountMode === "signed") {
    amountColumn = column("amountColumn", true);
    for (const f of ["debitColumn", "creditColumn"] as const)
      if ((values[f] ?? "").trim() !== "") errors[f] = MAPPING_MESSAGES.splitNotInSigned(f);
  } else if (amountMode === "split") {
    if ((values.amountColumn ?? "").trim() !== "") errors.amountColumn = MAPPING_MESSAGES.amountNotInSplit;
    debitColumn = column("debitColumn", true);
    creditColumn = column("creditColumn", true);
  }
  const balanceColumn = column("balanceColumn", false);

  const skipped = (field: "headerRows" | "footerRows"): number | null => {
    const raw = (values[field] ?? "").trim();
    if (!/^\d{1,2}$/.test(raw) || Number(raw) > STATEMENT_MAX_SKIPPED_ROWS) {
      errors[field] = MAPPING_MESSAGES.skippedRows(field);
      return null;
    }
    return Number(raw);
  };
  const headerRows = skipped("headerRows");
  const footerRows = skipped("footerRows");
  if (headerRows !== null && footerRows !== null && headerRows + footerRows >= file.rowCount)
    errors.headerRows = MAPPING_MESSAGES.noRowsLeft(file.rowCount, headerRows, footerRows);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    mapping: {
      dateColumn: dateColumn!,
      dateFormat: dateFormat!,
      descriptionColumn: descriptionColumn!,
      referenceColumn,
      amountMode: amountMode!,
      amountColumn,
      debitColumn,
      creditColumn,
      balanceColumn,
      headerRows: headerRows!,
      footerRows: footerRows!,
    },
  };
}

// ------------------------------------------------------------------------------------------------------ dates

const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

function monthOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (w.length < 3) return null;
  if (w === "sept") return 8;
  const i = MONTH_NAMES.findIndex((name) => name.startsWith(w));
  return i < 0 ? null : i;
}

/** A time of day some banks and wallets write after the date ("10:15", "10:15:32 AM"): ignored. */
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp][Mm])?)?`;

const DATE_PATTERNS: Record<StatementDateFormat, { re: RegExp; order: "ymd" | "dmy" | "mdy" }> = {
  "YYYY-MM-DD": { re: new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}$`), order: "ymd" },
  "DD/MM/YYYY": { re: new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`), order: "dmy" },
  "MM/DD/YYYY": { re: new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`), order: "mdy" },
  "DD-MM-YYYY": { re: new RegExp(String.raw`^(\d{1,2})-(\d{1,2})-(\d{4})${TIME}$`), order: "dmy" },
  "DD.MM.YYYY": { re: new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`), order: "dmy" },
  "DD-MMM-YYYY": { re: new RegExp(String.raw`^(\d{1,2})-([A-Za-z]{3,9}\.?)-(\d{4})${TIME}$`), order: "dmy" },
  "DD MMM YYYY": { re: new RegExp(String.raw`^(\d{1,2}) ([A-Za-z]{3,9}\.?) (\d{4})${TIME}$`), order: "dmy" },
  "MMM DD, YYYY": { re: new RegExp(String.raw`^([A-Za-z]{3,9}\.?) (\d{1,2}),? (\d{4})${TIME}$`), order: "mdy" },
};

/** The text as a real calendar date YYYY-MM-DD in `format`, or null (31/02/2025 is not one). */
export function parseStatementDate(text: string, format: StatementDateFormat): string | null {
  const { re, order } = DATE_PATTERNS[format];
  const m = re.exec(text.trim().replace(/\s+/g, " "));
  if (!m) return null;
  const [a, b, c] = [m[1]!, m[2]!, m[3]!];
  const [ys, ms, ds] = order === "ymd" ? [a, b, c] : order === "dmy" ? [c, b, a] : [c, a, b];
  const year = Number(ys);
  const month = /^\d+$/.test(ms) ? Number(ms) - 1 : monthOf(ms);
  const day = Number(ds);
  if (month === null || year < 1900 || year > 2999) return null;
  const d = new Date(Date.UTC(year, month, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month || d.getUTCDate() !== day) return null;
  return `${year}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The date format most of `values` (a column's cells) read as; on a tie the earlier of STATEMENT_DATE_FORMATS
 * (day before month, as Bangladesh writes dates). Null when none reads any of them.
 */
export function guessDateFormat(values: readonly string[]): StatementDateFormat | null {
  const cells = values.map((v) => v.trim()).filter((v) => v !== "");
  let best: StatementDateFormat | null = null;
  let bestCount = 0;
  for (const format of STATEMENT_DATE_FORMATS) {
    const count = cells.filter((v) => parseStatementDate(v, format) !== null).length;
    if (count > bestCount) [best, bestCount] = [format, count];
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------- amounts

export type AmountRead =
  { kind: "empty" } | { kind: "ok"; paisa: bigint } | { kind: "bad"; problem: string; tooLarge?: true };

const TOO_LARGE_PROBLEM = `is more than ${TYPED_MONEY_MAX_LABEL}, the most an amount can be`;

/**
 * A money cell as banks write it, in paisa: "1,25,000.50", "৳ 500", "Tk. 500", "BDT 500", "-500", "−500",
 * "(500.00)", "500 Dr" (negative: money out) and "500 Cr"; at most 2 decimals. Empty (or a dash) reads as empty.
 */
export function parseStatementAmount(text: string): AmountRead {
  let s = text.trim().replace(/\s+/g, " ");
  if (s === "" || s === "-" || s === "–" || s === "—") return { kind: "empty" };
  let negative = false;
  const suffix = /\s?(dr|cr)\.?$/i.exec(s);
  if (suffix) {
    negative = suffix[1]!.toLowerCase() === "dr";
    s = s.slice(0, suffix.index).trim();
  }
  if (/^\(.*\)$/.test(s)) {
    if (negative) return { kind: "bad", problem: "is not an amount" };
    negative = true;
    s = s.slice(1, -1).trim();
  }
  const sign = /^[-−+]/.exec(s);
  if (sign) {
    if (sign[0] !== "+") {
      if (negative) return { kind: "bad", problem: "is not an amount" };
      negative = true;
    }
    s = s.slice(1).trim();
  }
  s = s.replace(/^(?:৳|tk\.?|bdt)\s?/i, "").replace(/\s?(?:৳|tk\.?|bdt)$/i, "");
  // Thousands grouped in threes (1,234,567) or the Indian way (12,34,567), or none; "123,45" is not 12,345.
  const m = /^(\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3}|\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return { kind: "bad", problem: "is not an amount" };
  const fraction = m[2] ?? "";
  if (fraction.length > 2) return { kind: "bad", problem: "has more than 2 decimals" };
  const whole = m[1]!.replace(/,/g, "");
  // A line or a balance is a typed amount (issue 38): at most TYPED_MONEY_MAX either way, so their sums fit.
  const paisa = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  if (paisa > TYPED_MONEY_MAX_PAISA) return { kind: "bad", problem: TOO_LARGE_PROBLEM, tooLarge: true };
  return { kind: "ok", paisa: negative ? -paisa : paisa };
}

// ------------------------------------------------------------------------------------------------------- rows

export interface StatementLine {
  /** The row in the file, 1-based as a spreadsheet shows it. */
  rowNo: number;
  date: string;
  description: string;
  reference: string | null;
  /** Signed paisa: + in, − out. */
  amount: bigint;
  balance: bigint | null;
}

export interface RowProblem {
  /** The mapping's column field ("dateColumn") the problem is in, or "row". */
  field: ColumnField | "row";
  /** "Row 5, column B (date): ..." */
  message: string;
}

export type RowRead = { ok: true; line: StatementLine } | { ok: false; rowNo: number; problems: RowProblem[] };

const rowPrefix = (rowNo: number, column: number, field: ColumnField) =>
  `Row ${rowNo}, column ${columnLetter(column)} (${CELL_NAMES[field]})`;

const quoted = (s: string) => `"${s.length > 40 ? `${s.slice(0, 40)}…` : s}"`;

/** Text as a person meant it: control characters out, inner whitespace single, trimmed. */
export function cleanCell(value: string | undefined): string {
  return (
    (value ?? "")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** One row of the file (`rowNo` 1-based) read through the mapping into a line, or every problem it has. */
export function readStatementRow(cells: readonly string[], rowNo: number, mapping: StatementMapping): RowRead {
  const problems: RowProblem[] = [];
  const cell = (c: number | null) => (c === null ? "" : cleanCell(cells[c]));
  const bad = (field: ColumnField, column: number, message: string) =>
    problems.push({ field, message: `${rowPrefix(rowNo, column, field)}: ${message}` });

  const dateText = cell(mapping.dateColumn);
  const date = dateText === "" ? null : parseStatementDate(dateText, mapping.dateFormat);
  if (dateText === "") bad("dateColumn", mapping.dateColumn, "the date is empty");
  else if (!date)
    bad("dateColumn", mapping.dateColumn, `${quoted(dateText)} is not a date written ${mapping.dateFormat}`);

  const description = cell(mapping.descriptionColumn);
  if (description.length > STATEMENT_TEXT_LIMITS.description)
    bad(
      "descriptionColumn",
      mapping.descriptionColumn,
      `the description is longer than ${STATEMENT_TEXT_LIMITS.description} characters`,
    );
  const referenceText = cell(mapping.referenceColumn);
  if (mapping.referenceColumn !== null && referenceText.length > STATEMENT_TEXT_LIMITS.reference)
    bad(
      "referenceColumn",
      mapping.referenceColumn,
      `the reference is longer than ${STATEMENT_TEXT_LIMITS.reference} characters`,
    );

  let amount: bigint | null = null;
  if (mapping.amountMode === "signed") {
    const c = mapping.amountColumn!;
    const text = cell(c);
    const read = parseStatementAmount(text);
    if (read.kind === "empty") bad("amountColumn", c, "the amount is empty");
    else if (read.kind === "bad") bad("amountColumn", c, `${quoted(text)} ${read.problem}`);
    else if (read.paisa === 0n) bad("amountColumn", c, "the amount is 0");
    else amount = read.paisa;
  } else {
    const [dc, cc] = [mapping.debitColumn!, mapping.creditColumn!];
    const [dt, ct] = [cell(dc), cell(cc)];
    const [debit, credit] = [parseStatementAmount(dt), parseStatementAmount(ct)];
    if (debit.kind === "bad") bad("debitColumn", dc, `${quoted(dt)} ${debit.problem}`);
    if (credit.kind === "bad") bad("creditColumn", cc, `${quoted(ct)} ${credit.problem}`);
    if (debit.kind !== "bad" && credit.kind !== "bad") {
      // A bank may write 0.00 in the column a line does not use; the magnitude counts, the column gives the sign.
      const out = debit.kind === "ok" && debit.paisa !== 0n ? (debit.paisa < 0n ? -debit.paisa : debit.paisa) : null;
      const inn =
        credit.kind === "ok" && credit.paisa !== 0n ? (credit.paisa < 0n ? -credit.paisa : credit.paisa) : null;
      if (out !== null && inn !== null)
        problems.push({
          field: "debitColumn",
          message: `Row ${rowNo}, columns ${columnLetter(dc)} and ${columnLetter(cc)} (debit and credit): both are filled; a line is money out or money in`,
        });
      else if (out === null && inn === null)
        problems.push({
          field: "debitColumn",
          message: `Row ${rowNo}, columns ${columnLetter(dc)} and ${columnLetter(cc)} (debit and credit): neither is filled${debit.kind === "ok" || credit.kind === "ok" ? " (the amount is 0)" : ""}`,
        });
      else amount = out !== null ? -out : inn;
    }
  }

  let balance: bigint | null = null;
  if (mapping.balanceColumn !== null) {
    const text = cell(mapping.balanceColumn);
    const read = parseStatementAmount(text);
    if (read.kind === "empty") bad("balanceColumn", mapping.balanceColumn, "the balance is empty");
    else if (read.kind === "bad") bad("balanceColumn", mapping.balanceColumn, `${quoted(text)} ${read.problem}`);
    else balance = read.paisa;
  }

  if (problems.length > 0 || !date || amount === null) return { ok: false, rowNo, problems };
  return {
    ok: true,
    line: { rowNo, date, description, reference: referenceText === "" ? null : referenceText, amount, balance },
  };
}

export interface StatementRowResult {
  rowNo: number;
  cells: string[];
  line: StatementLine | null;
  problems: string[];
}

export interface StatementRead {
  /** The data rows (header and footer rows and blank rows left out), in date order. */
  rows: StatementRowResult[];
  /** The file lists its newest line first (it is read bottom-up). */
  newestFirst: boolean;
  /** Good lines in date order. */
  lines: StatementLine[];
  /** With a balance column: opening = the first line's balance − its amount; closing = the last line's balance. */
  balanceOpening: bigint | null;
  balanceClosing: bigint | null;
}

const isBlank = (cells: readonly string[]) => cells.every((c) => cleanCell(c) === "");

/**
 * Every data row of the file read through the mapping, in date order (a newest-first file bottom-up); with a balance
 * column, each row's balance checked against the previous one's plus its amount (the row breaking it is named).
 */
export function readStatementRows(rows: readonly (readonly string[])[], mapping: StatementMapping): StatementRead {
  const data: StatementRowResult[] = [];
  const end = rows.length - mapping.footerRows;
  for (let i = mapping.headerRows; i < end; i++) {
    const cells = rows[i]!;
    if (isBlank(cells)) continue;
    const read = readStatementRow(cells, i + 1, mapping);
    data.push({
      rowNo: i + 1,
      cells: [...cells],
      line: read.ok ? read.line : null,
      problems: read.ok ? [] : read.problems.map((p) => p.message),
    });
  }
  const dated = data.filter((r) => r.line);
  const newestFirst = dated.length > 1 && dated[0]!.line!.date > dated[dated.length - 1]!.line!.date;
  if (newestFirst) data.reverse();

  let balanceOpening: bigint | null = null;
  let balanceClosing: bigint | null = null;
  if (mapping.balanceColumn !== null && data.length > 0 && data.every((r) => r.line)) {
    const lines = data.map((r) => r.line!);
    balanceOpening = lines[0]!.balance! - lines[0]!.amount;
    balanceClosing = lines[lines.length - 1]!.balance!;
    for (let i = 1; i < data.length; i++) {
      const expected = lines[i - 1]!.balance! + lines[i]!.amount;
      if (lines[i]!.balance !== expected) {
        const row = data[i]!;
        row.problems.push(
          `Row ${row.rowNo}, column ${columnLetter(mapping.balanceColumn)} (balance): ${formatSigned(lines[i]!.balance!)} does not follow from the row before (${formatSigned(lines[i - 1]!.balance!)} ${lines[i]!.amount < 0n ? "−" : "+"} ${formatSigned(lines[i]!.amount < 0n ? -lines[i]!.amount : lines[i]!.amount)} = ${formatSigned(expected)})`,
        );
        row.line = null;
      }
    }
  }
  return {
    rows: data,
    newestFirst,
    lines: data.flatMap((r) => (r.line ? [r.line] : [])),
    balanceOpening,
    balanceClosing,
  };
}

/** Paisa as the screens write an amount in a sentence: "৳1,500.00", "−৳200.00". */
export function formatSigned(paisa: bigint): string {
  return formatSignedMoney(fromPaisa(paisa));
}

/** The normalised text a fingerprint takes: trimmed, inner whitespace single, lower case. */
export function normaliseForFingerprint(text: string | null): string {
  return (text ?? "").trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * The text hashed (SHA-256, on the server) into each line's fingerprint, in the order of `lines`:
 * `${date}|${amount paisa}|${description}|${reference}|${n}`, n the count of earlier lines with the same four values.
 */
export function fingerprintTexts(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = `${l.date}|${l.amount}|${normaliseForFingerprint(l.description)}|${normaliseForFingerprint(l.reference)}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return `${key}|${n}`;
  });
}

// ---------------------------------------------------------------------------------------------------- guessing

const HEADER_WORDS: Record<ColumnField, RegExp> = {
  dateColumn: /^(?:txn\.?\s*|transaction\s*|trans\.?\s*|value\s*|posting\s*|booking\s*)?date(?:\s*(?:&|and)\s*time)?$/i,
  descriptionColumn: /^(?:description|particulars?|narration|details?|remarks?|transaction details|memo)$/i,
  referenceColumn:
    /^(?:ref\.?|reference|ref(?:erence)?\.?\s*no\.?|cheque\s*no\.?|chq\.?(?:\s*no\.?)?|chq\.?\/ref\.?(?:\s*no\.?)?|trx\.?\s*id|transaction\s*id|txn\.?\s*id|instrument\s*no\.?)$/i,
  debitColumn:
    /^(?:debit|debits|withdrawal|withdrawals|withdrawal\s*amt\.?|dr\.?|debit\s*amount|money\s*out|paid\s*out)$/i,
  creditColumn: /^(?:credit|credits|deposit|deposits|deposit\s*amt\.?|cr\.?|credit\s*amount|money\s*in|paid\s*in)$/i,
  amountColumn: /^(?:amount|amt\.?|transaction\s*amount|amount\s*\(bdt\)|amount\s*\(tk\.?\))$/i,
  balanceColumn: /^(?:balance|running\s*balance|closing\s*balance|available\s*balance|balance\s*\(bdt\))$/i,
};

const clean = (v: string | undefined) =>
  cleanCell(v)
    .replace(/[:*]$/, "")
    .replace(/\s*\((?:bdt|tk\.?|৳)\)$/i, "")
    .trim();

function headerColumns(cells: readonly string[]): Partial<Record<ColumnField, number>> {
  const found: Partial<Record<ColumnField, number>> = {};
  cells.forEach((raw, i) => {
    const text = clean(raw);
    for (const field of Object.keys(HEADER_WORDS) as ColumnField[])
      if (found[field] === undefined && HEADER_WORDS[field].test(text)) {
        found[field] = i;
        break;
      }
  });
  return found;
}

/**
 * A mapping guessed from the file: the header row among the first rows (the one naming the most columns: Date, Txn
 * Date, Value Date; Description, Particulars, Narration, Details; Ref, Reference, Cheque No, Chq; Debit, Withdrawal,
 * Dr; Credit, Deposit, Cr; Amount; Balance), the date format from the date column's values, and the footer rows (the
 * last rows whose date cell is not a date: totals, notes). What cannot be told is left for the person to choose.
 */
export function guessMapping(rows: readonly (readonly string[])[]): MappingFormValues {
  const values = emptyMappingForm();
  let headerAt = -1;
  let found: Partial<Record<ColumnField, number>> = {};
  for (let i = 0; i < Math.min(rows.length, 15); i++) {
    const cols = headerColumns(rows[i]!);
    if (Object.keys(cols).length > Object.keys(found).length && cols.dateColumn !== undefined) {
      found = cols;
      headerAt = i;
    }
  }
  if (headerAt < 0) {
    values.headerRows = "0";
    return values;
  }
  values.headerRows = String(headerAt + 1);
  const col = (f: ColumnField) => (found[f] === undefined ? "" : String(found[f]));
  values.dateColumn = col("dateColumn");
  values.descriptionColumn = col("descriptionColumn");
  values.referenceColumn = col("referenceColumn");
  values.balanceColumn = col("balanceColumn");
  if (found.debitColumn !== undefined && found.creditColumn !== undefined) {
    values.amountMode = "split";
    values.debitColumn = col("debitColumn");
    values.creditColumn = col("creditColumn");
  } else {
    values.amountMode = "signed";
    values.amountColumn = col("amountColumn");
  }
  const dateCol = found.dateColumn!;
  const body = rows.slice(headerAt + 1);
  const format = guessDateFormat(body.slice(0, 200).map((r) => r[dateCol] ?? ""));
  if (format) {
    values.dateFormat = format;
    let footer = 0;
    for (let i = body.length - 1; i >= 0 && footer < STATEMENT_MAX_SKIPPED_ROWS; i--) {
      if (parseStatementDate(cleanCell(body[i]![dateCol]), format) !== null) break;
      footer++;
    }
    if (footer < body.length) values.footerRows = String(footer);
  }
  return values;
}

/** "Already imported on Mar 05, 2025 (statement march.csv, row 7)" and the other statuses of a previewed row. */
export const STATEMENT_ROW_MESSAGES = {
  alreadyImported: (importedOn: string, fileName: string, rowNo: number) =>
    `Already imported on ${formatShortDate(importedOn)} (statement ${fileName}, row ${rowNo})`,
  inFinished: (date: string, through: string) =>
    `${formatShortDate(date)} is in the reconciliation finished up to ${formatShortDate(through)}: reopen it first`,
} as const;

// ------------------------------------------------------------------------------------------------------- form

/** The import form's fields besides the file: the account, the carried rows, the mapping, the typed balances. */
export interface StatementFormValues extends MappingFormValues {
  account: string;
  fileName: string;
  fileSha256: string;
  rows: string;
  openingBalance: string;
  closingBalance: string;
}

export const STATEMENT_FORM_FIELDS = [
  "account",
  "fileName",
  "fileSha256",
  "rows",
  ...MAPPING_FIELDS,
  "openingBalance",
  "closingBalance",
] as const satisfies readonly (keyof StatementFormValues)[];

export const BALANCE_MESSAGES = {
  required: (field: "openingBalance" | "closingBalance") =>
    `${field === "openingBalance" ? "Opening" : "Closing"} balance is required: the file has no balance column mapped`,
  invalid: (field: "openingBalance" | "closingBalance") =>
    `${field === "openingBalance" ? "Opening" : "Closing"} balance must be an amount with at most 2 decimals, like 12,500.00 or -300`,
  notBalanced: (opening: bigint, sum: bigint, closing: bigint) =>
    `Opening ${formatSigned(opening)} + the lines ${formatSigned(sum)} = ${formatSigned(opening + sum)}, not the closing balance ${formatSigned(closing)}: a difference of ${formatSigned(closing - opening - sum)}`,
} as const;

/** A typed balance (may be negative: an overdraft), or the message naming the field. */
export function parseBalanceField(
  text: string,
  field: "openingBalance" | "closingBalance",
): { ok: true; paisa: bigint } | { ok: false; message: string } {
  const read = parseStatementAmount(text);
  if (read.kind === "empty") return { ok: false, message: BALANCE_MESSAGES.required(field) };
  if (read.kind === "bad" && read.tooLarge)
    return {
      ok: false,
      message: typedMoneyTooLargeMessage(field === "openingBalance" ? "Opening balance" : "Closing balance"),
    };
  if (read.kind === "bad") return { ok: false, message: BALANCE_MESSAGES.invalid(field) };
  return { ok: true, paisa: read.paisa };
}

export function readStatementForm(form: FormData): StatementFormValues {
  return formFields(form, STATEMENT_FORM_FIELDS);
}
