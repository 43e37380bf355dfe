import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";

// Stock by date (DESIGN §6, §9): the one rule for how many units of the inventory are free on a day. A quotation
// promises its lines' units for its event date once it is approved (the schema has no rental period beyond
// the event date); an item under repair has none free. The dashboard counts with it today; approving a
// quotation will check a date with it.

/** Per inventory item, the units promised on approved quotations whose event is on `date` (YYYY-MM-DD). */
export function promisedUnitsOnSql(date: string): SQL {
  return sql`
    select ql.inventory_item_id, sum(ql.quantity)::int as units
    from quotation_lines ql
    join quotations q on q.id = ql.quotation_id
    where q.status = 'approved' and q.event_date = ${date}::date and ql.inventory_item_id is not null
    group by ql.inventory_item_id`;
}

/**
 * The units free on `date`, as one scalar sub-select: for each item not under repair, its quantity less the
 * units promised that day, never below zero (an over-promised item does not eat into another's stock).
 */
export function availableUnitsOnSql(date: string): SQL {
  return sql`(
    select coalesce(sum(greatest(i.quantity - coalesce(p.units, 0), 0)), 0)::int
    from inventory_items i
    left join (${promisedUnitsOnSql(date)}) p on p.inventory_item_id = i.id
    where i.status <> 'under-repair'
  )`;
}

export async function availableUnitsOn(db: DbOrTx, date: string): Promise<number> {
  const [row] = await queryRows<{ units: number }>(db, sql`select ${availableUnitsOnSql(date)} as units`);
  return Number(row!.units);
}
