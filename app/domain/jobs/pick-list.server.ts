import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { inventoryItems, jobLines } from "../../db/schema";
import { loadJobHeader, type JobHeader } from "./job-header.server";
import { pickListGroups, pickTotals, type PickGroup, type PickLine, type PickTotals } from "./pick-list";

export interface PickList {
  job: JobHeader;
  groups: PickGroup[];
  totals: PickTotals;
}

/** The job's lines with their items' public ids, in the quotation's order. */
export async function pickLines(db: DbOrTx, jobId: string): Promise<PickLine[]> {
  return db
    .select({
      id: jobLines.id,
      itemId: jobLines.inventoryItemId,
      slug: inventoryItems.slug,
      name: jobLines.name,
      category: jobLines.category,
      quantity: jobLines.quantity,
      dispatched: jobLines.dispatched,
      isPackage: jobLines.isPackage,
      packageLineId: jobLines.packageLineId,
      lineNo: jobLines.lineNo,
    })
    .from(jobLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, jobLines.inventoryItemId))
    .where(eq(jobLines.jobId, jobId))
    .orderBy(asc(jobLines.lineNo), asc(jobLines.id));
}

/** Job `id` (any string from the URL) with its pick list; null when there is no such job. */
export async function loadPickList(db: DbOrTx, id: unknown): Promise<PickList | null> {
  const job = await loadJobHeader(db, id);
  if (!job) return null;
  const groups = pickListGroups(await pickLines(db, job.id));
  return { job, groups, totals: pickTotals(groups) };
}
