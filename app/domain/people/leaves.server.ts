import { and, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client.server";
import { queryRows } from "../../db/client.server";
import { employees, leaves as t, teamMembers, teams } from "../../db/schema";
import { formatShortDate } from "../../lib/format";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageOf } from "../../lib/list-query.server";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import type { SignedInUser } from "../auth/session.server";
import type { LEAVE_STATUSES, LEAVE_TYPES } from "./constants";
import { leaveDays, LEAVE_MESSAGES, parseLeaveForm, type LeaveFormValues } from "./leave-form";
import { LEAVE_LIST } from "./leave-list";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";

// Leave (backoffice.md §2 Leave Management; issue 11). The spec only lists; beyond it, a signed-in employee asks
// for leave for themselves, and an administrator or the lead of one of their teams approves or rejects it
// (approved_by recorded); nobody decides their own, administrators included (issue 19). Leave that overlaps the same person's pending or approved leave is refused, under a
// lock on the employee's row so two requests at once cannot both pass.

/** The employee a signed-in user is: linked by user_id, or, until linked, the one with the user's e-mail. */
export async function currentEmployee(db: DbOrTx, user: Pick<SignedInUser, "id" | "email">) {
  const [row] = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(
      and(
        eq(employees.status, "active"),
        or(
          eq(employees.userId, user.id),
          and(isNull(employees.userId), sql`lower(${employees.email}) = ${user.email.trim().toLowerCase()}`),
        ),
      ),
    )
    .orderBy(sql`${employees.userId} is null`)
    .limit(1);
  return row ?? null;
}

/** The ids of the teams this employee leads. */
async function ledTeamIds(db: DbOrTx, employeeId: string): Promise<string[]> {
  const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.leadId, employeeId));
  return rows.map((r) => r.id);
}

/** Leave requests of members of these teams (someone they lead). */
function inTeams(teamIds: string[]): SQL {
  return sql`exists (select 1 from ${teamMembers} where ${teamMembers.employeeId} = ${t.employeeId} and ${inArray(teamMembers.teamId, teamIds)})`;
}

export interface LeaveRow {
  id: string;
  employeeId: string;
  employeeName: string;
  type: (typeof LEAVE_TYPES)[number];
  startDate: string;
  endDate: string;
  days: number;
  status: (typeof LEAVE_STATUSES)[number];
  reason: string | null;
  approvedByName: string | null;
  createdAt: Date;
  /** The viewer may approve or reject it now. */
  canDecide: boolean;
}

export interface LeaveViewer {
  isAdmin: boolean;
  employeeId: string | null;
  ledTeamIds: string[];
}

export async function leaveViewer(db: DbOrTx, user: SignedInUser): Promise<LeaveViewer> {
  const me = await currentEmployee(db, user);
  return {
    isAdmin: user.role === "admin",
    employeeId: me?.id ?? null,
    ledTeamIds: me ? await ledTeamIds(db, me.id) : [],
  };
}

const SORT_COLUMNS = { start: t.startDate, requested: t.createdAt } as const;

export async function listLeaves(
  db: DbOrTx,
  state: StateOf<typeof LEAVE_LIST>,
  viewer: LeaveViewer,
): Promise<ListPage<LeaveRow>> {
  const approver = alias(employees, "approver");
  // Never one's own request: an administrator's linked employee asks like anyone else.
  const decidable = viewer.isAdmin
    ? viewer.employeeId
      ? ne(t.employeeId, viewer.employeeId)
      : sql`true`
    : viewer.ledTeamIds.length && viewer.employeeId
      ? and(inTeams(viewer.ledTeamIds), ne(t.employeeId, viewer.employeeId))!
      : sql`false`;
  const where = and(
    state.filters.status ? eq(t.status, state.filters.status) : undefined,
    state.filters.type ? eq(t.type, state.filters.type) : undefined,
    state.filters.show === "mine" ? (viewer.employeeId ? eq(t.employeeId, viewer.employeeId) : sql`false`) : undefined,
    state.filters.show === "to-decide" ? and(eq(t.status, "pending"), decidable) : undefined,
  );
  const page = await pageOf(db, LEAVE_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select({
          id: t.id,
          employeeId: t.employeeId,
          employeeName: employees.name,
          type: t.type,
          startDate: t.startDate,
          endDate: t.endDate,
          status: t.status,
          reason: t.reason,
          approvedByName: approver.name,
          createdAt: t.createdAt,
          canDecide: sql<boolean>`${t.status} = 'pending' and ${decidable}`,
        })
        .from(t)
        .innerJoin(employees, eq(employees.id, t.employeeId))
        .leftJoin(approver, eq(approver.id, t.approvedBy))
        .where(where)
        .orderBy(...listOrder(SORT_COLUMNS[state.sort], state.dir, t.id))
        .limit(limit)
        .offset(offset),
  });
  return { ...page, rows: page.rows.map((r) => ({ ...r, days: leaveDays(r.startDate, r.endDate) })) };
}

export interface LeaveYearRow {
  employeeId: string;
  employeeName: string;
  sick: number;
  vacation: number;
  other: number;
}

