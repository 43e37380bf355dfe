import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { changeStaffRole, deactivateStaffUser, type StaffUserResult } from "~/domain/auth/staff-users.server";
import { createPasswordUser } from "~/domain/auth/users.server";
import { action } from "./users";
import {
  answerOf,
  callRoute,
  signedInUser,
  signIn,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";

// The last active administrator cannot be demoted or deactivated, even by two requests at the same moment:
// each change locks the active administrators' rows first. Every test starts with exactly two active
// administrators, X and Y (the seed's own administrator is deactivated).

const LAST_ADMIN =
  "The last active administrator cannot be demoted or deactivated (one who must still change their password does not count).";
const PATH = "/admin/settings/users";

const runAction = async (fields: Record<string, string>, as: TestUser) =>
  answerOf<{ message: string }>(await callRoute(action, PATH, { as, form: fields }));

const actorOf = (u: TestUser): AuditActor => ({ userId: u.id, label: u.email, ipAddress: null, userAgent: null });

const activeAdmins = async () =>
  (
    await getDb()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.deactivatedAt)))
  ).map((r) => r.id);

let x: TestUser;
let y: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  await getDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, "admin@utsabevents.com.bd"));
  x = await signedInUser("admin", { name: "Admin X" });
  y = await signedInUser("admin", { name: "Admin Y" });
});

beforeEach(async () => {
  await getDb()
    .update(users)
    .set({ role: "admin", deactivatedAt: null })
    .where(inArray(users.id, [x.id, y.id]));
  // Deactivation ended their sessions: sign in again.
  for (const u of [x, y]) u.cookie = await signIn(u.email, u.password);
  expect((await activeAdmins()).sort()).toEqual([x.id, y.id].sort());
});

/** Exactly one of two results passed, and the other was refused by the last-administrator rule. */
function expectOnePassed(results: StaffUserResult[]) {
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, refusal: "conflict", message: LAST_ADMIN, errors: {} }]);
}

describe("the last active administrator", () => {
  it("cannot step down, while one of two could", async () => {
    const first = await runAction({ intent: "change-role", userId: y.id, role: "accountant" }, y);
    expect(first.status).toBe(302);
    const last = await runAction({ intent: "change-role", userId: x.id, role: "staff" }, x);
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(LAST_ADMIN);
    expect(await activeAdmins()).toEqual([x.id]);
  });

  it("cannot be demoted or deactivated by anyone else either (a deactivated administrator does not count)", async () => {
    await getDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, y.id));
    const db = getDb();
    const before = await db.$count(auditLog);
    expect(await changeStaffRole(db, { userId: x.id, role: "staff" }, actorOf(y))).toEqual({
      ok: false,
      refusal: "conflict",
      message: LAST_ADMIN,
      errors: {},
    });
    expect(await deactivateStaffUser(db, { userId: x.id }, actorOf(y))).toEqual({
      ok: false,
      refusal: "conflict",
      message: LAST_ADMIN,
      errors: {},
    });
    expect(await activeAdmins()).toEqual([x.id]);
    expect(await db.$count(auditLog)).toBe(before);
    // A deactivated administrator may be demoted: it takes no active one away.
    expect(await changeStaffRole(db, { userId: y.id, role: "staff" }, actorOf(x))).toMatchObject({ ok: true });
  });

  it(`two administrators demoting each other at once: one passes, one is refused (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, async () => {
    for (let round = 0; round < 5; round++) {
      if (round > 0)
        await getDb()
          .update(users)
          .set({ role: "admin", deactivatedAt: null })
          .where(inArray(users.id, [x.id, y.id]));
      const results = await Promise.all([
        changeStaffRole(getDb(), { userId: y.id, role: "staff" }, actorOf(x)),
        changeStaffRole(getDb(), { userId: x.id, role: "accountant" }, actorOf(y)),
      ]);
      expectOnePassed(results);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it("a demotion and a deactivation at once: one passes, one is refused", async () => {
    for (let round = 0; round < 5; round++) {
      if (round > 0)
        await getDb()
          .update(users)
          .set({ role: "admin", deactivatedAt: null })
          .where(inArray(users.id, [x.id, y.id]));
      const results = await Promise.all([
        deactivateStaffUser(getDb(), { userId: y.id }, actorOf(x)),
        changeStaffRole(getDb(), { userId: x.id, role: "staff" }, actorOf(y)),
      ]);
      expectOnePassed(results);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it("two demotions posted to the screen at once leave one active administrator", async () => {
    const outcomes = await Promise.all([
      runAction({ intent: "change-role", userId: y.id, role: "staff" }, x).then(
        (a) => ({ status: a.status, message: a.body?.message }),
        async (thrown: unknown) => thrownBy(Promise.reject(thrown)),
      ),
      runAction({ intent: "change-role", userId: x.id, role: "staff" }, y).then(
        (a) => ({ status: a.status, message: a.body?.message }),
        async (thrown: unknown) => thrownBy(Promise.reject(thrown)),
      ),
    ]);
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(1);
    // The other was refused: by the rule (both passed the guard first), or by the guard (it was demoted first).
    const refused = outcomes.find((o) => o.status !== 200)!;
    expect([409, 403]).toContain(refused.status);
    if (refused.status === 409) expect(refused).toMatchObject({ message: LAST_ADMIN });
    expect(await activeAdmins()).toHaveLength(1);
  });

  it("counts only administrators who can sign in now: invited ones still holding their temporary password do not", async () => {
    const db = getDb();
    const invited = await Promise.all(
      ["Invited P", "Invited Q"].map((name, i) =>
        createPasswordUser(db, {
          name,
          email: `invited-${i}-${crypto.randomUUID()}@example.com`,
          password: "a-temporary-password-1",
          role: "admin",
          mustChangePassword: true,
        }),
      ),
    );
    try {
      expect(await changeStaffRole(db, { userId: y.id, role: "staff" }, actorOf(x))).toMatchObject({ ok: true });
      // X is the one administrator who can sign in now: the two invited ones do not keep the back office open.
      expect(await changeStaffRole(db, { userId: x.id, role: "staff" }, actorOf(x))).toEqual({
        ok: false,
        refusal: "conflict",
        message: LAST_ADMIN,
        errors: {},
      });
      expect(await deactivateStaffUser(db, { userId: x.id }, actorOf(y))).toMatchObject({ ok: false, refusal: "conflict" });
      // The invited ones may be demoted: neither is one who can sign in now.
      expect(await changeStaffRole(db, { userId: invited[0]!.id, role: "staff" }, actorOf(x))).toMatchObject({
        ok: true,
      });
      // Once one has chosen their own password, they count: X may step down.
      await db.update(users).set({ mustChangePassword: false }).where(eq(users.id, invited[1]!.id));
      expect(await changeStaffRole(db, { userId: x.id, role: "staff" }, actorOf(x))).toMatchObject({ ok: true });
    } finally {
      await db
        .update(users)
        .set({ role: "staff" })
        .where(inArray(users.id, invited.map((u) => u.id)));
    }
  });
});
