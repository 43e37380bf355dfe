import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedDemoBooks } from "~/db/seed/demo-books.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import {
  checkAgainstHledger,
  checkStatements,
  checkYearIdentity,
  exportJournal,
  readBook,
} from "../../../tests/support/report-checks";
import { writeYearEndClose } from "../../../tests/support/year-end-close-fixture";
import { fiscalYearStartMonth } from "./ledger-figures.server";
import { monthPeriod, quarterPeriod, rangePeriod, yearPeriod, type ReportPeriod } from "./report-periods";

// The statements always agree (issue 24, "Proof"), on the demo books (npm run db:seed:demo: three months of every
// kind of document through the screens' use cases), posted to end on 20 August 2026 so they cross the end of
// FY 2025-26: for every month, quarter and fiscal year they touch and a range across the year's end, the balance
// sheet balances, the cash flow reconciles, the trial balance's columns agree and every figure is its lines'; a
// fiscal year's profit is the change in retained earnings and the computed result lines, before and after the year
// is closed; and Debian's hledger, reading the export, finds the same totals to the paisa.

const TODAY = "2026-08-20";
const RETAINED_EARNINGS = seedId("account:3100");
let startMonth = 7;
let dir: string;

function periods(): ReportPeriod[] {
  return [
    ...["2026-05-01", "2026-06-01", "2026-07-01", "2026-08-01"].map((d) => monthPeriod(d, startMonth)),
    quarterPeriod(2025, 4, startMonth),
    quarterPeriod(2026, 1, startMonth),
    yearPeriod(2025, startMonth),
    yearPeriod(2026, startMonth),
    rangePeriod("2026-06-15", "2026-07-14", startMonth),
  ];
}

beforeAll(async () => {
  await seedDatabase(getDb());
  const demo = await seedDemoBooks(getDb(), { today: TODAY });
  expect(demo.from < "2026-06-30").toBe(true);
  startMonth = await fiscalYearStartMonth(getDb());
  expect(startMonth).toBe(7);
  dir = mkdtempSync(path.join(os.tmpdir(), "utsab-reports-hledger-"));
}, 300_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the statements on the demo books", () => {
  it("agree with each other, with the lines and with hledger, for every period the books touch", async () => {
    const book = await readBook(getDb());
    expect(book.length).toBeGreaterThan(200);
    for (const period of periods()) {
      const { pl, cf } = await checkStatements(getDb(), book, period, startMonth);
      if (period.kind === "yearly" && period.fiscalYear === 2026) {
        expect(pl.income.lines.length).toBeGreaterThan(2);
        expect(cf.operating.lines.length).toBeGreaterThan(2);
      }
    }
    const before = await checkYearIdentity(getDb(), 2025, startMonth, RETAINED_EARNINGS);
    expect(before.profit).not.toBe(0n);
    expect(before.retainedChange).toBe(0n);
    await checkYearIdentity(getDb(), 2026, startMonth, RETAINED_EARNINGS);
    const file = await exportJournal(getDb(), dir);
    await checkAgainstHledger(getDb(), file, periods(), startMonth);
  }, 120_000);

  it("after FY 2025-26 is closed: its profit is in retained earnings, and everything still agrees", async () => {
    const before = await checkYearIdentity(getDb(), 2025, startMonth, RETAINED_EARNINGS);
    expect(await writeYearEndClose(2025, startMonth)).toBe(before.profit);
    const after = await checkYearIdentity(getDb(), 2025, startMonth, RETAINED_EARNINGS);
    expect(after).toEqual({ profit: before.profit, retainedChange: before.profit });
    await checkYearIdentity(getDb(), 2026, startMonth, RETAINED_EARNINGS);
    const book = await readBook(getDb());
    for (const period of periods()) await checkStatements(getDb(), book, period, startMonth);
    const file = await exportJournal(getDb(), dir);
    await checkAgainstHledger(getDb(), file, periods(), startMonth);
  }, 120_000);
});
