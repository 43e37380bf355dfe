import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.server";
import { employees, jobs, leaves, tasks, teamMembers, teams } from "../../db/schema";
import { dhakaDateTime, toDhakaInput } from "../../lib/dhaka-time";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import type { SignedInUser } from "../auth/session.server";
import type { TASK_STATUSES } from "../people/constants";
import { currentEmployee } from "../people/leaves.server";
import { assigneesOfTeam, mayBeAssigned, type TeamMembership } from "../people/task-assignees";
import { refuseFields, type Refused, type UseCaseResult } from "../use-case";
import { JOB_ROLE_LABELS, jobReference, JOB_ROLES, type JobRole } from "./constants";
import {
  CREW_MESSAGES,
  defaultCrewTitle,
  defaultCrewWhen,
  parseCrewForm,
  shortPeriod,
  type CrewFormValues,
} from "./crew-form";

// A job's crew (issue 26): the people who set it up, operate it and strike it, each an ordinary task (tasks.job_id,
// tasks.job_role) of one of the teams, so it also shows in Task Management. Offered: the active members of a team
// (the rule Task Management assigns by), less anyone on approved leave on a day of the job. A person already on
// another job whose period overlaps this one's is warned about; assigning them anyway is allowed and marked.

/** Another job a crew member is on at the same time. */
export interface CrewClash {
  jobId: string;
  reference: string;
  title: string;
  startDate: string;
  endDate: string;
}

export interface CrewRow {
  taskId: string;
  role: JobRole;
  title: string;
  teamId: string;
  teamName: string;
  employeeId: string | null;
  employeeName: string | null;
  dueDate: Date;
  status: (typeof TASK_STATUSES)[number];
  /** The other jobs with overlapping periods this person is on. */
  alsoOn: CrewClash[];
}

interface JobPeriod {
  id: string;
  number: number;
  title: string;
  startDate: string;
  endDate: string;
  eventTime: string;
}

/** Crew tasks of a person on other jobs whose period overlaps [start, end]: the double bookings. */
async function clashesOf(db: DbOrTx, employeeId: string, job: JobPeriod): Promise<CrewClash[]> {
  const rows = await db
    .selectDistinct({
      jobId: jobs.id,
      number: jobs.number,
      title: jobs.title,
      startDate: jobs.startDate,
      endDate: jobs.endDate,
    })
    .from(tasks)
    .innerJoin(jobs, eq(jobs.id, tasks.jobId))
    .where(
      and(
        eq(tasks.assignedTo, employeeId),
        ne(jobs.id, job.id),
        sql`daterange(${jobs.startDate}, ${jobs.endDate}, '[]') && daterange(${job.startDate}::date, ${job.endDate}::date, '[]')`,
      ),
    )
    .orderBy(asc(jobs.startDate), asc(jobs.number));
  return rows.map(({ number, ...r }) => ({ ...r, reference: jobReference(number) }));
}

/** "JOB-000012 (Wedding, 12–14 Dec)" for the warning. */
export function clashLabel(clash: CrewClash): string {
  return `${clash.reference} (${clash.title}, ${shortPeriod(clash.startDate, clash.endDate)})`;
}

