// Employee Management (issue 11): the list with its search and filters, pay shown only to admin and accountant,
// adding and editing with the spec's toasts, the refusals (each field named, nothing written), and deleting: an
// employee whom tasks, leave or payslips refer to is made inactive instead. And (issue 25) the pay details: payment
// method, bank account or wallet, leaving date, each checked, and sent to admin and accountant only.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { auditLog, companySettings, emailOutbox, employees, leaves, users } from "~/db/schema";
import { companySeed } from "~/db/seed/company";
import { violatedConstraint } from "~/db/errors.server";
import { createPasswordUser } from "~/domain/auth/users.server";
import { EMPLOYEE_MESSAGES as M } from "~/domain/people/employee-form";
import { action, loader } from "./employees";

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;
const TABLES = ["employees", "audit_log"] as const;

const VALID = {
  intent: "create",
  name: "Tahmina Akter",
  email: "tahmina@staff.test",
  phone: "+880 1711-222333",
  position: "Coordinator",
  department: "Operations",
  joiningDate: "2024-02-01",
  salary: "45,000",
  status: "active",
};

beforeAll(async () => {
  // The invitation e-mail names the company.
  await getDb().insert(companySettings).values(companySeed);
  [admin, staff, accountant] = await Promise.all([
    signedInUser("admin"),
    signedInUser("staff"),
    signedInUser("accountant"),
  ]);
});

const post = (form: Record<string, string>, as: TestUser = admin, path = "/admin/employees?new=1") =>
  callRoute(action, path, { as, form });

async function add(overrides: Partial<typeof VALID>) {
  const response = (await post({ ...VALID, ...overrides })) as Response;
  expect(flashToast(response)).toEqual({ type: "success", message: "Employee added successfully" });
  const [row] = await getDb()
    .select()
    .from(employees)
    .where(eq(employees.email, (overrides.email ?? VALID.email).toLowerCase()));
  return row!;
}

