import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { employees, tasks, teamMembers, teams } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { parseTeamForm, TEAM_MESSAGES } from "./teams";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";

// Teams (issue 11, under Employees): create, rename, set the lead, add and remove members. An employee may be in
// several teams. The lead is made a member too, so they can be given the tasks they assign. Tasks belong to a
// team (and go with it), so a team that has tasks is not deleted: the message says to move or finish them.

export interface TeamView {
  id: string;
  name: string;
  lead: { id: string; name: string } | null;
  members: { id: string; name: string; position: string; status: string }[];
  taskCount: number;
}

/** Every team by name, with its lead, its members by name and how many tasks it has. */
export async function listTeams(db: DbOrTx): Promise<TeamView[]> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      leadId: teams.leadId,
      leadName: employees.name,
      taskCount: sql<number>`(select count(*)::int from ${tasks} where ${tasks.teamId} = ${teams.id})`,
    })
    .from(teams)
    .leftJoin(employees, eq(employees.id, teams.leadId))
    .orderBy(asc(teams.name));
  const members = rows.length
    ? await db
        .select({
          teamId: teamMembers.teamId,
          id: employees.id,
          name: employees.name,
          position: employees.position,
          status: employees.status,
        })
        .from(teamMembers)
        .innerJoin(employees, eq(employees.id, teamMembers.employeeId))
        .where(
          inArray(
            teamMembers.teamId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(employees.name))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    lead: r.leadId && r.leadName ? { id: r.leadId, name: r.leadName } : null,
    members: members.filter((m) => m.teamId === r.id).map(({ teamId: _teamId, ...m }) => m),
    taskCount: Number(r.taskCount),
  }));
}

/** The active employees, by name: the lead and member choices. */
export function activeEmployeeChoices(db: DbOrTx) {
  return db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(eq(employees.status, "active"))
    .orderBy(asc(employees.name));
}

export type TeamResult = UseCaseResult<{ id: string }>;

const refused = (refusal: Refusal, errors: Record<string, string>) =>
  refuseFields(refusal, TEAM_MESSAGES.failed, errors);

async function isActiveEmployee(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.status, "active")));
  return !!row;
}

async function addMember(db: DbOrTx, teamId: string, employeeId: string) {
  await db.insert(teamMembers).values({ teamId, employeeId }).onConflictDoNothing();
}

/** A form's team fields: { name, leadId }. */
export async function createTeam(
  db: Db,
  form: { name?: unknown; leadId?: unknown },
  actor: AuditActor,
): Promise<TeamResult> {
  const parsed = parseTeamForm(form);
  if (!parsed.ok) return refused("invalid", parsed.errors);
  const { name, leadId } = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<TeamResult> => {
      if (leadId && !(await isActiveEmployee(tx, leadId)))
        return refused("invalid", { leadId: TEAM_MESSAGES.employeeNotFound });
      const [row] = await tx.insert(teams).values({ name, leadId }).returning({ id: teams.id });
      if (leadId) await addMember(tx, row!.id, leadId);
      await recordAudit(tx, actor, {
        action: "team.created",
        entityType: "team",
        entityId: row!.id,
        summary: `Created the team ${name}`,
        changes: { name, leadId },
      });
      return { ok: true, id: row!.id, message: TEAM_MESSAGES.created };
    });
  } catch (error) {
    if (isUniqueViolation(error, "teams_name_unique")) return refused("invalid", { name: TEAM_MESSAGES.nameTaken });
    throw error;
  }
}

/** Renames a team and sets (or clears) its lead. */
export async function updateTeam(
  db: Db,
  form: { id?: unknown; name?: unknown; leadId?: unknown },
  actor: AuditActor,
): Promise<TeamResult> {
  const id = typeof form.id === "string" && isUuid(form.id) ? form.id.toLowerCase() : null;
  if (!id) return refused("not-found", { form: TEAM_MESSAGES.notFound });
  const parsed = parseTeamForm(form);
  if (!parsed.ok) return refused("invalid", parsed.errors);
  const { name, leadId } = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<TeamResult> => {
      const [before] = await tx.select().from(teams).where(eq(teams.id, id)).for("update");
      if (!before) return refused("not-found", { form: TEAM_MESSAGES.notFound });
      if (leadId && leadId !== before.leadId && !(await isActiveEmployee(tx, leadId)))
        return refused("invalid", { leadId: TEAM_MESSAGES.employeeNotFound });
      await tx.update(teams).set({ name, leadId }).where(eq(teams.id, id));
      if (leadId) await addMember(tx, id, leadId);
      await recordAudit(tx, actor, {
        action: "team.updated",
        entityType: "team",
        entityId: id,
        summary: `Updated the team ${name}`,
        changes: { name: { from: before.name, to: name }, leadId: { from: before.leadId, to: leadId } },
      });
      return { ok: true, id, message: TEAM_MESSAGES.updated };
    });
  } catch (error) {
    if (isUniqueViolation(error, "teams_name_unique")) return refused("invalid", { name: TEAM_MESSAGES.nameTaken });
    throw error;
  }
}

