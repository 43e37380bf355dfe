import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { unitsOutSql } from "../jobs/job-units.server";

// Stock by date (DESIGN §6, §9): the one rule for how many units of an item are free on a day.
// - A quotation promises its lines' units for every day of its rental (event_date to rental_end_date) once it is
//   approved. A line for a package promises its parts: units per package × packages.
// - Units in the workshop are not free on any day before their expected return date (never, without one).
// - An item whose status says under-repair has none free, until the return date of its units in the workshop
//   when it has some with one (saving an item whose every unit is in the workshop sets that status).
// - A package is free as often as its own count and each part's free units allow.
// - Units a job sent out and has not checked in (job_lines: dispatched − returned − damaged − lost) are promised on
//   every day after the job's end_date too, until they are checked in: a late return keeps them unavailable. Within
//   the job's period they are counted once, by its approved quotation.
// The dashboard counts with it today; the inventory list shows it per item; approving a quotation checks it.

/** A calendar date (YYYY-MM-DD) as a bound parameter. */
function onDay(date: string): SQL {
  return sql`${date}::date`;
}

/**
 * The rental of quotation `q` (event_date to rental_end_date, one day when null) as a date range, both days in:
 * the expression of the index quotations_approved_rental_idx, so written exactly so.
 */
const rentalSql = sql`daterange(q.event_date, coalesce(q.rental_end_date, q.event_date), '[]')`;

/** An approved quotation `q` whose rental covers `day`. */
function coversDay(day: SQL): SQL {
  return sql`${rentalSql} @> ${day}`;
}

/**
 * Rows (item_id, units, from_day, to_day): every unit promised by the approved quotations `q` that `which`
 * selects, by their lines and through packages, with the rental each is promised for; and the units still out on
 * jobs `j` past their end_date that `late` selects, from the day after it with no end ('infinity'), read by the
 * partial index job_lines_out_idx (whose predicate the arm repeats). With `items` (a query of one column of item
 * ids), only the units of those items, each arm reading just their lines (by the lines' item index) rather than
 * every line of the period's quotations (issue 19).
 * Counted in bigint: packages × units per package can pass what an integer holds (both may be up to a million).
 */
function promisedLinesSql(which: SQL, late: SQL, items?: SQL): SQL {
  return sql`
    select ql.inventory_item_id as item_id, ql.quantity::bigint as units,
           q.event_date as from_day, coalesce(q.rental_end_date, q.event_date) as to_day
    from quotation_lines ql
    join quotations q on q.id = ql.quotation_id
    where q.status = 'approved' and ${which} and ql.inventory_item_id is not null
      ${items ? sql`and ql.inventory_item_id in (${items})` : sql``}
    union all
    select pp.part_item_id, ql.quantity::bigint * pp.quantity,
           q.event_date, coalesce(q.rental_end_date, q.event_date)
    from quotation_lines ql
    join quotations q on q.id = ql.quotation_id
    join inventory_package_parts pp on pp.package_item_id = ql.inventory_item_id
    where q.status = 'approved' and ${which} ${items ? sql`and pp.part_item_id in (${items})` : sql``}
    union all
    select jl.inventory_item_id, ${unitsOutSql("jl")}::bigint,
           j.end_date + 1, 'infinity'::date
    from job_lines jl
    join jobs j on j.id = jl.job_id
    where jl.dispatched > jl.returned + jl.damaged + jl.lost and ${late}
      ${items ? sql`and jl.inventory_item_id in (${items})` : sql``}`;
}

/** A job `j` whose period ended before `day`: its units still out are promised on that day. */
function endedBefore(day: SQL): SQL {
  return sql`j.end_date < ${day}`;
}

/** Rows (item_id, units, ...): every unit promised on `date` (YYYY-MM-DD), by approved lines and through packages,
 * and the units out on jobs that ended before it. */
function promisedLinesOnSql(date: string): SQL {
  return promisedLinesSql(coversDay(onDay(date)), endedBefore(onDay(date)));
}

