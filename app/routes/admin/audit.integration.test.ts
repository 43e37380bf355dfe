import { eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import {
  ANONYMOUS,
  callRoute,
  signedInUser,
  TEST_CLIENT_ADDRESS,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { loader } from "./audit";

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;

// Dhaka is UTC+6: 2025-03-01T18:00Z is midnight of 2 March in Dhaka.
const DHAKA_MIDNIGHT_MARCH_2 = Date.parse("2025-03-01T18:00:00Z");

const list = (query: string, as: TestUser = admin) => callRoute(loader, `/admin/audit${query}`, { as });
const summaries = (rows: { summary: string }[]) => rows.map((r) => r.summary);

beforeAll(async () => {
  // Each sign-in writes its own auth.sign_in line (now, from TEST_CLIENT_ADDRESS).
  [admin, staff, accountant] = await Promise.all([
    signedInUser("admin", { email: "boss@example.com" }),
    signedInUser("staff", { email: "sadia@example.com" }),
    signedInUser("accountant", { email: "arif@example.com" }),
  ]);
  const db = getDb();
  // 60 lines around Dhaka's midnight between 1 and 2 March 2025, one every 10 minutes, from -5 h to +5 h.
  await db.insert(auditLog).values(
    Array.from({ length: 60 }, (_, n) => ({
      actorUserId: n % 3 === 0 ? staff.id : n % 3 === 1 ? admin.id : null,
      actorLabel: n % 3 === 0 ? staff.email : n % 3 === 1 ? admin.email : `guess${n}@example.com`,
      action: n % 3 === 2 ? "auth.sign_in_failed" : n % 2 ? "contact_message.handled" : "contact_message.read",
      entityType: n % 3 === 2 ? "user" : "contact_message",
      entityId: n % 3 === 2 ? null : `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`,
      summary: `Line ${String(n).padStart(2, "0")}`,
      changes: n === 40 ? { status: { from: "new", to: "read" } } : null,
      ipAddress: `198.51.100.${n}`,
      createdAt: new Date(DHAKA_MIDNIGHT_MARCH_2 + (n - 30) * 10 * 60_000),
    })),
  );
});

describe("/admin/audit loader", () => {
  it("lists the newest first with who, what, which record, when and from where, 50 a page", async () => {
    const result = await list("");
    expect(result.page).toMatchObject({ total: 63, page: 1, pageCount: 2, pageSize: 50 });
    // The three sign-ins of today come first.
    expect(result.page.rows.slice(0, 3).map((r) => r.action)).toEqual(["auth.sign_in", "auth.sign_in", "auth.sign_in"]);
    expect(result.page.rows.find((r) => r.actorUserId === admin.id && r.action === "auth.sign_in")).toMatchObject({
      actorLabel: "boss@example.com",
      actorName: "Test admin",
      summary: "Signed in",
      entityType: "user",
      entityId: admin.id,
      ipAddress: TEST_CLIENT_ADDRESS,
    });
    expect(summaries(result.page.rows.slice(3, 5))).toEqual(["Line 59", "Line 58"]);
    const line40 = result.page.rows.find((r) => r.summary === "Line 40");
    expect(line40?.changes).toEqual({ status: { from: "new", to: "read" } });
  });

  it("offers the users who appear and the distinct actions as filter choices", async () => {
    const result = await list("");
    expect(result.actors).toEqual(
      [
        { id: admin.id, name: "Test admin", email: "boss@example.com" },
        { id: staff.id, name: "Test staff", email: "sadia@example.com" },
        { id: accountant.id, name: "Test accountant", email: "arif@example.com" },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(result.actions).toEqual([
      "auth.sign_in",
      "auth.sign_in_failed",
      "contact_message.handled",
      "contact_message.read",
    ]);
  });

  it("pages and clamps a page beyond the last", async () => {
    const second = await list("?page=2");
    expect(second.page.rows).toHaveLength(13);
    expect(summaries(second.page.rows).slice(-2)).toEqual(["Line 01", "Line 00"]);
    const beyond = await list("?page=7");
    expect(beyond.page.page).toBe(2);
    expect(beyond.page.rows).toEqual(second.page.rows);
  });

  it("filters by user and by action", async () => {
    const byStaff = await list(`?user=${staff.id}`);
    expect(byStaff.page.total).toBe(21);
    expect(byStaff.page.rows.every((r) => r.actorUserId === staff.id)).toBe(true);
    const failed = await list("?action=auth.sign_in_failed");
    expect(failed.page.total).toBe(20);
    expect(failed.page.rows.every((r) => r.actorUserId === null && r.action === "auth.sign_in_failed")).toBe(true);
    expect((await list(`?user=${admin.id}&action=contact_message.handled`)).page.total).toBe(10);
  });

  it("filters by Dhaka dates, both ends included", async () => {
    // 1 March in Dhaka ends at 18:00 UTC: lines 0-29.
    const march1 = await list("?from=2025-03-01&to=2025-03-01");
    expect(march1.page.total).toBe(30);
    expect(summaries(march1.page.rows).slice(0, 1)).toEqual(["Line 29"]);
    const march2 = await list("?from=2025-03-02&to=2025-03-02");
    expect(march2.page.total).toBe(30);
    expect(summaries(march2.page.rows).slice(-1)).toEqual(["Line 30"]);
    expect((await list("?from=2025-03-02")).page.total).toBe(33);
    expect((await list("?to=2025-02-28")).page.total).toBe(0);
    expect((await list("?from=2025-03-03&to=2025-03-01")).page.total).toBe(0);
  });

  it("searches the actor's label, the summary and the record id; free text on a failed sign-in's typed e-mail", async () => {
    expect(summaries((await list("?q=GUESS5")).page.rows)).toEqual([
      "Line 59",
      "Line 56",
      "Line 53",
      "Line 50",
      "Line 05",
    ]);
    expect(summaries((await list("?q=line+4")).page.rows)).toHaveLength(10);
    expect(summaries((await list("?q=0000000017")).page.rows)).toEqual([]);
    expect(summaries((await list("?q=000000000016")).page.rows)).toEqual(["Line 16"]);
  });

  it("sorts oldest first on request", async () => {
    const oldest = await list("?dir=asc");
    expect(summaries(oldest.page.rows.slice(0, 2))).toEqual(["Line 00", "Line 01"]);
  });

  it("ignores malformed filters rather than failing", async () => {
    const plain = await list("");
    const odd = await list("?user=admin&action=x'%20or%201=1&from=2025-02-30&to=tomorrow&sort=ip_address&page=0");
    expect(odd.state).toEqual(plain.state);
    expect(odd.page).toEqual(plain.page);
  });

  it("is for administrators only: staff and accountant get 403, a visitor the sign-in page", async () => {
    expect(await thrownBy(list("", staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(list("", accountant))).toMatchObject({ status: 403 });
    expect(await thrownBy(list("?action=auth.sign_in", ANONYMOUS))).toMatchObject({
      status: 302,
      location: "/admin/login?redirectTo=%2Fadmin%2Faudit%3Faction%3Dauth.sign_in",
    });
    // Reading the log writes nothing to it.
    expect(await getDb().$count(auditLog, isNotNull(auditLog.id))).toBe(63);
    expect(await getDb().$count(auditLog, eq(auditLog.action, "audit.viewed"))).toBe(0);
  });
});
