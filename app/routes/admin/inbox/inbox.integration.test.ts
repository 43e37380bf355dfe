import { UNKNOWN_INTENT_MESSAGE } from "~/domain/auth/guard.server";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, contactMessages } from "~/db/schema";
import type { ContactMessageStatus } from "~/domain/content/constants";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  signedInUser,
  TEST_CLIENT_ADDRESS,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { loader as listLoader } from "./list";
import { action, loader as messageLoader } from "./message";

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;

const BASE = Date.parse("2025-03-01T04:00:00Z");
const NAMES = ["Nusrat", "arif", "Bilkis", "Chayan", "Dipa"];

/** 25 messages, one a minute from BASE, so message n is the (25 - n)th newest. */
function fixture(n: number) {
  const status: ContactMessageStatus = n % 5 === 0 ? "handled" : n % 3 === 0 ? "read" : "new";
  return {
    name: `${NAMES[n % 5]} ${String(n).padStart(2, "0")}`,
    email: `visitor${n}@example.com`,
    subject: `Subject ${String(n).padStart(2, "0")}${n === 7 ? " 100% off?" : ""}`,
    message: n === 13 ? "We need a LED Wall P3 for a wedding in Gulshan." : `Message body ${n}`,
    status,
    createdAt: new Date(BASE + n * 60_000),
  };
}

let ids: string[] = [];

async function reset() {
  const db = getDb();
  await db.delete(contactMessages);
  const rows = await db
    .insert(contactMessages)
    .values(Array.from({ length: 25 }, (_, n) => fixture(n)))
    .returning({ id: contactMessages.id, subject: contactMessages.subject });
  ids = rows.sort((a, b) => a.subject.localeCompare(b.subject)).map((r) => r.id);
}

const list = (query: string, as: TestUser = staff) => callRoute(listLoader, `/admin/inbox${query}`, { as });
const subjects = (rows: { subject: string }[]) => rows.map((r) => r.subject.slice(0, 10));

async function messageRow(id: string) {
  const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, id));
  return row!;
}
const auditOf = (id: string) =>
  getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "contact_message"), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdAt));

const post = (id: string, intent: string, as: TestUser = staff) =>
  callRoute(action, `/admin/inbox/${id}`, { as, params: { id }, form: { intent } });

beforeAll(async () => {
  [admin, staff, accountant] = await Promise.all([
    signedInUser("admin"),
    signedInUser("staff"),
    signedInUser("accountant"),
  ]);
});

beforeEach(reset);

