import { and, desc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { accounts, auditLog, employees, payslips, users } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { action, loader } from "./account";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  cookieHeader,
  routeArgs,
  sessionOf,
  signedInUser,
  signIn,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";

const PATH = "/admin/settings/account";

const runLoader = (as: TestUser) => callRoute(loader, PATH, { as });
/** Posts one of the page's forms: the password form unless `fields` names another intent. */
const runAction = async (fields: Record<string, string>, as: TestUser) =>
  answerOf<{ errors: Record<string, string>; values?: { name: string }; toast: { type: string; message: string } }>(
    await callRoute(action, PATH, { as, form: { intent: "password", ...fields } }),
  );

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;

beforeAll(async () => {
  admin = await signedInUser("admin", { name: "Account Admin" });
  staff = await signedInUser("staff", { name: "Account Staff" });
  accountant = await signedInUser("accountant", { name: "Account Accountant" });
});

describe("my account loader", () => {
  it("shows each back-office user their own name, e-mail and role", async () => {
    expect(await runLoader(admin)).toEqual({
      role: "admin",
      name: "Account Admin",
      email: admin.email,
      roleLabel: "Administrator",
      actsAsEmployee: false,
      managesUsers: true,
      payslips: null,
    });
    expect(await runLoader(staff)).toMatchObject({
      role: "staff",
      email: staff.email,
      roleLabel: "Staff",
      managesUsers: false,
    });
    expect(await runLoader(accountant)).toMatchObject({ role: "accountant", roleLabel: "Accountant" });
  });

  it("sends a visitor to the sign-in page, and refuses a visitor's post", async () => {
    expect(await thrownBy(runLoader(ANONYMOUS))).toEqual({
      status: 302,
      body: "",
      location: "/admin/login?redirectTo=%2Fadmin%2Fsettings%2Faccount",
    });
    expect(
      await thrownBy(runAction({ currentPassword: "x", newPassword: "y", confirmPassword: "y" }, ANONYMOUS)),
    ).toMatchObject({ status: 401 });
  });
});

describe("my account: change password", () => {
  it("names the wrong field and changes nothing", async () => {
    const hash = async () =>
      (await getDb().select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, staff.id)))[0];
    const before = await hash();
    const wrong = await runAction(
      { currentPassword: "not-my-password", newPassword: "brand-new-pass", confirmPassword: "brand-new-pass" },
      staff,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: "Current password is incorrect" });
    expect(wrong.body.toast).toEqual({ type: "error", message: "Failed to change password" });
    const short = await runAction(
      { currentPassword: staff.password, newPassword: "short", confirmPassword: "shirt" },
      staff,
    );
    expect(short.body.errors).toEqual({
      newPassword: "New password must be at least 8 characters",
      confirmPassword: "The two new passwords do not match",
    });
    await expect(signIn(staff.email, staff.password)).resolves.toMatch(/better-auth/);
    expect(await hash()).toEqual(before);
  });

  it("changes the password, keeps this session, ends the others, and says Password changed successfully!", async () => {
    const other = await signIn(accountant.email, accountant.password);
    expect(await sessionOf(other)).not.toBeNull();

    const result = await runAction(
      {
        currentPassword: accountant.password,
        newPassword: "a-much-better-pass",
        confirmPassword: "a-much-better-pass",
      },
      accountant,
    );
    expect(result.status).toBe(302);
    expect(result.headers?.get("location")).toBe(PATH);
    const setCookies = result.headers?.getSetCookie() ?? [];
    // The flash toast for the next page, with the spec's words.
    const flash = await takeFlashToast(routeArgs(PATH, { as: { cookie: cookieHeader(setCookies) } }).request);
    expect(flash.toast).toEqual({ type: "success", message: "Password changed successfully!" });
    // This browser stays signed in (its session is renewed under a fresh cookie); the other session is over.
    const fresh = cookieHeader(setCookies.filter((c) => !c.startsWith("flash_toast=")));
    expect((await sessionOf(fresh))?.user.email).toBe(accountant.email);
    expect(await sessionOf(accountant.cookie)).toBeNull();
    expect(await sessionOf(other)).toBeNull();

    await expect(signIn(accountant.email, accountant.password)).rejects.toThrow(/could not sign in/);
    await expect(signIn(accountant.email, "a-much-better-pass")).resolves.toMatch(/better-auth/);
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "auth.password_changed"))
      .orderBy(desc(auditLog.createdAt));
    expect(line).toMatchObject({ actorUserId: accountant.id, entityId: accountant.id });
  });

  it("clears a password that had to change", async () => {
    const invited = await signedInUser("staff", { name: "Invited Staff", mustChangePassword: true });
    // My account is open to a user whose password must change (the guard lets account.self through).
    expect(await runLoader(invited)).toMatchObject({ email: invited.email });
    const result = await runAction(
      { currentPassword: invited.password, newPassword: "chosen-by-me-1", confirmPassword: "chosen-by-me-1" },
      invited,
    );
    expect(result.status).toBe(302);
    const [row] = await getDb().select().from(users).where(eq(users.id, invited.id));
    expect(row!.mustChangePassword).toBe(false);
  });
});

