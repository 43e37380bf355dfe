import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db/errors.server";
import type { Db, DbOrTx, Tx } from "../../db/client.server";
import { sessions, users } from "../../db/schema";
import { getEnv } from "../../lib/env.server";
import { fieldErrors } from "../../lib/form-errors";
import type { ListPage, StateOf } from "../../lib/list-params";
import { listOrder, pageOf, searchAny } from "../../lib/list-query.server";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { enqueueEmail } from "../email/outbox.server";
import { wakeEmailSender } from "../email/sender.server";
import { ROLE_LABELS, STAFF_ROLES, isStaffRole, type StaffRole } from "./roles";
import {
  changeRoleSchema,
  parseInviteForm,
  STAFF_USER_MESSAGES as M,
  userIdSchema,
  type InviteFormValues,
} from "./staff-users";
import { STAFF_USER_LIST } from "./staff-user-list";
import { createPasswordUser, generatePassword } from "./users.server";
import { refuse, type UseCaseResult } from "../use-case";

// Settings > Users (issue 8): the back office's own people. One use case per change, one transaction each,
// each with its audit line. The last administrator who can sign in now is protected under a row lock on those
// administrators, so two demotions at once cannot both pass.

export interface StaffUserRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  mustChangePassword: boolean;
  deactivatedAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}

const SORT_COLUMNS = {
  name: [sql`lower(${users.name})`, users.email],
  lastSignIn: [users.lastSignInAt],
  created: [users.createdAt],
} as const;

/**
 * One page of the back-office users (customers belong to the portal), searched by name or e-mail, filtered by
 * role and status; those who can still sign in first, then in the chosen order.
 */
export async function listStaffUsers(
  db: DbOrTx,
  state: StateOf<typeof STAFF_USER_LIST>,
): Promise<ListPage<StaffUserRow>> {
  const where = and(
    inArray(users.role, [...STAFF_ROLES]),
    searchAny(state.q, [users.name, users.email]),
    state.filters.role ? eq(users.role, state.filters.role) : undefined,
    state.filters.status === "active" ? isNull(users.deactivatedAt) : undefined,
    state.filters.status === "deactivated" ? isNotNull(users.deactivatedAt) : undefined,
  );
  return pageOf(db, STAFF_USER_LIST, state, {
    from: users,
    where,
    rows: async (limit, offset) => {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          mustChangePassword: users.mustChangePassword,
          deactivatedAt: users.deactivatedAt,
          lastSignInAt: users.lastSignInAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(where)
        .orderBy(sql`${users.deactivatedAt} is not null`, ...listOrder(SORT_COLUMNS[state.sort], state.dir, users.id))
        .limit(limit)
        .offset(offset);
      return rows.filter((r): r is StaffUserRow => isStaffRole(r.role));
    },
  });
}

