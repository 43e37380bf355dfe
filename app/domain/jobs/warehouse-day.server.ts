import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { isCalendarDate } from "../../lib/list-params";
import { jobReference, type DamageOutcome, type JobMovementKind, type JobStatus, type JobSummary } from "./constants";
import { overdueSql, unitsOutSql } from "./job-units.server";

// The warehouse's day (/admin/jobs/day?date=YYYY-MM-DD, issue 26): what is to leave, what is due back, what is
// overdue, and what actually left and came back that day. Read from the jobs' lines as they stand now:
// - Leaving: the jobs starting that day (all of them, "everything has left" when nothing is left to send), and the
//   jobs started earlier and not over by that day that still have units to send; per line, the units still to send.
// - Coming back: the jobs ending that day with units out (a job is due back on its end date); per line, units out.
// - Overdue: units still out of jobs that ended before that day.
// - Left / came back: that day's job_movements (created in Dhaka's day: 00:00 to 24:00 at UTC+6).
// A package's own line never leaves (its parts do): lines are the parts, each naming its package.

export const WAREHOUSE_DAY_MESSAGES = {
  date: "Date must be a date written YYYY-MM-DD",
} as const;

/** The day the URL asks for (today in Dhaka without one), and its message when it could not be read. */
export function readWarehouseDate(params: URLSearchParams, today: string): { date: string; error: string | null } {
  const raw = params.get("date")?.trim();
  if (!raw) return { date: today, error: null };
  return isCalendarDate(raw) ? { date: raw, error: null } : { date: today, error: WAREHOUSE_DAY_MESSAGES.date };
}

export interface WarehouseLine {
  lineId: string;
  name: string;
  category: string;
  /** The package this unit is a part of, when it is one. */
  packageName: string | null;
  /** Leaving: units still to send; coming back and overdue: units out. */
  quantity: number;
}

export interface WarehouseJob extends JobSummary {
  phone: string;
  /** HH:MM:SS */
  eventTime: string;
  lines: WarehouseLine[];
}

export interface WarehouseMovement {
  id: string;
  /** ISO instant. */
  at: string;
  jobId: string;
  reference: string;
  title: string;
  item: string;
  kind: JobMovementKind;
  quantity: number;
  outcome: DamageOutcome | null;
  note: string | null;
  actor: string;
}

export interface WarehouseDay {
  date: string;
  leaving: WarehouseJob[];
  comingBack: WarehouseJob[];
  overdue: WarehouseJob[];
  /** What left that day (dispatched). */
  left: WarehouseMovement[];
  /** What was checked in that day (returned, damaged, lost). */
  checkedIn: WarehouseMovement[];
}

type Section = "leaving" | "coming_back" | "overdue";

interface LineRow {
  section: Section;
  id: string;
  number: number;
  title: string;
  customer_name: string;
  phone: string;
  start_date: string;
  end_date: string;
  event_time: string;
  location: string;
  status: JobStatus;
  line_id: string | null;
  name: string | null;
  category: string | null;
  package_name: string | null;
  quantity: number | string | null;
}

interface MovementRow {
  id: string;
  at: Date | string;
  job_id: string;
  number: number;
  title: string;
  item: string;
  kind: JobMovementKind;
  quantity: number | string;
  outcome: DamageOutcome | null;
  note: string | null;
  actor: string;
}

const JOB_COLUMNS = sql`j.id, j.number, j.title, j.customer_name, j.phone, j.start_date::text as start_date,
  j.end_date::text as end_date, j.event_time::text as event_time, j.location, j.status`;
const LINE_COLUMNS = sql`l.id as line_id, l.name, l.category, p.name as package_name`;
const OUT = unitsOutSql("l");

/** The warehouse's day `date` (YYYY-MM-DD, checked by the caller). */
export async function loadWarehouseDay(db: DbOrTx, date: string): Promise<WarehouseDay> {
  const [lines, movements] = await Promise.all([
    queryRows<LineRow>(
      db,
      sql`
      select 'leaving' as section, ${JOB_COLUMNS}, ${LINE_COLUMNS}, l.quantity - l.dispatched as quantity, l.line_no
      from jobs j
      join job_lines l on l.job_id = j.id and not l.is_package and l.quantity > l.dispatched
      left join job_lines p on p.id = l.package_line_id
      where daterange(j.start_date, j.end_date, '[]') @> ${date}::date
      union all
      -- A job starting that day with nothing left to send still shows, as gone.
      select 'leaving', ${JOB_COLUMNS}, null, null, null, null, null, null
      from jobs j
      where j.start_date = ${date}::date
        and not exists (select 1 from job_lines l where l.job_id = j.id and not l.is_package
                        and l.quantity > l.dispatched)
      union all
      select 'coming_back', ${JOB_COLUMNS}, ${LINE_COLUMNS}, ${OUT}, l.line_no
      from jobs j
      join job_lines l on l.job_id = j.id and ${OUT} > 0
      left join job_lines p on p.id = l.package_line_id
      where j.end_date = ${date}::date
      union all
      select 'overdue', ${JOB_COLUMNS}, ${LINE_COLUMNS}, ${OUT}, l.line_no
      from jobs j
      join job_lines l on l.job_id = j.id and ${OUT} > 0
      left join job_lines p on p.id = l.package_line_id
      where ${overdueSql("j", date)}
      order by section, start_date, end_date, number, line_no`,
    ),
    queryRows<MovementRow>(
      db,
      sql`
      select m.id, m.created_at as at, m.job_id, j.number, j.title, l.name as item, m.kind, m.quantity, m.outcome,
             m.note, m.actor_label as actor
      from job_movements m
      join jobs j on j.id = m.job_id
      join job_lines l on l.id = m.job_line_id
      where m.created_at >= (${date}::date)::timestamp at time zone 'Asia/Dhaka'
        and m.created_at < (${date}::date + 1)::timestamp at time zone 'Asia/Dhaka'
      order by m.created_at, m.id`,
    ),
  ]);

  const sections: Record<Section, Map<string, WarehouseJob>> = {
    leaving: new Map(),
    coming_back: new Map(),
    overdue: new Map(),
  };
  for (const row of lines) {
    const jobs = sections[row.section];
    let job = jobs.get(row.id);
    if (!job) {
      job = {
        id: row.id,
        reference: jobReference(Number(row.number)),
        title: row.title,
        customerName: row.customer_name,
        phone: row.phone,
        startDate: row.start_date,
        endDate: row.end_date,
        eventTime: row.event_time,
        location: row.location,
        status: row.status,
        lines: [],
      };
      jobs.set(row.id, job);
    }
    if (row.line_id !== null)
      job.lines.push({
        lineId: row.line_id,
        name: row.name ?? "",
        category: row.category ?? "",
        packageName: row.package_name,
        quantity: Number(row.quantity),
      });
  }
  const moved = movements.map((m): WarehouseMovement => ({
    id: m.id,
    at: new Date(m.at).toISOString(),
    jobId: m.job_id,
    reference: jobReference(Number(m.number)),
    title: m.title,
    item: m.item,
    kind: m.kind,
    quantity: Number(m.quantity),
    outcome: m.outcome,
    note: m.note,
    actor: m.actor,
  }));
  return {
    date,
    leaving: [...sections.leaving.values()],
    comingBack: [...sections.coming_back.values()],
    overdue: [...sections.overdue.values()],
    left: moved.filter((m) => m.kind === "dispatched"),
    checkedIn: moved.filter((m) => m.kind !== "dispatched"),
  };
}