describe("my account: own name", () => {
  const rename = (name: string, as: TestUser) => runAction({ intent: "rename", name }, as);
  const nameOf = async (id: string) => (await getDb().select().from(users).where(eq(users.id, id)))[0]!.name;

  it("lets the only administrator rename themselves, with its audit line, and the session shows the new name", async () => {
    // The only administrator: nobody else could rename them.
    await getDb()
      .update(users)
      .set({ role: "staff" })
      .where(and(eq(users.role, "admin"), ne(users.id, admin.id)));
    expect(await getDb().$count(users, eq(users.role, "admin"))).toBe(1);
    const result = await rename("  Farhana Rahman ", admin);
    expect(result.status).toBe(302);
    expect(result.headers?.get("location")).toBe(PATH);
    const flash = await takeFlashToast(
      routeArgs(PATH, { as: { cookie: cookieHeader(result.headers?.getSetCookie() ?? []) } }).request,
    );
    expect(flash.toast).toEqual({ type: "success", message: "Name updated successfully" });
    expect(await nameOf(admin.id)).toBe("Farhana Rahman");
    expect((await sessionOf(admin.cookie))?.user.name).toBe("Farhana Rahman");
    expect(await runLoader(admin)).toMatchObject({ name: "Farhana Rahman" });
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.renamed"))
      .orderBy(desc(auditLog.createdAt));
    expect(line).toMatchObject({
      actorUserId: admin.id,
      entityId: admin.id,
      summary: "Renamed themselves from Account Admin to Farhana Rahman",
      changes: { name: { from: "Account Admin", to: "Farhana Rahman" } },
    });
  });

  it("refuses a wrong name naming the field, keeps what was typed, and writes nothing", async () => {
    const before = await tableFingerprint(["users", "audit_log"]);
    const empty = await rename("   ", staff);
    expect(empty).toMatchObject({
      status: 400,
      body: {
        errors: { name: "Name is required" },
        values: { name: "   " },
        toast: { type: "error", message: "Failed to update name: Name is required" },
      },
    });
    const twoLines = await rename("Line one\nLine two", staff);
    expect(twoLines.body.errors).toEqual({ name: "Name must be one line of plain text" });
    const long = await rename("x".repeat(101), staff);
    expect(long.body.errors).toEqual({ name: "Name must be at most 100 characters" });
    expect(await tableFingerprint(["users", "audit_log"])).toEqual(before);
  });

  it("lets staff rename themselves too, their employee record with them, each with its audit line", async () => {
    const person = await signedInUser("accountant", { name: "Arif Accountant" });
    const [employee] = await getDb()
      .insert(employees)
      .values({
        userId: person.id,
        name: "Arif Hossain",
        email: person.email,
        position: "Accountant",
        department: "Finance",
        joiningDate: "2024-01-01",
        salary: "50000",
      })
      .returning();
    // The page shows the name the back office shows (the header's): the employee record's.
    expect(await runLoader(person)).toMatchObject({ name: "Arif Hossain", actsAsEmployee: true, managesUsers: false });
    expect((await rename("Arif H. Chowdhury", person)).status).toBe(302);
    expect(await nameOf(person.id)).toBe("Arif H. Chowdhury");
    const [after] = await getDb().select().from(employees).where(eq(employees.id, employee!.id));
    expect(after!.name).toBe("Arif H. Chowdhury");
    // The Employees dialog open meanwhile sees the record moved on (its version check).
    expect(after!.updatedAt.getTime()).toBeGreaterThan(employee!.updatedAt.getTime());
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "employee.renamed"))
      .orderBy(desc(auditLog.createdAt));
    expect(line).toMatchObject({
      actorUserId: person.id,
      entityType: "employee",
      entityId: employee!.id,
      summary: "Renamed their employee record from Arif Hossain to Arif H. Chowdhury (My account)",
    });
    expect(await runLoader(person)).toMatchObject({ name: "Arif H. Chowdhury" });

    // The same name again changes nothing and writes no audit line.
    const lines = await getDb().$count(auditLog);
    expect((await rename("Arif H. Chowdhury", person)).status).toBe(302);
    expect(await getDb().$count(auditLog)).toBe(lines);
  });

  it("refuses an intent the page does not have", async () => {
    expect(await thrownBy(callRoute(action, PATH, { as: staff, form: { intent: "change-email" } }))).toMatchObject({
      status: 400,
    });
  });
});

