import { and, asc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client.server";
import { employees, leaves, tasks as t, teamMembers, teams } from "../../db/schema";
import { toDhakaInput, todayInDhaka } from "../../lib/dhaka-time";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageIds, pageOf } from "../../lib/list-query.server";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import type { SignedInUser } from "../auth/session.server";
import { TASK_STATUSES, type TASK_PRIORITIES } from "./constants";
import { currentEmployee } from "./leaves.server";
import { assigneesOfTeam, mayBeAssigned, type TeamMembership } from "./task-assignees";
import { parseTaskForm, TASK_MESSAGES, type TaskFormValues } from "./task-form";
import { TASK_LIST } from "./task-list";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";

// Task Management (backoffice.md §2, §6; issue 11). As the spec has it: a task is created by the current employee
// (assigned_by); the team is one they lead and the assignee a member of it; an administrator may use any team.
// Beyond it: the team's lead, the one who assigned it or an administrator edits or deletes a task; its assignee
// may change its status; the cards are filtered and paged in SQL.

export interface TaskActor {
  user: SignedInUser;
  employee: { id: string; name: string } | null;
  isAdmin: boolean;
  /** Teams whose tasks this person may create and edit: the ones they lead, or every team for an admin. */
  teamIds: string[];
}

export async function taskActor(db: DbOrTx, user: SignedInUser): Promise<TaskActor> {
  const employee = await currentEmployee(db, user);
  const isAdmin = user.role === "admin";
  const rows = isAdmin
    ? await db.select({ id: teams.id }).from(teams)
    : employee
      ? await db.select({ id: teams.id }).from(teams).where(eq(teams.leadId, employee.id))
      : [];
  return { user, employee, isAdmin, teamIds: rows.map((r) => r.id) };
}

/** A member of a team the actor may use, as the dialog offers them. */
export interface TaskMemberChoice extends TeamMembership {
  name: string;
  /** On approved leave today: still offered, marked. */
  onLeave: boolean;
}

export interface TaskChoices {
  teams: { id: string; name: string }[];
  /** The members each team's tasks may be assigned to (`assigneesOfTeam`), by team, then by name. */
  members: TaskMemberChoice[];
}

/** The memberships of these teams, by name, with whether each person is on approved leave today. */
async function teamMemberships(db: DbOrTx, teamIds: string[]): Promise<TaskMemberChoice[]> {
  if (teamIds.length === 0) return [];
  const today = todayInDhaka();
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      id: employees.id,
      name: employees.name,
      status: employees.status,
      onLeave: sql<boolean>`exists (select 1 from ${leaves} l where l.employee_id = ${employees.id}
          and l.status = 'approved' and l.start_date <= ${today}::date and l.end_date >= ${today}::date)`,
    })
    .from(teamMembers)
    .innerJoin(employees, eq(employees.id, teamMembers.employeeId))
    .where(inArray(teamMembers.teamId, teamIds))
    .orderBy(asc(employees.name), asc(employees.id));
  return rows.map((m) => ({ ...m, onLeave: Boolean(m.onLeave) }));
}

/** The dialog's choices: the teams the actor may use and, for each, the people its tasks may be assigned to. */
export async function taskChoices(db: DbOrTx, actor: TaskActor): Promise<TaskChoices> {
  if (actor.teamIds.length === 0) return { teams: [], members: [] };
  const [teamRows, memberships] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(inArray(teams.id, actor.teamIds))
      .orderBy(asc(teams.name)),
    teamMemberships(db, actor.teamIds),
  ]);
  return { teams: teamRows, members: teamRows.flatMap((team) => assigneesOfTeam(memberships, team.id)) };
}

export interface TaskCard {
  id: string;
  title: string;
  description: string | null;
  teamId: string;
  teamName: string;
  assigneeId: string | null;
  assigneeName: string | null;
  assignerName: string | null;
  status: (typeof TASK_STATUSES)[number];
  priority: (typeof TASK_PRIORITIES)[number];
  dueDate: Date;
  createdAt: Date;
  overdue: boolean;
  canEdit: boolean;
  canChangeStatus: boolean;
}

const SORT_COLUMNS = { due: t.dueDate, created: t.createdAt } as const;

function editable(actor: TaskActor): SQL {
  if (actor.isAdmin) return sql`true`;
  const led = actor.teamIds.length ? inArray(t.teamId, actor.teamIds) : sql`false`;
  return actor.employee ? or(led, eq(t.assignedBy, actor.employee.id))! : led;
}

