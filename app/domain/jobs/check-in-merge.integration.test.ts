// A check-in that charges the customer while that customer is merged into another (issue 26): the check-in locks
// its job and then, inserting the charge, waits on the customer's row; the merge must take the customer's jobs before
// the customers, or each waits on the other and PostgreSQL aborts one (a deadlock, a 500 for the user).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/db/client.server";
import { jobCharges, jobs } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { mergeCustomers } from "~/domain/sales/customers.server";
import { approvedJob, JOB_ACTOR, jobItem } from "../../../tests/support/job-fixtures";
import { lockWaiters } from "../../../tests/support/lock-waiters";
import { customerFor } from "../../../tests/support/sales-document-fixtures";
import { checkInJob } from "./check-in.server";
import { dispatchJob } from "./dispatch.server";

describe("a damage charge while its customer is merged", () => {
  it.skipIf(process.env.DATABASE_URL === undefined)(
    "both go through, the charge on the kept record (10 rounds, PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      await seedDatabase(getDb());
      const pool = getDatabase().pool!;
      for (let round = 0; round < 10; round++) {
        const it = await jobItem(`Merge Light ${round}`, 5);
        const { job, lines } = await approvedJob([[it.id, 2]]);
        await dispatchJob(getDb(), JOB_ACTOR, job.id, { mode: "all" });
        const keepId = await customerFor(getDb(), `keep-${round}-${Date.now()}@merge.test`, `Keep ${round}`);
        const duplicateId = job.customerId!;
        // A third connection holds the job: the check-in waits for it first, then the merge; released together,
        // the check-in takes the job and inserts its charge while the merge runs.
        const blocker = await pool.connect();
        let results: [Awaited<ReturnType<typeof checkInJob>>, Awaited<ReturnType<typeof mergeCustomers>>];
        try {
          await blocker.query("begin");
          await blocker.query("select id from jobs where id = $1 for update", [job.id]);
          const checkIn = checkInJob(getDb(), JOB_ACTOR, job.id, {
            mode: "lines",
            lines: [
              {
                lineId: lines[0]!.id,
                returned: 1,
                damaged: 1,
                lost: 0,
                outcome: "repair",
                repairDate: null,
                note: "Cracked lens",
                charge: { description: "Cracked lens", amount: "1500.00" },
              },
            ],
          });
          await lockWaiters(1);
          const merge = mergeCustomers(getDb(), JOB_ACTOR, { duplicateId, keepId }, "admin");
          await lockWaiters(2);
          await blocker.query("commit");
          results = await Promise.all([checkIn, merge]);
        } finally {
          blocker.release();
        }
        expect(results[0]).toMatchObject({ ok: true });
        expect(results[1]).toMatchObject({ ok: true, id: keepId });
        const [moved] = await getDb().select().from(jobs).where(eq(jobs.id, job.id));
        expect(moved!.customerId).toBe(keepId);
        const charges = await getDb().select().from(jobCharges).where(eq(jobCharges.jobId, job.id));
        expect(charges.map((c) => c.customerId)).toEqual([keepId]);
      }
    },
    120_000,
  );
});
