import { describe, expect, it } from "vitest";
import {
  monthPeriod,
  previousPeriod,
  quarterPeriod,
  rangePeriod,
  samePeriodLastYear,
  yearPeriod,
} from "./report-periods";
import {
  balanceSheetTable,
  cashFlowTable,
  generalLedgerTable,
  nextPeriod,
  periodOfKind,
  periodOfSpan,
  periodSlug,
  profitAndLossTable,
  reportExportHref,
  reportHref,
  trialBalanceTable,
  type ReportTable,
} from "./report-table";
import type { BalanceSheet, CashFlow, Compared, ProfitAndLoss, ReportColumns, TrialBalance } from "./statements";
import { periodHeading } from "./report-export.server";

// The statements as rows (issue 24): what the screen, the CSV and the PDF all show. Each account figure opens the
// General Ledger of that account over its column's period (a balance sheet's from the start of that fiscal year to
// the day), computed figures the Profit & Loss behind them; changes with their percentage; totals and results as
// their own rows; the period chooser's next period and kinds; the URLs.

const JULY = 7;
const NOV = monthPeriod("2026-11-01", JULY);
const COLUMNS: ReportColumns = {
  current: NOV,
  previous: previousPeriod(NOV, JULY),
  lastYear: samePeriodLastYear(NOV, JULY),
};
const c = (current: string, previous: string, lastYear: string): Compared => ({ current, previous, lastYear });
const RENT = "00000000-0000-4000-8000-000000004000";
const SALARIES = "00000000-0000-4000-8000-000000006000";
const BANK = "00000000-0000-4000-8000-000000001100";

/** The rows as text: the label cell's code and name, then each cell's value (and percent). */
const text = (table: ReportTable) =>
  table.rows.map((row) =>
    [
      row.kind,
      ...row.cells.map((cell, i) =>
        i === 0 || table.columns[i]?.kind === "label"
          ? `${"  ".repeat(cell.depth ?? 0)}${cell.code ? `${cell.code} ` : ""}${cell.value ?? ""}`
          : cell.percent !== undefined
            ? `${cell.value} (${cell.percent ?? "—"}%)`
            : (cell.value ?? ""),
      ),
    ].join(" | "),
  );
const params = (href: string | undefined) => Object.fromEntries(new URL(href!, "http://x").searchParams);

const pl: ProfitAndLoss = {
  kind: "profit-and-loss",
  columns: COLUMNS,
  income: {
    key: "income",
    title: "Income",
    lines: [
      {
        accountId: RENT,
        code: "4000",
        label: "Equipment Rental Income",
        amounts: c("1500.00", "1000.00", "0.00"),
        depth: 0,
      },
    ],
    total: c("1500.00", "1000.00", "0.00"),
  },
  expenses: {
    key: "expenses",
    title: "Expenses",
    lines: [
      {
        accountId: SALARIES,
        code: "6000",
        label: "Salaries & Allowances",
        amounts: c("400.00", "500.00", "200.00"),
        depth: 1,
      },
    ],
    total: c("400.00", "500.00", "200.00"),
  },
  netProfit: c("1100.00", "500.00", "-200.00"),
  monthly: [],
};

