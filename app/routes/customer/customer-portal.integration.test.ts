import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import {
  auditLog,
  quotationLines,
  quotationRevisions,
  quotations,
  rateLimitCounters,
  sessions,
  users,
} from "~/db/schema";
import { customerMiddleware } from "~/domain/auth/customer-guard.server";
import { signInCustomer } from "~/domain/auth/sign-in.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { createPasswordUser } from "~/domain/auth/users.server";
import { getEnv } from "~/lib/env.server";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  cookieHeader,
  sessionOf,
  signIn as signInStaffUser,
  TEST_CLIENT_ADDRESS,
  thrownBy,
  type RouteOptions,
} from "../../../tests/support/signed-in-request";
import * as adminLogin from "../admin/login";
import * as changePassword from "./change-password";
import * as dashboard from "./dashboard";
import * as home from "./home";
import * as layout from "./layout";
import * as login from "./login";
import * as logout from "./logout";
import * as quotationPage from "./quotation";

// The customer portal's read side and access (issue 10; backoffice.md §2 Customer pages, §6; DESIGN §8):
// the guard, sign-in, sign-out, the forced password change, the dashboard and the detail page, and that a
// customer reaches only quotations sent to their own e-mail.

const PASSWORD = "customer-password";
const A = { name: "Ayesha A", email: "ayesha@example.com" };
const B = { name: "Bilal B", email: "bilal@example.com" };
const NONE = { name: "Nobody's", email: "none@example.com" };
const TEMP = { name: "Tania Temp", email: "tania@example.com" };
const STAFF = { name: "Shafiq Staff", email: "shafiq@example.com" };

const ids: Record<"aPending" | "aSent" | "aApproved" | "bPending", string> = {
  aPending: "",
  aSent: "",
  aApproved: "",
  bPending: "",
};

async function addQuotation(values: Partial<typeof quotations.$inferInsert> & { email: string; eventName: string }) {
  const [row] = await getDb()
    .insert(quotations)
    .values({
      customerName: "Someone",
      phone: "01711000000",
      eventDate: "2030-03-14",
      eventTime: "18:30",
      eventLocation: "Gulshan, Dhaka",
      ...values,
    })
    .returning({ id: quotations.id });
  return row!.id;
}

/** Signs a customer in through the portal's use case; the Cookie header of their session. */
async function signInAsCustomer(email: string, password = PASSWORD): Promise<string> {
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  const outcome = await signInCustomer(getDb(), form, {
    headers: new Headers(),
    actor: { ipAddress: TEST_CLIENT_ADDRESS, userAgent: "vitest" },
  });
  if (!outcome.ok) throw new Error(`could not sign in ${email}: ${outcome.message}`);
  return cookieHeader(outcome.setCookies);
}

/** Every row of the quotation tables, hashed: a read must leave it as it was. */
const fingerprint = async () =>
  (
    await queryRows<{ h: string }>(
      getDb(),
      sql`select concat_ws('|',
        (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from quotations t),
        (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from quotation_lines t),
        (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from quotation_revisions t),
        (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from quotation_events t)) as h`,
    )
  )[0]!.h;

let asA: RouteOptions["as"];
let asB: RouteOptions["as"];
let asStaff: RouteOptions["as"];

