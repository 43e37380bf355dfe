// The Transactions screen's cards after a year-end close (issue 24): the closing entry, dated the year's last day,
// debits the year's income and credits its expenses; the cards leave it out as the Profit & Loss does, so June, the
// calendar year and all time still show what was earned and spent, and agree with the P&L.
import { beforeAll, describe, expect, it } from "vitest";
import { writeYearEndClose } from "../../../tests/support/year-end-close-fixture";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { toPaisa } from "~/lib/money";
import { profitAndLoss } from "../reports/profit-and-loss.server";
import { yearPeriod } from "../reports/report-periods";
import { writeEntry } from "./ledger.server";
import { ledgerSummary } from "./ledger-summary.server";

const JULY = 7;
const id = (code: string) => seedId(`account:${code}`);

/** Posts [account code, amount] lines: positive a debit, negative a credit. */
async function post(date: string, lines: [string, string][]): Promise<void> {
  await getDb().transaction((tx) =>
    writeEntry(tx, {
      date,
      description: `test ${date}`,
      source: { type: "manual" },
      lines: lines.map(([code, amount]) => {
        const paisa = toPaisa(amount);
        return { accountId: id(code), debit: paisa > 0n ? paisa : 0n, credit: paisa < 0n ? -paisa : 0n };
      }),
      createdBy: null,
    }),
  );
}

beforeAll(async () => {
  await seedDatabase(getDb());
  await post("2025-03-10", [
    ["1000", "1000.50"],
    ["4000", "-1000.50"],
  ]);
  await post("2025-06-12", [
    ["6100", "400"],
    ["1000", "-400"],
  ]);
  // FY 2024-25 (Jul 2024 – Jun 2025) closed: its entry is dated 30 June 2025.
  expect(await writeYearEndClose(2024, JULY)).toBe(60050n);
});

describe("the Transactions cards after a year-end close", () => {
  it("leave the closing entry out of June, the calendar year and all time", async () => {
    const june = await ledgerSummary(getDb(), { from: "2025-06-01", to: "2025-06-30" }, "2025-06-30");
    expect(june).toMatchObject({ income: "0.00", expenses: "400.00", balance: "600.50" });
    const year = await ledgerSummary(getDb(), { from: "2025-01-01", to: "2025-12-31" }, "2025-12-31");
    expect(year).toMatchObject({ income: "1000.50", expenses: "400.00" });
    const allTime = await ledgerSummary(getDb(), { from: null, to: null }, "2026-11-27");
    expect(allTime).toMatchObject({ income: "1000.50", expenses: "400.00", balance: "600.50" });
  });

  it("agree with the Profit & Loss of the closed year", async () => {
    const pnl = await profitAndLoss(getDb(), yearPeriod(2024, JULY), JULY);
    const cards = await ledgerSummary(getDb(), { from: "2024-07-01", to: "2025-06-30" }, "2025-06-30");
    expect(cards.income).toBe(pnl.income.total.current);
    expect(cards.expenses).toBe(pnl.expenses.total.current);
  });
});
