import { sql, type SQL } from "drizzle-orm";

// job-units.ts's rules as SQL, for the queries that count over many lines and jobs (issue 26).

/** Units out now of job line alias `l` (unitsOut). */
export function unitsOutSql(l: string): SQL {
  const t = sql.raw(l);
  return sql`(${t}.dispatched - ${t}.returned - ${t}.damaged - ${t}.lost)`;
}

/**
 * Whether job alias `j` is overdue on `today` (YYYY-MM-DD): units out after its end date. A job is due back on its
 * end date, so overdue from the day after; status 'out' is "some unit is out" (refreshJobStatus).
 */
export function overdueSql(j: string, today: string): SQL {
  const t = sql.raw(j);
  return sql`(${t}.status = 'out' and ${t}.end_date < ${today}::date)`;
}
