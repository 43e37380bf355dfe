import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { jobs } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import type { ListPage } from "../../lib/list-params";
import { containsPattern, listOrder, pageIds, pageOf } from "../../lib/list-query.server";
import { jobReference } from "./constants";
import { overdueSql, unitsOutSql } from "./job-units.server";
import { JOB_LIST, referenceNumberOf, type JobListRow, type JobListState } from "./job-list";

// The jobs list's query (issue 26): one statement for the page's rows (with their units and crew, counted for those
// rows only) and one for the count, over one where clause. The search is a bound ILIKE on the title and the
// customer's name (their trigram indexes) or, for a reference, the job's number.

/** The listed job's id, qualified: drizzle writes a lone table's columns bare, which a subquery would read as its own. */
const JOB_ID = sql.raw(`"jobs"."id"`);

/** Units still out on a job line. */
const OUT = unitsOutSql("l");

function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const number = referenceNumberOf(q);
  return or(
    number !== null ? eq(jobs.number, number) : undefined,
    ilike(jobs.title, pattern),
    ilike(jobs.customerName, pattern),
  );
}

function statusOf(status: JobListState["filters"]["status"], today: string): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case "overdue":
      // status out = some unit left and is not checked in (refreshJobStatus); due back on the end date.
      return and(eq(jobs.status, "out"), lt(jobs.endDate, today));
    default:
      return eq(jobs.status, status);
  }
}

/** The order of a sort (see job-list.ts): "start" ascending is "from today". */
function orderOf(state: JobListState, today: string): SQL[] {
  switch (state.sort) {
    case "start":
      if (state.dir === "desc") return listOrder(jobs.startDate, "desc", jobs.id);
      return [
        sql`(${jobs.endDate} < ${today}::date)`,
        sql`case when ${jobs.endDate} >= ${today}::date then ${jobs.startDate} end asc`,
        desc(jobs.startDate),
        asc(jobs.id),
      ];
    case "reference":
      return listOrder(jobs.number, state.dir, jobs.id);
    case "customer":
      return listOrder([sql`lower(${jobs.customerName})`, jobs.startDate], state.dir, jobs.id);
  }
}

export async function listJobs(
  db: DbOrTx,
  state: JobListState,
  today: string = todayInDhaka(),
): Promise<ListPage<JobListRow>> {
  const { from, to } = state.filters;
  const where = and(
    searchOf(state.q),
    statusOf(state.filters.status, today),
    from ? gte(jobs.endDate, from) : undefined,
    to ? lte(jobs.startDate, to) : undefined,
  );
  const order = orderOf(state, today);
  return pageOf(db, JOB_LIST, state, {
    from: jobs,
    where,
    rows: async (limit, offset) => {
      const rows = await db
        .select({
          id: jobs.id,
          number: jobs.number,
          title: jobs.title,
          customerName: jobs.customerName,
          startDate: jobs.startDate,
          endDate: jobs.endDate,
          location: jobs.location,
          status: jobs.status,
          overdue: sql<boolean>`${overdueSql("jobs", today)}`,
          unitsReserved: sql<number>`(select coalesce(sum(l.quantity), 0)::int from job_lines l
              where l.job_id = ${JOB_ID} and not l.is_package)`,
          unitsOut: sql<number>`(select coalesce(sum(${OUT}), 0)::int from job_lines l where l.job_id = ${JOB_ID})`,
          crew: sql<number>`(select count(distinct t.assigned_to)::int from tasks t where t.job_id = ${JOB_ID})`,
        })
        .from(jobs)
        .where(inArray(jobs.id, pageIds(db, jobs, jobs.id, where, order, limit, offset)))
        .orderBy(...order);
      return rows.map(({ number, ...row }) => ({
        ...row,
        reference: jobReference(number),
        overdue: Boolean(row.overdue),
        unitsReserved: Number(row.unitsReserved),
        unitsOut: Number(row.unitsOut),
        crew: Number(row.crew),
      }));
    },
  });
}
