import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { inventoryItems, jobLines, jobMovements, jobs, type JobLineRow } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type Done, type Refused } from "../use-case";
import { unitsToSend } from "./job-units";
import { jobReference } from "./constants";
import { dispatchField, JOB_MESSAGES, type DispatchInput } from "./job-forms";
import { refreshJobStatus } from "./job-status.server";

// Dispatch (issue 26): marking what left for a job — everything still to send, chosen lines with quantities, or one
// item by its code (typed or scanned: the item's slug). A job never sends more than it reserved: the job's row is
// locked first and then its lines, so two dispatches of the same job (two phones scanning) take turns and the second
// counts what the first sent; the database's job_lines_dispatched_check is the last guard. Each line sent is a
// job_movements row (dispatched, who), one audit line, and the job's status follows.

export interface LockedJob {
  id: string;
  number: number;
  reference: string;
  customerId: string | null;
  lines: JobLineRow[];
}

/** Locks the job's row, then its lines (in line order), inside `tx`; null when there is no such job. */
export async function lockJobAndLines(tx: Tx, jobId: string): Promise<LockedJob | null> {
  if (!isUuid(jobId)) return null;
  const [job] = await tx
    .select({ id: jobs.id, number: jobs.number, customerId: jobs.customerId })
    .from(jobs)
    .where(eq(jobs.id, jobId.toLowerCase()))
    .for("update");
  if (!job) return null;
  const lines = await tx
    .select()
    .from(jobLines)
    .where(eq(jobLines.jobId, job.id))
    .orderBy(asc(jobLines.lineNo), asc(jobLines.id))
    .for("update");
  return { ...job, reference: jobReference(job.number), lines };
}

/** What each line sends: line id → units. */
type Plan = Map<string, number>;

function overDispatch(lines: readonly JobLineRow[], asked: number) {
  const reserved = lines.reduce((s, l) => s + l.quantity, 0);
  const sent = lines.reduce((s, l) => s + l.dispatched, 0);
  return { left: reserved - sent, reserved, sent, tooMany: asked > reserved - sent };
}

async function planByCode(tx: Tx, job: LockedJob, code: string, quantity: number): Promise<Plan | Refused> {
  const [item] = await tx
    .select({ id: inventoryItems.id, name: inventoryItems.name })
    .from(inventoryItems)
    .where(eq(inventoryItems.slug, code));
  if (!item) return refuseFields("invalid", JOB_MESSAGES.dispatchFailed, { code: JOB_MESSAGES.codeUnknown(code) });
  // Lines of the quotation itself before a package's parts, each in line order.
  const lines = job.lines
    .filter((l) => l.inventoryItemId === item.id && !l.isPackage)
    .sort((a, b) => Number(a.packageLineId !== null) - Number(b.packageLineId !== null) || a.lineNo - b.lineNo);
  if (lines.length === 0)
    return refuseFields("invalid", JOB_MESSAGES.dispatchFailed, { code: JOB_MESSAGES.codeNotOnJob(item.name) });
  const count = overDispatch(lines, quantity);
  if (count.tooMany)
    return refuseFields("invalid", JOB_MESSAGES.dispatchFailed, {
      code: JOB_MESSAGES.overDispatch(count.left, item.name, count.reserved, count.sent),
    });
  const plan: Plan = new Map();
  let wanted = quantity;
  for (const line of lines) {
    const n = Math.min(wanted, unitsToSend(line));
    if (n > 0) plan.set(line.id, n);
    wanted -= n;
  }
  return plan;
}

function planByLines(job: LockedJob, asked: ReadonlyArray<{ lineId: string; quantity: number }>): Plan | Refused {
  const errors: Record<string, string> = {};
  const plan: Plan = new Map();
  for (const { lineId, quantity } of asked) {
    const line = job.lines.find((l) => l.id === lineId.toLowerCase() && !l.isPackage);
    if (!line) {
      errors[dispatchField(lineId)] = JOB_MESSAGES.lineNotFound;
      continue;
    }
    const count = overDispatch([line], quantity);
    if (count.tooMany)
      errors[dispatchField(lineId)] = JOB_MESSAGES.overDispatch(count.left, line.name, count.reserved, count.sent);
    else plan.set(line.id, quantity);
  }
  if (Object.keys(errors).length > 0) return refuseFields("invalid", JOB_MESSAGES.dispatchFailed, errors);
  return plan;
}

/** Dispatches what `input` says on job `jobId`, in one transaction. */
export async function dispatchJob(
  db: Db,
  actor: AuditActor,
  jobId: string,
  input: DispatchInput,
): Promise<Done<{ units: number }> | Refused> {
  return db.transaction(async (tx) => {
    const job = await lockJobAndLines(tx, jobId);
    if (!job) return refuse("not-found", JOB_MESSAGES.dispatchFailed(JOB_MESSAGES.jobNotFound));

    let plan: Plan | Refused;
    if (input.mode === "all") {
      plan = new Map(job.lines.filter((l) => !l.isPackage && unitsToSend(l) > 0).map((l) => [l.id, unitsToSend(l)]));
      if (plan.size === 0) return refuse("conflict", JOB_MESSAGES.dispatchFailed(JOB_MESSAGES.nothingToDispatch));
    } else if (input.mode === "code") plan = await planByCode(tx, job, input.code, input.quantity);
    else plan = planByLines(job, input.quantities);
    if (!(plan instanceof Map)) return plan;

    let units = 0;
    const sent: Array<{ line: string; units: number }> = [];
    for (const line of job.lines) {
      const n = plan.get(line.id);
      if (!n) continue;
      // The constraint job_lines_dispatched_check refuses more than the line's quantity whatever was counted above.
      await tx
        .update(jobLines)
        .set({ dispatched: sql`${jobLines.dispatched} + ${n}` })
        .where(eq(jobLines.id, line.id));
      await tx.insert(jobMovements).values({
        jobId: job.id,
        jobLineId: line.id,
        kind: "dispatched",
        quantity: n,
        actorUserId: actor.userId,
        actorLabel: actor.label,
      });
      units += n;
      sent.push({ line: line.name, units: n });
    }
    await refreshJobStatus(tx, job.id);
    await recordAudit(tx, actor, {
      action: "job.dispatched",
      entityType: "job",
      entityId: job.id,
      summary: `Dispatched ${units} ${units === 1 ? "unit" : "units"} on ${job.reference}`,
      changes: { mode: input.mode, ...(input.mode === "code" ? { code: input.code } : {}), sent },
    });
    return { ok: true as const, message: JOB_MESSAGES.dispatched(units, job.reference), units };
  });
}
