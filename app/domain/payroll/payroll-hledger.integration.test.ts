import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkAgainstHledger,
  checkStatements,
  exportJournal,
  hledgerBalances,
  readBook,
} from "../../../tests/support/report-checks";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { chartOfAccounts, payrollRuns, payslips } from "~/db/schema";
import { fromPaisa, sumPaisa, toPaisa } from "~/lib/money";
import type { AuditActor } from "../audit/audit.server";
import { balancesAt } from "../accounting/balances.server";
import { hledgerAccountName } from "../accounting/hledger.server";
import { fiscalYearStartMonth } from "../reports/ledger-figures.server";
import { monthPeriod, rangePeriod } from "../reports/report-periods";
import { disburseSalaries } from "./disburse-salaries.server";
import { processPayroll } from "./process-payroll.server";

// The hledger comparison with payroll in the book (issue 25, "Proof"): two months processed, September paid in full
// from the bank and October in part from bKash; Debian's hledger, reading our export, finds every account's balance
// to the paisa (overall and at October's end), and the P&L and balance sheet of both months agree with it and with
// the posted lines. Salaries payable is left with exactly the nets of October's unpaid payslips.

const actor: AuditActor = { userId: null, label: "hledger test", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");
const BANK = seedId("account:1100");
const BKASH = seedId("account:1200");
const PAYABLE = seedId("account:2200");
let dir: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  dir = mkdtempSync(path.join(os.tmpdir(), "utsab-payroll-hledger-"));
  for (const month of ["2026-09", "2026-10"])
    expect(await processPayroll(getDb(), actor, { month }, NOW)).toMatchObject({ ok: true });
  expect(
    await disburseSalaries(getDb(), actor, { month: "2026-09", moneyAccountId: BANK, date: "2026-09-30" }, NOW),
  ).toMatchObject({ ok: true, runDisbursed: true });
  const october = await getDb()
    .select({ id: payslips.id })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payrollRunId))
    .where(eq(payrollRuns.periodMonth, "2026-10-01"))
    .orderBy(payslips.employeeName);
  expect(
    await disburseSalaries(
      getDb(),
      actor,
      { month: "2026-10", moneyAccountId: BKASH, date: "2026-10-31", payslipIds: october.slice(0, 2).map((s) => s.id) },
      NOW,
    ),
  ).toMatchObject({ ok: true, paid: 2, runDisbursed: false });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the book with payroll processed and paid", () => {
  it("salaries payable holds exactly October's unpaid nets", async () => {
    const unpaid = await getDb().select({ net: payslips.net }).from(payslips).where(eq(payslips.status, "pending"));
    expect(unpaid.length).toBeGreaterThan(0);
    const balances = await balancesAt(getDb(), [PAYABLE], null);
    // A liability's balance is debits less credits: negative by what is owed.
    expect(balances.get(PAYABLE)).toBe(-sumPaisa(unpaid.map((u) => toPaisa(u.net))));
  });

  it("hledger finds every account's balance to the paisa, overall and at October's end", async () => {
    const file = await exportJournal(getDb(), dir);
    const names = new Map(
      (await getDb().select().from(chartOfAccounts)).map((a) => [hledgerAccountName(a.code, a.name), a.id]),
    );
    for (const [end, at] of [
      [null, null],
      ["2026-11-01", "2026-10-31"],
      ["2026-10-01", "2026-09-30"],
    ] as const) {
      const theirs = hledgerBalances(file, end);
      if (!theirs) return;
      const ours = await balancesAt(getDb(), "all", at);
      const compared = new Map<string, string>();
      for (const [name, balance] of theirs) if (balance !== 0n) compared.set(names.get(name)!, fromPaisa(balance));
      const expected = new Map([...ours].filter(([, b]) => b !== 0n).map(([id, b]) => [id, fromPaisa(b)]));
      expect(compared).toEqual(expected);
      // September paid in full: nothing owed at its end; October's unpaid nets after.
      expect(compared.has(PAYABLE)).toBe(at !== "2026-09-30");
    }
  });

  it("the statements of September, October and both agree with the lines and with hledger", async () => {
    const startMonth = await fiscalYearStartMonth(getDb());
    const periods = [
      monthPeriod("2026-09-01", startMonth),
      monthPeriod("2026-10-01", startMonth),
      rangePeriod("2026-09-01", "2026-10-31", startMonth),
    ];
    const book = await readBook(getDb());
    for (const period of periods) await checkStatements(getDb(), book, period, startMonth);
    const file = await exportJournal(getDb(), dir);
    const ran = await checkAgainstHledger(getDb(), file, periods, startMonth);
    if (process.env.CI) expect(ran).toBe(true);
  }, 120_000);
});
