import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, emailOutbox, sessions, users } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { createPasswordUser } from "~/domain/auth/users.server";
import { getEnv } from "~/lib/env.server";
import { action, loader } from "./users";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  sessionOf,
  signedInUser,
  signIn,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";

const PATH = "/admin/settings/users";

type ActionBody = {
  intent: string;
  ok: boolean;
  message: string;
  errors: Record<string, string> | null;
  values: Record<string, string> | null;
  toast: { type: string; message: string };
  formKey: string | null;
};

const runLoader = (as: TestUser) => callRoute(loader, PATH, { as });
const runAction = async (fields: Record<string, string>, as: TestUser) =>
  answerOf<ActionBody>(await callRoute(action, PATH, { as, form: fields }));

const userByEmail = async (email: string) => (await getDb().select().from(users).where(eq(users.email, email)))[0];
const auditFor = (action: string, entityId: string) =>
  getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

/** Everything a users action may change: the users, their sessions, the outbox, the audit log's user lines. */
async function snapshot() {
  const db = getDb();
  return {
    users: await db.select().from(users).orderBy(users.id),
    sessions: await db.select({ id: sessions.id }).from(sessions).orderBy(sessions.id),
    outbox: await db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(emailOutbox.id),
    audit: await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'user.%'`)
      .orderBy(auditLog.id),
  };
}

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;
let customerEmail: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  admin = await signedInUser("admin", { name: "Users Admin" });
  staff = await signedInUser("staff", { name: "Users Staff" });
  accountant = await signedInUser("accountant", { name: "Users Accountant" });
  customerEmail = "karim.customer@example.com";
  await createPasswordUser(getDb(), {
    name: "Karim",
    email: customerEmail,
    password: "customer-pass",
    role: "customer",
  });
});

describe("users loader", () => {
  it("lists the back-office users, never customers, with role, status and last sign-in", async () => {
    const data = await runLoader(admin);
    expect(data.role).toBe("admin");
    const emails = data.users.map((u) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining([admin.email, staff.email, accountant.email, "admin@utsabevents.com.bd"]),
    );
    expect(emails).not.toContain(customerEmail);
    const me = data.users.find((u) => u.email === admin.email)!;
    expect(me).toMatchObject({ isMe: true, role: "admin", active: true, mustChangePassword: false });
    // Signed in moments ago (by beforeAll).
    expect(Date.now() - Date.parse(me.lastSignInAt!)).toBeLessThan(10 * 60_000);
    // The seed's administrator has a generated password and has never signed in.
    expect(data.users.find((u) => u.email === "admin@utsabevents.com.bd")).toMatchObject({
      isMe: false,
      mustChangePassword: true,
      lastSignInAt: null,
    });
  });

  it("pages, searches and filters the users in SQL, the URL saying how (20 a page)", async () => {
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 23; i++)
      await createPasswordUser(getDb(), {
        name: `Paged ${tag} ${String(i).padStart(2, "0")}`,
        email: `paged-${tag}-${i}@example.com`,
        password: "paged-user-password",
        role: i % 2 ? "accountant" : "staff",
      });
    const list = (query: string) => callRoute(loader, `${PATH}?${query}`, { as: admin });
    const first = await list(`q=${tag}`);
    expect(first.page).toMatchObject({ total: 23, page: 1, pageCount: 2, pageSize: 20 });
    expect(first.users.map((u) => u.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Paged ${tag} ${String(i).padStart(2, "0")}`),
    );
    expect((await list(`q=${tag}&page=2`)).users.map((u) => u.name)).toEqual(
      ["20", "21", "22"].map((n) => `Paged ${tag} ${n}`),
    );
    const accountants = await list(`q=${tag}&role=accountant`);
    expect(accountants.page.total).toBe(11);
    expect(accountants.users.every((u) => u.role === "accountant")).toBe(true);
    expect((await list(`q=paged-${tag}-7@`)).users.map((u) => u.email)).toEqual([`paged-${tag}-7@example.com`]);
    expect((await list(`q=${tag}&status=deactivated`)).page.total).toBe(0);
    // The heading counts every back-office user, whatever the search.
    expect(first.counts.total).toBeGreaterThanOrEqual(27);
    expect(first.counts.active).toBeLessThanOrEqual(first.counts.total);
  });

  it("refuses staff and accountants with 403", async () => {
    expect(await thrownBy(runLoader(staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(runLoader(accountant))).toMatchObject({ status: 403 });
  });
});