describe("profitAndLossTable", () => {
  const table = profitAndLossTable(pl, JULY);

  it("heads its columns with the periods and the changes against each", () => {
    expect(table.columns.map((col) => [col.header, col.note ?? ""])).toEqual([
      ["Account", ""],
      ["Nov 2026", ""],
      ["Oct 2026", ""],
      ["Change", "vs Oct 2026"],
      ["Nov 2025", ""],
      ["Change", "vs Nov 2025"],
    ]);
    expect(table.title).toBe("Profit & Loss");
    expect(table.period).toEqual(NOV);
  });

  it("lists income and expenses, their totals and the net profit, with each change and its percentage", () => {
    expect(text(table)).toEqual([
      "heading | Income |  |  |  |  | ",
      "line | 4000 Equipment Rental Income | 1500.00 | 1000.00 | 500.00 (50.0%) | 0.00 | 1500.00 (—%)",
      "total | Total income | 1500.00 | 1000.00 | 500.00 (50.0%) | 0.00 | 1500.00 (—%)",
      "heading | Expenses |  |  |  |  | ",
      "line |   6000 Salaries & Allowances | 400.00 | 500.00 | -100.00 (-20.0%) | 200.00 | 200.00 (100.0%)",
      "total | Total expenses | 400.00 | 500.00 | -100.00 (-20.0%) | 200.00 | 200.00 (100.0%)",
      "grand | Net profit | 1100.00 | 500.00 | 600.00 (120.0%) | -200.00 | 1300.00 (650.0%)",
    ]);
  });

  it("opens each account figure's lines: the General Ledger of that account over that column's period", () => {
    const rent = table.rows[1]!;
    expect(params(rent.cells[1]!.href)).toEqual({
      tab: "general-ledger",
      period: "monthly",
      month: "2026-11",
      account: RENT,
    });
    expect(params(rent.cells[2]!.href)).toMatchObject({ month: "2026-10", account: RENT });
    expect(params(rent.cells[4]!.href)).toMatchObject({ month: "2025-11", account: RENT });
    // Changes and totals are not any one account's lines.
    expect(rent.cells[3]!.href).toBeUndefined();
    expect(table.rows[2]!.cells.some((cell) => cell.href)).toBe(false);
  });
});

describe("a fiscal year", () => {
  it("compares once: the year before is also the same period a year earlier", () => {
    const fy = yearPeriod(2026, JULY);
    const table = profitAndLossTable(
      { ...pl, columns: { current: fy, previous: previousPeriod(fy, JULY), lastYear: samePeriodLastYear(fy, JULY) } },
      JULY,
    );
    expect(table.columns.map((col) => [col.header, col.note ?? ""])).toEqual([
      ["Account", ""],
      ["FY 2026-27", ""],
      ["FY 2025-26", ""],
      ["Change", "vs FY 2025-26"],
    ]);
    expect(table.rows.every((row) => row.cells.length === 4)).toBe(true);
    expect(text(table).at(-1)).toBe("grand | Net profit | 1100.00 | 500.00 | 600.00 (120.0%)");
    expect(table.description).toContain("compared with FY 2025-26.");
  });
});

