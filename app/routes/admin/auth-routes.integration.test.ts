import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, rateLimitCounters, sessions, users } from "~/db/schema";
import { adminMiddleware } from "~/domain/auth/guard.server";
import { loadSession } from "~/domain/auth/session.server";
import { createPasswordUser } from "~/domain/auth/users.server";
import { responseOf, routeArgs, sessionCookie } from "../../../tests/support/admin-session";
import * as changePassword from "./change-password";
import * as layout from "./layout";
import * as login from "./login";
import * as logout from "./logout";

type Args = Parameters<typeof login.action>[0];
// Each route module types its own arguments; these are the same plain request, params and context.
const as = <T>(args: ReturnType<typeof routeArgs>) => args as unknown as T & never;

const STAFF = { name: "Shila Staff", email: "shila@example.com", password: "shila-password" };

beforeAll(async () => {
  await createPasswordUser(getDb(), { ...STAFF, role: "staff" });
  await createPasswordUser(getDb(), {
    name: "Acc",
    email: "acc@example.com",
    password: "acc-password",
    role: "accountant",
  });
  await createPasswordUser(getDb(), {
    name: "Temp",
    email: "temp@example.com",
    password: "temp-password",
    role: "staff",
    mustChangePassword: true,
  });
});

beforeEach(async () => {
  await getDb().delete(rateLimitCounters);
});

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

