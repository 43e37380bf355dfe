import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Db } from "../../db/client.server";
import { employees, users } from "../../db/schema";
import { fieldErrors } from "../../lib/form-errors";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, refuseFields, type UseCaseResult } from "../use-case";
import { getAuth } from "./auth.server";
import { currentEmployee } from "../people/leaves.server";
import { changePasswordSchema, PASSWORD_MESSAGES } from "./forms";
import { OWN_NAME_MESSAGES, parseOwnNameForm, type OwnNameValues } from "./own-name-form";
import { passwordUserInputs, weakPasswordMessage } from "./password-strength.server";
import type { SignedInUser } from "./session.server";
import { recordPasswordFailure, releasePasswordAttempt, reservePasswordAttempt } from "./sign-in-limits.server";
import { tooManyAttemptsMessage } from "./sign-in.server";

/** Ends the request's session; the audit log notes it. Returns the headers that clear the cookie. */
export async function signOut(db: Db, headers: Headers, user: SignedInUser, actor: AuditActor): Promise<string[]> {
  const result = await getAuth(db).api.signOut({ headers, returnHeaders: true });
  await recordAudit(db, actor, {
    action: "auth.sign_out",
    entityType: "user",
    entityId: user.id,
    summary: "Signed out",
  });
  return result.headers.getSetCookie();
}

/** Refused as invalid (the fields say why: a wrong current password included) or too-many. */
export type ChangePasswordOutcome = UseCaseResult<{ setCookies: string[] }>;

const passwordRefused = (errors: Record<string, string>) => refuseFields("invalid", (reason) => reason, errors);

/**
 * Changes the signed-in user's password: at least 8 characters, hard to guess (password-strength.server.ts) and
 * not the current one; the current password's check is reserved within the sign-in limits first, or the form
 * is refused while they hold, and counts as a failure unless it was right (sign-in-limits.server.ts). Every other
 * session of the user ends (this one gets a fresh cookie), and a password that had to change no longer must.
 */
export async function changeOwnPassword(
  db: Db,
  form: FormData,
  request: { headers: Headers; user: SignedInUser; actor: AuditActor },
): Promise<ChangePasswordOutcome> {
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const parsed = changePasswordSchema.safeParse({
    currentPassword: field("currentPassword"),
    newPassword: field("newPassword"),
    confirmPassword: field("confirmPassword"),
  });
  if (!parsed.success) return passwordRefused(fieldErrors(parsed.error));
  const weak = weakPasswordMessage(parsed.data.newPassword, await passwordUserInputs(db, request.user));
  if (weak) return passwordRefused({ newPassword: weak });

  const attempt = { email: request.user.email, clientAddress: request.actor.ipAddress ?? "" };
  const refusal = await reservePasswordAttempt(db, attempt);
  if (refusal) {
    const message = tooManyAttemptsMessage(refusal.retryAfterSeconds);
    return {
      ...refuse("too-many", message, { currentPassword: message }),
      retryAfterSeconds: refusal.retryAfterSeconds,
    };
  }

  let result;
  try {
    result = await getAuth(db).api.changePassword({
      body: {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError && error.status === "BAD_REQUEST") {
      await db.transaction(async (tx) => {
        await recordPasswordFailure(tx, attempt);
        await recordAudit(tx, request.actor, {
          action: "auth.password_change_failed",
          entityType: "user",
          entityId: request.user.id,
          summary: "Password not changed: wrong current password",
        });
      });
      return passwordRefused({ currentPassword: PASSWORD_MESSAGES.currentWrong });
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ mustChangePassword: false }).where(eq(users.id, request.user.id));
    await releasePasswordAttempt(tx, attempt);
    await recordAudit(tx, request.actor, {
      action: "auth.password_changed",
      entityType: "user",
      entityId: request.user.id,
      summary: "Changed their password; other sessions ended",
    });
  });
  return { ok: true, message: PASSWORD_MESSAGES.changed, setCookies: result.headers.getSetCookie() };
}

/** Refused as invalid (the name field says why). */
export type RenameOwnAccountOutcome = UseCaseResult<{ changed: boolean }>;

/**
 * A back-office user renames themselves (Settings > My account). The name is the person's, so it is set on their
 * sign-in and on the employee record the back office treats the sign-in as (currentEmployee: the header, tasks,
 * leave and payslips show that one), both under row locks in one transaction, each with its audit line. Their
 * e-mail address (the sign-in) and role are not theirs to change here.
 */
export async function renameOwnAccount(
  db: Db,
  values: OwnNameValues,
  request: { user: SignedInUser; actor: AuditActor },
): Promise<RenameOwnAccountOutcome> {
  const parsed = parseOwnNameForm(values);
  if (!parsed.ok) return refuseFields("invalid", OWN_NAME_MESSAGES.failed, parsed.errors);
  const { name } = parsed.input;
  const { user, actor } = request;
  return db.transaction(async (tx): Promise<RenameOwnAccountOutcome> => {
    const [before] = await tx.select({ name: users.name }).from(users).where(eq(users.id, user.id)).for("update");
    const acting = await currentEmployee(tx, user);
    const [employee] = acting
      ? await tx
          .select({ id: employees.id, name: employees.name })
          .from(employees)
          .where(eq(employees.id, acting.id))
          .for("update")
      : [];
    const userChanged = !!before && before.name !== name;
    const employeeChanged = !!employee && employee.name !== name;
    if (!userChanged && !employeeChanged) return { ok: true, message: OWN_NAME_MESSAGES.unchanged, changed: false };
    if (userChanged) {
      await tx.update(users).set({ name }).where(eq(users.id, user.id));
      await recordAudit(tx, actor, {
        action: "user.renamed",
        entityType: "user",
        entityId: user.id,
        summary: `Renamed themselves from ${before.name} to ${name}`,
        changes: diffFields({ name: before.name }, { name }),
      });
    }
    if (employeeChanged) {
      await tx.update(employees).set({ name }).where(eq(employees.id, employee.id));
      await recordAudit(tx, actor, {
        action: "employee.renamed",
        entityType: "employee",
        entityId: employee.id,
        summary: `Renamed their employee record from ${employee.name} to ${name} (My account)`,
        changes: diffFields({ name: employee.name }, { name }),
      });
    }
    return { ok: true, message: OWN_NAME_MESSAGES.renamed, changed: true };
  });
}