beforeAll(async () => {
  const db = getDb();
  await seedDatabase(db, { today: "2024-01-01" });
  for (const user of [A, B, NONE]) await createPasswordUser(db, { ...user, password: PASSWORD, role: "customer" });
  await createPasswordUser(db, { ...TEMP, password: PASSWORD, role: "customer", mustChangePassword: true });
  await createPasswordUser(db, { ...STAFF, password: PASSWORD, role: "staff" });

  // A's e-mail as the visitor typed it, in other letters' case: still A's.
  ids.aPending = await addQuotation({
    email: "Ayesha@Example.COM",
    eventName: "Ayesha's Holud",
    notes: "Stage by 4 pm",
  });
  await db.insert(quotationLines).values([
    {
      quotationId: ids.aPending,
      name: "LED Wall P3",
      size: "12x8 ft",
      quantity: 2,
      unitPrice: "0",
      total: "0",
      lineNo: 0,
    },
    { quotationId: ids.aPending, name: "Moving Head Beam", quantity: 8, unitPrice: "0", total: "0", lineNo: 1 },
  ]);
  ids.aSent = await addQuotation({
    email: A.email,
    eventName: "Product Launch",
    eventDate: "2030-04-02",
    rentalEndDate: "2030-04-03",
    status: "sent",
    revision: 1,
    total: "99999.00",
  });
  // The lines as staff are changing them now; the customer sees revision 1 as it was sent.
  await db.insert(quotationLines).values({
    quotationId: ids.aSent,
    name: "Line Array Speaker",
    quantity: 4,
    unitPrice: "9999.00",
    total: "39996.00",
  });
  await db.insert(quotationRevisions).values({
    quotationId: ids.aSent,
    revision: 1,
    lines: [
      {
        inventoryItemId: null,
        name: "Line Array Speaker",
        size: null,
        quantity: 4,
        unitPrice: "12500.50",
        total: "50002.00",
      },
      { inventoryItemId: null, name: "Truss", size: "10 m", quantity: 1, unitPrice: "7998.00", total: "7998.00" },
    ],
    subtotal: "58000.00",
    discount: "1000.00",
    vatRatePercent: "15.00",
    vatAmount: "8550.00",
    total: "65550.00",
    eventDate: "2030-04-02",
    rentalEndDate: "2030-04-03",
    validUntil: new Date("2030-03-01T00:00:00Z"),
    terms: ["Prices are valid until the date shown above."],
    sentByLabel: "shafiq@example.com",
  });
  ids.aApproved = await addQuotation({
    email: A.email,
    eventName: "Annual Gala",
    status: "approved",
    eventDate: "2029-12-01",
  });
  ids.bPending = await addQuotation({ email: B.email, eventName: "Bilal's Wedding", notes: "B's private notes" });

  asA = { cookie: await signInAsCustomer(A.email) };
  asB = { cookie: await signInAsCustomer(B.email) };
  asStaff = { cookie: await signInStaffUser(STAFF.email, PASSWORD) };
});

beforeEach(async () => {
  await getDb().delete(rateLimitCounters);
});