describe("/admin/inbox loader", () => {
  it("lists the newest first, 20 a page, with the count of all and of new ones", async () => {
    const result = await list("");
    expect(result.page).toMatchObject({ total: 25, page: 1, pageCount: 2, pageSize: 20 });
    expect(result.page.rows).toHaveLength(20);
    expect(subjects(result.page.rows).slice(0, 3)).toEqual(["Subject 24", "Subject 23", "Subject 22"]);
    expect(result.newCount).toBe(25 - 5 - 7);
    expect(result.state).toEqual({ q: "", sort: "received", dir: "desc", page: 1, filters: {} });
    const row = result.page.rows[0]!;
    expect(Object.keys(row).sort()).toEqual(["createdAt", "email", "id", "name", "preview", "status", "subject"]);
  });

  it("pages, and shows the last page for a page beyond it", async () => {
    const second = await list("?page=2");
    expect(second.page).toMatchObject({ page: 2, total: 25 });
    expect(subjects(second.page.rows)).toEqual(["Subject 04", "Subject 03", "Subject 02", "Subject 01", "Subject 00"]);
    const beyond = await list("?page=40");
    expect(beyond.page.page).toBe(2);
    expect(beyond.page.rows).toEqual(second.page.rows);
  });

  it("falls back to the defaults for malformed parameters", async () => {
    const plain = await list("");
    const odd = await list("?sort=password&dir=sideways&page=-1&status=deleted%27--");
    expect(odd.state).toEqual(plain.state);
    expect(odd.page).toEqual(plain.page);
  });

  it("searches name, e-mail, subject and message text, ignoring case, with % taken literally", async () => {
    expect(subjects((await list("?q=led+wall")).page.rows)).toEqual(["Subject 13"]);
    expect(subjects((await list("?q=VISITOR14%40")).page.rows)).toEqual(["Subject 14"]);
    expect(subjects((await list("?q=bilkis")).page.rows)).toEqual([
      "Subject 22",
      "Subject 17",
      "Subject 12",
      "Subject 07",
      "Subject 02",
    ]);
    expect(subjects((await list("?q=100%25")).page.rows)).toEqual(["Subject 07"]);
    expect((await list("?q=10_%25")).page.total).toBe(0);
    expect((await list("?q=Subject+1")).page.total).toBe(10);
  });

  it("filters by status and combines the filter with the search", async () => {
    const handled = await list("?status=handled");
    expect(handled.page.total).toBe(5);
    expect(handled.page.rows.every((r) => r.status === "handled")).toBe(true);
    expect((await list("?status=read")).page.total).toBe(7);
    expect((await list("?status=new")).page.total).toBe(13);
    expect(subjects((await list("?status=new&q=bilkis")).page.rows)).toEqual([
      "Subject 22",
      "Subject 17",
      "Subject 07",
      "Subject 02",
    ]);
  });

  it("sorts by name or subject either way, case-insensitively, and by time oldest first", async () => {
    const byName = await list("?sort=name");
    expect(byName.page.rows.slice(0, 2).map((r) => r.name)).toEqual(["arif 01", "arif 06"]);
    const byNameDesc = await list("?sort=name&dir=desc");
    expect(byNameDesc.page.rows.slice(0, 2).map((r) => r.name)).toEqual(["Nusrat 20", "Nusrat 15"]);
    expect(subjects((await list("?sort=subject")).page.rows.slice(0, 2))).toEqual(["Subject 00", "Subject 01"]);
    expect(subjects((await list("?dir=asc")).page.rows.slice(0, 2))).toEqual(["Subject 00", "Subject 01"]);
  });

  it("refuses a role without inbox.view with 403 and sends a visitor to sign in", async () => {
    expect(await thrownBy(list("", accountant))).toMatchObject({ status: 403 });
    expect(await thrownBy(list("?status=new", ANONYMOUS))).toMatchObject({
      status: 302,
      location: "/admin/login?redirectTo=%2Fadmin%2Finbox%3Fstatus%3Dnew",
    });
  });
});

describe("/admin/inbox/:id loader", () => {
  it("shows the message with its reply link, and opening it changes nothing", async () => {
    const id = ids[13]!;
    const result = await callRoute(messageLoader, `/admin/inbox/${id}`, { as: staff, params: { id } });
    expect(result.message).toMatchObject({
      id,
      name: "Chayan 13",
      email: "visitor13@example.com",
      message: "We need a LED Wall P3 for a wedding in Gulshan.",
      status: "new",
      handledBy: null,
    });
    expect(result.reply).toBe("mailto:visitor13@example.com?subject=Re%3A%20Subject%2013");
    expect(result.canManage).toBe(true);
    expect((await messageRow(id)).status).toBe("new");
    expect(await auditOf(id)).toEqual([]);
  });

  it("answers 404 for an id that is not a uuid or not a message", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "1' or '1'='1"]) {
      const thrown = await thrownBy(callRoute(messageLoader, `/admin/inbox/x`, { as: staff, params: { id } }));
      expect(thrown).toEqual({ status: 404, body: "Message not found.", location: null });
    }
  });

  it("refuses the accountant with 403", async () => {
    const id = ids[1]!;
    expect(
      await thrownBy(callRoute(messageLoader, `/admin/inbox/${id}`, { as: accountant, params: { id } })),
    ).toMatchObject({
      status: 403,
    });
  });
});

