import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DbOrTx } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { chartOfAccounts } from "~/db/schema";
import { toPaisa } from "~/lib/money";
import { writeYearEndClose } from "../../../tests/support/year-end-close-fixture";
import { writeEntry } from "../accounting/ledger.server";
import { balanceSheet } from "./balance-sheet.server";
import { cashFlow } from "./cash-flow.server";
import { profitAndLoss } from "./profit-and-loss.server";
import { monthPeriod, rangePeriod, yearPeriod } from "./report-periods";
import type { Compared, ReportSection } from "./statements";
import { trialBalance } from "./trial-balance.server";
import { balanceSheetTable } from "./report-table";
import { withFixtureParties } from "../../../tests/support/ledger-parties";

// The four statements (issue 24) on a small book whose every figure is computed by hand below: a fiscal year
// starting in July; FY 2025-26 with capital, income, rent, an invoice with VAT and a loan, then closed (a year-end
// close entry and its row); FY 2026-27 with equipment bought on credit, a customer's payment, income, a hire, a
// supplier paid, drawings, rent on an account under another (depth 1), income on an account deactivated since, a
// draft (never counted) and an entry the day after the period. Each report is read for November 2026 (the period
// before: October 2026; a year earlier: November 2025), some for a fiscal year and a range of days.

const JULY = 7;
const id = (code: string) => seedId(`account:${code}`);

/** Posts an entry of [account code, amount] lines: a positive amount is a debit, a negative one a credit. */
async function post(date: string, lines: [string, string][], status: "posted" | "draft" = "posted"): Promise<void> {
  await getDb().transaction(async (tx) =>
    writeEntry(
      tx,
      {
        date,
        description: `test ${date}`,
        source: { type: "manual" },
        lines: await withFixtureParties(
          tx,
          lines.map(([code, amount]) => {
            const paisa = toPaisa(amount);
            return { accountId: id(code), debit: paisa > 0n ? paisa : 0n, credit: paisa < 0n ? -paisa : 0n };
          }),
        ),
        createdBy: null,
      },
      status,
    ),
  );
}

const c = (current: string, previous: string, lastYear: string): Compared => ({ current, previous, lastYear });

/** A section's lines as [code or label, depth, current, previous, last year]. */
const rows = (section: ReportSection) =>
  section.lines.map((l) => [l.code ?? l.label, l.depth, l.amounts.current, l.amounts.previous, l.amounts.lastYear]);

const NOV_2026 = monthPeriod("2026-11-01", JULY);

beforeAll(async () => {
  await seedDatabase(getDb());
  await getDb()
    .update(chartOfAccounts)
    .set({ parentId: id("6100") })
    .where(eq(chartOfAccounts.id, id("6110")));
  // FY 2025-26
  await post("2025-07-01", [
    ["1100", "1000000"],
    ["3000", "-1000000"],
  ]);
  await post("2025-11-10", [
    ["1000", "50000"],
    ["4000", "-50000"],
  ]);
  await post("2025-11-20", [
    ["6100", "20000"],
    ["1100", "-20000"],
  ]);
  await post("2026-03-15", [
    ["1300", "115000"],
    ["4100", "-100000"],
    ["2100", "-15000"],
  ]);
  await post("2026-06-30", [
    ["1100", "500000"],
    ["2400", "-500000"],
  ]);
  // FY 2026-27
  await post("2026-10-05", [
    ["1500", "300000"],
    ["2000", "-300000"],
  ]);
  await post("2026-10-10", [
    ["1000", "1000"],
    ["4900", "-1000"],
  ]);
  await post("2026-11-03", [
    ["1000", "80000.50"],
    ["4000", "-80000.50"],
  ]);
  await post(
    "2026-11-05",
    [
      ["1000", "999"],
      ["4000", "-999"],
    ],
    "draft",
  );
  await post("2026-11-15", [
    ["5000", "25000.25"],
    ["1000", "-25000.25"],
  ]);
  await post("2026-11-20", [
    ["1100", "115000"],
    ["1300", "-115000"],
  ]);
  await post("2026-11-25", [
    ["2000", "100000"],
    ["1100", "-100000"],
  ]);
  await post("2026-11-28", [
    ["3200", "10000"],
    ["1000", "-10000"],
  ]);
  await post("2026-11-30", [
    ["6110", "12000"],
    ["1100", "-12000"],
  ]);
  await post("2026-12-01", [
    ["1000", "7000"],
    ["4000", "-7000"],
  ]);
  await getDb()
    .update(chartOfAccounts)
    .set({ isActive: false })
    .where(eq(chartOfAccounts.id, id("4900")));
});

