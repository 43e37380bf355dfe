// Jobs for tests (issue 26): an approved quotation's job, opened the way the product opens it (by approving), and
// the actor of the tests' use cases.
import { eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server";
import { companySettings, inventoryItems, inventoryPackageParts, jobLines, jobs } from "../../app/db/schema";
import type { AuditActor } from "../../app/domain/audit/audit.server";
import { approveQuotation } from "../../app/domain/quotations/change-status.server";
import { insertQuotation } from "./quotation-fixtures";

export const JOB_ACTOR: AuditActor = {
  userId: null,
  label: "warehouse@example.com",
  ipAddress: "127.0.0.1",
  userAgent: "vitest",
};

let seq = 0;

/** An item with `quantity` units and a slug (its code) that says what it is. */
export async function jobItem(name: string, quantity: number, extra: Partial<typeof inventoryItems.$inferInsert> = {}) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${++seq}-${Date.now().toString(36)}`;
  const [row] = await getDb()
    .insert(inventoryItems)
    .values({ slug, name, description: `${name} for tests`, category: "lighting", price: "500", quantity, ...extra })
    .returning({ id: inventoryItems.id });
  return { id: row!.id, slug, name };
}

/** A package of `parts` ([item id, units per package]). */
export async function jobPackage(name: string, quantity: number, parts: Array<[string, number]>) {
  const pkg = await jobItem(name, quantity);
  await getDb()
    .insert(inventoryPackageParts)
    .values(parts.map(([partItemId, q], position) => ({ packageItemId: pkg.id, partItemId, quantity: q, position })));
  return pkg;
}

export async function ensureCompany() {
  await getDb()
    .insert(companySettings)
    .values({ id: 1, name: "Utsab", address: "Dhaka", notificationEmail: "quotes@company.example" })
    .onConflictDoNothing();
}

/** Approves a sent quotation with `lines` ([item id, quantity]) as staff; returns the job it opened and its lines. */
export async function approvedJob(
  lines: Array<[string, number]>,
  period: { eventDate?: string; rentalEndDate?: string | null } = {},
) {
  await ensureCompany();
  const q = await insertQuotation("sent", `job-${++seq}@example.com`, lines, {
    eventDate: period.eventDate ?? "2027-03-13",
    rentalEndDate: period.rentalEndDate ?? null,
  });
  const result = await approveQuotation(getDb(), q.id, { kind: "staff", audit: JOB_ACTOR });
  if (!result.ok) throw new Error(`could not approve: ${result.message}`);
  const [job] = await getDb().select().from(jobs).where(eq(jobs.quotationId, q.id));
  return { quotationId: q.id, job: job!, lines: await linesOf(job!.id) };
}

export async function linesOf(jobId: string) {
  return getDb().select().from(jobLines).where(eq(jobLines.jobId, jobId)).orderBy(jobLines.lineNo);
}

export const JOB_TABLES = ["jobs", "job_lines", "job_movements", "job_charges", "inventory_items"] as const;
