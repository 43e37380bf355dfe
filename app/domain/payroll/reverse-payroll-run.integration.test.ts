import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { seedId } from "~/db/seed/ids";
import {
  accountingSettings,
  auditLog,
  journalEntries,
  journalLines,
  payrollRuns,
  payslips,
  transactions,
} from "~/db/schema";
import { LEDGER_MESSAGES } from "../accounting/ledger.server";
import type { AuditActor } from "../audit/audit.server";
import { PAYROLL_MESSAGES as M } from "./payroll-form";
import { processPayroll } from "./process-payroll.server";
import { reversePayrollRun } from "./reverse-payroll-run.server";

// Undoing a processed month (issue 25) on a real database: the run's entry taken back by its mirror dated today, the
// run reversed with who, when and why, its payslips reversed and pending salary rows cancelled, one audit line; the
// month can then be processed again. Refused, writing nothing: an unknown run, one undone already, one with a paid
// payslip, a missing or too long reason, the books locked up to today.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");
const TODAY = "2026-11-27";
const TABLES = ["payroll_runs", "payslips", "transactions", "journal_entries", "journal_lines", "audit_log"] as const;

async function processed(month: string) {
  const result = await processPayroll(getDb(), actor, { month }, NOW);
  if (!result.ok) throw new Error(`could not process ${month}: ${result.message}`);
  return result;
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

afterEach(async () => {
  await getDb().update(accountingSettings).set({ lockDate: null });
});

describe("undoing a month's payroll", () => {
  it("posts the entry's mirror, reverses the run and its payslips, cancels the salary rows; the month can be processed again", async () => {
    const run = await processed("2026-09");
    const result = await reversePayrollRun(getDb(), actor, { runId: run.runId, reason: "  Wrong salaries  " }, NOW);
    expect(result).toMatchObject({ ok: true, message: M.undone("2026-09"), month: "2026-09" });
    if (!result.ok) return;

    const [row] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, run.runId));
    expect(row).toMatchObject({
      status: "reversed",
      reversalReason: "Wrong salaries",
      reversalEntryId: result.reversalEntryId,
    });
    expect(row!.reversedAt).toBeInstanceOf(Date);

    const [mirror] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.reversalEntryId));
    expect(mirror).toMatchObject({
      entryDate: TODAY,
      reversesId: run.entryId,
      sourceType: "reversal",
      sourceId: run.entryId,
      status: "posted",
    });
    const lines = (id: string) =>
      getDb()
        .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit })
        .from(journalLines)
        .where(eq(journalLines.journalEntryId, id));
    const original = await lines(run.entryId);
    const mirrored = await lines(result.reversalEntryId);
    expect(mirrored.map((l) => ({ accountId: l.accountId, debit: l.credit, credit: l.debit })).sort(byAccount)).toEqual(
      original.sort(byAccount),
    );

    const slips = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, run.runId));
    expect(slips.length).toBe(run.payslips);
    expect(new Set(slips.map((s) => s.status))).toEqual(new Set(["reversed"]));
    for (const slip of slips) {
      const [salaryRow] = await getDb().select().from(transactions).where(eq(transactions.id, slip.transactionId!));
      expect(salaryRow!.status).toBe("cancelled");
    }
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entityId, run.runId));
    expect(audit.map((a) => a.action).sort()).toEqual(["payroll.process", "payroll.undo"]);

    // The month again: a new run, a new entry.
    const again = await processed("2026-09");
    expect(again.runId).not.toBe(run.runId);
    const standing = await getDb()
      .select()
      .from(payrollRuns)
      .where(and(eq(payrollRuns.periodMonth, "2026-09-01"), eq(payrollRuns.status, "processed")));
    expect(standing.map((r) => r.id)).toEqual([again.runId]);
  });

  it("refuses a month undone already, writing nothing", async () => {
    const run = await processed("2026-08");
    expect(await reversePayrollRun(getDb(), actor, { runId: run.runId, reason: "Test" }, NOW)).toMatchObject({
      ok: true,
    });
    const before = await tableFingerprint(TABLES);
    const again = await reversePayrollRun(getDb(), actor, { runId: run.runId, reason: "Test" }, NOW);
    expect(again).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: M.undoFailed(M.alreadyUndone("2026-08")),
      errors: { form: M.alreadyUndone("2026-08") },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses a month with a salary paid, naming how many, writing nothing", async () => {
    const run = await processed("2026-07");
    const [slip] = await getDb().select().from(payslips).where(eq(payslips.payrollRunId, run.runId)).limit(1);
    // Paid as a disbursement leaves it (the check payslips_paid_check wants all three set).
    await getDb()
      .update(payslips)
      .set({ status: "paid", paidAt: NOW, disbursementEntryId: run.entryId, moneyAccountId: seedId("account:1000") })
      .where(eq(payslips.id, slip!.id));
    const before = await tableFingerprint(TABLES);
    const result = await reversePayrollRun(getDb(), actor, { runId: run.runId, reason: "Test" }, NOW);
    expect(result).toMatchObject({ ok: false, refusal: "conflict", errors: { form: M.somePaid("2026-07", 1) } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses while the books are locked up to today, on the form, writing nothing", async () => {
    const run = await processed("2026-06");
    await getDb().update(accountingSettings).set({ lockDate: TODAY });
    const before = await tableFingerprint(TABLES);
    const result = await reversePayrollRun(getDb(), actor, { runId: run.runId, reason: "Test" }, NOW);
    expect(result).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: M.undoFailed(LEDGER_MESSAGES.locked(TODAY)),
      errors: { form: LEDGER_MESSAGES.locked(TODAY) },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it.each([
    ["a run id that is not one", { runId: "not-a-uuid", reason: "Test" }, "not-found", "form", M.runNotFound],
    [
      "an unknown run",
      { runId: "00000000-0000-4000-8000-000000000000", reason: "Test" },
      "not-found",
      "form",
      M.runNotFound,
    ],
    ["no run id", { runId: "", reason: "Test" }, "not-found", "form", M.runNotFound],
    [
      "a blank reason",
      { runId: "00000000-0000-4000-8000-000000000000", reason: "   " },
      "invalid",
      "reason",
      M.reasonRequired,
    ],
    [
      "a reason of 501 characters",
      { runId: "00000000-0000-4000-8000-000000000000", reason: "x".repeat(501) },
      "invalid",
      "reason",
      M.reasonTooLong,
    ],
    [
      "a reason with control characters",
      { runId: "00000000-0000-4000-8000-000000000000", reason: "a\u0000b" },
      "invalid",
      "reason",
      M.reasonControl,
    ],
  ] as const)("refuses %s, naming the field, writing nothing", async (_name, values, refusal, field, message) => {
    const before = await tableFingerprint(TABLES);
    const result = await reversePayrollRun(getDb(), actor, values, NOW);
    expect(result).toMatchObject({ ok: false, refusal, errors: { [field]: message } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("takes a reason of exactly 500 characters", async () => {
    const run = await processed("2026-05");
    const result = await reversePayrollRun(getDb(), actor, { runId: run.runId, reason: "y".repeat(500) }, NOW);
    expect(result).toMatchObject({ ok: true });
  });
});

function byAccount(a: { accountId: string }, b: { accountId: string }) {
  return a.accountId.localeCompare(b.accountId);
}
