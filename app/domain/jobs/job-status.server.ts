import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { unitsOutSql } from "./job-units.server";

/**
 * Sets a job's status from its lines (constants.ts JOB_STATUSES), after every dispatch or check-in, in that
 * use case's transaction: out while any unit that left is not checked in; returned once everything reserved has left
 * and is checked in; planned otherwise (nothing out and something still to send: a job that sent 2 of 10 units and
 * has them back is not "returned" while 8 are still to go).
 */
export async function refreshJobStatus(tx: Tx, jobId: string): Promise<void> {
  await tx.execute(sql`
    update jobs set status = s.status, updated_at = now()
    from (
      select case
               when sum(${unitsOutSql("job_lines")}) > 0 then 'out'
               when bool_and(is_package or dispatched = quantity) and sum(dispatched) > 0 then 'returned'
               else 'planned'
             end as status
      from job_lines where job_id = ${jobId}::uuid
    ) s
    where jobs.id = ${jobId}::uuid and jobs.status <> s.status`);
}
