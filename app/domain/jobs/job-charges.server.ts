import type { Db, Tx } from "../../db/client.server";
import { jobCharges } from "../../db/schema";
import { formatMoney } from "../../lib/format";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type Done, type Refused } from "../use-case";
import { lockJobAndLines, type LockedJob } from "./dispatch.server";
import { JOB_MESSAGES, type ChargeInput } from "./job-forms";

// A damage or loss charge to a job's customer (issue 26): made on its own from the job's page, or with a check-in's
// damaged or lost units. It waits, pending (invoice_id null), for the customer's next invoice, which carries it as a
// line (the invoices' side sets invoice_id and invoice_line_id). A job opened without a customer record has nobody
// to charge: refused.

/** Writes the charge and its audit line in the caller's transaction, the job's row already locked. */
export async function insertJobCharge(
  tx: Tx,
  actor: AuditActor,
  job: Pick<LockedJob, "id" | "reference" | "customerId">,
  charge: { description: string; amount: string; jobMovementId?: string | null },
): Promise<string> {
  if (!job.customerId) throw new Error("insertJobCharge: the job has no customer");
  const [row] = await tx
    .insert(jobCharges)
    .values({
      jobId: job.id,
      customerId: job.customerId,
      jobMovementId: charge.jobMovementId ?? null,
      description: charge.description,
      amount: charge.amount,
      createdByUserId: actor.userId,
    })
    .returning({ id: jobCharges.id });
  await recordAudit(tx, actor, {
    action: "job_charge.created",
    entityType: "job_charge",
    entityId: row!.id,
    summary: `Charge of ${formatMoney(charge.amount)} on ${job.reference}: ${charge.description}`,
    changes: { jobId: job.id, customerId: job.customerId, description: charge.description, amount: charge.amount },
  });
  return row!.id;
}

/** Adds a charge to job `jobId` (the form already parsed by parseChargeForm). */
export async function addJobCharge(
  db: Db,
  actor: AuditActor,
  jobId: string,
  input: ChargeInput,
): Promise<Done<{ chargeId: string }> | Refused> {
  return db.transaction(async (tx) => {
    const job = await lockJobAndLines(tx, jobId);
    if (!job) return refuse("not-found", JOB_MESSAGES.chargeFailed(JOB_MESSAGES.jobNotFound));
    if (!job.customerId) return refuseFields("invalid", JOB_MESSAGES.chargeFailed, { form: JOB_MESSAGES.noCustomer });
    const chargeId = await insertJobCharge(tx, actor, job, input);
    return { ok: true as const, message: JOB_MESSAGES.chargeAdded(job.reference), chargeId };
  });
}
