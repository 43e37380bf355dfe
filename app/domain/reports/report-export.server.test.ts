import { describe, expect, it } from "vitest";
import { pdfFile, pdfPageCount, pdfText, pdfWords } from "../../../tests/support/pdf-text";
import { monthPeriod, previousPeriod, rangePeriod, samePeriodLastYear, yearPeriod } from "./report-periods";
import { periodHeading, reportCsv, reportFileName, reportPdf } from "./report-export.server";
import { generalLedgerTable, profitAndLossTable, trialBalanceTable, type GeneralLedger } from "./report-table";
import type { Compared, ProfitAndLoss } from "./statements";

// Export Report's files (issue 24): the CSV a spreadsheet reads (byte order mark, title, company, period, then the
// screen's rows with codes in a column of their own, each change as amount and percentage, plain numbers, a formula
// defused) and the PDF (company, title, period, columns, printed moment, negative money as the house PDFs print it,
// long ledgers over several pages with the header repeated), named by report and period.

const JULY = 7;
const NOV = monthPeriod("2026-11-01", JULY);
const c = (current: string, previous: string, lastYear: string): Compared => ({ current, previous, lastYear });
const COMPANY = {
  name: "Utsab Event Technologies",
  address: "House 42, Road 11, Banani, Dhaka",
  phones: ["+880 1711-234567"],
  emails: ["info@example.com"],
  vatRegistrationNumber: "000123456-0101",
};
const PRINTED = new Date("2026-11-30T11:05:00Z"); // 17:05 in Dhaka

const pl: ProfitAndLoss = {
  kind: "profit-and-loss",
  columns: { current: NOV, previous: previousPeriod(NOV, JULY), lastYear: samePeriodLastYear(NOV, JULY) },
  income: {
    key: "income",
    title: "Income",
    lines: [
      {
        accountId: "a1",
        code: "4000",
        label: "Equipment Rental Income",
        amounts: c("1500.00", "2000.00", "0.00"),
        depth: 0,
      },
      { accountId: "a2", code: "4900", label: '=HYPERLINK("x")', amounts: c("10.00", "0.00", "0.00"), depth: 1 },
    ],
    total: c("1510.00", "2000.00", "0.00"),
  },
  expenses: { key: "expenses", title: "Expenses", lines: [], total: c("0.00", "0.00", "0.00") },
  netProfit: c("1510.00", "2000.00", "0.00"),
  monthly: [],
};

const lines = (csv: string) => csv.slice(1).trimEnd().split("\r\n");

describe("reportCsv", () => {
  it("starts with a byte order mark, the title, the company and the period, then the header and the rows", () => {
    const csv = reportCsv(profitAndLossTable(pl, JULY), COMPANY.name, JULY);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(lines(csv)).toEqual([
      "Profit & Loss",
      "Utsab Event Technologies",
      "Nov 2026 (1 Nov 2026 – 30 Nov 2026) · fiscal year 2026-27",
      "",
      "Code,Account,Nov 2026,Oct 2026,Change vs Oct 2026,Change vs Oct 2026 (%),Nov 2025,Change vs Nov 2025,Change vs Nov 2025 (%)",
      ",Income,,,,,,,",
      "4000,Equipment Rental Income,1500.00,2000.00,-500.00,-25.0,0.00,1500.00,",
      // A name a spreadsheet would run as a formula is defused; negative amounts stay numbers.
      `4900,"'=HYPERLINK(""x"")",10.00,0.00,10.00,,0.00,10.00,`,
      ",Total income,1510.00,2000.00,-490.00,-24.5,0.00,1510.00,",
      ",Expenses,,,,,,,",
      ",Total expenses,0.00,0.00,0.00,,0.00,0.00,",
      ",Net profit,1510.00,2000.00,-490.00,-24.5,0.00,1510.00,",
    ]);
  });

  it("leaves the code column out of a table without codes (the General Ledger)", () => {
    const ledger: GeneralLedger = {
      account: { id: "a", code: "1100", name: "Bank - Current Account", type: "asset" },
      period: NOV,
      opening: "0.00",
      debits: "100.00",
      credits: "0.00",
      closing: "100.00",
      lines: [
        {
          entryId: "e",
          entryDate: "2026-11-02",
          referenceNo: "JE-1",
          description: "Deposit, with a comma",
          lineDescription: null,
          sourceType: "manual",
          debit: "100.00",
          credit: "0.00",
          runningBalance: "100.00",
        },
      ],
      first: true,
      last: true,
    };
    expect(lines(reportCsv(generalLedgerTable(ledger), COMPANY.name, JULY)).slice(4)).toEqual([
      "Date,Entry,Description,Debit,Credit,Balance",
      "2026-11-01,,Opening balance,,,0.00",
      '2026-11-02,JE-1,"Deposit, with a comma",100.00,,100.00',
      ",,Total for the period,100.00,0.00,",
      "2026-11-30,,Closing balance,,,100.00",
    ]);
  });
});

