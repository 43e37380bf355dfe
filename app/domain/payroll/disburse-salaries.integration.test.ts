import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import {
  accountingSettings,
  accountRoles,
  auditLog,
  chartOfAccounts,
  journalEntries,
  journalLines,
  payrollRuns,
  payslips,
  transactions,
} from "~/db/schema";
import { sumPaisa, toPaisa } from "~/lib/money";
import type { AuditActor } from "../audit/audit.server";
import { MONEY_DOCUMENT_MESSAGES } from "../accounting/money-document-form";
import { LEDGER_MESSAGES } from "../accounting/ledger.server";
import { settleOpenItem } from "../accounting/settle-open-item.server";
import { disburseSalaries } from "./disburse-salaries.server";
import { DISBURSEMENT_MESSAGES as M } from "./disbursement-form";
import { PAYROLL_MESSAGES } from "./payroll-form";
import { processPayroll } from "./process-payroll.server";

// Salary Disbursement's use case (issue 25) on a real database: a processed month's payslips paid from a money
// account, one entry each against salaries payable, their salary rows completed, the run disbursed once nothing is
// left; every refusal (the form's fields, the month, the account, the date, the payslips, the lock date) writes
// nothing. Also Settle in Payables & Receivables refusing a payroll's salary row.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");
const TABLES = [
  "payroll_runs",
  "payslips",
  "transactions",
  "journal_entries",
  "journal_lines",
  "settlements",
  "audit_log",
] as const;
const BANK = seedId("account:1100");
const SAVINGS = seedId("account:1110");
const BKASH = seedId("account:1200");
const PAYABLE = seedId("account:2200");
const PROVIDENT_FUND = seedId("account:2210");

const slipsOf = async (month: string) =>
  getDb()
    .select({ slip: payslips, run: payrollRuns })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payrollRunId))
    .where(and(eq(payrollRuns.periodMonth, `${month}-01`), inArray(payrollRuns.status, ["processed", "disbursed"])))
    .orderBy(payslips.employeeName)
    .then((rows) => rows.map((r) => r.slip));

const pay = (values: Record<string, unknown>) =>
  disburseSalaries(getDb(), actor, { month: "2026-10", moneyAccountId: BANK, date: "2026-10-31", ...values }, NOW);

let octoberSlips: Awaited<ReturnType<typeof slipsOf>>;
let septemberSlips: Awaited<ReturnType<typeof slipsOf>>;
let augustRunId: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  for (const month of ["2026-08", "2026-09", "2026-10"]) {
    const result = await processPayroll(getDb(), actor, { month }, NOW);
    expect(result).toMatchObject({ ok: true });
    if (month === "2026-08" && result.ok) augustRunId = result.runId;
  }
  // August is undone (as Payroll's Undo leaves a run): reversed with its payslips.
  const [august] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, augustRunId));
  await getDb()
    .update(payrollRuns)
    .set({
      status: "reversed",
      reversedAt: new Date(),
      reversalEntryId: august!.journalEntryId,
      reversalReason: "test: undone",
    })
    .where(eq(payrollRuns.id, augustRunId));
  await getDb().update(payslips).set({ status: "reversed" }).where(eq(payslips.payrollRunId, augustRunId));
  octoberSlips = await slipsOf("2026-10");
  septemberSlips = await slipsOf("2026-09");
  expect(octoberSlips.length).toBeGreaterThan(2);
});

afterEach(async () => {
  await getDb().update(accountingSettings).set({ lockDate: null });
  await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.id, SAVINGS));
});