/** How many back-office users there are, and how many can sign in (not deactivated). */
export async function countStaffUsers(db: DbOrTx): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.deactivatedAt} is null))::int`,
    })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]));
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}

/** Refused as invalid (the form is wrong), not-found (no such back-office user) or conflict (the change breaks a
 * rule: the last administrator, oneself). */
export type StaffUserResult = UseCaseResult<{ changed: boolean; userId: string }>;

/**
 * Locks the rows of the administrators who can sign in now (in id order, so that two callers never wait on each
 * other crosswise): not deactivated, and with a password of their own. An invited administrator still holding
 * the e-mailed temporary password (must_change_password) does not count: until they choose their own, they can
 * reach nothing but the password form, and the invitation may never be taken up.
 */
async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.deactivatedAt), eq(users.mustChangePassword, false)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((r) => r.id);
}

/** Locks one user's row; undefined when there is none or it is not a back-office user. */
async function lockStaffUser(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  return row && isStaffRole(row.role) ? { ...row, role: row.role } : undefined;
}

/** Whether taking `target` out of the administrators who can sign in now would leave none. */
function isLastActiveAdmin(target: { id: string }, activeAdmins: string[]) {
  return activeAdmins.includes(target.id) && activeAdmins.every((id) => id === target.id);
}

class EmailTakenError extends Error {}

function invitation(input: { name: string; email: string; role: StaffRole; password: string; companyName: string }) {
  const signInUrl = `${getEnv().publicUrl}/admin/login`;
  return [
    `Hello ${input.name},`,
    "",
    `An account has been created for you in the back office of ${input.companyName}, as ${ROLE_LABELS[input.role]}.`,
    "",
    `Sign in at:         ${signInUrl}`,
    `E-mail:             ${input.email}`,
    `Temporary password: ${input.password}`,
    "",
    "This password is temporary: when you first sign in you must choose your own before you can continue.",
    "",
    "If you did not expect this e-mail, you can ignore it.",
  ].join("\n");
}

/**
 * Creates a back-office user with a generated password that must be changed at the first sign-in, and puts the
 * e-mail with the sign-in link and that password in the outbox, with its audit line: inside the caller's
 * transaction (Settings > Users' invitation, or an employee given a sign-in). Throws EmailTakenError when any user
 * (a customer too) has the address; the unique index backs this up against an invitation committed meanwhile.
 */
export async function createInvitedUser(
  tx: Tx,
  input: { name: string; email: string; role: StaffRole },
  companyName: string,
  actor: AuditActor,
): Promise<string> {
  const { name, email, role } = input;
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (taken) throw new EmailTakenError();
  const password = generatePassword();
  const user = await createPasswordUser(tx, { name, email, password, role, mustChangePassword: true });
  await enqueueEmail(tx, {
    to: email,
    subject: `Your ${companyName} back-office account`,
    text: invitation({ name, email, role, password, companyName }),
    kind: "user.invited",
    relatedType: "user",
    relatedId: user.id,
  });
  await recordAudit(tx, actor, {
    action: "user.invited",
    entityType: "user",
    entityId: user.id,
    summary: `Invited ${name} (${email}) as ${ROLE_LABELS[role]}`,
    changes: { name, email, role },
  });
  return user.id;
}

/** Whether `error` says the invited address is taken (found first, or by the unique index). */
export function isEmailTaken(error: unknown): boolean {
  return error instanceof EmailTakenError || isUniqueViolation(error);
}

/**
 * Invites a staff member (Settings > Users): createInvitedUser in a transaction of its own. An e-mail address any
 * user already has (a customer's too) is refused on the e-mail field.
 */
export async function inviteStaffUser(db: Db, values: InviteFormValues, actor: AuditActor): Promise<StaffUserResult> {
  const parsed = parseInviteForm(values);
  if (!parsed.ok) return refuse("invalid", M.inviteFailed, parsed.errors);
  const company = await getCompanySettings(db);
  let userId: string;
  try {
    userId = await db.transaction((tx) => createInvitedUser(tx, parsed.input, company.name, actor));
  } catch (error) {
    if (isEmailTaken(error)) return refuse("invalid", M.inviteFailed, { email: M.emailTaken });
    throw error;
  }
  wakeEmailSender();
  return { ok: true, message: M.invited, changed: true, userId };
}

/**
 * Changes a back-office user's role (one's own too: an administrator may step down while another remains);
 * never the last active administrator's away from admin.
 */
export async function changeStaffRole(
  db: Db,
  raw: { userId: unknown; role: unknown },
  actor: AuditActor,
): Promise<StaffUserResult> {
  const parsed = changeRoleSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return refuse(errors.userId ? "not-found" : "invalid", errors.userId ?? errors.role ?? M.roleFailed);
  }
  const { userId, role } = parsed.data;
  return db.transaction(async (tx): Promise<StaffUserResult> => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockStaffUser(tx, userId);
    if (!target) return refuse("not-found", M.userMissing);
    if (target.role === role) return { ok: true, message: M.roleUnchanged, changed: false, userId };
    if (role !== "admin" && isLastActiveAdmin(target, admins)) return refuse("conflict", M.lastAdmin);
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "user.role_changed",
      entityType: "user",
      entityId: userId,
      summary: `Changed the role of ${target.email} from ${ROLE_LABELS[target.role]} to ${ROLE_LABELS[role]}`,
      changes: diffFields({ role: target.role }, { role }),
    });
    return { ok: true, message: M.roleChanged, changed: true, userId };
  });
}

/**
 * Deactivates a back-office user: they can no longer sign in, and every session of theirs ends at once.
 * Never oneself, never the last active administrator.
 */
export async function deactivateStaffUser(
  db: Db,
  raw: { userId: unknown },
  actor: AuditActor,
): Promise<StaffUserResult> {
  const parsed = userIdSchema.safeParse(raw);
  if (!parsed.success) return refuse("not-found", M.userMissing);
  const { userId } = parsed.data;
  if (userId === actor.userId) return refuse("conflict", M.selfDeactivate);
  return db.transaction(async (tx): Promise<StaffUserResult> => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockStaffUser(tx, userId);
    if (!target) return refuse("not-found", M.userMissing);
    if (target.deactivatedAt) return { ok: true, message: M.deactivated, changed: false, userId };
    if (isLastActiveAdmin(target, admins)) return refuse("conflict", M.lastAdmin);
    const [updated] = await tx
      .update(users)
      .set({ deactivatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ at: users.deactivatedAt });
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await recordAudit(tx, actor, {
      action: "user.deactivated",
      entityType: "user",
      entityId: userId,
      summary: `Deactivated ${target.email}; ${ended.length} session${ended.length === 1 ? "" : "s"} ended`,
      changes: { deactivatedAt: { from: null, to: updated?.at?.toISOString() }, sessionsEnded: ended.length },
    });
    return { ok: true, message: M.deactivated, changed: true, userId };
  });
}

/** Lets a deactivated back-office user sign in again (with the password they had). */
export async function reactivateStaffUser(
  db: Db,
  raw: { userId: unknown },
  actor: AuditActor,
): Promise<StaffUserResult> {
  const parsed = userIdSchema.safeParse(raw);
  if (!parsed.success) return refuse("not-found", M.userMissing);
  const { userId } = parsed.data;
  return db.transaction(async (tx): Promise<StaffUserResult> => {
    const target = await lockStaffUser(tx, userId);
    if (!target) return refuse("not-found", M.userMissing);
    if (!target.deactivatedAt) return { ok: true, message: M.reactivated, changed: false, userId };
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "user.reactivated",
      entityType: "user",
      entityId: userId,
      summary: `Reactivated ${target.email}`,
      changes: { deactivatedAt: { from: target.deactivatedAt.toISOString(), to: null } },
    });
    return { ok: true, message: M.reactivated, changed: true, userId };
  });
}