describe("/admin/inbox/:id action", () => {
  it("marks a new message read once, audited with who and from where", async () => {
    const id = ids[1]!;
    expect(answerOf(await post(id, "mark-read"))).toEqual({
      status: 200,
      body: { toast: { type: "success", message: "Marked as read." }, changed: true },
    });
    expect((await messageRow(id)).status).toBe("read");
    const [line, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      action: "contact_message.read",
      actorUserId: staff.id,
      actorLabel: staff.email,
      ipAddress: TEST_CLIENT_ADDRESS,
      summary: 'Read: message from arif 01, "Subject 01"',
      changes: { status: { from: "new", to: "read" } },
    });

    // Again (a second tab): nothing changes, nothing is logged.
    expect(answerOf(await post(id, "mark-read"))).toMatchObject({
      body: { toast: { message: "This message was already read." }, changed: false },
    });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("marks a message handled with when and by whom, and reopens it", async () => {
    const id = ids[3]!; // read
    const before = Date.now();
    expect(answerOf(await post(id, "mark-handled", admin)).body).toMatchObject({
      toast: { message: "Marked as handled." },
    });
    const handled = await messageRow(id);
    expect(handled).toMatchObject({ status: "handled", handledByUserId: admin.id });
    expect(handled.handledAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const shown = await callRoute(messageLoader, `/admin/inbox/${id}`, { as: staff, params: { id } });
    expect(shown.message).toMatchObject({ status: "handled", handledBy: "Test admin" });

    expect(answerOf(await post(id, "mark-handled")).body).toMatchObject({
      toast: { message: "This message was already marked as handled." },
      changed: false,
    });

    expect(answerOf(await post(id, "reopen")).body).toMatchObject({ toast: { message: "Message reopened." } });
    expect(await messageRow(id)).toMatchObject({ status: "read", handledAt: null, handledByUserId: null });

    const lines = await auditOf(id);
    expect(lines.map((l) => l.action).sort()).toEqual(["contact_message.handled", "contact_message.reopened"]);
    const reopened = lines.find((l) => l.action === "contact_message.reopened")!;
    expect(reopened).toMatchObject({ actorUserId: staff.id });
    expect(reopened.changes).toMatchObject({
      status: { from: "handled", to: "read" },
      handledByUserId: { from: admin.id, to: null },
    });
    const handledLine = lines.find((l) => l.action === "contact_message.handled")!;
    expect(handledLine.changes).toMatchObject({
      status: { from: "read", to: "handled" },
      handledByUserId: { from: null, to: admin.id },
    });
  });

  it("does not reopen a message that is not handled", async () => {
    const id = ids[1]!;
    expect(answerOf(await post(id, "reopen")).body).toMatchObject({
      toast: { message: "This message is not marked as handled." },
      changed: false,
    });
    expect((await messageRow(id)).status).toBe("new");
    expect(await auditOf(id)).toEqual([]);
  });

  it("refuses a role without inbox.manage (403) and a visitor (401), changing nothing", async () => {
    const id = ids[1]!;
    expect(await thrownBy(post(id, "mark-handled", accountant))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(id, "mark-read", ANONYMOUS))).toMatchObject({ status: 401 });
    expect(await messageRow(id)).toMatchObject({ status: "new", handledAt: null });
    expect(await auditOf(id)).toEqual([]);
  });

  it("answers 404 for a bad id and 400 for an unknown intent, changing nothing", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"])
      expect(await thrownBy(post(id, "mark-handled"))).toEqual({
        status: 404,
        body: "Message not found.",
        location: null,
      });
    const id = ids[1]!;
    // An intent the permission matrix does not list for this page is refused by the guard.
    expect(await thrownBy(post(id, "delete"))).toEqual({ status: 400, body: UNKNOWN_INTENT_MESSAGE, location: null });
    expect((await messageRow(id)).status).toBe("new");
    expect(await auditOf(id)).toEqual([]);
  });
});
