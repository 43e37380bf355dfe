import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { events, jobs } from "../../db/schema";
import { SLUG_ATTEMPTS } from "../../db/unique-slug.server";
import { invalidatePublicData } from "../../lib/cache.server";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import type { SignedInUser } from "../auth/session.server";
import { EVENT_LIMITS } from "../content/event-form";
import { insertEvent } from "../content/events-admin.server";
import { currentEmployee } from "../people/leaves.server";
import { refuse, type UseCaseResult } from "../use-case";
import { jobReference } from "./constants";

// Make event (issue 26): the Event Management event of a job, made from it in one step (its crew tab), so the
// storefront's events show it: the job's title, first day, time and place, upcoming, organized by whoever makes it
// (if they are an employee). One per job: jobs.event_id links them; a job that has one is refused and links to it.

export const JOB_EVENT_MESSAGES = {
  made: (title: string) => `Event "${title}" added to Event Management`,
  failed: (message: string) => `Failed to make the event: ${message}`,
  jobNotFound: "This job no longer exists",
  already: (title: string) => `This job already has its event: ${title}`,
} as const;

/** The event's description: the job's notes after what we do for whom. */
export function jobEventDescription(job: { customerName: string; notes: string | null }): string {
  const lead = `Equipment by us for ${job.customerName}.`;
  const notes = job.notes?.trim();
  return (notes ? `${lead}\n\n${notes}` : lead).slice(0, EVENT_LIMITS.description);
}

export type JobEventResult = UseCaseResult<{ id: string; slug: string }>;

/**
 * Makes the job's event: one transaction that locks the job, refuses it if it already has an event (the message
 * names that event), inserts the event with a public id from its title (insertEvent, as Add New Event does), sets
 * jobs.event_id and writes the audit lines; the public caches are cleared after the commit.
 */
export async function createJobEvent(
  db: Db,
  user: Pick<SignedInUser, "id" | "email">,
  rawJobId: unknown,
  audit: AuditActor,
): Promise<JobEventResult> {
  if (typeof rawJobId !== "string" || !isUuid(rawJobId))
    return refuse("not-found", JOB_EVENT_MESSAGES.failed(JOB_EVENT_MESSAGES.jobNotFound));
  const jobId = rawJobId.toLowerCase();
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (tx): Promise<JobEventResult> => {
        const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
        if (!job) return refuse("not-found", JOB_EVENT_MESSAGES.failed(JOB_EVENT_MESSAGES.jobNotFound));
        if (job.eventId) {
          const [existing] = await tx.select({ title: events.title }).from(events).where(eq(events.id, job.eventId));
          return refuse("conflict", JOB_EVENT_MESSAGES.already(existing?.title ?? job.title), {
            form: JOB_EVENT_MESSAGES.already(existing?.title ?? job.title),
          });
        }
        const organizer = await currentEmployee(tx, user);
        const reference = jobReference(job.number);
        const title = job.title.trim().slice(0, EVENT_LIMITS.title);
        const made = await insertEvent(
          tx,
          {
            title,
            description: jobEventDescription(job),
            date: job.startDate,
            time: job.eventTime,
            location: job.location.slice(0, EVENT_LIMITS.location),
            status: "upcoming",
            organizerId: organizer?.id ?? null,
            capacity: null,
            imageUrl: null,
            images: [],
          },
          [],
          audit,
          (slug) => `Added the event "${title}" (${slug}) from ${reference}`,
        );
        await tx.update(jobs).set({ eventId: made.id, updatedAt: new Date() }).where(eq(jobs.id, job.id));
        await recordAudit(tx, audit, {
          action: "job.event_made",
          entityType: "job",
          entityId: job.id,
          summary: `Made the event "${title}" of ${reference}`,
          changes: { eventId: made.id, slug: made.slug },
        });
        return { ok: true, ...made, message: JOB_EVENT_MESSAGES.made(title) };
      });
      if (result.ok) invalidatePublicData();
      return result;
    } catch (error) {
      // Events of one title added at the same moment: the loser takes the next free id.
      if (isUniqueViolation(error, "slug") && attempt < SLUG_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The job's event as its crew tab links to it; null when it has none (or it was deleted). */
export async function jobEventLink(db: DbOrTx, eventId: string | null): Promise<{ id: string; title: string } | null> {
  if (!eventId) return null;
  const [row] = await db.select({ id: events.id, title: events.title }).from(events).where(eq(events.id, eventId));
  return row ?? null;
}