describe("balanceSheetTable", () => {
  const bs: BalanceSheet = {
    kind: "balance-sheet",
    period: COLUMNS.current,
    asAtToday: null,
    columns: COLUMNS,
    assets: {
      key: "assets",
      title: "Assets",
      lines: [
        {
          accountId: BANK,
          code: "1100",
          label: "Bank - Current Account",
          amounts: c("900.00", "700.00", "0.00"),
          depth: 0,
        },
      ],
      total: c("900.00", "700.00", "0.00"),
    },
    liabilities: { key: "liabilities", title: "Liabilities", lines: [], total: c("0.00", "0.00", "0.00") },
    equity: {
      key: "equity",
      title: "Equity",
      lines: [
        {
          accountId: null,
          code: null,
          label: "Profit for the year to date",
          amounts: c("600.00", "400.00", "0.00"),
          depth: 0,
        },
        {
          accountId: null,
          code: null,
          label: "Result of earlier years not closed",
          amounts: c("300.00", "300.00", "0.00"),
          depth: 0,
        },
      ],
      total: c("900.00", "700.00", "0.00"),
    },
    liabilitiesAndEquity: c("900.00", "700.00", "0.00"),
    difference: c("0.00", "0.00", "0.00"),
  };

  it("heads its columns with the days the balances are at", () => {
    expect(balanceSheetTable(bs, JULY).columns.map((col) => col.header)).toEqual([
      "Account",
      "As at 30 Nov 2026",
      "As at 31 Oct 2026",
      "Change",
      "As at 30 Nov 2025",
      "Change",
    ]);
  });

  it("of a period not ended, says it is as at today and keeps the period asked for (issue 37)", () => {
    const december = monthPeriod("2026-12-01", JULY);
    const table = balanceSheetTable(
      {
        ...bs,
        period: december,
        asAtToday: "2026-12-07",
        columns: { ...COLUMNS, current: { ...december, to: "2026-12-07" } },
      },
      JULY,
    );
    expect(table.period).toEqual(december);
    expect(table.asAt).toBe("2026-12-07");
    expect(table.columns[1]!.header).toBe("As at 7 Dec 2026");
    expect(table.description).toContain("as at today, 7 Dec 2026: Dec 2026 has not ended");
    expect(periodHeading(table, JULY)).toBe(
      "Dec 2026 (1 Dec 2026 – 31 Dec 2026) · as at 7 Dec 2026, the period not ended · fiscal year 2026-27",
    );
    expect(balanceSheetTable(bs, JULY).asAt).toBeUndefined();
  });

  it("opens an account's balance from the start of its fiscal year to the day; the year's profit opens its P&L", () => {
    const table = balanceSheetTable(bs, JULY);
    const bank = table.rows.find((r) => r.cells[0]!.code === "1100")!;
    expect(params(bank.cells[1]!.href)).toEqual({
      tab: "general-ledger",
      period: "range",
      from: "2026-07-01",
      to: "2026-11-30",
      account: BANK,
    });
    // A year earlier: the fiscal year 2025-26 to 30 Nov 2025.
    expect(params(bank.cells[4]!.href)).toMatchObject({ from: "2025-07-01", to: "2025-11-30" });
    const profit = table.rows.find((r) => r.cells[0]!.value === "Profit for the year to date")!;
    expect(params(profit.cells[1]!.href)).toEqual({
      tab: "profit-and-loss",
      period: "range",
      from: "2026-07-01",
      to: "2026-11-30",
    });
    const earlier = table.rows.find((r) => r.cells[0]!.value === "Result of earlier years not closed")!;
    expect(earlier.cells.some((cell) => cell.href)).toBe(false);
  });

  it("ends on liabilities and equity; says the books balance, or shows the difference when they do not", () => {
    const table = balanceSheetTable(bs, JULY);
    expect(text(table).at(-1)).toBe(
      "grand | Total liabilities and equity | 900.00 | 700.00 | 200.00 (28.6%) | 0.00 | 900.00 (—%)",
    );
    expect(table.notes[0]).toBe("Assets equal liabilities and equity in every column.");
    const off = balanceSheetTable({ ...bs, difference: c("0.00", "0.01", "0.00") }, JULY);
    expect(text(off).at(-1)).toMatch(/^line \| Difference \(assets less liabilities and equity\) \| 0.00 \| 0.01/);
    expect(off.notes[0]).toMatch(/differ/);
  });

  it("a balance at a fiscal year's end opens the whole year's lines", () => {
    const june = monthPeriod("2027-06-01", JULY);
    const table = balanceSheetTable(
      {
        ...bs,
        columns: { current: june, previous: previousPeriod(june, JULY), lastYear: samePeriodLastYear(june, JULY) },
      },
      JULY,
    );
    const bank = table.rows.find((r) => r.cells[0]!.code === "1100")!;
    expect(params(bank.cells[1]!.href)).toEqual({ tab: "general-ledger", period: "yearly", fy: "2026", account: BANK });
  });
});

describe("cashFlowTable", () => {
  const empty = (key: string, title: string) => ({ key, title, lines: [], total: c("0.00", "0.00", "0.00") });
  const cf: CashFlow = {
    kind: "cash-flow",
    columns: COLUMNS,
    netProfit: c("1100.00", "500.00", "0.00"),
    operating: {
      key: "operating",
      title: "Operating activities",
      lines: [
        {
          accountId: RENT,
          code: "1300",
          label: "Accounts Receivable",
          amounts: c("-200.00", "0.00", "0.00"),
          depth: 0,
        },
      ],
      total: c("-200.00", "0.00", "0.00"),
    },
    netOperating: c("900.00", "500.00", "0.00"),
    investing: empty("investing", "Investing activities"),
    financing: empty("financing", "Financing activities"),
    netChange: c("900.00", "500.00", "0.00"),
    openingCash: c("100.00", "0.00", "0.00"),
    closingCash: c("1000.00", "500.00", "0.00"),
  };

  it("reads net profit, the operating changes, each activity's net cash, the net change and the cash either side", () => {
    const labels = cashFlowTable(cf, JULY).rows.map((r) => `${r.kind} ${r.cells[0]!.value}`);
    expect(labels).toEqual([
      "heading Operating activities",
      "line Net profit",
      "line Accounts Receivable",
      "total Net cash from operating activities",
      "heading Investing activities",
      "total Net cash from investing activities",
      "heading Financing activities",
      "total Net cash from financing activities",
      "grand Net change in cash",
      "line Cash at the start of the period",
      "grand Cash at the end of the period",
    ]);
    const table = cashFlowTable(cf, JULY);
    expect(table.rows[3]!.cells[1]!.value).toBe("900.00");
  });

  it("the net profit opens the Profit & Loss of that column's period", () => {
    const profit = cashFlowTable(cf, JULY).rows[1]!;
    expect(params(profit.cells[1]!.href)).toEqual({ tab: "profit-and-loss", period: "monthly", month: "2026-11" });
    expect(params(profit.cells[2]!.href)).toEqual({ tab: "profit-and-loss", period: "monthly", month: "2026-10" });
  });
});