/** Deletes a team without tasks (its memberships go with it). */
export async function deleteTeam(db: Db, rawId: unknown, actor: AuditActor): Promise<TeamResult> {
  const id = typeof rawId === "string" && isUuid(rawId) ? rawId.toLowerCase() : null;
  if (!id) return refused("not-found", { form: TEAM_MESSAGES.notFound });
  return db.transaction(async (tx): Promise<TeamResult> => {
    const [team] = await tx.select().from(teams).where(eq(teams.id, id)).for("update");
    if (!team) return refused("not-found", { form: TEAM_MESSAGES.notFound });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(eq(tasks.teamId, id));
    if (Number(n) > 0) return refused("conflict", { form: TEAM_MESSAGES.hasTasks(Number(n)) });
    await tx.delete(teams).where(eq(teams.id, id));
    await recordAudit(tx, actor, {
      action: "team.deleted",
      entityType: "team",
      entityId: id,
      summary: `Deleted the team ${team.name}`,
    });
    return { ok: true, id, message: TEAM_MESSAGES.deleted };
  });
}

/** Adds an active employee to a team, or takes one out of it (the lead stays a member while they lead it). */
export async function changeTeamMember(
  db: Db,
  change: "add" | "remove",
  form: { id?: unknown; employeeId?: unknown },
  actor: AuditActor,
): Promise<TeamResult> {
  const id = typeof form.id === "string" && isUuid(form.id) ? form.id.toLowerCase() : null;
  if (!id) return refused("not-found", { form: TEAM_MESSAGES.notFound });
  const employeeId =
    typeof form.employeeId === "string" && isUuid(form.employeeId) ? form.employeeId.toLowerCase() : null;
  if (!employeeId) return refused("invalid", { employeeId: TEAM_MESSAGES.employeeNotFound });
  return db.transaction(async (tx): Promise<TeamResult> => {
    const [team] = await tx.select().from(teams).where(eq(teams.id, id)).for("update");
    if (!team) return refused("not-found", { form: TEAM_MESSAGES.notFound });
    const [employee] = await tx
      .select({ name: employees.name, status: employees.status })
      .from(employees)
      .where(eq(employees.id, employeeId));
    if (!employee || (change === "add" && employee.status !== "active"))
      return refused("invalid", { employeeId: TEAM_MESSAGES.employeeNotFound });
    if (change === "add") {
      const added = await tx
        .insert(teamMembers)
        .values({ teamId: id, employeeId })
        .onConflictDoNothing()
        .returning({ teamId: teamMembers.teamId });
      if (added.length === 0) return refused("invalid", { employeeId: TEAM_MESSAGES.alreadyMember });
    } else {
      if (team.leadId === employeeId)
        return refused("invalid", { employeeId: "The team's lead stays a member: choose another lead first" });
      const removed = await tx
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, id), eq(teamMembers.employeeId, employeeId)))
        .returning({ teamId: teamMembers.teamId });
      if (removed.length === 0) return refused("not-found", { employeeId: "This employee is not in the team" });
    }
    await recordAudit(tx, actor, {
      action: change === "add" ? "team.member_added" : "team.member_removed",
      entityType: "team",
      entityId: id,
      summary: `${change === "add" ? "Added" : "Removed"} ${employee.name} ${change === "add" ? "to" : "from"} the team ${team.name}`,
    });
    return { ok: true, id, message: change === "add" ? TEAM_MESSAGES.memberAdded : TEAM_MESSAGES.memberRemoved };
  });
}