/** The actor may edit or delete this task (its team's lead, its assigner, an admin). */
async function mayEdit(db: DbOrTx, actor: TaskActor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), editable(actor)));
  return !!row;
}

export async function listTasks(
  db: DbOrTx,
  state: StateOf<typeof TASK_LIST>,
  actor: TaskActor,
): Promise<ListPage<TaskCard>> {
  const assignee = alias(employees, "assignee");
  const assigner = alias(employees, "assigner");
  const overdue = sql<boolean>`(${t.dueDate} < now() and ${t.status} <> 'completed')`;
  const where = and(
    state.filters.status ? eq(t.status, state.filters.status) : undefined,
    state.filters.priority ? eq(t.priority, state.filters.priority) : undefined,
    state.filters.team ? eq(t.teamId, state.filters.team) : undefined,
    state.filters.show === "mine" ? (actor.employee ? eq(t.assignedTo, actor.employee.id) : sql`false`) : undefined,
    state.filters.show === "overdue" ? overdue : undefined,
  );
  const canEdit = editable(actor);
  const mine = actor.employee ? eq(t.assignedTo, actor.employee.id) : sql`false`;
  const order = listOrder(SORT_COLUMNS[state.sort], state.dir, t.id);
  return pageOf(db, TASK_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select({
          id: t.id,
          title: t.title,
          description: t.description,
          teamId: t.teamId,
          teamName: teams.name,
          assigneeId: t.assignedTo,
          assigneeName: assignee.name,
          assignerName: assigner.name,
          status: t.status,
          priority: t.priority,
          dueDate: t.dueDate,
          createdAt: t.createdAt,
          overdue,
          canEdit: sql<boolean>`${canEdit}`,
          canChangeStatus: sql<boolean>`(${canEdit} or ${mine})`,
        })
        .from(t)
        .innerJoin(teams, eq(teams.id, t.teamId))
        .leftJoin(assignee, eq(assignee.id, t.assignedTo))
        .leftJoin(assigner, eq(assigner.id, t.assignedBy))
        .where(inArray(t.id, pageIds(db, t, t.id, where, order, limit, offset)))
        .orderBy(...order),
  });
}

/** A stored task as the Edit dialog shows it, if the actor may edit it. */
export async function loadTaskForm(db: DbOrTx, actor: TaskActor, id: string): Promise<TaskFormValues | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id.toLowerCase()), editable(actor)));
  if (!row) return null;
  return {
    id: row.id,
    version: row.updatedAt.toISOString(),
    title: row.title,
    description: row.description ?? "",
    teamId: row.teamId,
    assignedTo: row.assignedTo ?? "",
    status: row.status,
    priority: row.priority,
    dueDate: toDhakaInput(row.dueDate),
  };
}

export type TaskResult = UseCaseResult<{ id: string }>;

/** The team is one the actor may use and the assignee one its tasks may be assigned to (`mayBeAssigned`). */
async function checkChoices(
  db: DbOrTx,
  actor: TaskActor,
  teamId: string,
  assignedTo: string,
): Promise<Record<string, string> | null> {
  if (!actor.teamIds.includes(teamId)) return { teamId: TASK_MESSAGES.notLead };
  return mayBeAssigned(await teamMemberships(db, [teamId]), teamId, assignedTo)
    ? null
    : { assignedTo: TASK_MESSAGES.notMember };
}

export async function createTask(
  db: Db,
  actor: TaskActor,
  values: TaskFormValues,
  audit: AuditActor,
): Promise<TaskResult> {
  const refuse = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, TASK_MESSAGES.addFailed, errors);
  const parsed = parseTaskForm(values);
  if (!parsed.ok) return refuse("invalid", parsed.errors);
  if (!actor.employee && !actor.isAdmin) return refuse("forbidden", { form: TASK_MESSAGES.noEmployee });
  const input = parsed.input;
  return db.transaction(async (tx): Promise<TaskResult> => {
    const wrong = await checkChoices(tx, actor, input.teamId, input.assignedTo);
    if (wrong) return refuse("invalid", wrong);
    const [row] = await tx
      .insert(t)
      .values({ ...input, assignedBy: actor.employee?.id ?? null })
      .returning({ id: t.id });
    await recordAudit(tx, audit, {
      action: "task.created",
      entityType: "task",
      entityId: row!.id,
      summary: `Created the task "${input.title.slice(0, 120)}"`,
    });
    return { ok: true, id: row!.id, message: TASK_MESSAGES.added };
  });
}

