import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client.server";
import { jobCharges, jobs } from "../../db/schema";
import { jobReference } from "../jobs/constants";
import type { PendingJobCharge } from "./invoice-arithmetic";

// A job's damage and loss charges (issue 26) go on the customer's next invoice, or on an invoice of the charges alone
// (issue 37): pending while job_charges.invoice_id is null, they are taken by writeInvoice under the customer's lock,
// so two invoices of one customer at once cannot both take one. A charge made out to a customer record merged since into this one is theirs too (a merge moves the
// customer's documents, not the jobs' charges).

/** The customer and the records merged into it, at any depth. */
function customerAndMerged(customerId: string) {
  return sql`(with recursive merged(id) as (
      select ${customerId}::uuid
      union
      select c.id from customers c join merged m on c.merged_into_id = m.id
    ) select id from merged)`;
}

export interface PendingCharge extends PendingJobCharge {
  id: string;
  jobId: string;
}

/** The customer's charges not yet invoiced, oldest first; with `lock`, locked for the invoice about to take them. */
export async function pendingJobCharges(
  db: DbOrTx,
  customerId: string,
  options: { lock?: boolean } = {},
): Promise<PendingCharge[]> {
  const query = db
    .select({
      id: jobCharges.id,
      jobId: jobCharges.jobId,
      description: jobCharges.description,
      amount: jobCharges.amount,
    })
    .from(jobCharges)
    .where(and(isNull(jobCharges.invoiceId), sql`${jobCharges.customerId} in ${customerAndMerged(customerId)}`))
    .orderBy(asc(jobCharges.createdAt), asc(jobCharges.id));
  return options.lock ? query.for("update") : query;
}

/** The jobs whose charges an invoice carries, by number: what a charges invoice is for (issue 37). */
export async function chargedJobsOf(db: DbOrTx, invoiceId: string): Promise<{ id: string; reference: string }[]> {
  const rows = await db
    .selectDistinct({ id: jobs.id, number: jobs.number })
    .from(jobCharges)
    .innerJoin(jobs, eq(jobs.id, jobCharges.jobId))
    .where(eq(jobCharges.invoiceId, invoiceId))
    .orderBy(asc(jobs.number));
  return rows.map((r) => ({ id: r.id, reference: jobReference(r.number) }));
}

/** Each of these invoices' damage-charge lines, summed: value and VAT (decimal strings), by invoice id. */
export async function chargeLinesOf(
  db: DbOrTx,
  invoiceIds: string[],
): Promise<Map<string, { value: string; vat: string }>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await queryRows<{ invoice_id: string; value: string; vat: string }>(
    db,
    sql`
    select l.invoice_id, round(sum(l.value), 2)::text as value, round(sum(l.vat_amount), 2)::text as vat
    from invoice_lines l join job_charges c on c.invoice_line_id = l.id
    where ${inArray(sql`l.invoice_id`, invoiceIds)}
    group by l.invoice_id`,
  );
  return new Map(rows.map((r) => [r.invoice_id, { value: r.value, vat: r.vat }]));
}
