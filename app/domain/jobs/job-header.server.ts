import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { jobs } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { jobReference, type JobSummary } from "./constants";

/** What every tab of a job shows at its top (the job's page, its pick list, its crew). */
export interface JobHeader extends JobSummary {
  phone: string;
  /** HH:MM:SS */
  eventTime: string;
  quotationId: string;
  customerId: string | null;
  eventId: string | null;
}

/** The job `id` (any string from the URL), or null when it is not a job's id. */
export async function loadJobHeader(db: DbOrTx, id: unknown): Promise<JobHeader | null> {
  if (typeof id !== "string" || !isUuid(id)) return null;
  const [row] = await db
    .select({
      id: jobs.id,
      number: jobs.number,
      title: jobs.title,
      customerName: jobs.customerName,
      phone: jobs.phone,
      startDate: jobs.startDate,
      endDate: jobs.endDate,
      eventTime: jobs.eventTime,
      location: jobs.location,
      status: jobs.status,
      quotationId: jobs.quotationId,
      customerId: jobs.customerId,
      eventId: jobs.eventId,
    })
    .from(jobs)
    .where(eq(jobs.id, id.toLowerCase()));
  if (!row) return null;
  const { number, ...rest } = row;
  return { ...rest, reference: jobReference(number) };
}