describe("reportFileName and periodHeading", () => {
  it("names the file by the report, the account and the period", () => {
    const table = profitAndLossTable(pl, JULY);
    expect(reportFileName(table, JULY, "csv")).toBe("profit-and-loss-2026-11.csv");
    expect(reportFileName({ ...table, tab: "balance-sheet", period: yearPeriod(2026, JULY) }, JULY, "pdf")).toBe(
      "balance-sheet-fy-2026-27.pdf",
    );
    expect(
      reportFileName(
        { ...table, tab: "general-ledger", account: { id: "a", code: "1100", name: "Bank" }, period: NOV },
        JULY,
        "pdf",
      ),
    ).toBe("general-ledger-1100-2026-11.pdf");
  });

  it("heads a range with its days alone", () => {
    const table = profitAndLossTable(pl, JULY);
    expect(periodHeading({ ...table, period: rangePeriod("2026-11-03", "2026-11-09", JULY) }, JULY)).toBe(
      "3 Nov 2026 – 9 Nov 2026 · fiscal year 2026-27",
    );
  });
});

describe("reportPdf", () => {
  it("prints the company, the title, the period, the columns, the rows and the moment printed in Dhaka", async () => {
    const bytes = await reportPdf(profitAndLossTable(pl, JULY), COMPANY, JULY, PRINTED);
    const words = pdfWords(bytes);
    for (const text of [
      "Utsab Event Technologies",
      "VAT registration (BIN): 000123456-0101",
      "PROFIT & LOSS",
      "Nov 2026 (1 Nov 2026 – 30 Nov 2026) · fiscal year 2026-27",
      "Printed on 30 Nov 2026, 17:05 (Asia/Dhaka)",
      "Account Nov 2026 Oct 2026 Change vs Nov 2025 Change vs",
      "4000 Equipment Rental Income ৳1,500.00 ৳2,000.00 ৳-500.00 ৳0.00 ৳1,500.00 -25.0%",
      "Net profit ৳1,510.00",
      "A negative net profit is a loss.",
    ])
      expect(words).toContain(text);
  });

  it("runs a long table over pages, its header on each, the running header naming the report", async () => {
    const tb = trialBalanceTable(
      {
        kind: "trial-balance",
        period: NOV,
        lines: Array.from({ length: 120 }, (_, i) => ({
          accountId: `a${i}`,
          code: String(1000 + i),
          name: `Account number ${i} with a long name`,
          type: "asset" as const,
          depth: i % 3,
          opening: "100.00",
          debits: "1234567.89",
          credits: "0.00",
          closing: "1234667.89",
        })),
        totals: {
          openingDebit: "12000.00",
          openingCredit: "0.00",
          debits: "148148146.80",
          credits: "0.00",
          closingDebit: "148160146.80",
          closingCredit: "0.00",
        },
      },
      JULY,
    );
    const file = pdfFile(await reportPdf(tb, COMPANY, JULY, PRINTED));
    const pages = pdfPageCount(file);
    expect(pages).toBeGreaterThan(2);
    for (let page = 2; page <= pages; page++) {
      const text = pdfText(file, page);
      expect(text).toContain("Utsab Event Technologies · Trial Balance · Nov 2026");
      expect(text).toMatch(/Account Opening Opening Debits Credits Closing Closing/);
      expect(text).toContain(`Page ${page} of ${pages}`);
    }
    // Indented under a parent with no-break spaces, the code still first.
    expect(pdfText(file, 1)).toContain("1002 Account");
    // Nine-figure amounts fit their columns, on one line.
    expect(pdfText(file, pages)).toContain("Totals ৳12,000.00 ৳0.00 ৳148,148,146.80 ৳0.00 ৳148,160,146.80 ৳0.00");
  });
});
