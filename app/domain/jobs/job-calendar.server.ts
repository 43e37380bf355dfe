import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { jobReference, type JobStatus } from "./constants";
import { overdueSql } from "./job-units.server";
import type { CalendarCrewTask, CalendarJob, CalendarJobItem } from "./job-calendar";

// The job calendar's one query (issue 26): the jobs whose rental period overlaps the days shown (the daterange
// overlap the jobs_period_idx gist index answers), each with what it takes out (the quotation's lines, a package as
// one line, and the units to pick) and its crew tasks (role and employee), earliest start first.

/** Jobs (as `j`) whose rental period overlaps `from`..`to`: the expression of the jobs_period_idx gist index. */
export function periodOverlaps(from: string, to: string) {
  return sql`daterange(j.start_date, j.end_date, '[]') && daterange(${from}::date, ${to}::date, '[]')`;
}

interface Row {
  id: string;
  number: number;
  title: string;
  customer_name: string;
  start_date: string;
  end_date: string;
  location: string;
  status: JobStatus;
  overdue: boolean;
  units: number | string;
  items: CalendarJobItem[] | string | null;
  crew: CalendarCrewTask[] | string | null;
}

/** JSON from the database: parsed by the driver (pg, PGlite) or, for some, still text. */
function json<T>(value: T[] | string | null): T[] {
  if (value === null) return [];
  return typeof value === "string" ? (JSON.parse(value) as T[]) : value;
}

/** The jobs whose period overlaps `from`..`to` (both included), `today` judging which are overdue. */
export async function calendarJobs(db: DbOrTx, from: string, to: string, today: string): Promise<CalendarJob[]> {
  const rows = await queryRows<Row>(
    db,
    sql`
    select j.id, j.number, j.title, j.customer_name, j.start_date::text as start_date, j.end_date::text as end_date,
           j.location, j.status, ${overdueSql("j", today)} as overdue,
           (select coalesce(sum(l.quantity), 0)::int from job_lines l where l.job_id = j.id and not l.is_package)
             as units,
           (select json_agg(json_build_object('name', l.name, 'quantity', l.quantity) order by l.line_no)
              from job_lines l where l.job_id = j.id and l.package_line_id is null) as items,
           (select json_agg(json_build_object('role', t.job_role, 'employeeName', e.name)
                            order by array_position(array['setup','operate','strike'], t.job_role), e.name, t.id)
              from tasks t left join employees e on e.id = t.assigned_to where t.job_id = j.id) as crew
    from jobs j
    where ${periodOverlaps(from, to)}
    order by j.start_date, j.number`,
  );
  return rows.map((row) => ({
    id: row.id,
    reference: jobReference(Number(row.number)),
    title: row.title,
    customerName: row.customer_name,
    startDate: row.start_date,
    endDate: row.end_date,
    location: row.location,
    status: row.status,
    overdue: Boolean(row.overdue),
    units: Number(row.units),
    items: json(row.items),
    crew: json(row.crew),
  }));
}
