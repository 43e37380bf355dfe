import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, rateLimitCounters, sessions, users } from "~/db/schema";
import { adminMiddleware } from "~/domain/auth/guard.server";
import { createPasswordUser } from "~/domain/auth/users.server";
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
  type RouteOptions,
} from "../../../tests/support/signed-in-request";
import { handleError } from "~/entry.server";
import { getEnv } from "~/lib/env.server";
import { getLogger, setLogger } from "~/lib/logger.server";
import pino from "pino";
import * as customerChangePassword from "../customer/change-password";
import * as customerLogin from "../customer/login";
import * as customerLogout from "../customer/logout";
import * as changePassword from "./change-password";
import * as accountPage from "./settings/account";
import * as layout from "./layout";
import * as login from "./login";
import * as logout from "./logout";

/** The log records written meanwhile, parsed; restore() puts the process's logger back. */
function captureLogs() {
  const records: Record<string, unknown>[] = [];
  const saved = getLogger();
  setLogger(pino({ level: "info" }, { write: (line: string) => records.push(JSON.parse(line)) }));
  return { records, restore: () => setLogger(saved) };
}

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

describe("/admin/login", () => {
  it("signs in and goes back to the page first asked for, with the welcome toast and a session cookie", async () => {
    const response = answerOf(
      await callRoute(login.action, "/admin/login", {
        as: ANONYMOUS,
        form: { ...STAFF, redirectTo: "/admin/inbox?status=new" },
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers?.get("Location")).toBe("/admin/inbox?status=new");
    const setCookies = response.headers?.getSetCookie() ?? [];
    const cookies = setCookies.join("\n");
    expect(cookies).toMatch(/better-auth\.session_token=.*HttpOnly.*SameSite=Lax/is);
    expect(cookies).toMatch(/flash_toast=/);
    const session = await sessionOf(cookieHeader(setCookies));
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
      const response = answerOf(
        await callRoute(login.action, "/admin/login", { as: ANONYMOUS, form: { ...STAFF, redirectTo } }),
      );
      expect(response.headers?.get("Location"), redirectTo).toBe("/admin");
    }
  });

  it("answers a bad form with each field's message, keeping the e-mail and not the password", async () => {
    const result = answerOf<{ errors: Record<string, string>; values: { email: string } }>(
      await callRoute(login.action, "/admin/login", { as: ANONYMOUS, form: { email: "shila@", password: "123" } }),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
    expect(result.body.values).toEqual({ email: "shila@" });
    expect(await getDb().$count(auditLog, eq(auditLog.action, "auth.sign_in_failed"))).toBe(0);
  });

  it("sends a signed-in user straight on from the sign-in page", async () => {
    const cookie = await signIn(STAFF.email, STAFF.password);
    const thrown = await thrownBy(
      callRoute(login.loader, "/admin/login?redirectTo=%2Fadmin%2Finbox", { as: { cookie } }),
    );
    expect(thrown.location).toBe("/admin/inbox");
  });
});

describe("/admin/logout", () => {
  it("ends the session and records it", async () => {
    const cookie = await signIn(STAFF.email, STAFF.password);
    const response = answerOf(await callRoute(logout.action, "/admin/logout", { as: { cookie }, method: "POST" }));
    expect(response.headers?.get("Location")).toBe("/admin/login");
    expect(await sessionOf(cookie)).toBeNull();
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, "auth.sign_out"));
    expect(row?.actorLabel).toBe(STAFF.email);
  });

  it("refuses a POST from nobody with 401", async () => {
    const thrown = await thrownBy(callRoute(logout.action, "/admin/logout", { as: ANONYMOUS, method: "POST" }));
    expect(thrown.status).toBe(401);
  });
});