describe("users action: who may", () => {
  it("refuses staff and accountants with 403 on every intent, and a visitor with 401, changing nothing", async () => {
    const before = await snapshot();
    const forms: Record<string, string>[] = [
      { intent: "invite", name: "Sneaky", email: "sneaky@example.com", role: "admin" },
      { intent: "change-role", userId: staff.id, role: "admin" },
      { intent: "change-role", userId: accountant.id, role: "admin" },
      { intent: "deactivate", userId: admin.id },
      { intent: "reactivate", userId: admin.id },
    ];
    for (const form of forms) {
      for (const as of [staff, accountant])
        expect(await thrownBy(runAction(form, as)), JSON.stringify(form)).toMatchObject({ status: 403 });
      expect(await thrownBy(runAction(form, ANONYMOUS))).toMatchObject({ status: 401 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an unknown intent with 400", async () => {
    expect(await thrownBy(runAction({ intent: "delete", userId: staff.id }, admin))).toMatchObject({
      status: 400,
    });
  });
});

describe("invite", () => {
  it("creates the user with a password that must change, and e-mails the sign-in link and a password that works", async () => {
    const result = await runAction(
      { intent: "invite", name: "Nadia Rahman", email: "Nadia@Example.com", role: "staff" },
      admin,
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ok: true, toast: { type: "success", message: "User invited successfully" } });
    expect(result.body.formKey).toBeTruthy();

    const user = await userByEmail("nadia@example.com");
    expect(user).toMatchObject({ name: "Nadia Rahman", role: "staff", mustChangePassword: true, deactivatedAt: null });

    const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.relatedId, user!.id));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({
      toAddress: "nadia@example.com",
      kind: "user.invited",
      relatedType: "user",
      status: "pending",
    });
    expect(mail.subject).toBe("Your Utsab Event Technologies back-office account");
    expect(mail.textBody).toContain(`Sign in at:         ${getEnv().publicUrl}/admin/login`);
    expect(mail.textBody).toContain("E-mail:             nadia@example.com");
    expect(mail.textBody).toMatch(/you must choose your own/);
    const password = /Temporary password: (\S+)/.exec(mail.textBody)![1]!;
    expect(password).toHaveLength(16);

    // The e-mailed password signs in, and the session asks for a new password first.
    const signedIn = await signIn("nadia@example.com", password);
    expect((await sessionOf(signedIn))?.user).toMatchObject({ role: "staff", mustChangePassword: true });

    const [line] = await auditFor("user.invited", user!.id);
    expect(line).toMatchObject({ actorUserId: admin.id, summary: "Invited Nadia Rahman (nadia@example.com) as Staff" });
    expect(line!.changes).toEqual({ name: "Nadia Rahman", email: "nadia@example.com", role: "staff" });
  });

  it("refuses an e-mail address any user has, a customer's included, on the e-mail field, writing nothing", async () => {
    for (const email of [staff.email.toUpperCase(), customerEmail, "NADIA@example.com"]) {
      const before = await snapshot();
      const result = await runAction({ intent: "invite", name: "Someone Else", email, role: "accountant" }, admin);
      expect(result.status).toBe(400);
      expect(result.body.errors).toEqual({ email: "A user with this e-mail address already exists" });
      expect(result.body.values).toEqual({ name: "Someone Else", email, role: "accountant" });
      expect(result.body.toast).toEqual({ type: "error", message: "Failed to invite user" });
      expect(result.body.formKey).toBeNull();
      expect(await snapshot()).toEqual(before);
    }
  });

  it("names each wrong field and keeps what was typed", async () => {
    const before = await snapshot();
    const result = await runAction({ intent: "invite", name: " ", email: "not-an-email", role: "customer" }, admin);
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({
      name: "Name is required",
      email: "Invalid email address",
      role: "Choose a role: Administrator, Staff or Accountant",
    });
    expect(result.body.values).toEqual({ name: " ", email: "not-an-email", role: "customer" });
    expect(await snapshot()).toEqual(before);
  });
});

