// The README.md of the company-data export (issue 39): what each file of the ZIP is and what each of its columns
// holds, written from the same table definitions the CSV files are written from, so the two cannot disagree.

export const LEDGER_JOURNAL_FILE = "ledger.journal";

export const LEDGER_JOURNAL_ABOUT =
  "The posted ledger as an hledger journal (https://hledger.org): every posted entry with its lines, amounts in BDT. " +
  "`hledger -f ledger.journal balance` gives the trial balance; each entry carries its id and source as tags, " +
  "each line of a receivable or payable its party (`; party: customer-<id>`).";

export interface ExportFileDescription {
  file: string;
  about: string;
  columns: readonly { header: string; about: string }[];
}

/** The README's Markdown: how to read the files, then each file's columns. */
export function exportReadme(tables: readonly ExportFileDescription[], exportedAt: Date): string {
  const lines = [
    "# The company's data",
    "",
    `Exported ${exportedAt.toISOString()}.`,
    "",
    "Each `.csv` file is UTF-8 with a byte order mark and Windows line ends, one header row, then a row per record.",
    "Amounts are in BDT with 2 decimals (`1500.00`, a negative one `-20.00`); dates are `YYYY-MM-DD`; moments are",
    "ISO 8601 in Dhaka time (`2026-12-08T14:30:00+06:00`). An empty cell is a value not given. A cell that starts",
    "with = + - or @ and is not a number has a `'` before it, so no spreadsheet runs it as a formula.",
    "The files are read one after another while the company keeps working: a record added during the download may",
    "be in one file and not in another. For a consistent copy of everything, use a backup.",
    "",
    "## Files",
    "",
    ...tables.map((t) => `- \`${t.file}\`: ${t.about}`),
    `- \`${LEDGER_JOURNAL_FILE}\`: ${LEDGER_JOURNAL_ABOUT}`,
  ];
  for (const table of tables) {
    lines.push("", `## ${table.file}`, "", table.about, "", "| Column | What it holds |", "| --- | --- |");
    for (const column of table.columns) lines.push(`| ${column.header} | ${column.about} |`);
  }
  lines.push("");
  return lines.join("\n");
}