/** Per inventory item, the units promised on `date`: (inventory_item_id, units). */
export function promisedUnitsOnSql(date: string): SQL {
  return sql`
    select pl.item_id as inventory_item_id, sum(pl.units)::bigint as units
    from (${promisedLinesOnSql(date)}) pl
    group by pl.item_id`;
}

/** The units of item alias `i` (an inventory_items row) in the workshop on `day`. */
function unitsInRepairSql(i: string, day: SQL): SQL {
  const t = sql.raw(i);
  return sql`(case when ${t}.repair_return_date is null or ${t}.repair_return_date > ${day}
                   then ${t}.units_under_repair else 0 end)`;
}

/**
 * Whether item alias `i` is wholly out on `day`: its status says under-repair, and no units in the workshop are
 * due back by then (a status set by hand, with no units counted, keeps it out on every day).
 */
function wholeItemOutSql(i: string, day: SQL): SQL {
  const t = sql.raw(i);
  return sql`(${t}.status = 'under-repair' and (${t}.units_under_repair = 0 or ${t}.repair_return_date is null
                or ${t}.repair_return_date > ${day}))`;
}

/**
 * The free units of item alias `i` on `day`, counting only its own quantity (a package's parts aside), given
 * `promised`, the units promised of it that day (approved quotations, and late returns).
 */
function ownFreeUnitsWithSql(i: string, day: SQL, promised: SQL): SQL {
  const t = sql.raw(i);
  return sql`(case when ${wholeItemOutSql(i, day)} then 0 else greatest(
      ${t}.quantity - ${unitsInRepairSql(i, day)} - ${promised}, 0) end)::int`;
}

/** The free units of item alias `i` on `date`, counting only its own quantity (a package's parts aside). */
function ownFreeUnitsSql(i: string, date: string): SQL {
  const t = sql.raw(i);
  return ownFreeUnitsWithSql(
    i,
    onDay(date),
    sql`(select coalesce(sum(pl.units), 0) from (${promisedLinesOnSql(date)}) pl where pl.item_id = ${t}.id)`,
  );
}

/**
 * The units of one item free on `date`, as a scalar for a query over inventory_items aliased `i` (a list's
 * page of rows): its own free units, and for a package also no more than each part allows.
 */
export function freeUnitsOfItemSql(date: string, i = "inventory_items"): SQL {
  const t = sql.raw(i);
  return sql`least(${ownFreeUnitsSql(i, date)}, (
      select min(${ownFreeUnitsSql("part", date)} / pp.quantity)
      from inventory_package_parts pp join inventory_items part on part.id = pp.part_item_id
      where pp.package_item_id = ${t}.id))`;
}

/**
 * The units free on `date`, as one scalar sub-select: for each item not wholly out, its quantity less the
 * units in the workshop and those promised that day, never below zero (an over-promised item does not eat into
 * another's stock). Packages are not counted: their units are their parts'.
 */
export function availableUnitsOnSql(date: string): SQL {
  return sql`(
    select coalesce(sum(greatest(i.quantity - ${unitsInRepairSql("i", onDay(date))} - coalesce(p.units, 0), 0)), 0)::bigint
    from inventory_items i
    left join (${promisedUnitsOnSql(date)}) p on p.inventory_item_id = i.id
    where not ${wholeItemOutSql("i", onDay(date))} and i.archived_at is null
      and not exists (select 1 from inventory_package_parts pp where pp.package_item_id = i.id)
  )`;
}

export async function availableUnitsOn(db: DbOrTx, date: string): Promise<number> {
  const [row] = await queryRows<{ units: number }>(db, sql`select ${availableUnitsOnSql(date)} as units`);
  return Number(row!.units);
}