/** The job's crew tasks, setup first, each with the other jobs its person is on at the same time. */
export async function listCrew(db: DbOrTx, jobId: string): Promise<CrewRow[]> {
  const [job] = await db
    .select({
      id: jobs.id,
      number: jobs.number,
      title: jobs.title,
      startDate: jobs.startDate,
      endDate: jobs.endDate,
      eventTime: jobs.eventTime,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) return [];
  const rows = await db
    .select({
      taskId: tasks.id,
      role: tasks.jobRole,
      title: tasks.title,
      teamId: tasks.teamId,
      teamName: teams.name,
      employeeId: tasks.assignedTo,
      employeeName: employees.name,
      dueDate: tasks.dueDate,
      status: tasks.status,
    })
    .from(tasks)
    .innerJoin(teams, eq(teams.id, tasks.teamId))
    .leftJoin(employees, eq(employees.id, tasks.assignedTo))
    .where(eq(tasks.jobId, jobId))
    .orderBy(
      sql`array_position(array[${sql.raw(JOB_ROLES.map((r) => `'${r}'`).join(","))}]::text[], ${tasks.jobRole})`,
      asc(tasks.dueDate),
      asc(employees.name),
      asc(tasks.id),
    );
  const people = [...new Set(rows.flatMap((r) => (r.employeeId ? [r.employeeId] : [])))];
  const clashes = new Map(await Promise.all(people.map(async (id) => [id, await clashesOf(db, id, job)] as const)));
  return rows.map((r) => ({
    ...r,
    role: r.role as JobRole,
    alsoOn: r.employeeId ? (clashes.get(r.employeeId) ?? []) : [],
  }));
}

/** A member of a team as the Assign crew dialog offers them. */
export interface CrewMemberChoice extends TeamMembership {
  name: string;
  /** Approved leave on a day of the job: not offered ("On leave 12–14 Dec"). */
  leave: { startDate: string; endDate: string } | null;
}

export interface CrewChoices {
  teams: { id: string; name: string }[];
  /** Each team's active members, by team then by name. */
  members: CrewMemberChoice[];
}

/** Every team, and each one's members with any approved leave on a day of [start, end]. */
async function memberships(db: DbOrTx, job: Pick<JobPeriod, "startDate" | "endDate">, teamIds?: string[]) {
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      id: employees.id,
      name: employees.name,
      status: employees.status,
      leaveStart: sql<
        string | null
      >`(select min(l.start_date)::text from ${leaves} l where l.employee_id = ${employees.id}
          and l.status = 'approved' and l.start_date <= ${job.endDate}::date and l.end_date >= ${job.startDate}::date)`,
      leaveEnd: sql<string | null>`(select max(l.end_date)::text from ${leaves} l where l.employee_id = ${employees.id}
          and l.status = 'approved' and l.start_date <= ${job.endDate}::date and l.end_date >= ${job.startDate}::date)`,
    })
    .from(teamMembers)
    .innerJoin(employees, eq(employees.id, teamMembers.employeeId))
    .where(teamIds ? inArray(teamMembers.teamId, teamIds) : undefined)
    .orderBy(asc(employees.name), asc(employees.id));
  return rows.map(({ leaveStart, leaveEnd, ...m }) => ({
    ...m,
    leave: leaveStart && leaveEnd ? { startDate: leaveStart, endDate: leaveEnd } : null,
  }));
}

/** The Assign crew dialog's choices for this job: the teams that exist and their active members. */
export async function crewChoices(db: DbOrTx, job: Pick<JobPeriod, "startDate" | "endDate">): Promise<CrewChoices> {
  const [teamRows, members] = await Promise.all([
    db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.name), asc(teams.id)),
    memberships(db, job),
  ]);
  return { teams: teamRows, members: teamRows.flatMap((team) => assigneesOfTeam(members, team.id)) };
}

export type AssignCrewResult = UseCaseResult<{ id: string }> | (Refused & { clashes: CrewClash[] });

