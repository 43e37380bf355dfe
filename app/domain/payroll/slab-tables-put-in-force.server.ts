import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { incomeTaxSlabTables } from "../../db/schema";
import { formatMonthYear } from "../../lib/format";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { parsePutInForceForm, SLAB_TABLE_MESSAGES as M } from "./slab-tables-form";
import { lockSlabTables, processedRuns } from "./slab-tables.server";

// Put a slab table in force from a month on (issue 25; DESIGN §10; administrators, settings.manage): a preset gets
// the month's first day as its in_force_from, and from that month on payroll works tax out with it (until a table
// put in force later starts). Refused when a payroll of that month or a later one is processed (not undone): its
// tax was worked out with the table in force then, and the payslips would no longer say which table was in force;
// when another table is in force from that month (income_tax_slab_tables_in_force_from_unique backs it); and when
// the table is in force already. One transaction with the audit line, under the slab tables' lock
// (slab-tables.server.ts: against a second administrator and against a payroll being processed).

export type PutSlabTableInForceResult = UseCaseResult<{ tableId: string; month: string }>;

export async function putSlabTableInForce(
  db: Db,
  actor: AuditActor,
  values: { tableId?: unknown; month?: unknown },
): Promise<PutSlabTableInForceResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, M.putInForceFailed, errors);
  const parsed = parsePutInForceForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const { tableId, month } = parsed;
  const from = `${month}-01`;
  try {
    return await db.transaction(async (tx): Promise<PutSlabTableInForceResult> => {
      const tables = await lockSlabTables(tx);
      const table = tables.find((t) => t.id === tableId);
      if (!table) return failed("not-found", { tableId: M.tableNotFound });
      if (table.inForceFrom) return failed("conflict", { tableId: M.alreadyInForce(table.name, table.inForceFrom) });
      const taken = tables.find((t) => t.inForceFrom === from);
      if (taken) return failed("conflict", { month: M.monthTaken(taken.name, month) });
      const latest = (await processedRuns(tx)).at(-1);
      if (latest && latest.month >= month) return failed("conflict", { month: M.processedFrom(latest.month) });

      await tx
        .update(incomeTaxSlabTables)
        .set({ inForceFrom: from, updatedAt: new Date() })
        .where(eq(incomeTaxSlabTables.id, tableId));
      const before = tables.filter((t) => t.inForceFrom !== null && t.inForceFrom < from).at(-1);
      await recordAudit(tx, actor, {
        action: "tax_slabs.in_force",
        entityType: "income_tax_slab_table",
        entityId: tableId,
        summary: `Put the income-tax slab table ${table.name} in force from ${formatMonthYear(month)}${
          before ? ` (after ${before.name})` : ""
        }`,
        changes: { inForceFrom: { from: null, to: from }, source: table.source },
      });
      return { ok: true, message: M.putInForce(table.name, month), tableId, month };
    });
  } catch (error) {
    // Not reached under the lock; kept so a table written outside this use case is still answered by its field.
    if (isUniqueViolation(error, "income_tax_slab_tables_in_force_from_unique"))
      return failed("conflict", { month: M.monthTaken("Another table", month) });
    throw error;
  }
}
