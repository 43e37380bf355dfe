import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { inventoryItems, jobLines, jobMovements } from "../../db/schema";
import { unitsOut } from "./job-units";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type Done, type Refused } from "../use-case";
import { lockJobAndLines } from "./dispatch.server";
import { insertJobCharge } from "./job-charges.server";
import {
  checkInField,
  defaultChargeDescription,
  JOB_MESSAGES,
  type CheckInInput,
  type CheckInLineInput,
} from "./job-forms";
import { refreshJobStatus } from "./job-status.server";

// Check-in (issue 26): what came back of a job's units out (dispatched − returned − damaged − lost), per line:
// returned to the shelf, damaged (to the workshop: the item's units_under_repair with the date they are expected
// back, or written off), or lost (written off: the item's quantity goes down). A note is required for damaged or lost
// units, and a charge to the customer can go with them (job-charges.server.ts). One transaction: the job's row, its
// lines, then the items touched in id order are locked, so two check-ins of the same units take turns and the second
// is refused by what the first checked in; the database's job_lines_checked_in_check is the last guard.

/** The later of two expected return dates, null meaning not known (so never back by any date): null wins. */
function laterDate(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return null;
  return a > b ? a : b;
}

interface ItemChange {
  toRepair: number;
  /** The latest expected date of this check-in's units to repair (null: not known). */
  repairDate: string | null;
  writeOff: number;
  /** The field blamed when the write-off is refused. */
  field: string;
  name: string;
}