describe("Profit & Loss", () => {
  it("a month against the month before and a year earlier, by code, natural signs, empty accounts left out", async () => {
    const pl = await profitAndLoss(getDb(), NOV_2026, JULY);
    expect(pl.columns.previous).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });
    expect(pl.columns.lastYear).toMatchObject({ from: "2025-11-01", to: "2025-11-30" });
    expect(rows(pl.income)).toEqual([
      ["4000", 0, "80000.50", "0.00", "50000.00"],
      // Deactivated since, it keeps its line: it moved in October.
      ["4900", 0, "0.00", "1000.00", "0.00"],
    ]);
    expect(pl.income.total).toEqual(c("80000.50", "1000.00", "50000.00"));
    expect(rows(pl.expenses)).toEqual([
      ["5000", 0, "25000.25", "0.00", "0.00"],
      ["6100", 0, "0.00", "0.00", "20000.00"],
      ["6110", 1, "12000.00", "0.00", "0.00"],
    ]);
    expect(pl.expenses.total).toEqual(c("37000.25", "0.00", "20000.00"));
    expect(pl.netProfit).toEqual(c("43000.25", "1000.00", "30000.00"));
    expect(pl.income.lines[0]).toMatchObject({ accountId: id("4000"), label: "Equipment Rental Income" });
  });

  it("charts the twelve months of the period's fiscal year, July first", async () => {
    const pl = await profitAndLoss(getDb(), NOV_2026, JULY);
    expect(pl.monthly.map((m) => [m.label, m.income, m.expenses])).toEqual([
      ["Jul 2026", "0.00", "0.00"],
      ["Aug 2026", "0.00", "0.00"],
      ["Sep 2026", "0.00", "0.00"],
      ["Oct 2026", "1000.00", "0.00"],
      ["Nov 2026", "80000.50", "37000.25"],
      ["Dec 2026", "7000.00", "0.00"],
      ["Jan 2027", "0.00", "0.00"],
      ["Feb 2027", "0.00", "0.00"],
      ["Mar 2027", "0.00", "0.00"],
      ["Apr 2027", "0.00", "0.00"],
      ["May 2027", "0.00", "0.00"],
      ["Jun 2027", "0.00", "0.00"],
    ]);
    expect(pl.monthly[4]).toMatchObject({ from: "2026-11-01", to: "2026-11-30" });
  });

  it("a range of days reads the partial months from the lines, both ends included", async () => {
    const pl = await profitAndLoss(getDb(), rangePeriod("2026-11-10", "2026-11-26", JULY), JULY);
    expect(pl.columns.previous).toMatchObject({ from: "2026-10-24", to: "2026-11-09" });
    expect(pl.columns.lastYear).toMatchObject({ from: "2025-11-10", to: "2025-11-26" });
    expect(rows(pl.income)).toEqual([["4000", 0, "0.00", "80000.50", "50000.00"]]);
    expect(rows(pl.expenses)).toEqual([
      ["5000", 0, "25000.25", "0.00", "0.00"],
      ["6100", 0, "0.00", "0.00", "20000.00"],
    ]);
    expect(pl.netProfit).toEqual(c("-25000.25", "80000.50", "30000.00"));
  });
});

