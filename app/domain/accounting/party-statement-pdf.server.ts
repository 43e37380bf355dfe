import type { DbOrTx } from "../../db/client.server";
import { formatMoney } from "../../lib/format";
import { documentDate, documentDay } from "../../lib/pdf/document-dates";
import {
  COLORS,
  type CompanyDetails,
  defaultLogoPath,
  PdfBuilder,
  type SummaryRow,
  type TableColumn,
} from "../../lib/pdf/pdf.server";
import { documentTime } from "../sales/invoice-pdf";
import { sellerDetails } from "../settings/company-settings.server";
import {
  balanceLegend,
  balanceSide,
  balanceWords,
  formatBalance,
  PARTY_KIND_LABELS,
  partyStatementFileName,
  statementPeriodLabel,
} from "./party-statement";
import type { LoadedStatement } from "./party-statement.server";

// A party's ledger statement as an A4 PDF (issue 36): on the company's letterhead (the one the tax invoice, the
// payslips and the reports print: PdfBuilder.companyHeader with Settings > Company, sellerDetails), the party and
// the period, the opening balance, every line with the balance after it (Dr or Cr), the totals and the closing
// balance, and what that balance means in words. A long statement runs onto more pages, the table's header repeated
// and the running header naming whose statement it is.

const COLUMNS: TableColumn[] = [
  { header: "Date", weight: 1.2 },
  { header: "Reference", weight: 1.95 },
  { header: "Description", weight: 2.9 },
  { header: "Debit (৳)", weight: 1.25, align: "right" },
  { header: "Credit (৳)", weight: 1.25, align: "right" },
  { header: "Balance (৳)", weight: 1.5, align: "right" },
];

/** An amount in a cell whose header carries the ৳; blank at nought (a line is a debit or a credit). */
function figure(amount: string): string {
  return /^-?0+(\.0+)?$/.test(amount) ? "" : formatMoney(amount).replace("৳", "");
}

/** A balance in its column: "69,000.00 Dr", "5,000.00 Cr", "0.00". */
function balanceCell(amount: string): string {
  const { amount: size, side } = balanceSide(amount);
  return `${formatMoney(size).replace("৳", "")}${side ? ` ${side}` : ""}`;
}

/** "7 Dec 2026, 2:35 PM". */
function printedAt(now: Date): string {
  return `${documentDay(now)}, ${documentTime(now)}`;
}

/** The statement as an A4 PDF. `now` is the printed moment. */
export function renderPartyStatementPdf(
  statement: LoadedStatement,
  company: CompanyDetails,
  now: Date = new Date(),
): Promise<Uint8Array> {
  const { party } = statement;
  const period = statementPeriodLabel(statement);
  const kind = PARTY_KIND_LABELS[party.kind];
  const printed = `Printed on ${printedAt(now)} (Asia/Dhaka)`;
  const pdf = new PdfBuilder({
    title: `Statement of account · ${party.name} · ${period}`,
    subject: `${kind} ledger statement`,
    author: company.name,
    createdAt: now,
    runningHeader: `${company.name} · Statement of account · ${party.name} · ${period}`,
    footerNote: `${company.name} · Statement of account · ${printed}`,
  });

  pdf.companyHeader(company, { logo: defaultLogoPath(), width: pdf.contentWidth });
  pdf.gap(10);
  pdf.hrule();
  pdf.gap(12);

  // The title and the period on the left, the party on the right.
  const top = pdf.y;
  const columnGap = 24;
  const half = (pdf.contentWidth - columnGap) / 2;
  let left = top;
  left += pdf.text("STATEMENT OF ACCOUNT", {
    x: pdf.left,
    y: left,
    width: half,
    size: 16,
    weight: "bold",
    color: COLORS.brand,
    leading: 1.25,
  });
  left += pdf.text(`${kind} ledger · ${period}`, { x: pdf.left, y: left, width: half, size: 10, weight: "bold" });
  left += pdf.text(printed, { x: pdf.left, y: left, width: half, size: 8.5, color: COLORS.muted });
  const rightX = pdf.left + half + columnGap;
  let right = top;
  right += pdf.caption(`Statement for (${kind.toLowerCase()})`, { x: rightX, y: right, width: half });
  right += 2;
  const partyLines = [party.name, party.email ?? "", party.address ?? ""].filter((l) => l.trim() !== "");
  partyLines.forEach((line, i) => {
    right += pdf.text(line, {
      x: rightX,
      y: right,
      width: half,
      size: i === 0 ? 10.5 : 9,
      weight: i === 0 ? "bold" : "regular",
    });
  });
  pdf.y = top + Math.max(left - top, right - top) + 14;

  const rows: string[][] = [
    [documentDate(statement.from), "", "Opening balance", "", "", balanceCell(statement.opening)],
    ...statement.lines.map((line) => [
      documentDate(line.date),
      line.reference ? `${line.reference}\n${line.sourceLabel}` : line.sourceLabel,
      line.description,
      figure(line.debit),
      figure(line.credit),
      balanceCell(line.balance),
    ]),
    ["", "", "Totals for the period", figure(statement.debits) || "0.00", figure(statement.credits) || "0.00", ""],
    [documentDate(statement.to), "", "Closing balance", "", "", balanceCell(statement.closing)],
  ];
  const bold = new Set([0, rows.length - 2, rows.length - 1]);
  pdf.table(COLUMNS, rows, { size: 8, zebra: true, boldRows: bold });
  if (statement.lines.length === 0) {
    pdf.gap(4);
    pdf.text("Nothing was posted to this account in the period.", { size: 8.5, color: COLORS.muted });
  }
  pdf.gap(12);

  const summary: SummaryRow[] = [
    { label: `Opening balance (${documentDate(statement.from)})`, value: formatBalance(statement.opening) },
    { label: "Debits", value: formatMoney(statement.debits) },
    { label: "Credits", value: formatMoney(statement.credits) },
    {
      label: `Closing balance (${documentDate(statement.to)})`,
      value: formatBalance(statement.closing),
      bold: true,
      ruleAbove: true,
    },
  ];
  const words = `On ${documentDate(statement.to)} ${party.name} ${balanceWords(statement.closing)}.`;
  const wordsStyle = { size: 9.5, weight: "bold", align: "right" } as const;
  const legend = balanceLegend(party.kind);
  pdf.ensureSpace(
    pdf.summaryHeight(summary) +
      8 +
      pdf.heightOf(words, pdf.contentWidth, wordsStyle) +
      6 +
      pdf.heightOf(legend, pdf.contentWidth, { size: 8 }),
  );
  pdf.summary(summary, { width: 280 });
  pdf.gap(8);
  pdf.text(words, wordsStyle);
  pdf.gap(6);
  pdf.text(legend, { size: 8, color: COLORS.muted });
  return pdf.finish();
}

/** The statement's PDF with the company's letterhead as Settings > Company has it now, and its file name. */
export async function partyStatementPdf(
  db: DbOrTx,
  statement: LoadedStatement,
  now: Date = new Date(),
): Promise<{ filename: string; content: Uint8Array }> {
  return {
    filename: partyStatementFileName(statement.party, statement, "pdf"),
    content: await renderPartyStatementPdf(statement, await sellerDetails(db), now),
  };
}
