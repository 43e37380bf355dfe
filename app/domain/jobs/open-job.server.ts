import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { inventoryItems, inventoryPackageParts, jobLines, jobs, quotationLines, quotations } from "../../db/schema";

/**
 * Opens the job of a quotation being approved (issue 26), inside the approval's transaction, so an approved
 * quotation always has its job and a failed approval leaves none: the quotation's contact, event and rental period,
 * and a line per quotation line with an item, a package's parts as lines under it (packages × units per package).
 * A quotation line whose item was deleted has nothing to pick and is left out. Returns the job's id; a quotation
 * that has one already keeps it.
 */
export async function openJobForQuotation(tx: Tx, quotationId: string): Promise<string> {
  const [existing] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.quotationId, quotationId));
  if (existing) return existing.id;
  const [q] = await tx.select().from(quotations).where(eq(quotations.id, quotationId));
  if (!q) throw new Error(`openJobForQuotation: no quotation ${quotationId}`);

  const [job] = await tx
    .insert(jobs)
    .values({
      quotationId: q.id,
      customerId: q.customerId,
      customerName: q.customerName,
      phone: q.phone,
      email: q.email,
      title: q.eventName,
      startDate: q.eventDate,
      endDate: q.rentalEndDate ?? q.eventDate,
      eventTime: q.eventTime,
      location: q.eventLocation,
      notes: q.notes,
    })
    .returning({ id: jobs.id });

  const lines = await tx
    .select({
      itemId: inventoryItems.id,
      name: inventoryItems.name,
      category: inventoryItems.category,
      quantity: quotationLines.quantity,
    })
    .from(quotationLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, quotationLines.inventoryItemId))
    .where(eq(quotationLines.quotationId, q.id))
    .orderBy(asc(quotationLines.lineNo), asc(quotationLines.createdAt));
  if (lines.length === 0) return job!.id;

  const parts = await tx
    .select({
      packageId: inventoryPackageParts.packageItemId,
      itemId: inventoryItems.id,
      name: inventoryItems.name,
      category: inventoryItems.category,
      quantity: inventoryPackageParts.quantity,
    })
    .from(inventoryPackageParts)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryPackageParts.partItemId))
    .where(
      inArray(
        inventoryPackageParts.packageItemId,
        lines.map((l) => l.itemId),
      ),
    )
    .orderBy(asc(inventoryPackageParts.position), asc(inventoryItems.name));

  let lineNo = 0;
  for (const line of lines) {
    const itsParts = parts.filter((p) => p.packageId === line.itemId);
    const [inserted] = await tx
      .insert(jobLines)
      .values({
        jobId: job!.id,
        inventoryItemId: line.itemId,
        isPackage: itsParts.length > 0,
        name: line.name,
        category: line.category,
        quantity: line.quantity,
        lineNo: lineNo++,
      })
      .returning({ id: jobLines.id });
    if (itsParts.length > 0)
      await tx.insert(jobLines).values(
        itsParts.map((part) => ({
          jobId: job!.id,
          inventoryItemId: part.itemId,
          packageLineId: inserted!.id,
          name: part.name,
          category: part.category,
          quantity: line.quantity * part.quantity,
          lineNo: lineNo++,
        })),
      );
  }
  return job!.id;
}