describe("trialBalanceTable", () => {
  const tb: TrialBalance = {
    kind: "trial-balance",
    period: NOV,
    lines: [
      {
        accountId: BANK,
        code: "1100",
        name: "Bank - Current Account",
        type: "asset",
        depth: 0,
        opening: "100.00",
        debits: "1500.00",
        credits: "600.00",
        closing: "1000.00",
      },
      {
        accountId: RENT,
        code: "4000",
        name: "Equipment Rental Income",
        type: "income",
        depth: 0,
        opening: "-100.00",
        debits: "0.00",
        credits: "1500.00",
        closing: "-1600.00",
      },
      {
        accountId: SALARIES,
        code: "6000",
        name: "Salaries & Allowances",
        type: "expense",
        depth: 0,
        opening: "0.00",
        debits: "600.00",
        credits: "0.00",
        closing: "600.00",
      },
    ],
    totals: {
      openingDebit: "100.00",
      openingCredit: "100.00",
      debits: "2100.00",
      credits: "2100.00",
      closingDebit: "1600.00",
      closingCredit: "1600.00",
    },
  };

  it("puts each balance in its debit or credit column, with the totals row", () => {
    const table = trialBalanceTable(tb, JULY);
    expect(table.columns.map((col) => `${col.header} ${col.note ?? ""}`.trim())).toEqual([
      "Account",
      "Opening debit",
      "Opening credit",
      "Debits",
      "Credits",
      "Closing debit",
      "Closing credit",
    ]);
    expect(text(table)).toEqual([
      "line | 1100 Bank - Current Account | 100.00 |  | 1500.00 | 600.00 | 1000.00 | ",
      "line | 4000 Equipment Rental Income |  | 100.00 |  | 1500.00 |  | 1600.00",
      "line | 6000 Salaries & Allowances |  |  | 600.00 |  | 600.00 | ",
      "grand | Totals | 100.00 | 100.00 | 2100.00 | 2100.00 | 1600.00 | 1600.00",
    ]);
    expect(table.notes[0]).toBe("Debits equal credits in every column.");
    expect(params(table.rows[0]!.cells[3]!.href)).toEqual({
      tab: "general-ledger",
      period: "monthly",
      month: "2026-11",
      account: BANK,
    });
  });
});

describe("generalLedgerTable", () => {
  const ledger = {
    account: { id: BANK, code: "1100", name: "Bank - Current Account", type: "asset" as const },
    period: NOV,
    opening: "100.00",
    debits: "1500.00",
    credits: "600.00",
    closing: "1000.00",
    lines: [
      {
        entryId: "e1",
        entryDate: "2026-11-03",
        referenceNo: "JE-1",
        description: "Stage hire",
        lineDescription: null,
        sourceType: "manual",
        debit: "1500.00",
        credit: "0.00",
        runningBalance: "1600.00",
      },
      {
        entryId: "e2",
        entryDate: "2026-11-20",
        referenceNo: null,
        description: "Salaries",
        lineDescription: "November salaries",
        sourceType: "manual",
        debit: "0.00",
        credit: "600.00",
        runningBalance: "1000.00",
      },
    ],
    first: true,
    last: true,
  };

  it("opens with the balance brought forward, lists the lines oldest first with the balance after each, and closes", () => {
    const table = generalLedgerTable(ledger);
    expect(table.title).toBe("General Ledger: 1100 Bank - Current Account");
    expect(table.columns.map((col) => col.header)).toEqual([
      "Date",
      "Entry",
      "Description",
      "Debit",
      "Credit",
      "Balance",
    ]);
    expect(table.rows.map((r) => [r.kind, ...r.cells.map((cell) => cell.value ?? "")].join(" | "))).toEqual([
      "total | 2026-11-01 |  | Opening balance |  |  | 100.00",
      "line | 2026-11-03 | JE-1 | Stage hire | 1500.00 |  | 1600.00",
      "line | 2026-11-20 | Manual journal | November salaries |  | 600.00 | 1000.00",
      "total |  |  | Total for the period | 1500.00 | 600.00 | ",
      "grand | 2026-11-30 |  | Closing balance |  |  | 1000.00",
    ]);
    expect(table.rows[1]!.cells[1]!.href).toBe("/admin/accounts/ledger?entry=e1");
  });

  it("a page in the middle has neither the opening nor the closing rows", () => {
    const table = generalLedgerTable({ ...ledger, first: false, last: false });
    expect(table.rows.map((r) => r.kind)).toEqual(["line", "line"]);
  });
});

