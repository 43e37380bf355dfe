import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { employees, payrollRuns } from "~/db/schema";
import { TYPED_MONEY_MAX } from "~/lib/money";
import type { AuditActor } from "../audit/audit.server";
import { PAYROLL_MESSAGES as M } from "./payroll-form";
import { planPayroll } from "./payroll-preview.server";
import { processPayroll } from "./process-payroll.server";

// A month whose salaries sum past numeric(14,2) (issue 38, finding 4): salaries stored before the typed bound (written
// here directly, as old data might be) are refused by the run with a message naming the figure, writing nothing,
// where the database used to answer a numeric overflow; salaries at the typed bound sum and process.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");
const TABLES = ["payroll_runs", "payslips", "transactions", "journal_entries", "journal_lines", "audit_log"] as const;

beforeAll(async () => {
  await seedDatabase(getDb());
});

const setActiveSalaries = (salary: string) =>
  getDb().update(employees).set({ salary }).where(eq(employees.status, "active"));

describe("a month's payroll whose salaries sum past what a column holds", () => {
  it("is refused, in the dialog's check and by processing, naming the figure, and writes nothing", async () => {
    await setActiveSalaries("999999999999.99");
    const message = M.totalTooLarge("gross salaries", "2026-10");
    expect(message).toBe(
      "The gross salaries of October 2026 would be more than ৳999,999,999,999.99, the most an amount can be: correct the salaries in People > Employees",
    );
    expect(await planPayroll(getDb(), "2026-10", NOW)).toMatchObject({ ok: false, message });
    const before = await tableFingerprint(TABLES);
    const result = await processPayroll(getDb(), actor, { month: "2026-10" }, NOW);
    expect(result).toMatchObject({ ok: false, refusal: "invalid", errors: { month: message } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("processes every active employee at the typed bound, ৳99,999,999.99, their totals exact", async () => {
    await setActiveSalaries(TYPED_MONEY_MAX);
    const result = await processPayroll(getDb(), actor, { month: "2026-10" }, NOW);
    expect(result).toMatchObject({ ok: true, message: M.processed });
    if (!result.ok) return;
    const [run] = await getDb().select().from(payrollRuns).where(eq(payrollRuns.id, result.runId));
    expect(run!.totalNet).toBe(result.net);
  });
});