describe("change role", () => {
  it("changes a role at once for the signed-in user, with an audit line", async () => {
    const rafiq = await signedInUser("staff", { name: "Rafiq Role" });
    expect((await sessionOf(rafiq.cookie))?.user.role).toBe("staff");
    const result = await runAction({ intent: "change-role", userId: rafiq.id, role: "accountant" }, admin);
    expect(result.status).toBe(200);
    expect(result.body.toast).toEqual({ type: "success", message: "Role updated successfully" });
    expect((await userByEmail(rafiq.email))!.role).toBe("accountant");
    expect((await sessionOf(rafiq.cookie))?.user.role).toBe("accountant");
    const [line] = await auditFor("user.role_changed", rafiq.id);
    expect(line).toMatchObject({
      actorUserId: admin.id,
      summary: `Changed the role of ${rafiq.email} from Staff to Accountant`,
      changes: { role: { from: "staff", to: "accountant" } },
    });
  });

  it("refuses a customer, an unknown user and a role that is not a back-office one, changing nothing", async () => {
    const customer = await userByEmail(customerEmail);
    const before = await snapshot();
    const cases: [Record<string, string>, number, string][] = [
      [{ userId: customer!.id, role: "staff" }, 404, "That user was not found; reload the page and try again"],
      [
        { userId: "6f1d3f0e-8c1b-4b55-9a51-5d0c2f3b9e11", role: "staff" },
        404,
        "That user was not found; reload the page and try again",
      ],
      [{ userId: "not-a-uuid", role: "staff" }, 404, "That user was not found; reload the page and try again"],
      [{ userId: staff.id, role: "customer" }, 400, "Choose a role: Administrator, Staff or Accountant"],
    ];
    for (const [fields, status, message] of cases) {
      const result = await runAction({ intent: "change-role", ...fields }, admin);
      expect(result.status).toBe(status);
      expect(result.body).toMatchObject({ ok: false, message, toast: { type: "error", message } });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("deactivate and reactivate", () => {
  it("deactivating ends every session of the user at once, and they cannot sign in", async () => {
    const leaving = await signedInUser("staff", { name: "Leaving Staff" });
    const second = await signIn(leaving.email, leaving.password);
    expect(await sessionOf(leaving.cookie)).not.toBeNull();
    expect(await sessionOf(second)).not.toBeNull();

    const result = await runAction({ intent: "deactivate", userId: leaving.id }, admin);
    expect(result.status).toBe(200);
    expect(result.body.toast).toEqual({ type: "success", message: "User deactivated successfully" });
    expect((await userByEmail(leaving.email))!.deactivatedAt).toBeInstanceOf(Date);
    expect(await sessionOf(leaving.cookie)).toBeNull();
    expect(await sessionOf(second)).toBeNull();
    expect(await getDb().$count(sessions, eq(sessions.userId, leaving.id))).toBe(0);
    await expect(signIn(leaving.email, leaving.password)).rejects.toThrow(/could not sign in/);
    const [line] = await auditFor("user.deactivated", leaving.id);
    expect(line).toMatchObject({ actorUserId: admin.id, summary: `Deactivated ${leaving.email}; 2 sessions ended` });
    expect(line!.changes).toMatchObject({ sessionsEnded: 2 });

    // Shown as deactivated; a second deactivation changes nothing.
    const shown = await callRoute(loader, `${PATH}?status=deactivated&q=${encodeURIComponent(leaving.email)}`, {
      as: admin,
    });
    const listed = shown.users.find((u) => u.id === leaving.id);
    expect(listed).toMatchObject({ active: false });
    const again = await runAction({ intent: "deactivate", userId: leaving.id }, admin);
    expect(again.status).toBe(200);
    expect(await auditFor("user.deactivated", leaving.id)).toHaveLength(1);

    // Reactivated: the same password signs in again.
    const back = await runAction({ intent: "reactivate", userId: leaving.id }, admin);
    expect(back.status).toBe(200);
    expect(back.body.toast).toEqual({ type: "success", message: "User reactivated successfully" });
    expect((await userByEmail(leaving.email))!.deactivatedAt).toBeNull();
    const signedInAgain = await signIn(leaving.email, leaving.password);
    expect((await sessionOf(signedInAgain))?.user.email).toBe(leaving.email);
    expect(await auditFor("user.reactivated", leaving.id)).toHaveLength(1);
  });

  it("an administrator cannot deactivate themselves", async () => {
    const before = await snapshot();
    const result = await runAction({ intent: "deactivate", userId: admin.id }, admin);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      message: "You cannot deactivate your own account.",
      toast: { type: "error", message: "You cannot deactivate your own account." },
    });
    expect(await snapshot()).toEqual(before);
    expect(await sessionOf(admin.cookie)).not.toBeNull();
  });

  it("refuses to deactivate or reactivate a customer", async () => {
    const customer = await userByEmail(customerEmail);
    const before = await snapshot();
    for (const intent of ["deactivate", "reactivate"]) {
      const result = await runAction({ intent, userId: customer!.id }, admin);
      expect(result.status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("an administrator may step down while another is active, and is then sent to the dashboard", async () => {
    const stepping = await signedInUser("admin", { name: "Stepping Admin" });
    const result = await runAction({ intent: "change-role", userId: stepping.id, role: "staff" }, stepping);
    expect(result.status).toBe(302);
    expect(result.headers?.get("location")).toBe("/admin");
    expect(result.headers?.get("set-cookie")).toMatch(/^flash_toast=/);
    expect((await userByEmail(stepping.email))!.role).toBe("staff");
    expect(await thrownBy(runLoader(stepping))).toMatchObject({ status: 403 });
  });
});
