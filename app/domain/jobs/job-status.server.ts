import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { unitsOutSql } from "./job-units.server";

/**
 * Sets a job's status from its lines (constants.ts JOB_STATUSES), after every dispatch or check-in, in that
 * use case's transaction: planned while nothing left, out while any unit that left is not checked in, returned
 * once something left and everything that left is checked in.
 */
export async function refreshJobStatus(tx: Tx, jobId: string): Promise<void> {
  await tx.execute(sql`
    update jobs set status = s.status, updated_at = now()
    from (
      select case
               when coalesce(sum(dispatched), 0) = 0 then 'planned'
               when sum(${unitsOutSql("job_lines")}) > 0 then 'out'
               else 'returned'
             end as status
      from job_lines where job_id = ${jobId}::uuid
    ) s
    where jobs.id = ${jobId}::uuid and jobs.status <> s.status`);
}
