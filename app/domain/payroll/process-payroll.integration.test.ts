import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { employees, journalLines, payrollRuns, payslips, transactions } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { sumPaisa, toPaisa } from "~/lib/money";
import type { AuditActor } from "../audit/audit.server";
import { PAYROLL_MESSAGES as M } from "./payroll-form";
import { payslipFigures } from "./payroll-formula";
import { processPayroll } from "./process-payroll.server";

// Process Payroll (issue 25) on a real database: one payslip per employee to pay with the formula's figures, one
// pending salary row each as the spec describes, one balanced entry; a month processed once; nothing written on a
// refusal.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");
const TABLES = ["payroll_runs", "payslips", "transactions", "journal_entries", "journal_lines", "audit_log"] as const;
const SPEC_SLABS = [
  { bandAmount: "300000", rate: "0" },
  { bandAmount: "100000", rate: "5" },
  { bandAmount: "300000", rate: "10" },
  { bandAmount: "400000", rate: "15" },
  { bandAmount: "500000", rate: "20" },
  { bandAmount: null, rate: "25" },
];

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("processing a month's payroll", () => {
  it("writes a payslip and a pending salary row per employee and one balanced entry", async () => {
    const result = await processPayroll(getDb(), actor, { month: "2026-10" }, NOW);
    expect(result).toMatchObject({ ok: true, message: M.processed });
    if (!result.ok) return;
    const active = await getDb().select().from(employees).where(eq(employees.status, "active"));
    const slips = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, result.runId));
    expect(slips.map((s) => s.employeeId).sort()).toEqual(active.map((e) => e.id).sort());
    for (const slip of slips) {
      const employee = active.find((e) => e.id === slip.employeeId)!;
      const figures = payslipFigures(employee.salary, SPEC_SLABS, { daysPaid: 31, daysInMonth: 31 });
      expect(slip).toMatchObject({
        gross: figures.gross,
        incomeTax: figures.incomeTax,
        net: figures.net,
        daysPaid: 31,
      });
      const [row] = await getDb().select().from(transactions).where(eq(transactions.id, slip.transactionId!));
      expect(row).toMatchObject({
        type: "expense",
        category: "Salaries",
        amount: figures.net,
        date: "2026-10-01",
        paymentMethod: "bank",
        description: "Salary payment for October 2026",
        status: "pending",
        party: employee.name,
      });
    }
    const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, result.entryId));
    const debits = sumPaisa(lines.map((l) => toPaisa(l.debit)));
    expect(debits).toBe(sumPaisa(lines.map((l) => toPaisa(l.credit))));
    expect(debits).toBe(sumPaisa(slips.map((s) => toPaisa(s.gross))));
    // Each employee's net salary is a line of its own (issue 36), the net of their payslip; the net lines come last,
    // as Salary Disbursement pays the account of the entry's last line.
    const salariesPayable = lines
      .filter((l) => l.accountId === seedId("account:2200"))
      .map((l) => ({ credit: l.credit, description: l.description }));
    expect(salariesPayable).toEqual(
      expect.arrayContaining(slips.map((s) => ({ credit: s.net, description: `Net salary: ${s.employeeName}` }))),
    );
    expect(salariesPayable).toHaveLength(slips.length);
    const last = lines.reduce((a, b) => (b.lineNo > a.lineNo ? b : a));
    expect(last.accountId).toBe(seedId("account:2200"));
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, result.runId));
    expect(run).toMatchObject({ periodMonth: "2026-10-01", status: "processed", journalEntryId: result.entryId });
  });

  it("refuses the same month again and writes nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const again = await processPayroll(getDb(), actor, { month: "2026-10" }, NOW);
    expect(again).toMatchObject({ ok: false, refusal: "conflict", errors: { month: M.alreadyProcessed("2026-10") } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it.each([
    ["", M.monthRequired],
    ["2026-13", M.monthInvalid],
    ["November", M.monthInvalid],
    ["1999-12", M.monthOutOfRange],
    ["2026-12", M.monthInFuture("2026-12")],
  ])("refuses the month %j with its message, writing nothing", async (month, message) => {
    const before = await tableFingerprint(TABLES);
    const result = await processPayroll(getDb(), actor, { month }, NOW);
    expect(result).toMatchObject({ ok: false, refusal: "invalid", errors: { month: message } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});