async function lockedJob(tx: Tx, jobId: string): Promise<JobPeriod | undefined> {
  const [job] = await tx
    .select({
      id: jobs.id,
      number: jobs.number,
      title: jobs.title,
      startDate: jobs.startDate,
      endDate: jobs.endDate,
      eventTime: jobs.eventTime,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for("share");
  return job;
}

/**
 * Assigns a team member to a part of the job: a pending task of medium priority of that team, due when typed or at
 * the role's default (defaultCrewWhen), titled as typed or "Setup: <job title>", assigned by the signed-in user's
 * employee if they are one. Refused, naming the field: an unknown role or team, someone not an active member of the
 * team, someone on approved leave on a day of the job, a bad date. Someone on another job at the same time is
 * refused with the clashes until `confirm` is set. The person's row is locked, so two assignments of one person at
 * once see each other.
 */
export async function assignCrew(
  db: Db,
  user: Pick<SignedInUser, "id" | "email">,
  rawJobId: unknown,
  values: CrewFormValues,
  audit: AuditActor,
): Promise<AssignCrewResult> {
  const failed = (refusal: Parameters<typeof refuseFields>[0], errors: Record<string, string>) =>
    refuseFields(refusal, CREW_MESSAGES.assignFailed, errors);
  if (typeof rawJobId !== "string" || !isUuid(rawJobId))
    return failed("not-found", { form: CREW_MESSAGES.jobNotFound });
  const jobId = rawJobId.toLowerCase();
  const parsed = parseCrewForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  const role = input.role as JobRole;
  return db.transaction(async (tx): Promise<AssignCrewResult> => {
    const job = await lockedJob(tx, jobId);
    if (!job) return failed("not-found", { form: CREW_MESSAGES.jobNotFound });
    const [team] = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, input.teamId));
    if (!team) return failed("invalid", { teamId: CREW_MESSAGES.teamNotFound });
    const [person] = await tx
      .select({ id: employees.id, name: employees.name })
      .from(employees)
      .where(eq(employees.id, input.employeeId))
      .for("update");
    const members = await memberships(tx, job, [team.id]);
    if (!person || !mayBeAssigned(members, team.id, input.employeeId))
      return failed("invalid", { employeeId: CREW_MESSAGES.notMember });
    const leave = members.find((m) => m.id === person.id)?.leave;
    if (leave)
      return failed("invalid", {
        employeeId: CREW_MESSAGES.onLeave(person.name, shortPeriod(leave.startDate, leave.endDate)),
      });
    const [same] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.jobId, job.id), eq(tasks.jobRole, role), eq(tasks.assignedTo, person.id)));
    if (same)
      return failed("conflict", { employeeId: CREW_MESSAGES.alreadyOnRole(person.name, JOB_ROLE_LABELS[role]) });
    const clashes = await clashesOf(tx, person.id, job);
    if (clashes.length > 0 && !input.confirm)
      return {
        ...failed("conflict", { confirm: CREW_MESSAGES.doubleBooked(person.name, clashes.map(clashLabel).join(", ")) }),
        clashes,
      };

    const dueDate = dhakaDateTime(input.when || defaultCrewWhen(role, job))!;
    const title = input.title || defaultCrewTitle(role, job.title);
    const assigner = await currentEmployee(tx, user);
    const [row] = await tx
      .insert(tasks)
      .values({
        title,
        teamId: team.id,
        assignedTo: person.id,
        assignedBy: assigner?.id ?? null,
        status: "pending",
        priority: "medium",
        dueDate,
        jobId: job.id,
        jobRole: role,
      })
      .returning({ id: tasks.id });
    await recordAudit(tx, audit, {
      action: "job.crew_assigned",
      entityType: "task",
      entityId: row!.id,
      summary: `Assigned ${person.name} (${team.name}) to ${JOB_ROLE_LABELS[role]} of ${jobReference(job.number)}${
        clashes.length ? `, also on ${clashes.map((c) => c.reference).join(", ")}` : ""
      }`,
      changes: {
        jobId: job.id,
        role,
        teamId: team.id,
        employeeId: person.id,
        title,
        dueDate: toDhakaInput(dueDate),
        doubleBooked: clashes.map((c) => c.reference),
      },
    });
    return { ok: true, id: row!.id, message: CREW_MESSAGES.assigned(person.name, JOB_ROLE_LABELS[role]) };
  });
}

/** Takes a person off the job: their crew task is deleted (as Task Management deletes a task), with its audit line. */
export async function unassignCrew(
  db: Db,
  rawJobId: unknown,
  rawTaskId: unknown,
  audit: AuditActor,
): Promise<UseCaseResult<{ id: string }>> {
  const failed = (refusal: "not-found", form: string) => refuseFields(refusal, CREW_MESSAGES.unassignFailed, { form });
  if (typeof rawJobId !== "string" || !isUuid(rawJobId)) return failed("not-found", CREW_MESSAGES.jobNotFound);
  if (typeof rawTaskId !== "string" || !isUuid(rawTaskId)) return failed("not-found", CREW_MESSAGES.taskNotFound);
  const jobId = rawJobId.toLowerCase();
  const taskId = rawTaskId.toLowerCase();
  return db.transaction(async (tx) => {
    const job = await lockedJob(tx, jobId);
    if (!job) return failed("not-found", CREW_MESSAGES.jobNotFound);
    const [removed] = await tx
      .delete(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.jobId, jobId)))
      .returning();
    if (!removed) return failed("not-found", CREW_MESSAGES.taskNotFound);
    const [person] = removed.assignedTo
      ? await tx.select({ name: employees.name }).from(employees).where(eq(employees.id, removed.assignedTo))
      : [];
    const role = JOB_ROLE_LABELS[removed.jobRole as JobRole];
    const name = person?.name ?? "Nobody";
    await recordAudit(tx, audit, {
      action: "job.crew_unassigned",
      entityType: "task",
      entityId: taskId,
      summary: `Took ${name} off ${role} of ${jobReference(job.number)} (the task "${removed.title.slice(0, 120)}" deleted)`,
      changes: { jobId, role: removed.jobRole, teamId: removed.teamId, employeeId: removed.assignedTo },
    });
    return { ok: true, id: taskId, message: CREW_MESSAGES.unassigned(name, role) };
  });
}
