// The Event Management screen's loader and action (issue 11): who may look and change, the cards with their search
// and filter, the dialogs opened by the URL with the active employees as organizers, a multipart save with an image,
// the spec's toasts, and refusals that answer with the dialog's messages and write nothing.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { events } from "~/db/schema";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { makeImage } from "../../../tests/support/images";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { action, loader } from "./events";

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;
let organizer: string;
let leaver: string;
const TABLES = ["events", "audit_log"] as const;

beforeAll(async () => {
  [admin, staff, accountant] = await Promise.all([
    signedInUser("admin"),
    signedInUser("staff"),
    signedInUser("accountant"),
  ]);
  organizer = await insertEmployee("Farhana Organizer");
  leaver = await insertEmployee("Left Already", { status: "inactive" });
});

const valid = () => ({
  intent: "create",
  title: "Winter Wedding Fair",
  description: "Stalls, a runway and a stage.",
  date: "2099-12-20",
  time: "16:00",
  location: "Bashundhara Convention Center, Dhaka",
  status: "upcoming",
  organizerId: organizer,
  capacity: "800",
});

/** An event written straight to the table. */
const stored = (slug: string, change: Partial<typeof events.$inferInsert> = {}) => ({
  slug,
  title: "Winter Wedding Fair",
  description: "Stalls, a runway and a stage.",
  date: "2099-12-20",
  time: "16:00:00",
  location: "Bashundhara Convention Center, Dhaka",
  organizerId: organizer,
  ...change,
});

/** The form as the dialog posts it: multipart, with the file inputs (empty ones send a nameless empty file). */
function multipart(fields: Record<string, string>, image?: File): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("image", image ?? new File([], ""));
  form.append("newImages", new File([], ""));
  return form;
}

const post = (form: FormData | Record<string, string>, as: TestUser = admin, path = "/admin/events?new=1") =>
  callRoute(action, path, { as, form });