describe("before FY 2025-26 is closed", () => {
  it("the balance sheet shows the year's result as not closed, and balances", async () => {
    const bs = await balanceSheet(getDb(), NOV_2026, JULY);
    expect(rows(bs.equity)).toEqual([
      ["3000", 0, "1000000.00", "1000000.00", "1000000.00"],
      ["3200", 0, "-10000.00", "0.00", "0.00"],
      ["Profit for the year to date", 0, "44000.25", "1000.00", "30000.00"],
      ["Result of earlier years not closed", 0, "130000.00", "130000.00", "0.00"],
    ]);
    expect(bs.equity.lines.slice(-2).map((l) => [l.accountId, l.code])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(bs.difference).toEqual(c("0.00", "0.00", "0.00"));
  });
});

describe("after FY 2025-26 is closed", () => {
  beforeAll(async () => {
    expect(await writeYearEndClose(2025, JULY)).toBe(13_000_000n);
  });

  it("the Profit & Loss of the closed year leaves the closing entry out", async () => {
    const pl = await profitAndLoss(getDb(), yearPeriod(2025, JULY), JULY);
    expect(rows(pl.income)).toEqual([
      ["4000", 0, "50000.00", "0.00", "0.00"],
      ["4100", 0, "100000.00", "0.00", "0.00"],
    ]);
    expect(rows(pl.expenses)).toEqual([["6100", 0, "20000.00", "0.00", "0.00"]]);
    expect(pl.netProfit).toEqual(c("130000.00", "0.00", "0.00"));
    expect(pl.monthly.filter((m) => m.income !== "0.00" || m.expenses !== "0.00")).toEqual([
      { label: "Nov 2025", from: "2025-11-01", to: "2025-11-30", income: "50000.00", expenses: "20000.00" },
      { label: "Mar 2026", from: "2026-03-01", to: "2026-03-31", income: "100000.00", expenses: "0.00" },
    ]);
  });

  it("the balance sheet at each column's last day: sections by code, equity with its computed lines", async () => {
    const bs = await balanceSheet(getDb(), NOV_2026, JULY);
    expect(rows(bs.assets)).toEqual([
      ["1000", 0, "96000.25", "51000.00", "50000.00"],
      ["1100", 0, "1483000.00", "1480000.00", "980000.00"],
      ["1300", 0, "0.00", "115000.00", "0.00"],
      ["1500", 0, "300000.00", "300000.00", "0.00"],
    ]);
    expect(bs.assets.total).toEqual(c("1879000.25", "1946000.00", "1030000.00"));
    expect(rows(bs.liabilities)).toEqual([
      ["2000", 0, "200000.00", "300000.00", "0.00"],
      ["2100", 0, "15000.00", "15000.00", "0.00"],
      ["2400", 0, "500000.00", "500000.00", "0.00"],
    ]);
    expect(bs.liabilities.total).toEqual(c("715000.00", "815000.00", "0.00"));
    expect(rows(bs.equity)).toEqual([
      ["3000", 0, "1000000.00", "1000000.00", "1000000.00"],
      ["3100", 0, "130000.00", "130000.00", "0.00"],
      ["3200", 0, "-10000.00", "0.00", "0.00"],
      ["Profit for the year to date", 0, "44000.25", "1000.00", "30000.00"],
      ["Result of earlier years not closed", 0, "0.00", "0.00", "0.00"],
    ]);
    expect(bs.equity.total).toEqual(c("1164000.25", "1131000.00", "1030000.00"));
    expect(bs.liabilitiesAndEquity).toEqual(c("1879000.25", "1946000.00", "1030000.00"));
    expect(bs.difference).toEqual(c("0.00", "0.00", "0.00"));
  });

  it("a year not ended is as at today, compared with the same day a year earlier, and is headed so (issue 37)", async () => {
    const today = "2026-11-30";
    const year = await balanceSheet(getDb(), yearPeriod(2026, JULY), JULY, today);
    expect(year.columns.current.to).toBe(today);
    expect(year.columns.lastYear.to).toBe("2025-11-30");
    expect(year.columns.previous.to).toBe("2026-06-30");
    // As at 30 Nov 2026 the year's balance sheet is November's: the same figures, not those of 30 Jun 2027.
    const november = await balanceSheet(getDb(), NOV_2026, JULY, today);
    for (const section of ["assets", "liabilities", "equity"] as const) {
      expect(year[section].total.current).toBe(november[section].total.current);
      expect(year[section].total.lastYear).toBe(november[section].total.lastYear);
    }
    expect(balanceSheetTable(year, JULY).columns.map((c) => c.header)).toEqual([
      "Account",
      "As at 30 Nov 2026",
      "As at 30 Jun 2026",
      "Change",
      "As at 30 Nov 2025",
      "Change",
    ]);
  });

  it("at the closed year's last day the year's profit reads zero: it is in retained earnings", async () => {
    const bs = await balanceSheet(getDb(), yearPeriod(2025, JULY), JULY);
    expect(bs.columns.current.to).toBe("2026-06-30");
    expect(rows(bs.equity)).toEqual([
      ["3000", 0, "1000000.00", "0.00", "0.00"],
      ["3100", 0, "130000.00", "0.00", "0.00"],
      ["Profit for the year to date", 0, "0.00", "0.00", "0.00"],
      ["Result of earlier years not closed", 0, "0.00", "0.00", "0.00"],
    ]);
    expect(bs.assets.total.current).toBe("1645000.00");
    expect(bs.difference).toEqual(c("0.00", "0.00", "0.00"));
  });

  it("the cash flow: profit, each change as it moves cash, by section; the net change is the change in cash", async () => {
    const cf = await cashFlow(getDb(), NOV_2026, JULY);
    expect(cf.netProfit).toEqual(c("43000.25", "1000.00", "30000.00"));
    expect(rows(cf.operating)).toEqual([
      ["1300", 0, "115000.00", "0.00", "0.00"],
      ["2000", 0, "-100000.00", "300000.00", "0.00"],
    ]);
    expect(cf.operating.lines[0]!.label).toBe("Change in Accounts Receivable");
    expect(cf.netOperating).toEqual(c("58000.25", "301000.00", "30000.00"));
    expect(rows(cf.investing)).toEqual([["1500", 0, "0.00", "-300000.00", "0.00"]]);
    expect(rows(cf.financing)).toEqual([["3200", 0, "-10000.00", "0.00", "0.00"]]);
    expect(cf.netChange).toEqual(c("48000.25", "1000.00", "30000.00"));
    expect(cf.openingCash).toEqual(c("1531000.00", "1530000.00", "1000000.00"));
    expect(cf.closingCash).toEqual(c("1579000.25", "1531000.00", "1030000.00"));
  });

  it("the cash flow of the closed year leaves the closing entry out: retained earnings did not move cash", async () => {
    const cf = await cashFlow(getDb(), yearPeriod(2025, JULY), JULY);
    expect(cf.netProfit.current).toBe("130000.00");
    expect(rows(cf.operating)).toEqual([
      ["1300", 0, "-115000.00", "0.00", "0.00"],
      ["2100", 0, "15000.00", "0.00", "0.00"],
    ]);
    expect(rows(cf.investing)).toEqual([]);
    expect(rows(cf.financing)).toEqual([
      ["2400", 0, "500000.00", "0.00", "0.00"],
      ["3000", 0, "1000000.00", "0.00", "0.00"],
    ]);
    expect(cf.netChange.current).toBe("1530000.00");
    expect([cf.openingCash.current, cf.closingCash.current]).toEqual(["0.00", "1530000.00"]);
  });

  it("the cash flow of a range of days reconciles too", async () => {
    const cf = await cashFlow(getDb(), rangePeriod("2026-11-10", "2026-11-26", JULY), JULY);
    // 15 Nov hire −25,000.25, 20 Nov receipt +115,000, 25 Nov supplier paid −100,000.
    expect(cf.netChange.current).toBe("-10000.25");
    expect(toPaisa(cf.closingCash.current) - toPaisa(cf.openingCash.current)).toBe(-1_000_025n);
    expect(cf.openingCash.current).toBe("1611000.50");
  });

  it("the trial balance: opening, debits, credits and closing of every account with any, the columns equal", async () => {
    const tb = await trialBalance(getDb(), NOV_2026);
    expect(tb.lines.map((l) => [l.code, l.depth, l.opening, l.debits, l.credits, l.closing])).toEqual([
      ["1000", 0, "51000.00", "80000.50", "35000.25", "96000.25"],
      ["1100", 0, "1480000.00", "115000.00", "112000.00", "1483000.00"],
      ["1300", 0, "115000.00", "0.00", "115000.00", "0.00"],
      ["1500", 0, "300000.00", "0.00", "0.00", "300000.00"],
      ["2000", 0, "-300000.00", "100000.00", "0.00", "-200000.00"],
      ["2100", 0, "-15000.00", "0.00", "0.00", "-15000.00"],
      ["2400", 0, "-500000.00", "0.00", "0.00", "-500000.00"],
      ["3000", 0, "-1000000.00", "0.00", "0.00", "-1000000.00"],
      ["3100", 0, "-130000.00", "0.00", "0.00", "-130000.00"],
      ["3200", 0, "0.00", "10000.00", "0.00", "10000.00"],
      ["4000", 0, "0.00", "0.00", "80000.50", "-80000.50"],
      ["4900", 0, "-1000.00", "0.00", "0.00", "-1000.00"],
      ["5000", 0, "0.00", "25000.25", "0.00", "25000.25"],
      ["6110", 1, "0.00", "12000.00", "0.00", "12000.00"],
    ]);
    expect(tb.lines[0]).toMatchObject({ name: "Cash in Hand", type: "asset", accountId: id("1000") });
    expect(tb.totals).toEqual({
      openingDebit: "1946000.00",
      openingCredit: "1946000.00",
      debits: "342000.75",
      credits: "342000.75",
      closingDebit: "1926000.50",
      closingCredit: "1926000.50",
    });
  });

  it("the trial balance of the closed year counts the closing entry", async () => {
    const tb = await trialBalance(getDb(), yearPeriod(2025, JULY));
    const line = (code: string) => tb.lines.find((l) => l.code === code);
    expect(line("4000")).toMatchObject({ debits: "50000.00", credits: "50000.00", closing: "0.00" });
    expect(line("3100")).toMatchObject({ debits: "0.00", credits: "130000.00", closing: "-130000.00" });
    expect(tb.totals.debits).toBe(tb.totals.credits);
    expect(tb.totals.closingDebit).toBe("1645000.00");
  });

  it("reads the same inside a transaction (one connection: its reads one after another)", async () => {
    const period = rangePeriod("2026-10-15", "2026-11-14", JULY);
    const read = async (db: DbOrTx) => [
      await profitAndLoss(db, period, JULY),
      await balanceSheet(db, period, JULY),
      await cashFlow(db, period, JULY),
      await trialBalance(db, period),
    ];
    const outside = await read(getDb());
    expect(await getDb().transaction((tx) => read(tx))).toEqual(outside);
  });
});