describe("my account: my payslips", () => {
  let employee: TestUser;
  const EMPLOYEE_ID = "c3d1e7c2-3333-4c55-9a10-000000000016";

  beforeAll(async () => {
    await seedDatabase(getDb());
    employee = await signedInUser("staff", { name: "Payslip Staff" });
    await getDb().insert(employees).values({
      id: EMPLOYEE_ID,
      userId: employee.id,
      name: "Payslip Staff",
      email: employee.email,
      position: "Technician",
      department: "Operations",
      joiningDate: "2026-10-16",
      salary: "30000",
    });
    const actor = { userId: accountant.id, label: accountant.email, ipAddress: null, userAgent: null };
    const now = new Date("2026-11-27T06:00:00Z");
    for (const month of ["2026-10", "2026-11"]) {
      const run = await processPayroll(getDb(), actor, { month }, now);
      if (!run.ok) throw new Error(JSON.stringify(run));
    }
  });

  it("lists the linked employee's payslips, newest month first, each with its download link's id", async () => {
    const mine = await getDb().select().from(payslips).where(eq(payslips.employeeId, EMPLOYEE_ID));
    const page = (await runLoader(employee)) as { payslips: { id: string; month: string }[] | null };
    expect(page.payslips).toEqual([
      {
        id: mine.find((s) => s.daysPaid === 30)!.id,
        month: "2026-11",
        net: mine.find((s) => s.daysPaid === 30)!.net,
        status: "pending",
        paidOn: null,
        daysPaid: 30,
        daysInMonth: 30,
      },
      {
        id: mine.find((s) => s.daysPaid === 16)!.id,
        month: "2026-10",
        net: mine.find((s) => s.daysPaid === 16)!.net,
        status: "pending",
        paidOn: null,
        daysPaid: 16,
        daysInMonth: 31,
      },
    ]);
  });

  it("has no payslips section for a user who is no employee", async () => {
    expect(await runLoader(await signedInUser("staff"))).toMatchObject({ actsAsEmployee: false, payslips: null });
    expect(await runLoader(await signedInUser("accountant"))).toMatchObject({ payslips: null });
  });
});