describe("adding, editing and deleting through the screen", () => {
  it("adds an event with its image, with the spec's toast, back to the list the dialog was opened from", async () => {
    const image = new File([new Uint8Array(await makeImage("png", 300, 200))], "stage.png");
    const response = (await post(multipart(valid(), image), admin, "/admin/events?status=upcoming&new=1")) as Response;
    expect(response.headers.get("location")).toBe("/admin/events?status=upcoming");
    expect(flashToast(response)).toEqual({ type: "success", message: "Event added successfully" });
    const [row] = await getDb().select().from(events).where(eq(events.slug, "winter-wedding-fair"));
    expect(row).toMatchObject({ title: "Winter Wedding Fair", capacity: 800, organizerId: organizer });
    expect(row!.imageUrl).toMatch(/^\/media\/events\/.+\.webp$/);

    const cards = await callRoute(loader, "/admin/events?q=wedding&status=upcoming", { as: staff });
    expect(cards.page.rows).toEqual([
      expect.objectContaining({
        title: "Winter Wedding Fair",
        organizerName: "Farhana Organizer",
        capacity: 800,
        imageUrl: row!.imageUrl,
      }),
    ]);
    expect((await callRoute(loader, "/admin/events?q=wedding&status=completed", { as: staff })).page.total).toBe(0);
  });

  it("opens Edit with the stored values and the active employees (and the current organizer) to choose from", async () => {
    const [row] = await getDb()
      .insert(events)
      .values(stored("old-organizer", { organizerId: leaver, time: "09:00:00" }))
      .returning();
    const opened = await callRoute(loader, `/admin/events?edit=${row!.id}`, { as: admin });
    expect(opened.dialog).toMatchObject({
      kind: "update",
      values: { time: "09:00", capacity: "", organizerId: leaver },
    });
    const ids = opened.organizers.map((o) => o.id);
    expect(ids).toContain(organizer);
    expect(opened.organizers.find((o) => o.id === leaver)).toMatchObject({ active: false });
    const fresh = await callRoute(loader, "/admin/events?new=1", { as: admin });
    expect(fresh.organizers.map((o) => o.id)).not.toContain(leaver);

    const values = opened.dialog!.kind === "update" ? opened.dialog!.values : null;
    const saved = (await post(
      multipart({ ...values!, intent: "update", status: "completed" }),
      admin,
      `/admin/events?edit=${row!.id}`,
    )) as Response;
    expect(flashToast(saved)).toEqual({ type: "success", message: "Event updated successfully" });
    const [after] = await getDb().select().from(events).where(eq(events.id, row!.id));
    expect(after!.status).toBe("completed");
  });

  it("asks the spec's question before deleting, then deletes with the spec's toast", async () => {
    const [row] = await getDb()
      .insert(events)
      .values(stored("to-delete", { capacity: 10 }))
      .returning();
    const asking = await callRoute(loader, `/admin/events?delete=${row!.id}`, { as: admin });
    expect(asking.dialog).toEqual({ kind: "delete", id: row!.id, name: "Winter Wedding Fair" });
    const deleted = (await post({ intent: "delete", id: row!.id })) as Response;
    expect(flashToast(deleted)).toEqual({ type: "success", message: "Event deleted successfully" });
    expect(await getDb().select().from(events).where(eq(events.id, row!.id))).toEqual([]);
  });

  it("answers a refused form on the dialog's URL with each field's message, what was typed, and writes nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; values: { title: string }; toast: { message: string } }>(
      await post(multipart({ ...valid(), title: "Kept as typed", date: "2099-02-30", capacity: "-1" })),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      date: "Date must be a date",
      capacity: expect.stringMatching(/from 0/),
    });
    expect(answer.body.values.title).toBe("Kept as typed");
    expect(answer.body.toast.message).toBe("Failed to add event: Date must be a date");

    const notAnImage = new File(["<svg onload=alert(1)>"], "logo.svg");
    const upload = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await post(multipart(valid(), notAnImage)),
    );
    expect(upload.body.toast.message).toMatch(/^Failed to upload image: Only JPEG, PNG, WebP or AVIF/);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("marking an event completed from its card", () => {
  it("moves an upcoming event whose day has gone to completed, with the spec's toast, once", async () => {
    const [row] = await getDb()
      .insert(events)
      .values(stored("day-gone", { date: "2020-01-10", status: "upcoming" }))
      .returning();
    const done = (await post({ intent: "complete", id: row!.id }, staff, "/admin/events?q=winter")) as Response;
    expect(done.headers.get("location")).toBe("/admin/events?q=winter");
    expect(flashToast(done)).toEqual({ type: "success", message: "Event updated successfully" });
    const [after] = await getDb().select().from(events).where(eq(events.id, row!.id));
    expect(after!.status).toBe("completed");

    // Again: nothing more is written.
    const before = await tableFingerprint(TABLES);
    expect(flashToast((await post({ intent: "complete", id: row!.id }, staff)) as Response)).toMatchObject({
      type: "success",
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("answers an unknown or malformed id with the spec's failure toast, changing nothing", async () => {
    const before = await tableFingerprint(TABLES);
    for (const id of ["00000000-0000-4000-8000-000000000000", "x"])
      expect(flashToast((await post({ intent: "complete", id }, staff)) as Response)).toMatchObject({
        type: "error",
        message: expect.stringMatching(/^Failed to update event: /),
      });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("who may do what", () => {
  it("lets staff manage events, the accountant neither see nor change them", async () => {
    expect(await callRoute(loader, "/admin/events", { as: staff })).toMatchObject({ canManage: true });
    expect((await thrownBy(callRoute(loader, "/admin/events", { as: accountant }))).status).toBe(403);
    const before = await tableFingerprint(TABLES);
    for (const intent of ["create", "update", "complete", "delete"])
      expect((await thrownBy(post(multipart({ ...valid(), intent }), accountant))).status).toBe(403);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("sends an unknown event's Edit back to the list with a message", async () => {
    const thrown = await thrownBy(
      callRoute(loader, "/admin/events?status=upcoming&edit=00000000-0000-4000-8000-000000000000", { as: admin }),
    );
    expect(thrown.location).toBe("/admin/events?status=upcoming");
  });
});