describe("/admin/change-password", () => {
  it("clears the must-change flag and ends the user's other sessions", async () => {
    const [temp] = await getDb().select().from(users).where(eq(users.email, "temp@example.com"));
    const other = await signIn("temp@example.com", "temp-password");
    const cookie = await signIn("temp@example.com", "temp-password");
    const form = { currentPassword: "temp-password", newPassword: "a-new-password", confirmPassword: "a-new-password" };
    const response = answerOf(
      await callRoute(changePassword.action, "/admin/change-password", { as: { cookie }, form }),
    );
    expect(response.headers?.get("Location")).toBe("/admin");
    const [after] = await getDb().select().from(users).where(eq(users.id, temp!.id));
    expect(after?.mustChangePassword).toBe(false);
    expect(await sessionOf(other)).toBeNull();
    // This browser carries on with the fresh cookie it was given.
    expect((await sessionOf(cookieHeader(response.headers?.getSetCookie() ?? [])))?.user.email).toBe(
      "temp@example.com",
    );
    expect(await getDb().$count(sessions, eq(sessions.userId, temp!.id))).toBe(1);
  });

  it("refuses a wrong current password, a short one, a guessable one, the same one and a mismatch, changing nothing", async () => {
    const cookie = await signIn(STAFF.email, STAFF.password);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { currentPassword: "not-it-at-all", newPassword: "a-much-better-pass", confirmPassword: "a-much-better-pass" },
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
      [
        { currentPassword: STAFF.password, newPassword: "12345678", confirmPassword: "12345678" },
        {
          newPassword:
            "New password is too easy to guess. This is a heavily used password. Add more words that are less common.",
        },
      ],
      [
        { currentPassword: STAFF.password, newPassword: "password1", confirmPassword: "password1" },
        {
          newPassword: expect.stringMatching(/^New password is too easy to guess\. This is a commonly used password\./),
        },
      ],
      [
        { currentPassword: STAFF.password, newPassword: " ".repeat(8), confirmPassword: " ".repeat(8) },
        { newPassword: expect.stringMatching(/^New password is too easy to guess\. Repeated characters/) },
      ],
    ];
    for (const [form, errors] of cases) {
      const result = answerOf<{ errors: Record<string, string> }>(
        await callRoute(changePassword.action, "/admin/change-password", { as: { cookie }, form }),
      );
      expect(result.status).toBe(400);
      expect(result.body.errors).toMatchObject(errors);
    }
    // The old password still works.
    await expect(signIn(STAFF.email, STAFF.password)).resolves.toMatch(/better-auth/);
  });
});

describe("wrong current passwords on the password form", () => {
  it("count toward the sign-in limits, and the form answers 429 with Retry-After while they hold", async () => {
    const user = await signedInUser("staff");
    const wrong = {
      currentPassword: "not-my-password",
      newPassword: "a-much-better-pass",
      confirmPassword: "a-much-better-pass",
    };
    for (let i = 0; i < getEnv().signInRateLimit.max; i++) {
      const result = answerOf<{ errors: Record<string, string> }>(
        await callRoute(changePassword.action, "/admin/change-password", { as: user, form: wrong }),
      );
      expect(result).toMatchObject({
        status: 400,
        body: { errors: { currentPassword: "Current password is incorrect" } },
      });
    }
    // Even the right current password now waits, on this form and on the sign-in page, from this address.
    const right = { ...wrong, currentPassword: user.password };
    const limited = answerOf<{ errors: Record<string, string> }>(
      await callRoute(changePassword.action, "/admin/change-password", { as: user, form: right }),
    );
    expect(limited.status).toBe(429);
    expect(limited.body.errors.currentPassword).toMatch(/^Too many failed sign-in attempts\. Please try again in /);
    expect(limited.headers?.get("Retry-After")).toMatch(/^\d+$/);
    await expect(signIn(user.email, user.password)).rejects.toThrow(/Too many failed sign-in attempts/);
    expect(await getDb().$count(auditLog, eq(auditLog.action, "auth.password_change_failed"))).toBeGreaterThanOrEqual(
      getEnv().signInRateLimit.max,
    );
  });
});

describe("a 429's Retry-After", () => {
  it("reaches the answer of the sign-in and password pages and of their data requests", () => {
    const actionHeaders = new Headers({ "Retry-After": "900", "Set-Cookie": "a=b" });
    for (const route of [login, changePassword, accountPage, customerLogin, customerChangePassword]) {
      const headers = new Headers(
        route.headers({
          actionHeaders,
          parentHeaders: new Headers(),
          loaderHeaders: new Headers(),
          errorHeaders: undefined,
        }),
      );
      expect(headers.get("Retry-After")).toBe("900");
    }
  });
});