/** Approved days per type in a calendar year, per employee (the part of each leave inside the year). */
export async function leaveYearSummary(db: DbOrTx, year: number): Promise<LeaveYearRow[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const rows = await queryRows<{ employee_id: string; name: string; type: string; days: number }>(
    db,
    sql`select l.employee_id, e.name, l.type,
               sum(least(l.end_date, ${to}::date) - greatest(l.start_date, ${from}::date) + 1)::int as days
        from ${t} l join ${employees} e on e.id = l.employee_id
        where l.status = 'approved' and l.start_date <= ${to}::date and l.end_date >= ${from}::date
        group by l.employee_id, e.name, l.type
        order by e.name`,
  );
  const byEmployee = new Map<string, LeaveYearRow>();
  for (const r of rows) {
    const row = byEmployee.get(r.employee_id) ?? {
      employeeId: r.employee_id,
      employeeName: r.name,
      sick: 0,
      vacation: 0,
      other: 0,
    };
    row[r.type as keyof Pick<LeaveYearRow, "sick" | "vacation" | "other">] = Number(r.days);
    byEmployee.set(r.employee_id, row);
  }
  return [...byEmployee.values()];
}

export type LeaveResult = UseCaseResult<{ id: string }>;

/** The signed-in employee asks for leave for themselves. */
export async function requestLeave(
  db: Db,
  user: SignedInUser,
  values: LeaveFormValues,
  actor: AuditActor,
): Promise<LeaveResult> {
  const refuse = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, LEAVE_MESSAGES.requestFailed, errors);
  const parsed = parseLeaveForm(values);
  if (!parsed.ok) return refuse("invalid", parsed.errors);
  const input = parsed.input;
  return db.transaction(async (tx): Promise<LeaveResult> => {
    const me = await currentEmployee(tx, user);
    if (!me) return refuse("forbidden", { form: LEAVE_MESSAGES.noEmployee });
    // One request at a time per person: the overlap check below cannot miss one committing beside it.
    await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, me.id)).for("update");
    const [clash] = await tx
      .select({ startDate: t.startDate, endDate: t.endDate })
      .from(t)
      .where(
        and(
          eq(t.employeeId, me.id),
          inArray(t.status, ["pending", "approved"]),
          lte(t.startDate, input.endDate),
          gte(t.endDate, input.startDate),
        ),
      )
      .limit(1);
    if (clash)
      return refuse("conflict", {
        startDate: LEAVE_MESSAGES.overlap(formatShortDate(clash.startDate), formatShortDate(clash.endDate)),
      });
    const [row] = await tx
      .insert(t)
      .values({
        employeeId: me.id,
        type: input.type,
        startDate: input.startDate,
        endDate: input.endDate,
        reason: input.reason,
      })
      .returning({ id: t.id });
    await recordAudit(tx, actor, {
      action: "leave.requested",
      entityType: "leave",
      entityId: row!.id,
      summary: `${me.name} asked for ${input.type} leave from ${input.startDate} to ${input.endDate}`,
    });
    return { ok: true, id: row!.id, message: LEAVE_MESSAGES.requested };
  });
}

/** An administrator, or the lead of one of the employee's teams, decides a request; nobody their own. */
export async function decideLeave(
  db: Db,
  user: SignedInUser,
  rawId: unknown,
  decision: "approved" | "rejected",
  actor: AuditActor,
): Promise<LeaveResult> {
  const refuse = (refusal: Refusal, form: string) => refuseFields(refusal, LEAVE_MESSAGES.decideFailed, { form });
  if (typeof rawId !== "string" || !isUuid(rawId)) return refuse("not-found", LEAVE_MESSAGES.notFound);
  const id = rawId.toLowerCase();
  return db.transaction(async (tx): Promise<LeaveResult> => {
    const [leave] = await tx.select().from(t).where(eq(t.id, id)).for("update");
    if (!leave) return refuse("not-found", LEAVE_MESSAGES.notFound);
    if (leave.status !== "pending") return refuse("conflict", LEAVE_MESSAGES.notPending(leave.status));
    const me = await currentEmployee(tx, user);
    if (me?.id === leave.employeeId) return refuse("forbidden", LEAVE_MESSAGES.ownLeave);
    if (user.role !== "admin") {
      if (!me) return refuse("forbidden", LEAVE_MESSAGES.noEmployee);
      const led = await ledTeamIds(tx, me.id);
      const [member] = led.length
        ? await tx
            .select({ teamId: teamMembers.teamId })
            .from(teamMembers)
            .where(and(eq(teamMembers.employeeId, leave.employeeId), inArray(teamMembers.teamId, led)))
            .limit(1)
        : [];
      if (!member) return refuse("forbidden", LEAVE_MESSAGES.notYourTeam);
    }
    await tx
      .update(t)
      .set({ status: decision, approvedBy: me?.id ?? null })
      .where(eq(t.id, id));
    await recordAudit(tx, actor, {
      action: `leave.${decision}`,
      entityType: "leave",
      entityId: id,
      summary: `Leave from ${leave.startDate} to ${leave.endDate} ${decision}`,
      changes: { status: { from: "pending", to: decision } },
    });
    return { ok: true, id, message: decision === "approved" ? LEAVE_MESSAGES.approved : LEAVE_MESSAGES.rejected };
  });
}
