import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { journalEntries, payrollRuns } from "~/db/schema";
import type { AuditActor } from "../audit/audit.server";
import { PAYROLL_MESSAGES as M } from "./payroll-form";
import { processPayroll } from "./process-payroll.server";
import { reversePayrollRun } from "./reverse-payroll-run.server";

// A month is processed once, also from two tabs at the same moment (issue 25), PostgreSQL only (PGlite has one
// connection). A third session holds the employees' rows FOR UPDATE so that both runs wait at the same point (their
// FOR SHARE of the employees) and then race to the run's row: payroll_runs_month_unique lets one in; the other waits
// on its insert and, once it commits, is told the month is processed, having written nothing. 50 rounds, the month
// undone between rounds (which also proves a month undone can be processed again, at once).

const userA: AuditActor = { userId: null, label: "a@example.com", ipAddress: null, userAgent: null };
const userB: AuditActor = { userId: null, label: "b@example.com", ipAddress: null, userAgent: null };
const NOW = new Date("2026-11-27T06:00:00Z");
const MONTH = "2026-10";
const onPostgres = process.env.DATABASE_URL !== undefined;

/** Waits until `count` sessions of this database wait for a lock. */
async function lockWaiters(count: number): Promise<void> {
  const pool = getDatabase().pool!;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return;
    await new Promise((r) => setImmediate(r));
  }
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("processing one month from two places at once", () => {
  it.skipIf(!onPostgres)(
    "exactly one run is kept, the other told the month is processed (50 rounds)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      for (let round = 0; round < 50; round++) {
        const blocker = await pool.connect();
        let results: Awaited<ReturnType<typeof processPayroll>>[];
        try {
          await blocker.query("begin");
          await blocker.query("select id from employees for update");
          const both = Promise.all([
            processPayroll(getDb(), userA, { month: MONTH }, NOW),
            processPayroll(getDb(), userB, { month: MONTH }, NOW),
          ]);
          await lockWaiters(2);
          await blocker.query("commit");
          results = await both;
        } finally {
          blocker.release();
        }
        const done = results.filter((r) => r.ok);
        expect(done).toHaveLength(1);
        expect(results.filter((r) => !r.ok)).toMatchObject([
          {
            refusal: "conflict",
            message: M.processFailed(M.alreadyProcessed(MONTH)),
            errors: { month: M.alreadyProcessed(MONTH) },
          },
        ]);
        const standing = await getDb()
          .select()
          .from(payrollRuns)
          .where(and(eq(payrollRuns.periodMonth, `${MONTH}-01`), ne(payrollRuns.status, "reversed")));
        expect(standing).toHaveLength(1);
        const entries = await getDb()
          .select({ id: journalEntries.id })
          .from(journalEntries)
          .where(and(eq(journalEntries.sourceType, "payroll_run"), eq(journalEntries.sourceId, standing[0]!.id)));
        expect(entries).toHaveLength(1);
        const undone = await reversePayrollRun(
          getDb(),
          userA,
          { runId: standing[0]!.id, reason: `round ${round}` },
          NOW,
        );
        expect(undone).toMatchObject({ ok: true });
      }
      // 50 runs of the month, each with one entry and its reversal; none standing.
      const runs = await getDb()
        .select()
        .from(payrollRuns)
        .where(eq(payrollRuns.periodMonth, `${MONTH}-01`));
      expect(runs).toHaveLength(50);
      expect(runs.every((r) => r.status === "reversed")).toBe(true);
      expect(await getDb().$count(journalEntries, eq(journalEntries.sourceType, "payroll_run"))).toBe(50);
    },
    300_000,
  );
});