describe("sign-out from another site", () => {
  /** Runs a route's own middleware around its action, as the router does. */
  const post = async (
    route: typeof logout | typeof customerLogout,
    path: string,
    options: RouteOptions,
  ): Promise<unknown> => {
    const args = routeArgs(path, options) as unknown as Parameters<typeof route.action>[0];
    const [middleware] = route.middleware;
    return middleware!(args as never, async () => {
      const result = await route.action(args as never);
      return result instanceof Response ? result : new Response(null);
    });
  };

  it.each([
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ])("is refused with 403 for staff and customers alike (%s), one warning line logged", async (_, headers) => {
    const staff = await signedInUser("staff");
    const customer = await signedInUser("customer");
    const logs = captureLogs();
    try {
      expect((await thrownBy(post(logout, "/admin/logout", { as: staff, method: "POST", headers }))).status).toBe(403);
      expect(
        (await thrownBy(post(customerLogout, "/customer/logout", { as: customer, method: "POST", headers }))).status,
      ).toBe(403);
    } finally {
      logs.restore();
    }
    expect(await sessionOf(staff.cookie)).not.toBeNull();
    expect(await sessionOf(customer.cookie)).not.toBeNull();
    expect(logs.records).toEqual([
      expect.objectContaining({ level: 40, msg: "cross-site request refused", url: "http://localhost/admin/logout" }),
      expect.objectContaining({
        level: 40,
        msg: "cross-site request refused",
        url: "http://localhost/customer/logout",
      }),
    ]);
    expect(JSON.stringify(logs.records)).not.toMatch(/stack|"err"/);
    // From our own pages, it signs out.
    const own = await post(logout, "/admin/logout", {
      as: staff,
      method: "POST",
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
    });
    expect((own as Response).status).toBe(302);
    expect(await sessionOf(staff.cookie)).toBeNull();
  });

  it("React Router's own refusal of a cross-site page post is one warning line too, without a stack trace", () => {
    const logs = captureLogs();
    try {
      for (const [path, message] of [
        ["/admin/inbox", "The `request.url` origin does not match `origin` header from a forwarded action request."],
        ["/contact.data", "Bad Request"],
      ] as const) {
        const request = new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { Origin: "https://evil.example" },
        });
        handleError(new Error(message), { request, params: {}, context: undefined as never });
      }
    } finally {
      logs.restore();
    }
    expect(logs.records.map((r) => [r.level, r.msg])).toEqual([
      [40, "cross-site request refused"],
      [40, "cross-site request refused"],
    ]);
    expect(JSON.stringify(logs.records)).not.toMatch(/stack|"err"/);
  });
});

describe("the /admin layout's middleware", () => {
  const next = async () => new Response("child", { status: 200 });
  const run = (path: string, options: RouteOptions) =>
    callRoute((args: Parameters<typeof adminMiddleware>[0]) => adminMiddleware(args, next), path, options);

  it("sends nobody to the sign-in page, remembering where they were going", async () => {
    const thrown = await thrownBy(run("/admin/inbox?status=new", { as: ANONYMOUS }));
    expect(thrown.status).toBe(302);
    expect(thrown.location).toBe("/admin/login?redirectTo=%2Fadmin%2Finbox%3Fstatus%3Dnew");
  });

  it("refuses a POST from nobody, and a cross-site POST from anyone", async () => {
    expect((await thrownBy(run("/admin/settings", { as: ANONYMOUS, form: { name: "x" } }))).status).toBe(401);
    const cookie = await signIn(STAFF.email, STAFF.password);
    const crossSite = { as: { cookie }, form: { intent: "x" }, headers: { Origin: "https://evil.example" } };
    expect((await thrownBy(run("/admin/inbox", crossSite))).status).toBe(403);
  });

  it("marks every back-office answer private and unindexed", async () => {
    const cookie = await signIn("acc@example.com", "acc-password");
    const response = answerOf(await run("/admin", { as: { cookie } }));
    expect(response.status).toBe(200);
    expect(response.headers?.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers?.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("holds a user who must change their password to the password form", async () => {
    await createPasswordUser(getDb(), {
      name: "Temp2",
      email: "temp2@example.com",
      password: "temp2-password",
      role: "staff",
      mustChangePassword: true,
    });
    const as = { cookie: await signIn("temp2@example.com", "temp2-password") };
    expect((await thrownBy(run("/admin/inbox", { as }))).location).toBe("/admin/change-password");
    expect((await thrownBy(run("/admin/inbox", { as, form: { intent: "x" } }))).status).toBe(403);
    expect(answerOf(await run("/admin/change-password", { as })).status).toBe(200);
  });

  it("gives the layout the user's menu: the accountant sees Accounts and Jobs but not Settings", async () => {
    const cookie = await signIn("acc@example.com", "acc-password");
    const data = await callRoute(layout.loader, "/admin", { as: { cookie } });
    const labels = data.menu.map((e) => e.label);
    expect(labels).toEqual(["Dashboard", "Quotations", "Jobs", "Employees", "Accounts"]);
    expect(data.user).toMatchObject({ email: "acc@example.com", role: "Accountant" });
  });
});