/** The free units of each of `itemIds` on `date`. */
export async function freeUnitsOn(db: DbOrTx, itemIds: readonly string[], date: string): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; free: number }>(
    db,
    sql`select i.id, ${freeUnitsOfItemSql(date, "i")} as free from inventory_items i
        where i.id in (${sql.join(
          itemIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.free)]));
}

/** One item's free units on one day of a range (freeUnitsByDaySql's rows). */
export interface FreeUnitsOnDay {
  itemId: string;
  /** YYYY-MM-DD */
  day: string;
  /** Free by the rule above: for a package, also no more than each part allows. */
  free: number;
  /** Free counting only the item's own quantity (for a package, its parts aside). */
  ownFree: number;
}

export interface DayRange {
  /** First and last day, YYYY-MM-DD, both counted. */
  from: string;
  to: string;
  /** Counted as if this quotation were not approved (the one being approved, or re-checked). */
  excludeQuotationId?: string;
}

/**
 * Rows (item_id, day, free, own_free), one per item of `items` (a query whose one column is `id`) and day of the
 * range: the rule above, counted for the whole range in one query. The approved quotations overlapping the range
 * are read once, and each spread over the days it covers, rather than one look-up per item and day.
 */
export function freeUnitsByDaySql(items: SQL, range: DayRange): SQL {
  const from = onDay(range.from);
  const to = onDay(range.to);
  const overlapping = sql`${rentalSql} && daterange(${from}, ${to}, '[]')`;
  const which = range.excludeQuotationId
    ? sql`${overlapping} and q.id <> ${range.excludeQuotationId}::uuid`
    : overlapping;
  return sql`
    with chosen as (${items}),
    wanted as (
      select c.id from chosen c
      union
      select pp.part_item_id from inventory_package_parts pp join chosen c on c.id = pp.package_item_id
    ),
    days as (
      select d::date as day from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') d
    ),
    promised as (
      select pl.item_id, d::date as day, sum(pl.units) as units
      from (${promisedLinesSql(which, endedBefore(to), sql`select id from wanted`)}) pl
      cross join lateral generate_series(greatest(pl.from_day, ${from})::timestamp,
                                         least(pl.to_day, ${to})::timestamp, interval '1 day') d
      group by pl.item_id, d::date
    ),
    own as (
      select i.id as item_id, days.day,
             ${ownFreeUnitsWithSql("i", sql`days.day`, sql`coalesce(p.units, 0)`)} as free
      from inventory_items i
      cross join days
      left join promised p on p.item_id = i.id and p.day = days.day
      where i.id in (select id from wanted)
    ),
    -- Per package and day, as many as its scarcest part allows: one grouped join rather than a look-up per
    -- item and day (issue 19); an item that is not a package has no row, and least() ignores the null.
    packages as (
      select pp.package_item_id as item_id, part.day, min(part.free / pp.quantity) as free
      from inventory_package_parts pp
      join own part on part.item_id = pp.part_item_id
      where pp.package_item_id in (select id from chosen)
      group by pp.package_item_id, part.day
    )
    select o.item_id, to_char(o.day, 'YYYY-MM-DD') as day, o.free as own_free,
           least(o.free, k.free)::int as free
    from own o
    left join packages k on k.item_id = o.item_id and k.day = o.day
    where o.item_id in (select id from chosen)`;
}

/**
 * The free units of each of `itemIds` on every day from `range.from` to `range.to`, one query: for the
 * approval's check (excluding the quotation being approved) and the month's availability.
 */
export async function freeUnitsByDay(
  db: DbOrTx,
  itemIds: readonly string[],
  range: DayRange,
): Promise<FreeUnitsOnDay[]> {
  if (itemIds.length === 0) return [];
  const ids = sql`select unnest(${`{${itemIds.join(",")}}`}::uuid[]) as id`;
  const rows = await queryRows<{ item_id: string; day: string; free: number; own_free: number }>(
    db,
    sql`select f.* from (${freeUnitsByDaySql(ids, range)}) f order by f.day, f.item_id`,
  );
  return rows.map((r) => ({ itemId: r.item_id, day: r.day, free: Number(r.free), ownFree: Number(r.own_free) }));
}