export async function checkInJob(
  db: Db,
  actor: AuditActor,
  jobId: string,
  input: CheckInInput,
): Promise<Done<{ units: number }> | Refused> {
  return db.transaction(async (tx) => {
    const job = await lockJobAndLines(tx, jobId);
    if (!job) return refuse("not-found", JOB_MESSAGES.checkInFailed(JOB_MESSAGES.jobNotFound));

    const entries: CheckInLineInput[] =
      input.mode === "all"
        ? job.lines
            .filter((l) => unitsOut(l) > 0)
            .map((l) => ({
              lineId: l.id,
              returned: unitsOut(l),
              damaged: 0,
              lost: 0,
              outcome: null,
              repairDate: null,
              note: null,
              charge: null,
            }))
        : [...input.lines];
    if (entries.length === 0) return refuse("conflict", JOB_MESSAGES.checkInFailed(JOB_MESSAGES.nothingOut));

    const errors: Record<string, string> = {};
    const byLine = new Map(job.lines.map((l) => [l.id, l]));
    const items = new Map<string, ItemChange>();
    const askedByLine = new Map<string, number>();
    for (const entry of entries) {
      const line = byLine.get(entry.lineId.toLowerCase());
      const field = (name: Parameters<typeof checkInField>[0]) => checkInField(name, entry.lineId);
      if (!line || line.isPackage) {
        errors[field("returned")] = JOB_MESSAGES.lineNotFound;
        continue;
      }
      // Counted per line over the entries, so a line posted twice (its id in two spellings) cannot pass the check
      // twice and then trip job_lines_checked_in_check.
      const asked = (askedByLine.get(line.id) ?? 0) + entry.returned + entry.damaged + entry.lost;
      askedByLine.set(line.id, asked);
      if (asked > unitsOut(line))
        errors[field("returned")] = JOB_MESSAGES.overCheckIn(line.name, asked, unitsOut(line));
      if (entry.charge && !job.customerId) errors[field("chargeAmount")] = JOB_MESSAGES.noCustomer;
      const toRepair = entry.outcome === "repair" ? entry.damaged : 0;
      const writeOff = (entry.outcome === "write_off" ? entry.damaged : 0) + entry.lost;
      if (toRepair + writeOff === 0) continue;
      const change = items.get(line.inventoryItemId);
      const repairDate = toRepair > 0 ? entry.repairDate : null;
      if (!change)
        items.set(line.inventoryItemId, {
          toRepair,
          repairDate,
          writeOff,
          field: field(writeOff > 0 ? (entry.lost > 0 ? "lost" : "damaged") : "damaged"),
          name: line.name,
        });
      else {
        if (toRepair > 0)
          change.repairDate = change.toRepair > 0 ? laterDate(change.repairDate, repairDate) : repairDate;
        change.toRepair += toRepair;
        change.writeOff += writeOff;
      }
    }
    if (Object.keys(errors).length > 0) return refuseFields("invalid", JOB_MESSAGES.checkInFailed, errors);

    // The items' rows, in id order (the order approvals lock them in too).
    const itemIds = [...items.keys()].sort();
    const stock =
      itemIds.length === 0
        ? []
        : await tx
            .select({
              id: inventoryItems.id,
              quantity: inventoryItems.quantity,
              unitsUnderRepair: inventoryItems.unitsUnderRepair,
              repairReturnDate: inventoryItems.repairReturnDate,
              status: inventoryItems.status,
            })
            .from(inventoryItems)
            .where(inArray(inventoryItems.id, itemIds))
            .orderBy(asc(inventoryItems.id))
            .for("update");
    const itemUpdates: Array<{ id: string; set: Partial<typeof inventoryItems.$inferInsert> }> = [];
    for (const item of stock) {
      const change = items.get(item.id)!;
      const unitsUnderRepair = item.unitsUnderRepair + change.toRepair;
      const quantity = item.quantity - change.writeOff;
      if (quantity < unitsUnderRepair) {
        errors[change.field] = JOB_MESSAGES.writeOffTooMany(
          change.name,
          change.writeOff,
          item.quantity,
          unitsUnderRepair,
        );
        continue;
      }
      const repairReturnDate =
        change.toRepair === 0
          ? item.repairReturnDate
          : item.unitsUnderRepair > 0
            ? laterDate(item.repairReturnDate, change.repairDate)
            : change.repairDate;
      // The stock rule counts units in the workshop by themselves; the whole item is under repair (as saving it in
      // the inventory would set) only when every unit is.
      const status = quantity > 0 && unitsUnderRepair === quantity ? "under-repair" : item.status;
      itemUpdates.push({ id: item.id, set: { unitsUnderRepair, quantity, repairReturnDate, status } });
    }
    if (Object.keys(errors).length > 0) return refuseFields("invalid", JOB_MESSAGES.checkInFailed, errors);
    for (const { id, set } of itemUpdates) await tx.update(inventoryItems).set(set).where(eq(inventoryItems.id, id));

    let units = 0;
    const checked: Array<Record<string, unknown>> = [];
    for (const entry of entries) {
      const line = byLine.get(entry.lineId.toLowerCase())!;
      await tx
        .update(jobLines)
        .set({
          returned: sql`${jobLines.returned} + ${entry.returned}`,
          damaged: sql`${jobLines.damaged} + ${entry.damaged}`,
          lost: sql`${jobLines.lost} + ${entry.lost}`,
        })
        .where(eq(jobLines.id, line.id));
      const movement = (
        kind: "returned" | "damaged" | "lost",
        quantity: number,
        outcome: "repair" | "write_off" | null,
      ) => ({
        jobId: job.id,
        jobLineId: line.id,
        kind,
        quantity,
        outcome,
        repairReturnDate: outcome === "repair" ? entry.repairDate : null,
        // The note says what befell the damaged or lost units; on a line only returned, it is the return's.
        note: kind === "returned" && entry.damaged + entry.lost > 0 ? null : entry.note,
        actorUserId: actor.userId,
        actorLabel: actor.label,
      });
      const rows = [
        ...(entry.returned > 0 ? [movement("returned", entry.returned, null)] : []),
        ...(entry.damaged > 0 ? [movement("damaged", entry.damaged, entry.outcome)] : []),
        ...(entry.lost > 0 ? [movement("lost", entry.lost, "write_off")] : []),
      ];
      const inserted = await tx
        .insert(jobMovements)
        .values(rows)
        .returning({ id: jobMovements.id, kind: jobMovements.kind });
      if (entry.charge) {
        const charged = inserted.find((m) => m.kind === "damaged") ?? inserted.find((m) => m.kind === "lost");
        await insertJobCharge(tx, actor, job, {
          amount: entry.charge.amount,
          description:
            entry.charge.description ??
            defaultChargeDescription(
              entry.damaged > 0 ? "damage" : "loss",
              entry.damaged + entry.lost,
              line.name,
              job.reference,
            ),
          jobMovementId: charged?.id ?? null,
        });
      }
      units += entry.returned + entry.damaged + entry.lost;
      checked.push({
        line: line.name,
        returned: entry.returned,
        damaged: entry.damaged,
        lost: entry.lost,
        outcome: entry.outcome,
        repairDate: entry.repairDate,
        note: entry.note,
      });
    }
    await refreshJobStatus(tx, job.id);
    await recordAudit(tx, actor, {
      action: "job.checked_in",
      entityType: "job",
      entityId: job.id,
      summary: `Checked in ${units} ${units === 1 ? "unit" : "units"} on ${job.reference}`,
      changes: { mode: input.mode, checked },
    });
    return { ok: true as const, message: JOB_MESSAGES.checkedIn(units, job.reference), units };
  });
}