export async function updateTask(
  db: Db,
  actor: TaskActor,
  values: TaskFormValues,
  audit: AuditActor,
): Promise<TaskResult> {
  const refuse = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, TASK_MESSAGES.updateFailed, errors);
  if (!isUuid(values.id)) return refuse("not-found", { form: TASK_MESSAGES.notFound });
  const id = values.id.toLowerCase();
  const parsed = parseTaskForm(values);
  if (!parsed.ok) return refuse("invalid", parsed.errors);
  const input = parsed.input;
  return db.transaction(async (tx): Promise<TaskResult> => {
    const [before] = await tx.select().from(t).where(eq(t.id, id)).for("update");
    if (!before) return refuse("not-found", { form: TASK_MESSAGES.notFound });
    const allowed = await mayEdit(tx, actor, id);
    if (!allowed) return refuse("forbidden", { form: TASK_MESSAGES.notYours });
    if (values.version !== before.updatedAt.toISOString())
      return refuse("conflict", { form: TASK_MESSAGES.changedMeanwhile });
    const wrong = await checkChoices(tx, actor, input.teamId, input.assignedTo);
    if (wrong) return refuse("invalid", wrong);
    await tx.update(t).set(input).where(eq(t.id, id));
    const changes = diffFields({ ...before, dueDate: before.dueDate.toISOString() } as Record<string, unknown>, {
      ...input,
      dueDate: input.dueDate.toISOString(),
    });
    await recordAudit(tx, audit, {
      action: "task.updated",
      entityType: "task",
      entityId: id,
      summary: `Updated the task "${input.title.slice(0, 120)}": ${Object.keys(changes).join(", ") || "no change"}`,
      changes,
    });
    return { ok: true, id, message: TASK_MESSAGES.updated };
  });
}

/** The assignee (or anyone who may edit it) moves a task to another status. */
export async function setTaskStatus(
  db: Db,
  actor: TaskActor,
  rawId: unknown,
  rawStatus: unknown,
  audit: AuditActor,
): Promise<TaskResult> {
  const refuse = (refusal: Refusal, form: string) => refuseFields(refusal, TASK_MESSAGES.updateFailed, { form });
  if (typeof rawId !== "string" || !isUuid(rawId)) return refuse("not-found", TASK_MESSAGES.notFound);
  if (typeof rawStatus !== "string" || !(TASK_STATUSES as readonly string[]).includes(rawStatus))
    return refuse("invalid", "Choose a status");
  const next = rawStatus as (typeof TASK_STATUSES)[number];
  const id = rawId.toLowerCase();
  return db.transaction(async (tx): Promise<TaskResult> => {
    const [task] = await tx.select().from(t).where(eq(t.id, id)).for("update");
    if (!task) return refuse("not-found", TASK_MESSAGES.notFound);
    const [allowed] = await tx
      .select({ id: t.id })
      .from(t)
      .where(
        and(eq(t.id, id), actor.employee ? or(editable(actor), eq(t.assignedTo, actor.employee.id)) : editable(actor)),
      );
    if (!allowed) return refuse("forbidden", TASK_MESSAGES.notAssignee);
    if (task.status !== next) {
      await tx
        .update(t)
        .set({ status: next })
        .where(and(eq(t.id, id), ne(t.status, next)));
      await recordAudit(tx, audit, {
        action: "task.status_changed",
        entityType: "task",
        entityId: id,
        summary: `The task "${task.title.slice(0, 120)}" is now ${next}`,
        changes: { status: { from: task.status, to: next } },
      });
    }
    return { ok: true, id, message: TASK_MESSAGES.statusChanged };
  });
}

export async function deleteTask(db: Db, actor: TaskActor, rawId: unknown, audit: AuditActor): Promise<TaskResult> {
  const refuse = (refusal: Refusal, form: string) => refuseFields(refusal, TASK_MESSAGES.deleteFailed, { form });
  if (typeof rawId !== "string" || !isUuid(rawId)) return refuse("not-found", TASK_MESSAGES.notFound);
  const id = rawId.toLowerCase();
  return db.transaction(async (tx): Promise<TaskResult> => {
    const [task] = await tx.select().from(t).where(eq(t.id, id)).for("update");
    if (!task) return refuse("not-found", TASK_MESSAGES.notFound);
    const allowed = await mayEdit(tx, actor, id);
    if (!allowed) return refuse("forbidden", TASK_MESSAGES.notYours);
    await tx.delete(t).where(eq(t.id, id));
    await recordAudit(tx, audit, {
      action: "task.deleted",
      entityType: "task",
      entityId: id,
      summary: `Deleted the task "${task.title.slice(0, 120)}"`,
    });
    return { ok: true, id, message: TASK_MESSAGES.deleted };
  });
}
