import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { employees, users } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { ROLE_LABELS, isStaffRole } from "../auth/roles";
import { createInvitedUser, isEmailTaken } from "../auth/staff-users.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { wakeEmailSender } from "../email/sender.server";
import { EMPLOYEE_MESSAGES as M } from "./employee-form";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";

// Giving an employee a sign-in (issue 11, beyond the spec): a back-office user invited as in Settings > Users
// (generated password to change at the first sign-in, sent through the outbox) and linked to the employee by
// user_id, in one transaction. When a back-office user already has the employee's e-mail, that user is linked
// instead; a customer's portal account with it is refused.

export type GiveSignInResult = UseCaseResult<{ outcome: "invited" | "linked"; userId: string }>;

export async function giveEmployeeSignIn(
  db: Db,
  raw: { id: unknown; role: unknown },
  actor: AuditActor,
): Promise<GiveSignInResult> {
  const refused = (refusal: Refusal, errors: Record<string, string>) => refuseFields(refusal, M.signInFailed, errors);
  if (typeof raw.id !== "string" || !isUuid(raw.id)) return refused("not-found", { form: M.notFound });
  const role = typeof raw.role === "string" && isStaffRole(raw.role) ? raw.role : null;
  if (!role) return refused("invalid", { role: M.roleInvalid });
  const id = raw.id.toLowerCase();
  const company = await getCompanySettings(db);

  type Outcome =
    | { outcome: "invited" | "linked"; userId: string; email: string }
    | { refusal: "not-found" | "conflict"; error: string };
  let result: Outcome;
  try {
    result = await db.transaction(async (tx): Promise<Outcome> => {
      const [employee] = await tx.select().from(employees).where(eq(employees.id, id)).for("update");
      if (!employee) return { refusal: "not-found", error: M.notFound };
      if (employee.userId) return { refusal: "conflict", error: M.signInExists };
      if (employee.status !== "active") return { refusal: "conflict", error: M.signInInactive };
      const email = employee.email.toLowerCase();
      const [existing] = await tx
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .for("update");
      if (existing) {
        if (!isStaffRole(existing.role)) return { refusal: "conflict", error: M.signInCustomer };
        const [other] = await tx
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.userId, existing.id), ne(employees.id, id)))
          .limit(1);
        if (other) return { refusal: "conflict", error: M.signInTakenByOther };
        await tx.update(employees).set({ userId: existing.id }).where(eq(employees.id, id));
        await recordAudit(tx, actor, {
          action: "employee.sign_in_linked",
          entityType: "employee",
          entityId: id,
          summary: `Linked the employee ${employee.name} to the existing sign-in of ${email} (${ROLE_LABELS[existing.role]})`,
        });
        return { outcome: "linked", userId: existing.id, email };
      }
      const userId = await createInvitedUser(tx, { name: employee.name, email, role }, company.name, actor);
      await tx.update(employees).set({ userId }).where(eq(employees.id, id));
      await recordAudit(tx, actor, {
        action: "employee.sign_in_given",
        entityType: "employee",
        entityId: id,
        summary: `Gave the employee ${employee.name} a sign-in as ${ROLE_LABELS[role]} (${email})`,
        changes: { role },
      });
      return { outcome: "invited", userId, email };
    });
  } catch (error) {
    // A user with the address was created between our look and our insert: the unique index refused ours.
    if (isEmailTaken(error))
      return refused("conflict", { form: "Someone else just used this e-mail address. Try again." });
    throw error;
  }
  if ("error" in result) return refused(result.refusal, { form: result.error });
  if (result.outcome === "invited") wakeEmailSender();
  return {
    ok: true,
    outcome: result.outcome,
    userId: result.userId,
    message: result.outcome === "invited" ? M.signInInvited(result.email) : M.signInLinked(result.email),
  };
}

export interface SignInPreview {
  id: string;
  name: string;
  email: string;
  /** The role of a user who already has the employee's e-mail address (to be linked), or null. */
  existingRole: string | null;
}

/** What the Give sign-in dialog shows; null for an unknown id or an employee who may already sign in. */
export async function signInPreview(db: Db, rawId: string): Promise<SignInPreview | null> {
  if (!isUuid(rawId)) return null;
  const [row] = await db
    .select({ id: employees.id, name: employees.name, email: employees.email, userId: employees.userId })
    .from(employees)
    .where(eq(employees.id, rawId.toLowerCase()));
  if (!row || row.userId) return null;
  const [existing] = await db
    .select({ role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.email.toLowerCase()}`);
  return { id: row.id, name: row.name, email: row.email, existingRole: existing?.role ?? null };
}