describe("the /customer layout's middleware", () => {
  const next = async () => new Response("child", { status: 200 });
  const run = (path: string, options: RouteOptions) =>
    callRoute((args: Parameters<typeof customerMiddleware>[0]) => customerMiddleware(args, next), path, options);

  it("sends nobody to /customer/login, remembering a quotation asked for", async () => {
    expect((await thrownBy(run("/customer/dashboard", { as: ANONYMOUS }))).location).toBe("/customer/login");
    expect((await thrownBy(run(`/customer/quotation/${ids.aSent}`, { as: ANONYMOUS }))).location).toBe(
      `/customer/login?redirectTo=${encodeURIComponent(`/customer/quotation/${ids.aSent}`)}`,
    );
  });

  it("treats a staff user as signed out: not a customer", async () => {
    expect((await thrownBy(run("/customer/dashboard", { as: asStaff }))).location).toBe("/customer/login");
    expect((await thrownBy(run("/customer/logout", { as: asStaff, form: {} }))).status).toBe(401);
  });

  it("refuses a POST from nobody and a cross-site POST from a customer", async () => {
    expect((await thrownBy(run("/customer/change-password", { as: ANONYMOUS, form: { x: "1" } }))).status).toBe(401);
    const crossSite = { as: asA, form: { x: "1" }, headers: { Origin: "https://evil.example" } };
    expect((await thrownBy(run("/customer/change-password", crossSite))).status).toBe(403);
  });

  it("lets a customer through, and marks the answer private and unindexed", async () => {
    const response = answerOf(await run("/customer/dashboard", { as: asA }));
    expect(response.status).toBe(200);
    expect(response.headers?.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers?.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("holds a customer whose password must change at the password form", async () => {
    const as = { cookie: await signInAsCustomer(TEMP.email) };
    expect((await thrownBy(run("/customer/dashboard", { as }))).location).toBe("/customer/change-password");
    expect((await thrownBy(run(`/customer/quotation/${ids.aSent}`, { as }))).location).toBe(
      "/customer/change-password",
    );
    expect((await thrownBy(run("/customer/dashboard", { as, form: { x: "1" } }))).status).toBe(403);
    expect(answerOf(await run("/customer/change-password", { as })).status).toBe(200);
  });
});

describe("each loader guards itself (called without the layout)", () => {
  it("sends nobody and staff to the sign-in page, a must-change customer to the password form", async () => {
    const temp = { cookie: await signInAsCustomer(TEMP.email) };
    const loaders: [string, (options: RouteOptions) => Promise<unknown>][] = [
      ["/customer/dashboard", (o) => callRoute(dashboard.loader, "/customer/dashboard", o)],
      ["/customer", (o) => callRoute(home.loader, "/customer", o)],
      ["layout", (o) => callRoute(layout.loader, "/customer/dashboard", o)],
      ["/customer/change-password", (o) => callRoute(changePassword.loader, "/customer/change-password", o)],
    ];
    for (const [name, load] of loaders) {
      expect((await thrownBy(load({ as: ANONYMOUS }))).location, name).toMatch(/^\/customer\/login/);
      expect((await thrownBy(load({ as: asStaff }))).location, name).toMatch(/^\/customer\/login/);
    }
    const detail = `/customer/quotation/${ids.aSent}`;
    const params = { id: ids.aSent };
    expect((await thrownBy(callRoute(quotationPage.loader, detail, { as: asStaff, params }))).location).toMatch(
      /^\/customer\/login/,
    );
    expect((await thrownBy(callRoute(dashboard.loader, "/customer/dashboard", { as: temp }))).location).toBe(
      "/customer/change-password",
    );
    expect((await thrownBy(callRoute(quotationPage.loader, detail, { as: temp, params }))).location).toBe(
      "/customer/change-password",
    );
    // The layout and the password form stay open to them.
    expect((await callRoute(layout.loader, "/customer/change-password", { as: temp })).email).toBe(TEMP.email);
    expect(await callRoute(changePassword.loader, "/customer/change-password", { as: temp })).toEqual({
      mustChange: true,
    });
  });

  it("gives the layout the company's name and the customer's e-mail", async () => {
    const data = await callRoute(layout.loader, "/customer/dashboard", { as: asA });
    expect(data).toMatchObject({ email: A.email, companyName: "Utsab Event Technologies" });
  });
});

describe("/customer/dashboard", () => {
  const list = (path: string, as: RouteOptions["as"]) => callRoute(dashboard.loader, path, { as });

  it("lists only the customer's own quotations, whatever the case of the e-mail they were sent to", async () => {
    const { page } = await list("/customer/dashboard", asA);
    expect(page.rows.map((r) => r.id).sort()).toEqual([ids.aPending, ids.aSent, ids.aApproved].sort());
    expect(page.total).toBe(3);
    const ofB = await list("/customer/dashboard", asB);
    expect(ofB.page.rows.map((r) => r.eventName)).toEqual(["Bilal's Wedding"]);
  });

  it("filters by status from the URL, ignoring an unknown one", async () => {
    expect((await list("/customer/dashboard?status=sent", asA)).page.rows.map((r) => r.id)).toEqual([ids.aSent]);
    expect((await list("/customer/dashboard?status=negotiating", asA)).page.rows).toEqual([]);
    const unknown = await list("/customer/dashboard?status=deleted%27--", asA);
    expect(unknown.state.filters).toEqual({});
    expect(unknown.page.total).toBe(3);
  });

  it("sorts by event date and pages in SQL", async () => {
    const byDate = await list("/customer/dashboard?sort=date&dir=asc", asA);
    expect(byDate.page.rows.map((r) => r.eventName)).toEqual(["Annual Gala", "Ayesha's Holud", "Product Launch"]);
    const beyond = await list("/customer/dashboard?page=99", asA);
    expect(beyond.page.page).toBe(1);
  });

  it("is empty for a customer with no quotations", async () => {
    const as = { cookie: await signInAsCustomer(NONE.email) };
    const { page } = await list("/customer/dashboard", as);
    expect(page).toMatchObject({ rows: [], total: 0 });
  });

  it("never lists B's quotation to A, even filtered to its status", async () => {
    const before = await fingerprint();
    const { page } = await list("/customer/dashboard?status=pending", asA);
    expect(page.rows.map((r) => r.id)).toEqual([ids.aPending]);
    expect(await fingerprint()).toBe(before);
  });
});

describe("/customer/quotation/:id", () => {
  const open = (id: string, as: RouteOptions["as"]) =>
    callRoute(quotationPage.loader, `/customer/quotation/${encodeURIComponent(id)}`, { as, params: { id } });

  it("shows a quotation not yet sent with its lines as requested and no prices", async () => {
    const { quotation } = await open(ids.aPending, asA);
    expect(quotation).toMatchObject({
      id: ids.aPending,
      status: "pending",
      eventName: "Ayesha's Holud",
      eventDate: "2030-03-14",
      eventTime: "18:30:00",
      eventLocation: "Gulshan, Dhaka",
      notes: "Stage by 4 pm",
      prices: null,
      requestedLines: [
        { name: "LED Wall P3", size: "12x8 ft", quantity: 2 },
        { name: "Moving Head Beam", size: null, quantity: 8 },
      ],
    });
  });

  it("shows a sent quotation with the figures of the revision sent, not the prices being edited", async () => {
    const { quotation } = await open(ids.aSent, asA);
    expect(quotation.prices).toMatchObject({
      revision: 1,
      subtotal: "58000.00",
      discount: "1000.00",
      vatRatePercent: "15.00",
      vatAmount: "8550.00",
      total: "65550.00",
      lines: [
        { name: "Line Array Speaker", size: null, quantity: 4, unitPrice: "12500.50", total: "50002.00" },
        { name: "Truss", size: "10 m", quantity: 1, unitPrice: "7998.00", total: "7998.00" },
      ],
    });
    expect(quotation.rentalEndDate).toBe("2030-04-03");
    expect(JSON.stringify(quotation)).not.toContain("9999");
  });

  it("answers 404 to A for B's quotation, for an unknown id and for a malformed one, changing nothing", async () => {
    const before = await fingerprint();
    for (const id of [
      ids.bPending,
      ids.bPending.toUpperCase(),
      crypto.randomUUID(),
      "not-a-uuid",
      ids.bPending.slice(0, 8),
      `${ids.bPending}' or '1'='1`,
      "",
    ]) {
      const thrown = await thrownBy(open(id, asA));
      expect(thrown.status, id).toBe(404);
      expect(JSON.stringify(thrown.body)).not.toContain("Bilal");
    }
    expect(await fingerprint()).toBe(before);
    // B opens their own.
    expect((await open(ids.bPending, asB)).quotation.notes).toBe("B's private notes");
  });
});

describe("/customer/login", () => {
  const post = (form: Record<string, string>) => callRoute(login.action, "/customer/login", { as: ANONYMOUS, form });

  it("signs a customer in to the dashboard, or to the quotation asked for, with a session cookie", async () => {
    const response = answerOf(await post({ email: "AYESHA@example.com", password: PASSWORD }));
    expect(response.status).toBe(302);
    expect(response.headers?.get("Location")).toBe("/customer/dashboard");
    const cookies = response.headers?.getSetCookie() ?? [];
    expect(cookies.join("\n")).toMatch(/better-auth\.session_token=.*HttpOnly.*SameSite=Lax/is);
    expect((await sessionOf(cookieHeader(cookies)))?.user).toMatchObject({ email: A.email, role: "customer" });
    const to = `/customer/quotation/${ids.aSent}`;
    const again = answerOf(await post({ email: A.email, password: PASSWORD, redirectTo: to }));
    expect(again.headers?.get("Location")).toBe(to);
  });

  it("never sends anyone elsewhere after signing in", async () => {
    for (const redirectTo of [
      "https://evil.example/customer/dashboard",
      "//evil.example",
      "/admin",
      "/customer/login",
      "/customer/quotation\\@evil",
    ]) {
      const response = answerOf(await post({ email: A.email, password: PASSWORD, redirectTo }));
      expect(response.headers?.get("Location"), redirectTo).toBe("/customer/dashboard");
    }
  });

  it("answers a wrong password, a malformed form and a staff user with the service's messages", async () => {
    const wrong = answerOf<{ formError: string }>(await post({ email: A.email, password: "wrong-password" }));
    expect(wrong).toMatchObject({ status: 401, body: { formError: "Invalid email or password" } });
    const bad = answerOf<{ errors: Record<string, string>; values: { email: string } }>(
      await post({ email: "ayesha@", password: "" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: "Invalid email address", password: "Password is required" });
    expect(bad.body.values).toEqual({ email: "ayesha@" });
    const [staffUser] = await getDb().select().from(users).where(eq(users.email, STAFF.email));
    const sessionsBefore = await getDb().$count(sessions, eq(sessions.userId, staffUser!.id));
    const staff = answerOf<{ formError: string }>(await post({ email: STAFF.email, password: PASSWORD }));
    expect(staff).toMatchObject({ status: 403, body: { formError: "Unauthorized: Customer access required" } });
    expect(await getDb().$count(sessions, eq(sessions.userId, staffUser!.id))).toBe(sessionsBefore);
    const [refusal] = await getDb()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'auth.sign_in_refused' and ${auditLog.actorLabel} = ${STAFF.email}`);
    expect(refusal?.summary).toBe("Sign-in refused: not a customer (customer portal)");
  });

  it("shares its failed-attempt count with the back office's sign-in", async () => {
    const max = getEnv().signInRateLimit.max;
    // Failures at /admin/login count against the account at /customer/login ...
    for (let i = 0; i < max; i++)
      await callRoute(adminLogin.action, "/admin/login", {
        as: ANONYMOUS,
        form: { email: B.email, password: "wrong-pass" },
      });
    const blocked = answerOf<{ formError: string }>(await post({ email: B.email, password: PASSWORD }));
    expect(blocked.status).toBe(429);
    expect(blocked.body.formError).toMatch(/^Too many failed sign-in attempts\. Please try again in /);
    expect(blocked.headers?.get("Retry-After")).toMatch(/^\d+$/);
    // ... and the other way round.
    await getDb().delete(rateLimitCounters);
    for (let i = 0; i < max; i++) await post({ email: STAFF.email, password: "wrong-pass" });
    const staffBlocked = answerOf(
      await callRoute(adminLogin.action, "/admin/login", {
        as: ANONYMOUS,
        form: { email: STAFF.email, password: PASSWORD },
      }),
    );
    expect(staffBlocked.status).toBe(429);
  });

  it("sends a signed-in customer straight on, and shows the page to nobody and to staff", async () => {
    const to = `/customer/quotation/${ids.aSent}`;
    const thrown = await thrownBy(
      callRoute(login.loader, `/customer/login?redirectTo=${encodeURIComponent(to)}`, { as: asA }),
    );
    expect(thrown.location).toBe(to);
    expect(await callRoute(login.loader, "/customer/login", { as: ANONYMOUS })).toBeNull();
    expect(await callRoute(login.loader, "/customer/login", { as: asStaff })).toBeNull();
  });
});

describe("/customer/change-password", () => {
  it("clears the forced change, ends the other sessions and goes to the dashboard with the toast", async () => {
    const email = "forced@example.com";
    const { id } = await createPasswordUser(getDb(), {
      name: "Forced",
      email,
      password: PASSWORD,
      role: "customer",
      mustChangePassword: true,
    });
    const other = await signInAsCustomer(email);
    const cookie = await signInAsCustomer(email);
    const form = { currentPassword: PASSWORD, newPassword: "my-own-password", confirmPassword: "my-own-password" };
    const response = answerOf(
      await callRoute(changePassword.action, "/customer/change-password", { as: { cookie }, form }),
    );
    expect(response.headers?.get("Location")).toBe("/customer/dashboard");
    const setCookies = response.headers?.getSetCookie() ?? [];
    // The dashboard's frame shows the toast the redirect carries.
    const shell = await callRoute(layout.loader, "/customer/dashboard", { as: { cookie: cookieHeader(setCookies) } });
    expect(shell.flashToast).toEqual({ type: "success", message: "Password changed successfully!" });
    const [after] = await getDb().select().from(users).where(eq(users.id, id));
    expect(after?.mustChangePassword).toBe(false);
    expect(await sessionOf(other)).toBeNull();
    const fresh = { cookie: cookieHeader(setCookies) };
    expect((await callRoute(dashboard.loader, "/customer/dashboard", { as: fresh })).page.total).toBe(0);
  });

  it("refuses bad passwords with the form's messages and changes nothing", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{}, { currentPassword: "Current password is required", newPassword: "New password is required" }],
      [
        {
          currentPassword: "not-my-password",
          newPassword: "a-much-better-pass",
          confirmPassword: "a-much-better-pass",
        },
        { currentPassword: "Current password is incorrect" },
      ],
      // As for staff: a common or guessable password is refused, saying why.
      [
        { currentPassword: PASSWORD, newPassword: "12345678", confirmPassword: "12345678" },
        {
          newPassword: expect.stringMatching(/^New password is too easy to guess\. This is a heavily used password\./),
        },
      ],
      [
        { currentPassword: PASSWORD, newPassword: "password1", confirmPassword: "password1" },
        { newPassword: expect.stringMatching(/^New password is too easy to guess\./) },
      ],
      [
        { currentPassword: PASSWORD, newPassword: " ".repeat(8), confirmPassword: " ".repeat(8) },
        { newPassword: expect.stringMatching(/^New password is too easy to guess\./) },
      ],
      [
        { currentPassword: PASSWORD, newPassword: "short", confirmPassword: "short" },
        { newPassword: "New password must be at least 8 characters" },
      ],
      [
        { currentPassword: PASSWORD, newPassword: "another-pass", confirmPassword: "another-pas" },
        { confirmPassword: "The two new passwords do not match" },
      ],
    ];
    for (const [form, errors] of cases) {
      const result = answerOf<{ errors: Record<string, string> }>(
        await callRoute(changePassword.action, "/customer/change-password", { as: asB, form }),
      );
      expect(result.status).toBe(400);
      expect(result.body.errors).toMatchObject(errors);
    }
    await expect(signInAsCustomer(B.email)).resolves.toMatch(/better-auth/);
  });

  it("refuses nobody (401) and staff (401)", async () => {
    const form = { currentPassword: PASSWORD, newPassword: "another-pass", confirmPassword: "another-pass" };
    for (const as of [ANONYMOUS, asStaff])
      expect((await thrownBy(callRoute(changePassword.action, "/customer/change-password", { as, form }))).status).toBe(
        401,
      );
    await expect(signInStaffUser(STAFF.email, PASSWORD)).resolves.toMatch(/better-auth/);
  });
});

describe("/customer/logout", () => {
  it("ends the customer's session, records it and goes to the sign-in page", async () => {
    const cookie = await signInAsCustomer(NONE.email);
    const response = answerOf(await callRoute(logout.action, "/customer/logout", { as: { cookie }, method: "POST" }));
    expect(response.headers?.get("Location")).toBe("/customer/login");
    expect(await sessionOf(cookie)).toBeNull();
    const [row] = await getDb()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'auth.sign_out' and ${auditLog.actorLabel} = ${NONE.email}`);
    expect(row).toBeDefined();
  });

  it("refuses a POST from nobody or from staff with 401, and a GET just goes to the sign-in page", async () => {
    for (const as of [ANONYMOUS, asStaff])
      expect((await thrownBy(callRoute(logout.action, "/customer/logout", { as, method: "POST" }))).status).toBe(401);
    expect(await sessionOf(asStaff.cookie)).not.toBeNull();
    expect(answerOf(logout.loader()).headers?.get("Location")).toBe("/customer/login");
  });
});