describe("refusals write nothing", () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ["month blank", { month: "" }, { month: PAYROLL_MESSAGES.monthRequired }],
    ["month malformed", { month: "2026-13" }, { month: PAYROLL_MESSAGES.monthInvalid }],
    ["month as words", { month: "October" }, { month: PAYROLL_MESSAGES.monthInvalid }],
    ["month not processed", { month: "2026-07", date: "2026-07-31" }, { month: M.notProcessed("2026-07") }],
    ["month undone", { month: "2026-08", date: "2026-08-31" }, { month: M.runReversed("2026-08") }],
    ["account blank", { moneyAccountId: "" }, { moneyAccountId: M.accountRequired }],
    ["account not a uuid", { moneyAccountId: "bank" }, { moneyAccountId: M.accountInvalid }],
    [
      "account unknown",
      { moneyAccountId: "00000000-0000-4000-8000-000000000000" },
      { moneyAccountId: MONEY_DOCUMENT_MESSAGES.accountUnknown },
    ],
    ["account not money", { moneyAccountId: PAYABLE }, { moneyAccountId: MONEY_DOCUMENT_MESSAGES.accountNotMoney }],
    ["date blank", { date: "" }, { date: M.dateRequired }],
    ["date malformed", { date: "31/10/2026" }, { date: M.dateInvalid }],
    ["date not in the calendar", { date: "2026-02-30" }, { date: M.dateInvalid }],
    ["date before the month", { date: "2026-09-30" }, { date: M.dateBeforeMonth("2026-10") }],
    ["date in the future", { date: "2026-11-28" }, { date: M.dateInFuture }],
    ["payslip id malformed", { payslipIds: ["not-an-id"] }, { payslipIds: M.payslipInvalid }],
    ["payslip unknown", { payslipIds: ["00000000-0000-4000-8000-000000000000"] }, { payslipIds: M.payslipInvalid }],
    ["none ticked in the dialog", { payslipIds: [], chosen: true }, { payslipIds: M.noneChosen }],
  ];
  it.each(cases)("%s", async (_name, values, errors) => {
    const before = await tableFingerprint(TABLES);
    const result = await pay(values);
    expect(result).toMatchObject({ ok: false, errors });
    if (!result.ok) expect(result.message).toBe(M.failed(Object.values(result.errors)[0]!));
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("an inactive account, with its code and name", async () => {
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, SAVINGS));
    const before = await tableFingerprint(TABLES);
    const result = await pay({ moneyAccountId: SAVINGS });
    expect(result).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { moneyAccountId: LEDGER_MESSAGES.accountInactive("1110", "Bank - Savings Account") },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("a payslip of another month", async () => {
    const before = await tableFingerprint(TABLES);
    const result = await pay({ payslipIds: [octoberSlips[0]!.id, septemberSlips[0]!.id] });
    expect(result).toMatchObject({ ok: false, errors: { payslipIds: M.payslipOfOtherMonth("2026-10") } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("a payslip of an undone run", async () => {
    const [undone] = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, augustRunId)).limit(1);
    const before = await tableFingerprint(TABLES);
    const result = await pay({ payslipIds: [undone!.id] });
    expect(result).toMatchObject({ ok: false, errors: { payslipIds: M.payslipReversed(undone!.employeeName) } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("a date the lock date closes: the message on the date", async () => {
    await getDb().update(accountingSettings).set({ lockDate: "2026-10-31" });
    const before = await tableFingerprint(TABLES);
    const result = await pay({ date: "2026-10-20" });
    expect(result).toMatchObject({ ok: false, refusal: "invalid" });
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["date"]);
    expect(result.errors.date).toMatch(/2026|lock/i);
    expect(result.message).toBe(M.failed(result.errors.date!));
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("paying salaries", () => {
  it("pays the chosen payslips: an entry each, the payslips paid, the rows completed; the run still processed", async () => {
    const chosen = octoberSlips.slice(0, 2);
    const result = await pay({ payslipIds: chosen.map((s) => s.id) });
    expect(result).toMatchObject({ ok: true, message: M.processed, paid: 2, runDisbursed: false });
    for (const slip of chosen) {
      const [now] = await getDb().select().from(payslips).where(eq(payslips.id, slip.id));
      expect(now).toMatchObject({ status: "paid", moneyAccountId: BANK });
      expect(now!.paidAt).toBeInstanceOf(Date);
      const [entry] = await getDb()
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, now!.disbursementEntryId!));
      expect(entry).toMatchObject({ sourceType: "payslip", sourceId: slip.id, entryDate: "2026-10-31" });
      const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, entry!.id));
      expect(lines.map((l) => [l.accountId, toPaisa(l.debit), toPaisa(l.credit)]).sort()).toEqual(
        [
          [PAYABLE, toPaisa(slip.net), 0n],
          [BANK, 0n, toPaisa(slip.net)],
        ].sort(),
      );
      const [row] = await getDb().select().from(transactions).where(eq(transactions.id, slip.transactionId!));
      expect(row).toMatchObject({
        status: "completed",
        moneyAccountId: BANK,
        paymentMethod: "bank",
        settledAmount: slip.net,
      });
    }
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, octoberSlips[0]!.payrollRunId));
    expect(run).toMatchObject({ status: "processed", disbursedAt: null });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "payroll.disburse"))
      .orderBy(auditLog.createdAt);
    expect(audit).toMatchObject({ entityType: "payroll_run", entityId: run!.id });
  });

  it("refuses a payslip already paid (another tab), naming the employee, and writes nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const result = await pay({ payslipIds: [octoberSlips[2]!.id, octoberSlips[0]!.id] });
    expect(result).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { payslipIds: M.alreadyPaid(octoberSlips[0]!.employeeName) },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("Settle in Payables refuses a pending salary row: it is paid here", async () => {
    const slip = octoberSlips[3] ?? octoberSlips[2]!;
    const before = await tableFingerprint(TABLES);
    const result = await settleOpenItem(getDb(), actor, {
      id: slip.transactionId!,
      date: "2026-10-31",
      paymentMethod: "bank",
      moneyAccountId: BANK,
      amount: slip.net,
      reference: "",
    });
    expect(result).toMatchObject({ ok: false, refusal: "conflict", errors: { form: M.settleSalaryRow } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("pays the rest of the month from a wallet by default, and the run is disbursed", async () => {
    const result = await pay({ moneyAccountId: BKASH, date: "2026-11-01" });
    expect(result).toMatchObject({ ok: true, paid: octoberSlips.length - 2, runDisbursed: true });
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, octoberSlips[0]!.payrollRunId));
    expect(run!.status).toBe("disbursed");
    expect(run!.disbursedAt).toBeInstanceOf(Date);
    const rows = await getDb()
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          octoberSlips.map((s) => s.transactionId!),
        ),
      );
    expect(rows.every((r) => r.status === "completed")).toBe(true);
    // Salaries payable: the run's credit of the net is paid back to zero.
    const entryIds = [run!.journalEntryId!, ...(await slipsOf("2026-10")).map((s) => s.disbursementEntryId!)];
    const lines = await getDb()
      .select()
      .from(journalLines)
      .where(and(eq(journalLines.accountId, PAYABLE), inArray(journalLines.journalEntryId, entryIds)));
    expect(sumPaisa(lines.map((l) => toPaisa(l.debit) - toPaisa(l.credit)))).toBe(0n);
  });

  it("two disbursements of one payslip at once (two tabs): one pays, the other is refused by name", async () => {
    expect(await processPayroll(getDb(), actor, { month: "2026-06" }, NOW)).toMatchObject({ ok: true });
    const [slip] = await slipsOf("2026-06");
    const both = await Promise.all(
      [BANK, BKASH].map((moneyAccountId) =>
        pay({ month: "2026-06", date: "2026-06-30", moneyAccountId, payslipIds: [slip!.id] }),
      ),
    );
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({
      refusal: "conflict",
      errors: { payslipIds: M.alreadyPaid(slip!.employeeName) },
    });
    const entries = await getDb()
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.sourceType, "payslip"), eq(journalEntries.sourceId, slip!.id)));
    expect(entries).toHaveLength(1);
  });

  it("a month wholly paid has nothing left to pay", async () => {
    const before = await tableFingerprint(TABLES);
    const result = await pay({});
    expect(result).toMatchObject({ ok: false, errors: { month: M.nothingPending("2026-10") } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("the account salaries were owed on", () => {
  it("pays the salaries payable the run credited, even after Settings points the role at another account", async () => {
    expect(await processPayroll(getDb(), actor, { month: "2026-05" }, NOW)).toMatchObject({ ok: true });
    // The role moved to 2210 Provident Fund Payable, an account the run's entry also credits.
    await getDb()
      .update(accountRoles)
      .set({ accountId: PROVIDENT_FUND })
      .where(eq(accountRoles.role, "payroll.salaries_payable"));
    try {
      const [slip] = await slipsOf("2026-05");
      const result = await pay({ month: "2026-05", date: "2026-05-31", payslipIds: [slip!.id] });
      expect(result).toMatchObject({ ok: true, paid: 1 });
      const [paid] = await getDb().select().from(payslips).where(eq(payslips.id, slip!.id));
      const lines = await getDb()
        .select()
        .from(journalLines)
        .where(eq(journalLines.journalEntryId, paid!.disbursementEntryId!));
      expect(lines.find((l) => toPaisa(l.debit) > 0n)).toMatchObject({ accountId: PAYABLE, debit: slip!.net });
    } finally {
      await getDb()
        .update(accountRoles)
        .set({ accountId: PAYABLE })
        .where(eq(accountRoles.role, "payroll.salaries_payable"));
    }
  });

  it("credits the tax withheld from salaries to withholding tax payable, which Tax Management deposits as TDS", async () => {
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.periodMonth, "2026-05-01"));
    const lines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, run!.journalEntryId!));
    const taxWithheld = sumPaisa((await slipsOf("2026-05")).map((s) => toPaisa(s.incomeTax)));
    expect(taxWithheld).toBeGreaterThan(0n);
    // One line per employee whose tax was withheld (issue 36): together the month's tax withheld.
    const withheld = lines.filter((l) => l.accountId === seedId("account:2120"));
    expect(withheld.every((l) => l.debit === "0.00")).toBe(true);
    expect(sumPaisa(withheld.map((l) => toPaisa(l.credit)))).toBe(taxWithheld);
  });
});
