import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { incomeTaxSlabTables } from "../../db/schema";
import { formatMonthYear } from "../../lib/format";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { parseWithdrawForm, SLAB_TABLE_MESSAGES as M } from "./slab-tables-form";
import { lockSlabTables, processedRuns } from "./slab-tables.server";

// Withdraw a slab table put in force (issue 25; administrators, settings.manage): it is a preset again, and the
// months it covered fall to the table in force before it. Refused when a payroll (not undone) worked its tax out with
// it, when it is the only table in force, and when it is the earliest in force (decided here: the months before the
// next one would have no table, and their payroll could not be processed). One transaction with the audit line,
// under the slab tables' lock (slab-tables.server.ts).

export type WithdrawSlabTableResult = UseCaseResult<{ tableId: string }>;

export async function withdrawSlabTable(
  db: Db,
  actor: AuditActor,
  values: { tableId?: unknown },
): Promise<WithdrawSlabTableResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) => refuseFields(refusal, M.withdrawFailed, errors);
  const parsed = parseWithdrawForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const { tableId } = parsed;
  return db.transaction(async (tx): Promise<WithdrawSlabTableResult> => {
    const tables = await lockSlabTables(tx);
    const table = tables.find((t) => t.id === tableId);
    if (!table) return failed("not-found", { tableId: M.tableNotFound });
    const from = table.inForceFrom;
    if (!from) return failed("conflict", { tableId: M.notInForce(table.name) });
    const used = (await processedRuns(tx)).find((r) => r.slabTableId === tableId);
    if (used) return failed("conflict", { tableId: M.usedBy(table.name, used.month) });
    const inForce = tables.filter((t) => t.inForceFrom !== null);
    if (inForce.length === 1) return failed("conflict", { tableId: M.onlyOne(table.name) });
    const later = inForce.filter((t) => t.inForceFrom! > from);
    if (later.length === inForce.length - 1)
      return failed("conflict", { tableId: M.earliest(table.name, later[0]!.inForceFrom!) });

    await tx
      .update(incomeTaxSlabTables)
      .set({ inForceFrom: null, updatedAt: new Date() })
      .where(eq(incomeTaxSlabTables.id, tableId));
    await recordAudit(tx, actor, {
      action: "tax_slabs.withdraw",
      entityType: "income_tax_slab_table",
      entityId: tableId,
      summary: `Withdrew the income-tax slab table ${table.name}, in force from ${formatMonthYear(from.slice(0, 7))}`,
      changes: { inForceFrom: { from, to: null } },
    });
    return { ok: true, message: M.withdrawn(table.name), tableId };
  });
}
