/** Fixed choices of jobs (issue 26, ADR 0030): from an approved quotation to the equipment back on the shelf. */

/**
 * Where a job stands, kept by the use cases from its lines (refreshJobStatus in job-status.server.ts):
 * - planned: nothing is out and something is still to send (nothing has left yet, or what left is back and more
 *   is still to go);
 * - out: some units have left and are not checked in yet;
 * - returned: everything reserved has left and every unit is checked in (back, damaged or lost).
 */
export const JOB_STATUSES = ["planned", "out", "returned"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  planned: "Planned",
  out: "Out",
  returned: "Returned",
};

/** What happened to units of a job line: each is a job_movements row. */
export const JOB_MOVEMENT_KINDS = ["dispatched", "returned", "damaged", "lost"] as const;
export type JobMovementKind = (typeof JOB_MOVEMENT_KINDS)[number];

/** Where a damaged unit goes: the workshop (units under repair, with a date it is expected back) or written off. */
export const DAMAGE_OUTCOMES = ["repair", "write_off"] as const;
export type DamageOutcome = (typeof DAMAGE_OUTCOMES)[number];

/** A crew task's part in a job (the tasks table's job_role). */
export const JOB_ROLES = ["setup", "operate", "strike"] as const;
export type JobRole = (typeof JOB_ROLES)[number];
export const JOB_ROLE_LABELS: Record<JobRole, string> = {
  setup: "Setup",
  operate: "Operate",
  strike: "Strike",
};

/** What every view of a job names it by: the list's row, the calendar's card, the warehouse day, the header. */
export interface JobSummary {
  id: string;
  /** JOB-000042 (jobReference). */
  reference: string;
  title: string;
  customerName: string;
  /** YYYY-MM-DD, the rental period. */
  startDate: string;
  endDate: string;
  location: string;
  status: JobStatus;
}

/** A job's reference as people say it: JOB-000042. */
export function jobReference(number: number): string {
  return `JOB-${String(number).padStart(6, "0")}`;
}
