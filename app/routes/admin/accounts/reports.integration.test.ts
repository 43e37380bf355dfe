// Financial Reports through its routes (issue 24): each tab and each kind of period on a small book whose figures are
// worked out by hand below (a July fiscal year; capital, income and rent in October and November 2026, service income
// a year earlier, 52 petty cash lines in December for the General Ledger's pages); every figure's link to the lines
// behind it; the values of the URL that cannot be read named with today's month shown; Export Report as CSV and PDF
// (read back with pdftotext) of exactly the rows on screen, and its refusals (400 with the message); who may look.
import { writeFileSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { pdfWords } from "../../../../tests/support/pdf-text";
import {
  answerOf,
  callRoute,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { writeEntry } from "~/domain/accounting/ledger.server";
import { ROLE_PERMISSIONS, type Permission } from "~/domain/auth/permissions";
import { REPORT_PERIOD_MESSAGES } from "~/domain/reports/report-periods";
import type { ReportRow, ReportTable } from "~/domain/reports/report-table";
import { REPORTS_PAGE_MESSAGES, type ReportsPage } from "~/domain/reports/reports-page.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { toPaisa } from "~/lib/money";
import { loader } from "./reports";
import { loader as exportLoader } from "./reports-export";

const PATH = "/admin/accounts/reports";
const id = (code: string) => seedId(`account:${code}`);

let accountant: TestUser;
let staff: TestUser;

/** Posts an entry of [account code, amount] lines: a positive amount is a debit, a negative one a credit. */
async function post(date: string, lines: [string, string][], reference?: string): Promise<void> {
  await getDb().transaction((tx) =>
    writeEntry(tx, {
      date,
      description: `Test entry ${date}`,
      reference: reference ?? null,
      source: { type: "manual" },
      lines: lines.map(([code, amount]) => {
        const paisa = toPaisa(amount);
        return { accountId: id(code), debit: paisa > 0n ? paisa : 0n, credit: paisa < 0n ? -paisa : 0n };
      }),
      createdBy: null,
    }),
  );
}

const load = async (query: string, as: TestUser = accountant) =>
  answerOf<ReportsPage>(await callRoute(loader, `${PATH}?${query}`, { as })).body;
const download = (query: string, as: TestUser = accountant) =>
  callRoute(exportLoader, `${PATH}/export?${query}`, { as }) as Promise<Response>;

/** A row as text: its kind, its label (code and name) and its figures ("" for none), a change with its percent. */
const rowText = (table: ReportTable, row: ReportRow) =>
  [
    row.kind,
    ...row.cells.map((cell, i) => {
      const column = table.columns[i]!;
      if (column.kind === "label") return `${cell.code ? `${cell.code} ` : ""}${cell.value ?? ""}`;
      if (column.kind === "change") return cell.value === null ? "" : `${cell.value} (${cell.percent ?? "—"})`;
      return cell.value ?? "";
    }),
  ].join(" | ");
const textOf = (table: ReportTable | null) => table!.rows.map((row) => rowText(table!, row));
/** The row whose label is `label` (an account's code, or a computed line's label). */
const row = (table: ReportTable | null, label: string) => {
  const found = table!.rows.find((r) =>
    r.cells.some((c, i) => table!.columns[i]!.kind === "label" && (c.code === label || c.value === label)),
  );
  if (!found) throw new Error(`no row ${label} in ${table!.title}`);
  return rowText(table!, found);
};
const hrefParams = (href: string | undefined) => Object.fromEntries(new URL(href!, "http://x").searchParams);

/** A CSV answer's text, its byte order mark kept (Response.text() drops it). */
const csvText = async (response: Response) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

const NOV = "tab=profit-and-loss&period=monthly&month=2026-11";

const accountantPermissions = ROLE_PERMISSIONS.accountant as Set<Permission>;

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, staff] = await Promise.all([signedInUser("accountant"), signedInUser("staff")]);
  // A year earlier: service income in cash.
  await post(
    "2025-11-12",
    [
      ["1000", "8000"],
      ["4100", "-8000"],
    ],
    "JE-LY",
  );
  // October 2026: the owner's capital into the bank, rental income in cash.
  await post(
    "2026-10-05",
    [
      ["1100", "100000"],
      ["3000", "-100000"],
    ],
    "JE-CAP",
  );
  await post(
    "2026-10-15",
    [
      ["1000", "20000"],
      ["4000", "-20000"],
    ],
    "JE-OCT",
  );
  // November 2026: rental income into the bank, office rent paid from it.
  await post(
    "2026-11-03",
    [
      ["1100", "15000"],
      ["4000", "-15000"],
    ],
    "JE-NOV-IN",
  );
  await post(
    "2026-11-10",
    [
      ["6100", "5000"],
      ["1100", "-5000"],
    ],
    "JE-NOV-RENT",
  );
  // December 2026: 52 small office supplies paid from petty cash, one a day or so (the General Ledger's pages).
  await post(
    "2026-12-01",
    [
      ["1010", "10000"],
      ["1100", "-10000"],
    ],
    "JE-FLOAT",
  );
  for (let i = 1; i <= 52; i++)
    await post(
      `2026-12-${String(1 + Math.floor((i - 1) / 2)).padStart(2, "0")}`,
      [
        ["6500", "10"],
        ["1010", "-10"],
      ],
      `PC-${i}`,
    );
}, 120_000);

