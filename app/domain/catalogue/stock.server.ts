import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";

// Stock by date (DESIGN §6, §9): the one rule for how many units of an item are free on a day.
// - A quotation promises its lines' units for every day of its rental (event_date to rental_end_date) once it is
//   approved. A line for a package promises its parts: units per package × packages.
// - Units in the workshop are not free on any day before their expected return date (never, without one).
// - An item whose status says under-repair has none free, until the return date of its units in the workshop
//   when it has some with one (saving an item whose every unit is in the workshop sets that status).
// - A package is free as often as its own count and each part's free units allow.
// The dashboard counts with it today; the inventory list shows it per item; approving a quotation checks it.

/** An approved quotation `q` whose rental (event_date to rental_end_date, one day when null) covers `date`. */
function coversDay(date: string): SQL {
  return sql`q.event_date <= ${date}::date and coalesce(q.rental_end_date, q.event_date) >= ${date}::date`;
}

/**
 * Rows (item_id, units): every unit promised on `date` (YYYY-MM-DD), by approved lines and through packages.
 * Counted in bigint: packages × units per package can pass what an integer holds (both may be up to a million).
 */
function promisedLinesOnSql(date: string): SQL {
  return sql`
    select ql.inventory_item_id as item_id, ql.quantity as units
    from quotation_lines ql
    join quotations q on q.id = ql.quotation_id
    where q.status = 'approved' and ${coversDay(date)} and ql.inventory_item_id is not null
    union all
    select pp.part_item_id, ql.quantity::bigint * pp.quantity
    from quotation_lines ql
    join quotations q on q.id = ql.quotation_id
    join inventory_package_parts pp on pp.package_item_id = ql.inventory_item_id
    where q.status = 'approved' and ${coversDay(date)}`;
}

/** Per inventory item, the units promised on `date`: (inventory_item_id, units). */
export function promisedUnitsOnSql(date: string): SQL {
  return sql`
    select pl.item_id as inventory_item_id, sum(pl.units)::bigint as units
    from (${promisedLinesOnSql(date)}) pl
    group by pl.item_id`;
}

/** The units of item alias `i` (an inventory_items row) in the workshop on `date`. */
function unitsInRepairSql(i: string, date: string): SQL {
  const t = sql.raw(i);
  return sql`(case when ${t}.repair_return_date is null or ${t}.repair_return_date > ${date}::date
                   then ${t}.units_under_repair else 0 end)`;
}

/**
 * Whether item alias `i` is wholly out on `date`: its status says under-repair, and no units in the workshop are
 * due back by then (a status set by hand, with no units counted, keeps it out on every day).
 */
function wholeItemOutSql(i: string, date: string): SQL {
  const t = sql.raw(i);
  return sql`(${t}.status = 'under-repair' and (${t}.units_under_repair = 0 or ${t}.repair_return_date is null
                or ${t}.repair_return_date > ${date}::date))`;
}

/** The free units of item alias `i` on `date`, counting only its own quantity (a package's parts aside). */
function ownFreeUnitsSql(i: string, date: string): SQL {
  const t = sql.raw(i);
  return sql`(case when ${wholeItemOutSql(i, date)} then 0 else greatest(
      ${t}.quantity - ${unitsInRepairSql(i, date)}
      - (select coalesce(sum(pl.units), 0) from (${promisedLinesOnSql(date)}) pl where pl.item_id = ${t}.id),
      0) end)::int`;
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
    select coalesce(sum(greatest(i.quantity - ${unitsInRepairSql("i", date)} - coalesce(p.units, 0), 0)), 0)::bigint
    from inventory_items i
    left join (${promisedUnitsOnSql(date)}) p on p.inventory_item_id = i.id
    where not ${wholeItemOutSql("i", date)} and i.archived_at is null
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