describe("adding and editing", () => {
  it("adds an employee with the spec's toast, back to the list, with an audit line that keeps pay out", async () => {
    const response = (await post(VALID, admin, "/admin/employees?department=Operations&new=1")) as Response;
    expect(response.headers.get("location")).toBe("/admin/employees?department=Operations");
    expect(flashToast(response)).toEqual({ type: "success", message: "Employee added successfully" });
    const [row] = await getDb().select().from(employees).where(eq(employees.email, "tahmina@staff.test"));
    expect(row).toMatchObject({ name: "Tahmina Akter", salary: "45000.00", phone: "+880 1711-222333" });
    const [line] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(line).toMatchObject({ action: "employee.created" });
    expect(JSON.stringify(line!.changes)).not.toContain("45000");
  });

  it("edits with the spec's toast, and refuses an edit over someone else's change with the stored values", async () => {
    const row = await add({ email: "edit.me@staff.test", name: "Edit Me" });
    const opened = await callRoute(loader, `/admin/employees?edit=${row.id}`, { as: admin });
    expect(opened.dialog).toMatchObject({ kind: "update", values: { name: "Edit Me", salary: "45000.00" } });
    const values = opened.dialog!.kind === "update" ? opened.dialog!.values : null;

    const saved = (await post({ ...values!, intent: "update", position: "Manager" })) as Response;
    expect(flashToast(saved)).toEqual({ type: "success", message: "Employee updated successfully" });
    const stale = answerOf<{
      errors: Record<string, string>;
      values: { position: string };
      toast: { message: string };
    }>(await post({ ...values!, intent: "update", position: "Analyst" }));
    expect(stale.status).toBe(409);
    expect(stale.body.toast.message).toMatch(/^Failed to update employee: Someone else changed this employee/);
    expect(stale.body.values.position).toBe("Manager");
  });

  it("refuses a second employee with the same e-mail in any case, naming the field", async () => {
    await add({ email: "twice@staff.test" });
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string> }>(await post({ ...VALID, email: "TWICE@staff.test" }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: "Another employee has this e-mail address" });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("malformed employee forms are refused with the field's message and write nothing", () => {
  const cases: [string, Partial<Record<keyof typeof VALID | "id" | "version", string>>, string, RegExp][] = [
    ["no name", { name: "  " }, "name", /^Name is required$/],
    ["a name too long", { name: "x".repeat(121) }, "name", /at most 120/],
    ["a name with control characters", { name: "Rahim\u0007" }, "name", /not allowed/],
    // Issue 38: looks like Tahmina Akter in every list, but is another record.
    ["a name with a zero-width space", { name: "Tahmina Akter\u200b" }, "name", /^Name contains invisible characters/],
    ["no e-mail", { email: "" }, "email", /^Email is required$/],
    ["an e-mail without @", { email: "tahmina.staff.test" }, "email", /valid e-mail/],
    ["an e-mail with two addresses", { email: "a@b.test,c@d.test" }, "email", /valid e-mail/],
    ["a phone of letters", { phone: "call me" }, "phone", /phone number/],
    ["an unknown position", { position: "CEO" }, "position", /^Choose a position$/],
    ["no position", { position: "" }, "position", /^Choose a position$/],
    ["an unknown department", { department: "Legal" }, "department", /^Choose a department$/],
    ["no joining date", { joiningDate: "" }, "joiningDate", /^Joining date is required$/],
    ["an impossible joining date", { joiningDate: "2024-02-30" }, "joiningDate", /must be a date/],
    ["a joining date in words", { joiningDate: "last monday" }, "joiningDate", /must be a date/],
    ["no salary", { salary: "" }, "salary", /^Salary is required$/],
    ["a negative salary", { salary: "-1" }, "salary", /0 or more/],
    ["a salary with 3 decimals", { salary: "100.123" }, "salary", /at most 2 decimals/],
    ["a salary in words", { salary: "fifty thousand" }, "salary", /amount in taka/],
    ["an unknown status", { status: "retired" }, "status", /^Choose a status$/],
    ["an edit without an id", { intent: "update", id: "" }, "form", /^Employee ID is required for update$/],
    [
      "an edit of an unknown id",
      { intent: "update", id: "00000000-0000-4000-8000-000000000000" },
      "form",
      /no longer exists/,
    ],
  ];

  it.each(cases)("%s", async (_name, change, field, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await post({ ...VALID, email: "malformed@staff.test", ...change } as Record<string, string>),
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast.message).toMatch(/^Failed to (add|update) employee: /);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("deleting", () => {
  it("deletes an employee nothing refers to, and makes one with leave inactive, saying so", async () => {
    const free = await add({ email: "free@staff.test", name: "Free Person" });
    const deleted = (await post({ intent: "delete", id: free.id })) as Response;
    expect(flashToast(deleted)).toEqual({ type: "success", message: "Employee deleted successfully" });
    expect(await getDb().select().from(employees).where(eq(employees.id, free.id))).toEqual([]);

    const kept = await add({ email: "kept@staff.test", name: "Kept Person" });
    await getDb()
      .insert(leaves)
      .values({ employeeId: kept.id, type: "sick", startDate: "2025-01-05", endDate: "2025-01-06" });
    const deactivated = (await post({ intent: "delete", id: kept.id })) as Response;
    expect(flashToast(deactivated)).toMatchObject({
      type: "success",
      message: expect.stringMatching(/^Employee made inactive/),
    });
    const [row] = await getDb().select().from(employees).where(eq(employees.id, kept.id));
    expect(row!.status).toBe("inactive");
  });

  it("answers an unknown or malformed id with the spec's failure toast and changes nothing", async () => {
    const before = await tableFingerprint(TABLES);
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", ""]) {
      const response = (await post({ intent: "delete", id })) as Response;
      expect(flashToast(response)).toMatchObject({
        type: "error",
        message: expect.stringMatching(/^Failed to delete employee: /),
      });
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("the list and who sees what", () => {
  it("searches and filters by department and status", async () => {
    await add({ email: "searchable@staff.test", name: "Zubair Searchable", department: "Finance" });
    const found = await callRoute(loader, "/admin/employees?q=zubair&department=Finance&status=active", { as: admin });
    expect(found.page.rows.map((r) => r.name)).toEqual(["Zubair Searchable"]);
    const none = await callRoute(loader, "/admin/employees?q=zubair&department=Sales", { as: admin });
    expect(none.page.total).toBe(0);
  });

  it("shows pay to admin and accountant only; staff may look but not change anything", async () => {
    await add({ email: "paid@staff.test", name: "Paid Person", salary: "61000" });
    const rowFor = async (as: TestUser) =>
      (await callRoute(loader, "/admin/employees?q=paid%40staff", { as })).page.rows[0]!;
    expect((await rowFor(admin)).salary).toBe("61000.00");
    expect((await rowFor(accountant)).salary).toBe("61000.00");
    expect((await rowFor(staff)).salary).toBeNull();
    const asStaff = await callRoute(loader, "/admin/employees", { as: staff });
    expect(asStaff).toMatchObject({ canManage: false, withSalary: false });

    const before = await tableFingerprint(TABLES);
    for (const intent of ["create", "update", "delete"])
      expect((await thrownBy(post({ ...VALID, intent, email: "staff.try@staff.test" }, staff))).status).toBe(403);
    expect((await thrownBy(post({ ...VALID }, accountant))).status).toBe(403);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("giving an employee a sign-in", () => {
  const SIGN_IN_TABLES = ["employees", "users", "email_outbox", "audit_log"] as const;
  const give = (id: string, role = "staff", as: TestUser = admin) =>
    post({ intent: "give-signin", id, role }, as, `/admin/employees?signin=${id}`);

  it("invites a back-office user with the employee's name and e-mail, linked by user_id, and sends the e-mail", async () => {
    const row = await add({ email: "Rafi.Signin@Staff.test", name: "Rafi Signin" });
    const opened = await callRoute(loader, `/admin/employees?signin=${row.id}`, { as: admin });
    expect(opened.dialog).toEqual({
      kind: "signin",
      employee: { id: row.id, name: "Rafi Signin", email: "rafi.signin@staff.test", existingRole: null },
    });
    const response = (await give(row.id, "accountant")) as Response;
    expect(response.headers.get("location")).toBe("/admin/employees");
    expect(flashToast(response)).toEqual({
      type: "success",
      message: "Sign-in created: an e-mail with a temporary password is on its way to rafi.signin@staff.test",
    });
    const [linked] = await getDb().select().from(employees).where(eq(employees.id, row.id));
    const [user] = await getDb().select().from(users).where(eq(users.id, linked!.userId!));
    expect(user).toMatchObject({ name: "Rafi Signin", role: "accountant", mustChangePassword: true });
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, "rafi.signin@staff.test"));
    expect(mail!.textBody).toMatch(/Temporary password: \S{8,}/);
    const listed = await callRoute(loader, "/admin/employees?q=rafi.signin", { as: admin });
    expect(listed.page.rows[0]).toMatchObject({ hasLogin: true });
    // Once linked, the dialog is not offered again.
    const again = await thrownBy(callRoute(loader, `/admin/employees?signin=${row.id}`, { as: admin }));
    expect(again.location).toBe("/admin/employees");
  });

  it("links a back-office user who already has the e-mail instead of inviting another", async () => {
    const { id: userId } = await createPasswordUser(getDb(), {
      name: "Existing Staff",
      email: "existing.staff@staff.test",
      password: "long-enough-password",
      role: "staff",
    });
    const row = await add({ email: "existing.staff@staff.test", name: "Existing Staff" });
    const opened = await callRoute(loader, `/admin/employees?signin=${row.id}`, { as: admin });
    expect(opened.dialog).toMatchObject({ employee: { existingRole: "staff" } });
    const outboxBefore = await tableFingerprint(["email_outbox", "users"]);
    expect(flashToast((await give(row.id, "admin")) as Response)).toEqual({
      type: "success",
      message: "Linked to the existing back-office sign-in of existing.staff@staff.test",
    });
    const [linked] = await getDb().select().from(employees).where(eq(employees.id, row.id));
    expect(linked!.userId).toBe(userId);
    // No new user, no e-mail, and the existing role is kept.
    expect(await tableFingerprint(["email_outbox", "users"])).toEqual(outboxBefore);
  });

  it("refuses a customer's address, an inactive employee, one who can sign in, a bad role and an unknown id, writing nothing", async () => {
    await createPasswordUser(getDb(), {
      name: "A Customer",
      email: "customer.twin@staff.test",
      password: "long-enough-password",
      role: "customer",
    });
    const twin = await add({ email: "customer.twin@staff.test", name: "Customer Twin" });
    const inactive = await add({ email: "gone@staff.test", name: "Gone Person", status: "inactive" });
    const linked = await add({ email: "linked.already@staff.test", name: "Linked Already" });
    await give(linked.id);

    const before = await tableFingerprint(SIGN_IN_TABLES);
    const cases: [string, string, RegExp][] = [
      [twin.id, "staff", /customer's portal account has this e-mail address/],
      [inactive.id, "staff", /An inactive employee cannot be given a sign-in/],
      [linked.id, "staff", /This employee can already sign in/],
      ["00000000-0000-4000-8000-000000000000", "staff", /This employee no longer exists/],
      ["not-an-id", "staff", /This employee no longer exists/],
    ];
    for (const [id, role, message] of cases) {
      const response = (await give(id, role)) as Response;
      expect(flashToast(response)).toMatchObject({ type: "error", message: expect.stringMatching(message) });
    }
    const badRole = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await give(twin.id, "customer"),
    );
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors.role).toBe("Choose a role: Administrator, Staff or Accountant");
    expect(badRole.body.toast.message).toBe(
      "Failed to give a sign-in: Choose a role: Administrator, Staff or Accountant",
    );
    expect(await tableFingerprint(SIGN_IN_TABLES)).toEqual(before);
  });

  it("is for those who may invite users: staff and the accountant are refused", async () => {
    const row = await add({ email: "nobody.invites@staff.test", name: "Nobody Invites" });
    const before = await tableFingerprint(SIGN_IN_TABLES);
    for (const as of [staff, accountant]) expect((await thrownBy(give(row.id, "staff", as))).status).toBe(403);
    expect(await tableFingerprint(SIGN_IN_TABLES)).toEqual(before);
    expect(await callRoute(loader, "/admin/employees", { as: staff })).toMatchObject({ canGiveSignIn: false });
  });
});

describe("pay details (issue 25): payment method, bank account or wallet, leaving date", () => {
  const PAY_TABLES = ["employees", "audit_log"] as const;

  it("defaults a new employee to bank transfer; stores a wallet number as 01XXXXXXXXX and a leaving date", async () => {
    const plain = await add({ email: "default.bank@staff.test", name: "Default Bank" });
    expect(plain).toMatchObject({
      salaryPaymentMethod: "bank",
      bankName: null,
      bankAccountNumber: null,
      walletNumber: null,
      leavingDate: null,
    });
    const response = (await post({
      ...VALID,
      email: "wallet.paid@staff.test",
      name: "Wallet Paid",
      paymentMethod: "bkash",
      walletNumber: "+880 1712-345678",
      leavingDate: "2026-11-15",
    })) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Employee added successfully" });
    const [row] = await getDb().select().from(employees).where(eq(employees.email, "wallet.paid@staff.test"));
    expect(row).toMatchObject({ salaryPaymentMethod: "bkash", walletNumber: "01712345678", leavingDate: "2026-11-15" });
    const [line] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(JSON.stringify(line!.changes)).not.toContain("01712345678");
  });

  it("edits the bank details; the audit line says the account number changed, not what it is", async () => {
    const row = await add({ email: "bank.edit@staff.test", name: "Bank Edit" });
    const opened = await callRoute(loader, `/admin/employees?edit=${row.id}`, { as: admin });
    const values = opened.dialog!.kind === "update" ? opened.dialog!.values : null;
    expect(values).toMatchObject({ paymentMethod: "bank", bankName: "", bankAccountNumber: "", leavingDate: "" });
    const saved = (await post({
      ...values!,
      intent: "update",
      bankName: "Dutch-Bangla Bank",
      bankAccountNumber: "123-456-7890",
      leavingDate: "2024-02-01",
    })) as Response;
    expect(flashToast(saved)).toEqual({ type: "success", message: "Employee updated successfully" });
    const [after] = await getDb().select().from(employees).where(eq(employees.id, row.id));
    expect(after).toMatchObject({
      bankName: "Dutch-Bangla Bank",
      bankAccountNumber: "123-456-7890",
      leavingDate: "2024-02-01",
    });
    const lines = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row.id));
    const update = lines.find((l) => l.action === "employee.updated")!;
    expect(update.changes).toMatchObject({
      bankAccountNumber: "changed",
      bankName: { from: null, to: "Dutch-Bangla Bank" },
      leavingDate: { from: null, to: "2024-02-01" },
    });
    expect(JSON.stringify(update.changes)).not.toContain("7890");
  });

  it("sends pay details to admin and accountant only: staff's loader data has none", async () => {
    await add({
      email: "secret.pay@staff.test",
      name: "Secret Pay",
      bankAccountNumber: "9988776655",
      leavingDate: "2026-12-31",
    } as Partial<typeof VALID>);
    const rowFor = async (as: TestUser) =>
      (await callRoute(loader, "/admin/employees?q=secret.pay", { as })).page.rows[0]!;
    for (const as of [admin, accountant])
      expect((await rowFor(as)).pay).toEqual({
        paymentMethod: "bank",
        bankName: null,
        bankAccountNumber: "9988776655",
        walletNumber: null,
        leavingDate: "2026-12-31",
      });
    const asStaff = JSON.stringify(await callRoute(loader, "/admin/employees?q=secret.pay", { as: staff }));
    expect(asStaff).toContain("Secret Pay");
    for (const hidden of ["bankAccountNumber", "9988776655", "walletNumber", "leavingDate", "2026-12-31", "pay"])
      expect(asStaff).not.toContain(`"${hidden}`);
  });

  it("is backed by the database: a leaving date before the joining date is refused by employees_leaving_date_check", async () => {
    const row = await add({ email: "check.backed@staff.test", name: "Check Backed" });
    const refused = await getDb()
      .update(employees)
      .set({ leavingDate: "2024-01-31" })
      .where(eq(employees.id, row.id))
      .then(
        () => null,
        (error: unknown) => violatedConstraint(error),
      );
    expect(refused).toBe("employees_leaving_date_check");
    const method = await getDb()
      .update(employees)
      .set({ salaryPaymentMethod: "paypal" as "bank" })
      .where(eq(employees.id, row.id))
      .then(
        () => null,
        (error: unknown) => violatedConstraint(error),
      );
    expect(method).toBe("employees_salary_payment_method_check");
  });

  const cases: [string, Record<string, string>, string, string][] = [
    ["an unknown payment method", { paymentMethod: "paypal" }, "paymentMethod", M.paymentMethodInvalid],
    ["a bank name too long", { bankName: "B".repeat(121) }, "bankName", M.bankNameTooLong],
    ["an account number too short", { bankAccountNumber: "12345" }, "bankAccountNumber", M.accountNumberInvalid],
    ["an account number too long", { bankAccountNumber: "1".repeat(21) }, "bankAccountNumber", M.accountNumberInvalid],
    [
      "an account number with letters",
      { bankAccountNumber: "12AB567890" },
      "bankAccountNumber",
      M.accountNumberInvalid,
    ],
    ["an account number of dashes", { bankAccountNumber: "--------" }, "bankAccountNumber", M.accountNumberInvalid],
    ["bKash without a wallet number", { paymentMethod: "bkash" }, "walletNumber", M.walletRequired],
    [
      "Nagad with a blank wallet number",
      { paymentMethod: "nagad", walletNumber: "   " },
      "walletNumber",
      M.walletRequired,
    ],
    [
      "a wallet number of 10 digits",
      { paymentMethod: "bkash", walletNumber: "0171234567" },
      "walletNumber",
      M.walletInvalid,
    ],
    [
      "a wallet number of 12 digits",
      { paymentMethod: "nagad", walletNumber: "017123456789" },
      "walletNumber",
      M.walletInvalid,
    ],
    [
      "a wallet number of no operator",
      { paymentMethod: "bkash", walletNumber: "01212345678" },
      "walletNumber",
      M.walletInvalid,
    ],
    [
      "a foreign wallet number",
      { paymentMethod: "bkash", walletNumber: "+44 7700 900123" },
      "walletNumber",
      M.walletInvalid,
    ],
    ["an impossible leaving date", { leavingDate: "2025-02-29" }, "leavingDate", M.leavingDateInvalid],
    ["a leaving date in words", { leavingDate: "next friday" }, "leavingDate", M.leavingDateInvalid],
    ["a leaving date before joining", { leavingDate: "2024-01-31" }, "leavingDate", M.leavingBeforeJoining],
  ];

  it.each(cases)("refuses %s, naming the field and writing nothing", async (_name, change, field, message) => {
    const before = await tableFingerprint(PAY_TABLES);
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await post({ ...VALID, email: "pay.malformed@staff.test", ...change }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[field]).toBe(message);
    expect(answer.body.toast.message).toBe(M.addFailed(message));
    expect(await tableFingerprint(PAY_TABLES)).toEqual(before);
  });
});