afterEach(() => {
  accountantPermissions.add("accounts.view");
});

describe(PATH, () => {
  it("Profit & Loss for a month: income and expenses against the month before and a year earlier, and the net profit", async () => {
    const page = await load(NOV);
    expect(page.tab).toBe("profit-and-loss");
    expect(page.errors).toEqual({});
    expect(page.period).toMatchObject({ kind: "monthly", from: "2026-11-01", to: "2026-11-30", label: "Nov 2026" });
    expect(page.fiscalYear).toMatchObject({ name: "2026-27", from: "2026-07-01", to: "2027-06-30", closedOn: null });
    expect(page.table!.columns.map((c) => c.header)).toEqual([
      "Account",
      "Nov 2026",
      "Oct 2026",
      "Change",
      "Nov 2025",
      "Change",
    ]);
    expect(row(page.table, "4000")).toBe(
      "line | 4000 Equipment Rental Income | 15000.00 | 20000.00 | -5000.00 (-25.0) | 0.00 | 15000.00 (—)",
    );
    expect(row(page.table, "4100")).toBe(
      "line | 4100 Event Service Income | 0.00 | 0.00 | 0.00 (—) | 8000.00 | -8000.00 (-100.0)",
    );
    expect(row(page.table, "Total income")).toBe(
      "total | Total income | 15000.00 | 20000.00 | -5000.00 (-25.0) | 8000.00 | 7000.00 (87.5)",
    );
    expect(row(page.table, "6100")).toBe("line | 6100 Office Rent | 5000.00 | 0.00 | 5000.00 (—) | 0.00 | 5000.00 (—)");
    expect(textOf(page.table).at(-1)).toBe(
      "grand | Net profit | 10000.00 | 20000.00 | -10000.00 (-50.0) | 8000.00 | 2000.00 (25.0)",
    );
    // The chart's months: the fiscal year's twelve, from July.
    expect(page.monthly).toHaveLength(12);
    expect(page.monthly!.find((m) => m.from === "2026-10-01")).toMatchObject({ income: "20000.00", expenses: "0.00" });
    expect(page.monthly!.find((m) => m.from === "2026-12-01")).toMatchObject({ income: "0.00", expenses: "520.00" });
  });

  it("each account figure opens its General Ledger over that column's period; the ledger's closing is the figure", async () => {
    const page = await load(NOV);
    const rent = page.table!.rows.find((r) => r.cells[0]!.code === "4000")!;
    expect(hrefParams(rent.cells[2]!.href)).toEqual({
      tab: "general-ledger",
      period: "monthly",
      month: "2026-10",
      account: id("4000"),
    });
    const ledger = await load(new URL(rent.cells[2]!.href!, "http://x").searchParams.toString());
    expect(ledger.ledger!.figures).toEqual({
      opening: "0.00",
      debits: "0.00",
      credits: "20000.00",
      closing: "20000.00",
    });

    const sheet = await load("tab=balance-sheet&period=monthly&month=2026-11");
    const bank = sheet.table!.rows.find((r) => r.cells[0]!.code === "1100")!;
    const bankLedger = await load(new URL(bank.cells[1]!.href!, "http://x").searchParams.toString());
    expect(bankLedger.period).toMatchObject({ kind: "range", from: "2026-07-01", to: "2026-11-30" });
    expect(bankLedger.ledger!.figures!.closing).toBe(bank.cells[1]!.value);
  });

  it("Profit & Loss for a quarter, a fiscal year and a date range", async () => {
    const quarter = await load("tab=profit-and-loss&period=quarterly&fy=2026&q=2");
    expect(quarter.period.label).toBe("Q2 2026-27");
    expect(quarter.table!.columns.map((c) => c.header).slice(1)).toEqual([
      "Q2 2026-27",
      "Q1 2026-27",
      "Change",
      "Q2 2025-26",
      "Change",
    ]);
    expect(row(quarter.table, "4000")).toBe(
      "line | 4000 Equipment Rental Income | 35000.00 | 0.00 | 35000.00 (—) | 0.00 | 35000.00 (—)",
    );
    expect(textOf(quarter.table).at(-1)).toBe(
      "grand | Net profit | 29480.00 | 0.00 | 29480.00 (—) | 8000.00 | 21480.00 (268.5)",
    );

    const year = await load("tab=profit-and-loss&period=yearly&fy=2026");
    // The year before is the same period a year earlier: compared once.
    expect(year.table!.columns.map((c) => c.header).slice(1)).toEqual(["FY 2026-27", "FY 2025-26", "Change"]);
    expect(textOf(year.table).at(-1)).toBe("grand | Net profit | 29480.00 | 8000.00 | 21480.00 (268.5)");

    const range = await load("tab=profit-and-loss&period=range&from=2026-11-01&to=2026-11-05");
    expect(range.period.label).toBe("1 Nov 2026 – 5 Nov 2026");
    expect(textOf(range.table).at(-1)).toBe(
      "grand | Net profit | 15000.00 | 0.00 | 15000.00 (—) | 0.00 | 15000.00 (—)",
    );
  });

  it("Balance Sheet: balances at each column's last day; equity with the year's profit; it balances", async () => {
    const page = await load("tab=balance-sheet&period=monthly&month=2026-11");
    expect(page.table!.columns.map((c) => c.header).slice(1)).toEqual([
      "As at 30 Nov 2026",
      "As at 31 Oct 2026",
      "Change",
      "As at 30 Nov 2025",
      "Change",
    ]);
    expect(row(page.table, "1000")).toBe(
      "line | 1000 Cash in Hand | 28000.00 | 28000.00 | 0.00 (0.0) | 8000.00 | 20000.00 (250.0)",
    );
    expect(row(page.table, "1100")).toBe(
      "line | 1100 Bank - Current Account | 110000.00 | 100000.00 | 10000.00 (10.0) | 0.00 | 110000.00 (—)",
    );
    expect(row(page.table, "Total assets")).toMatch(/^total \| Total assets \| 138000.00 \| 128000.00 \|/);
    expect(row(page.table, "Profit for the year to date")).toMatch(
      /^line \| Profit for the year to date \| 30000.00 \| 20000.00 \|/,
    );
    expect(row(page.table, "Result of earlier years not closed")).toMatch(
      /\| 8000.00 \| 8000.00 \| 0.00 \(0.0\) \| 0.00 \|/,
    );
    expect(row(page.table, "Total liabilities and equity")).toMatch(
      /^grand \| Total liabilities and equity \| 138000.00 \| 128000.00 \|/,
    );
    expect(page.table!.notes[0]).toBe("Assets equal liabilities and equity in every column.");
    // The year's profit opens the Profit & Loss of the fiscal year to the day.
    const profit = page.table!.rows.find((r) => r.cells[0]!.value === "Profit for the year to date")!;
    expect(hrefParams(profit.cells[1]!.href)).toEqual({
      tab: "profit-and-loss",
      period: "range",
      from: "2026-07-01",
      to: "2026-11-30",
    });
    const pl = await load(new URL(profit.cells[1]!.href!, "http://x").searchParams.toString());
    expect(textOf(pl.table).at(-1)).toMatch(/^grand \| Net profit \| 30000.00 \|/);
  });

  it("Cash Flow: net profit, the changes by activity, the net change equal to the change in cash", async () => {
    const page = await load("tab=cash-flow&period=monthly&month=2026-10");
    const text = textOf(page.table);
    expect(text[0]).toBe("heading | Operating activities |  |  |  |  | ");
    expect(row(page.table, "Net profit")).toMatch(/^line \| Net profit \| 20000.00 \| 0.00 \|/);
    expect(row(page.table, "Net cash from financing activities")).toMatch(
      /^total \| Net cash from financing activities \| 100000.00 \|/,
    );
    expect(row(page.table, "Net change in cash")).toMatch(/^grand \| Net change in cash \| 120000.00 \| 0.00 \|/);
    expect(row(page.table, "Cash at the start of the period")).toMatch(/\| 8000.00 \| 8000.00 \|/);
    expect(text.at(-1)).toMatch(/^grand \| Cash at the end of the period \| 128000.00 \| 8000.00 \|/);
    const profit = page.table!.rows.find((r) => r.cells[0]!.value === "Net profit")!;
    expect(hrefParams(profit.cells[1]!.href)).toEqual({ tab: "profit-and-loss", period: "monthly", month: "2026-10" });
  });

  it("Trial Balance: each account's opening, debits, credits and closing on its side, and the totals", async () => {
    const page = await load("tab=trial-balance&period=monthly&month=2026-11");
    expect(row(page.table, "1100")).toBe(
      "line | 1100 Bank - Current Account | 100000.00 |  | 15000.00 | 5000.00 | 110000.00 | ",
    );
    expect(row(page.table, "4000")).toBe(
      "line | 4000 Equipment Rental Income |  | 20000.00 |  | 15000.00 |  | 35000.00",
    );
    expect(textOf(page.table).at(-1)).toBe(
      "grand | Totals | 128000.00 | 128000.00 | 20000.00 | 20000.00 | 143000.00 | 143000.00",
    );
    expect(page.table!.notes[0]).toBe("Debits equal credits in every column.");
  });

  it("General Ledger: the accounts to choose from, then the account's lines oldest first with the balance after each", async () => {
    const none = await load("tab=general-ledger&period=monthly&month=2026-11");
    expect(none.table).toBeNull();
    expect(none.errors).toEqual({});
    expect(none.ledger!.accounts.find((a) => a.code === "1100")).toMatchObject({ name: "Bank - Current Account" });

    const page = await load(`tab=general-ledger&period=monthly&month=2026-11&account=${id("1100")}`);
    expect(page.ledger!.account).toMatchObject({ code: "1100" });
    expect(page.ledger!.figures).toEqual({
      opening: "100000.00",
      debits: "15000.00",
      credits: "5000.00",
      closing: "110000.00",
    });
    expect(textOf(page.table)).toEqual([
      "total | 2026-11-01 |  | Opening balance |  |  | 100000.00",
      "line | 2026-11-03 | JE-NOV-IN | Test entry 2026-11-03 | 15000.00 |  | 115000.00",
      "line | 2026-11-10 | JE-NOV-RENT | Test entry 2026-11-10 |  | 5000.00 | 110000.00",
      "total |  |  | Total for the period | 15000.00 | 5000.00 | ",
      "grand | 2026-11-30 |  | Closing balance |  |  | 110000.00",
    ]);
    // An income account reads its credit balance as positive.
    const income = await load(`tab=general-ledger&period=yearly&fy=2026&account=${id("4000")}`);
    expect(income.ledger!.figures!.closing).toBe("35000.00");
    expect(income.table!.rows.filter((r) => r.kind === "line").map((r) => r.cells[5]!.value)).toEqual([
      "20000.00",
      "35000.00",
    ]);
  });

  it("General Ledger pages: 50 lines a page, the opening on the first, the totals and closing on the last", async () => {
    const query = `tab=general-ledger&period=monthly&month=2026-12&account=${id("1010")}`;
    const first = await load(query);
    expect(first.ledger!.paging).toEqual({ page: 1, pageCount: 2, pageSize: 50, total: 53 });
    const firstRows = first.table!.rows;
    expect(firstRows[0]!.cells[2]!.value).toBe("Opening balance");
    expect(firstRows.filter((r) => r.kind === "line")).toHaveLength(50);
    expect(firstRows[1]!.cells[1]!.value).toBe("JE-FLOAT");
    expect(firstRows[1]!.cells[5]!.value).toBe("10000.00");
    expect(firstRows.at(-1)!.cells[1]!.value).toBe("PC-49");
    expect(firstRows.at(-1)!.cells[5]!.value).toBe("9510.00");
    expect(firstRows.some((r) => r.kind === "grand")).toBe(false);

    const second = await load(`${query}&page=2`);
    expect(second.ledger!.paging!.page).toBe(2);
    expect(textOf(second.table)).toEqual([
      "line | 2026-12-25 | PC-50 | Test entry 2026-12-25 |  | 10.00 | 9500.00",
      "line | 2026-12-26 | PC-51 | Test entry 2026-12-26 |  | 10.00 | 9490.00",
      "line | 2026-12-26 | PC-52 | Test entry 2026-12-26 |  | 10.00 | 9480.00",
      "total |  |  | Total for the period | 10000.00 | 520.00 | ",
      "grand | 2026-12-31 |  | Closing balance |  |  | 9480.00",
    ]);
    // A page past the last shows the last; a page that is no number the first.
    expect((await load(`${query}&page=9`)).ledger!.paging!.page).toBe(2);
    expect((await load(`${query}&page=two`)).ledger!.paging!.page).toBe(1);
  });

  it("names each value of the URL it cannot read, and shows today's month", async () => {
    const today = todayInDhaka();
    const cases: [string, Record<string, string>][] = [
      ["tab=cashflow", { tab: REPORTS_PAGE_MESSAGES.tab }],
      ["period=weekly", { period: REPORT_PERIOD_MESSAGES.period }],
      ["period=monthly&month=2026-13", { month: REPORT_PERIOD_MESSAGES.month }],
      ["period=quarterly&fy=2026&q=5", { q: REPORT_PERIOD_MESSAGES.quarter }],
      ["period=yearly&fy=26", { fy: REPORT_PERIOD_MESSAGES.fiscalYear }],
      ["period=range&from=2026-02-30&to=2026-03-01", { from: REPORT_PERIOD_MESSAGES.from }],
      ["period=range&from=2026-03-01&to=2026-02-01", { to: REPORT_PERIOD_MESSAGES.order }],
      [`tab=general-ledger&account=not-an-id`, { account: REPORTS_PAGE_MESSAGES.account }],
      [`tab=general-ledger&account=${crypto.randomUUID()}`, { account: REPORTS_PAGE_MESSAGES.account }],
    ];
    for (const [query, errors] of cases) {
      const page = await load(query);
      expect(page.errors, query).toEqual(errors);
      expect(page.period, query).toMatchObject({ kind: "monthly", from: `${today.slice(0, 7)}-01` });
    }
  });

  it("exports the P&L as CSV: the title, the company, the period, then the rows on screen", async () => {
    const response = await download(`format=csv&${NOV}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('filename="profit-and-loss-2026-11.csv"');
    const csv = await csvText(response);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines.slice(0, 5)).toEqual([
      "Profit & Loss",
      "Utsab Event Technologies",
      "Nov 2026 (1 Nov 2026 – 30 Nov 2026) · fiscal year 2026-27",
      "",
      "Code,Account,Nov 2026,Oct 2026,Change vs Oct 2026,Change vs Oct 2026 (%),Nov 2025,Change vs Nov 2025,Change vs Nov 2025 (%)",
    ]);
    expect(lines).toContain("4000,Equipment Rental Income,15000.00,20000.00,-5000.00,-25.0,0.00,15000.00,");
    expect(lines.at(-1)).toBe(",Net profit,10000.00,20000.00,-10000.00,-50.0,8000.00,2000.00,25.0");
    // Exactly the screen's rows: five lines before them.
    const page = await load(NOV);
    expect(lines).toHaveLength(5 + page.table!.rows.length);
  });

  it("exports the trial balance and a General Ledger as CSV, every ledger line of the period", async () => {
    const tb = await csvText(await download("format=csv&tab=trial-balance&period=quarterly&fy=2026&q=2"));
    expect(tb).toContain("Code,Account,Opening debit,Opening credit,Debits,Credits,Closing debit,Closing credit");
    const response = await download(
      `format=csv&tab=general-ledger&period=monthly&month=2026-12&account=${id("1010")}&page=2`,
    );
    expect(response.headers.get("content-disposition")).toContain('filename="general-ledger-1010-2026-12.csv"');
    const lines = (await csvText(response)).trimEnd().split("\r\n");
    expect(lines[0]).toBe("\uFEFFGeneral Ledger: 1010 Petty Cash");
    expect(lines[4]).toBe("Date,Entry,Description,Debit,Credit,Balance");
    // The opening, 53 lines, the totals and the closing: not just one page.
    expect(lines.slice(5)).toHaveLength(56);
    expect(lines.at(-1)).toBe("2026-12-31,,Closing balance,,,9480.00");
  });

  it("exports a PDF with the company's name, the title, the period, the columns and the day printed", async () => {
    const response = await download(`format=pdf&tab=balance-sheet&period=monthly&month=2026-11`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain('filename="balance-sheet-2026-11.pdf"');
    const words = pdfWords(new Uint8Array(await response.arrayBuffer()));
    expect(words).toContain("Utsab Event Technologies");
    expect(words).toContain("BALANCE SHEET");
    expect(words).toContain("Nov 2026 (1 Nov 2026 – 30 Nov 2026) · fiscal year 2026-27");
    expect(words).toContain(
      "As at As at Change vs As at Change vs 30 Nov 2026 31 Oct 2026 31 Oct 2026 30 Nov 2025 30 Nov 2025",
    );
    expect(words).toContain("1100 Bank - Current Account ৳110,000.00 ৳100,000.00");
    expect(words).toContain("Total liabilities and equity ৳138,000.00");
    expect(words).toMatch(/Printed on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Asia\/Dhaka\)/);

    const pl = pdfWords(new Uint8Array(await (await download(`format=pdf&${NOV}`)).arrayBuffer()));
    // A negative change as the house PDFs print money (no U+2212 in their font), with its percentage.
    expect(pl).toContain("4000 Equipment Rental Income ৳15,000.00 ৳20,000.00 ৳-5,000.00 ৳0.00 ৳15,000.00 -25.0%");
  });

  it("prints every tab as a PDF of its own title and period", async () => {
    const tabs: [string, string, string][] = [
      ["profit-and-loss", "PROFIT & LOSS", "Net profit"],
      ["balance-sheet", "BALANCE SHEET", "Total liabilities and equity"],
      ["cash-flow", "CASH FLOW", "Cash at the end of the period"],
      ["trial-balance", "TRIAL BALANCE", "Totals"],
      ["general-ledger", "GENERAL LEDGER: 1010 PETTY CASH", "Closing balance"],
    ];
    for (const [tab, title, last] of tabs) {
      const response = await download(
        `format=pdf&tab=${tab}&period=quarterly&fy=2026&q=2${tab === "general-ledger" ? `&account=${id("1010")}` : ""}`,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      // REPORTS_PDF_SAMPLES=/tmp/reports keeps them, to be looked at.
      if (process.env.REPORTS_PDF_SAMPLES) writeFileSync(`${process.env.REPORTS_PDF_SAMPLES}/${tab}.pdf`, bytes);
      const words = pdfWords(bytes);
      expect(words, tab).toContain(title);
      expect(words, tab).toContain("Q2 2026-27 (1 Oct 2026 – 31 Dec 2026)");
      expect(words, tab).toContain(last);
    }
  });

  it("refuses an export it cannot make with 400 and the message", async () => {
    const cases: [string, string][] = [
      [NOV, REPORTS_PAGE_MESSAGES.format],
      [`format=xlsx&${NOV}`, REPORTS_PAGE_MESSAGES.format],
      ["format=csv&tab=ledger", REPORTS_PAGE_MESSAGES.tab],
      ["format=pdf&period=monthly&month=2026-1", REPORT_PERIOD_MESSAGES.month],
      ["format=csv&period=range&from=2020-01-01&to=2026-01-01", REPORT_PERIOD_MESSAGES.tooLong],
      ["format=csv&tab=general-ledger&period=monthly&month=2026-11", REPORTS_PAGE_MESSAGES.accountRequired],
      [`format=csv&tab=general-ledger&account=${crypto.randomUUID()}`, REPORTS_PAGE_MESSAGES.account],
    ];
    for (const [query, message] of cases) {
      const refused = await thrownBy(download(query));
      expect(refused, query).toMatchObject({ status: 400, body: message });
    }
  });

  it("keeps out a user who may not see the books: staff, and a role without accounts.view", async () => {
    expect((await thrownBy(load(NOV, staff))).status).toBe(403);
    expect((await thrownBy(download(`format=csv&${NOV}`, staff))).status).toBe(403);
    accountantPermissions.delete("accounts.view");
    expect((await thrownBy(load(NOV))).status).toBe(403);
    expect((await thrownBy(download(`format=pdf&${NOV}`))).status).toBe(403);
  });
});