describe("/admin/login", () => {
  it("signs in and goes back to the page first asked for, with the welcome toast and a session cookie", async () => {
    const response = await responseOf(() =>
      login.action(as<Args>(routeArgs("/admin/login", { form: { ...STAFF, redirectTo: "/admin/inbox?status=new" } }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/inbox?status=new");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/better-auth\.session_token=.*HttpOnly.*SameSite=Lax/is);
    expect(cookies).toMatch(/flash_toast=/);
    const session = await loadSession(
      new Request("http://localhost/admin", { headers: { Cookie: cookieOf(response) } }),
    );
    expect(session?.user.email).toBe(STAFF.email);
  });

  it("never sends anyone to another site after signing in", async () => {
    for (const redirectTo of [
      "https://evil.example/admin",
      "//evil.example",
      "/admin/login",
      "/products",
      "/admin\\@evil",
    ]) {
      const response = await responseOf(() =>
        login.action(as<Args>(routeArgs("/admin/login", { form: { ...STAFF, redirectTo } }))),
      );
      expect(response.headers.get("Location"), redirectTo).toBe("/admin");
    }
  });

  it("answers a bad form with each field's message, keeping the e-mail and not the password", async () => {
    const result = (await login.action(
      as<Args>(routeArgs("/admin/login", { form: { email: "shila@", password: "123" } })),
    )) as unknown as { data: { errors: Record<string, string>; values: { email: string } }; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
    expect(result.data.values).toEqual({ email: "shila@" });
    expect(await getDb().$count(auditLog, eq(auditLog.action, "auth.sign_in_failed"))).toBe(0);
  });

  it("sends a signed-in user straight on from the sign-in page", async () => {
    const cookie = await sessionCookie(STAFF.email, STAFF.password);
    const response = await responseOf(() =>
      login.loader(as<Args>(routeArgs("/admin/login?redirectTo=%2Fadmin%2Finbox", { cookie }))),
    );
    expect(response.headers.get("Location")).toBe("/admin/inbox");
  });
});

describe("/admin/logout", () => {
  it("ends the session and records it", async () => {
    const cookie = await sessionCookie(STAFF.email, STAFF.password);
    const response = await responseOf(() =>
      logout.action(as<Args>(routeArgs("/admin/logout", { cookie, method: "POST" }))),
    );
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(await loadSession(new Request("http://localhost/admin", { headers: { Cookie: cookie } }))).toBeNull();
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, "auth.sign_out"));
    expect(row?.actorLabel).toBe(STAFF.email);
  });

  it("refuses a POST from nobody with 401", async () => {
    const response = await responseOf(() => logout.action(as<Args>(routeArgs("/admin/logout", { method: "POST" }))));
    expect(response.status).toBe(401);
  });
});

describe("/admin/change-password", () => {
  it("clears the must-change flag and ends the user's other sessions", async () => {
    const [temp] = await getDb().select().from(users).where(eq(users.email, "temp@example.com"));
    const other = await sessionCookie("temp@example.com", "temp-password");
    const cookie = await sessionCookie("temp@example.com", "temp-password");
    const form = { currentPassword: "temp-password", newPassword: "a-new-password", confirmPassword: "a-new-password" };
    const response = await responseOf(() =>
      changePassword.action(as<Args>(routeArgs("/admin/change-password", { cookie, form }))),
    );
    expect(response.headers.get("Location")).toBe("/admin");
    const [after] = await getDb().select().from(users).where(eq(users.id, temp!.id));
    expect(after?.mustChangePassword).toBe(false);
    expect(await loadSession(new Request("http://localhost/admin", { headers: { Cookie: other } }))).toBeNull();
    // This browser carries on with the fresh cookie it was given.
    expect(
      (await loadSession(new Request("http://localhost/admin", { headers: { Cookie: cookieOf(response) } })))?.user
        .email,
    ).toBe("temp@example.com");
    expect(await getDb().$count(sessions, eq(sessions.userId, temp!.id))).toBe(1);
  });

  it("refuses a wrong current password, a short one, the same one and a mismatch, changing nothing", async () => {
    const cookie = await sessionCookie(STAFF.email, STAFF.password);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { currentPassword: "not-it-at-all", newPassword: "another-pass", confirmPassword: "another-pass" },
        { currentPassword: "Current password is incorrect" },
      ],
      [
        { currentPassword: STAFF.password, newPassword: "short", confirmPassword: "short" },
        { newPassword: "New password must be at least 8 characters" },
      ],
      [
        { currentPassword: STAFF.password, newPassword: STAFF.password, confirmPassword: STAFF.password },
        { newPassword: "New password must be different from the current one" },
      ],
      [
        { currentPassword: STAFF.password, newPassword: "another-pass", confirmPassword: "another-pas" },
        { confirmPassword: "The two new passwords do not match" },
      ],
      [{}, { currentPassword: "Current password is required", newPassword: "New password is required" }],
    ];
    for (const [form, errors] of cases) {
      const result = (await changePassword.action(
        as<Args>(routeArgs("/admin/change-password", { cookie, form })),
      )) as unknown as { data: { errors: Record<string, string> }; init: ResponseInit };
      expect(result.init.status).toBe(400);
      expect(result.data.errors).toMatchObject(errors);
    }
    // The old password still works.
    await expect(sessionCookie(STAFF.email, STAFF.password)).resolves.toMatch(/better-auth/);
  });
});

describe("the /admin layout's middleware", () => {
  const run = (args: ReturnType<typeof routeArgs>) =>
    responseOf(async () => {
      const next = async () => new Response("child", { status: 200 });
      return adminMiddleware(as<Parameters<typeof adminMiddleware>[0]>(args), next);
    });

  it("sends nobody to the sign-in page, remembering where they were going", async () => {
    const response = await run(routeArgs("/admin/inbox?status=new"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Finbox%3Fstatus%3Dnew");
  });

  it("refuses a POST from nobody, and a cross-site POST from anyone", async () => {
    expect((await run(routeArgs("/admin/settings", { form: { name: "x" } }))).status).toBe(401);
    const cookie = await sessionCookie(STAFF.email, STAFF.password);
    const crossSite = routeArgs("/admin/inbox", { cookie, form: { intent: "x" } });
    crossSite.request.headers.set("Origin", "https://evil.example");
    expect((await run(crossSite)).status).toBe(403);
  });

  it("marks every back-office answer private and unindexed", async () => {
    const cookie = await sessionCookie("acc@example.com", "acc-password");
    const response = await run(routeArgs("/admin", { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("holds a user who must change their password to the password form", async () => {
    await createPasswordUser(getDb(), {
      name: "Temp2",
      email: "temp2@example.com",
      password: "temp2-password",
      role: "staff",
      mustChangePassword: true,
    });
    const cookie = await sessionCookie("temp2@example.com", "temp2-password");
    expect((await run(routeArgs("/admin/inbox", { cookie }))).headers.get("Location")).toBe("/admin/change-password");
    expect((await run(routeArgs("/admin/inbox", { cookie, form: { intent: "x" } }))).status).toBe(403);
    expect((await run(routeArgs("/admin/change-password", { cookie }))).status).toBe(200);
  });

  it("gives the layout the user's menu: the accountant sees Accounts but not Settings", async () => {
    const cookie = await sessionCookie("acc@example.com", "acc-password");
    const data = await layout.loader(as<Parameters<typeof layout.loader>[0]>(routeArgs("/admin", { cookie })));
    const labels = data.menu.map((e) => e.label);
    expect(labels).toEqual(["Dashboard", "Quotations", "Accounts"]);
    expect(data.user).toMatchObject({ email: "acc@example.com", role: "Accountant" });
  });
});