describe("the period chooser", () => {
  it("steps to the next month, quarter, fiscal year or as many days", () => {
    expect(nextPeriod(monthPeriod("2026-12-01", JULY), JULY).label).toBe("Jan 2027");
    expect(nextPeriod(quarterPeriod(2026, 4, JULY), JULY).label).toBe("Q1 2027-28");
    expect(nextPeriod(yearPeriod(2026, JULY), JULY).label).toBe("FY 2027-28");
    const range = nextPeriod(rangePeriod("2026-07-01", "2026-07-10", JULY), JULY);
    expect([range.from, range.to]).toEqual(["2026-07-11", "2026-07-20"]);
  });

  it("switches kind around the period shown: its month, quarter, fiscal year, or its span as a range", () => {
    const q2 = quarterPeriod(2026, 2, JULY);
    expect(periodOfKind(q2, "monthly", JULY).label).toBe("Oct 2026");
    expect(periodOfKind(NOV, "quarterly", JULY).label).toBe("Q2 2026-27");
    expect(periodOfKind(NOV, "yearly", JULY).label).toBe("FY 2026-27");
    expect(periodOfKind(NOV, "range", JULY)).toMatchObject({ kind: "range", from: "2026-11-01", to: "2026-11-30" });
    expect(periodOfKind(rangePeriod("2026-05-10", "2026-08-02", JULY), "yearly", JULY).label).toBe("FY 2026-27");
  });

  it("names a span by its own kind when it is one", () => {
    expect(periodOfSpan("2026-11-01", "2026-11-30", JULY).kind).toBe("monthly");
    expect(periodOfSpan("2026-10-01", "2026-12-31", JULY).label).toBe("Q2 2026-27");
    expect(periodOfSpan("2026-07-01", "2027-06-30", JULY).label).toBe("FY 2026-27");
    expect(periodOfSpan("2026-07-01", "2026-11-30", JULY).kind).toBe("range");
  });

  it("names export files by the period", () => {
    expect(periodSlug(NOV, JULY)).toBe("2026-11");
    expect(periodSlug(quarterPeriod(2026, 2, JULY), JULY)).toBe("2026-27-q2");
    expect(periodSlug(yearPeriod(2026, JULY), JULY)).toBe("fy-2026-27");
    expect(periodSlug(yearPeriod(2026, 1), 1)).toBe("fy-2026");
    expect(periodSlug(rangePeriod("2026-07-01", "2026-08-15", JULY), JULY)).toBe("2026-07-01-to-2026-08-15");
  });

  it("writes the screen's and the export's URLs", () => {
    expect(reportHref({ tab: "balance-sheet", period: quarterPeriod(2026, 2, JULY), page: 1 }, JULY)).toBe(
      "/admin/accounts/reports?tab=balance-sheet&period=quarterly&fy=2026&q=2",
    );
    expect(reportExportHref({ tab: "general-ledger", period: NOV, account: BANK, page: 3 }, "pdf", JULY)).toBe(
      `/admin/accounts/reports/export?tab=general-ledger&period=monthly&month=2026-11&account=${BANK}&format=pdf`,
    );
  });
});
