import { asc, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { incomeTaxSlabs, incomeTaxSlabTables, payrollRuns } from "../../db/schema";
import type { SlabTableSummary } from "./slab-tables-form";

// Settings > Accounting's income-tax slab tables (issue 25; DESIGN §10): every table with its bands and the months of
// the payroll runs worked out with it, and the lock that putting one in force and withdrawing one take.
//
// The lock (decided here): LOCK TABLE income_tax_slab_tables IN ACCESS EXCLUSIVE MODE, for the rest of the
// transaction. It orders two administrators' changes (the second waits, then sees the first's and is refused if it
// clashes), and it orders a change against Process Payroll without touching it: processPayroll reads the table in
// force inside its transaction, and the ACCESS SHARE lock that read takes is held until it commits. So a change
// waits for a payroll being processed to commit, then sees its run (and is refused if the run's month is affected);
// and a payroll processed while a change is being made waits at its read of the tables until the change commits,
// then reads the table in force as changed (each statement of READ COMMITTED takes its snapshot after its locks).
// Row locks (FOR UPDATE) would not do: the payroll's read is a plain SELECT, which no row lock blocks. The lock is
// held for a few milliseconds, on a table read by payroll and this page only.

/** Every table, in force first (by the month it starts), then the presets by assessment year. */
export async function loadSlabTables(db: DbOrTx): Promise<SlabTableSummary[]> {
  const [tables, slabs, runs] = await Promise.all([
    db
      .select()
      .from(incomeTaxSlabTables)
      .orderBy(
        sql`${incomeTaxSlabTables.inForceFrom} is null`,
        asc(incomeTaxSlabTables.inForceFrom),
        asc(incomeTaxSlabTables.assessmentYear),
        asc(incomeTaxSlabTables.name),
      ),
    db
      .select({
        tableId: incomeTaxSlabs.tableId,
        bandAmount: incomeTaxSlabs.bandAmount,
        rate: incomeTaxSlabs.rate,
      })
      .from(incomeTaxSlabs)
      .orderBy(asc(incomeTaxSlabs.tableId), asc(incomeTaxSlabs.position)),
    processedRuns(db),
  ]);
  return tables.map((t) => ({
    id: t.id,
    name: t.name,
    assessmentYear: t.assessmentYear,
    source: t.source,
    inForceFrom: t.inForceFrom,
    slabs: slabs.filter((s) => s.tableId === t.id).map(({ bandAmount, rate }) => ({ bandAmount, rate })),
    usedBy: runs.filter((r) => r.slabTableId === t.id).map((r) => r.month),
  }));
}

/** The payroll runs not reversed, earliest month first: the month (YYYY-MM) and the table each used. */
export async function processedRuns(db: DbOrTx): Promise<{ month: string; slabTableId: string }[]> {
  const rows = await db
    .select({ periodMonth: payrollRuns.periodMonth, slabTableId: payrollRuns.slabTableId })
    .from(payrollRuns)
    .where(ne(payrollRuns.status, "reversed"))
    .orderBy(asc(payrollRuns.periodMonth));
  return rows.map((r) => ({ month: r.periodMonth.slice(0, 7), slabTableId: r.slabTableId }));
}

/** Takes the slab tables' lock (see above) and reads the tables' rows under it. */
export async function lockSlabTables(tx: DbOrTx) {
  await tx.execute(sql`lock table ${incomeTaxSlabTables} in access exclusive mode`);
  return tx.select().from(incomeTaxSlabTables).orderBy(asc(incomeTaxSlabTables.inForceFrom));
}
