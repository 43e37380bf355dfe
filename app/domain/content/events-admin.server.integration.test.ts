// Event Management's use cases (issue 11): adding, editing and deleting an event with its cover and photos stored
// through the storage interface, the storefront showing each change at once, and every refusal writing nothing
// (no row, no audit line, no file).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, events } from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { UPLOAD_EMPTY, UPLOAD_WRONG_TYPE } from "~/domain/media/upload";
import { getLogger } from "~/lib/logger.server";
import { createLocalStorage, type LocalStorage } from "~/lib/storage/local.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { makeImage } from "../../../tests/support/images";
import { insertEmployee } from "../../../tests/support/people-fixtures";
import { EMPTY_EVENT_FORM, EVENT_MESSAGES, type EventFormValues } from "./event-form";
import {
  createEvent,
  deleteEvent,
  loadEventForm,
  organizerChoices,
  updateEvent,
  type EventFiles,
} from "./events-admin.server";
import { getEvent, listEvents, listSuccessStories } from "./events.server";

const actor: AuditActor = { userId: null, label: "admin@example.com", ipAddress: "203.0.113.7", userAgent: "vitest" };

let root: string;
let storage: LocalStorage;
let organizer: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "event-media-"));
  storage = createLocalStorage({ dir: path.join(root, "media") });
  organizer = await insertEmployee("Nusrat Organizer");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeEach(async () => {
  await getDb().delete(events);
  await getDb().delete(auditLog);
  rmSync(storage.dir, { recursive: true, force: true });
});

const values = (change: Partial<EventFormValues> = {}): EventFormValues => ({
  ...EMPTY_EVENT_FORM,
  title: "Dhaka Tech Expo 2027",
  description: "Three halls of stands, a keynote stage and LED walls.",
  date: "2099-03-14",
  time: "10:30",
  location: "ICCB, Kuril, Dhaka",
  status: "upcoming",
  organizerId: organizer,
  capacity: "1200",
  ...change,
});

const noFiles: EventFiles = { cover: [], photos: [] };
const jpeg = async (name = "photo.jpg") => new File([new Uint8Array(await makeImage("jpeg", 400, 300))], name);

function storedFiles(): string[] {
  if (!existsSync(storage.dir)) return [];
  return readdirSync(storage.dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(storage.dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function fingerprint() {
  return { ...(await tableFingerprint(["events", "audit_log"])), files: storedFiles() };
}

async function create(change: Partial<EventFormValues> = {}, files: EventFiles = noFiles) {
  const result = await createEvent(getDb(), values(change), files, actor, { storage });
  if (!result.ok) throw new Error(`create failed: ${JSON.stringify(result.errors)}`);
  return result;
}

async function row(id: string) {
  const [found] = await getDb().select().from(events).where(eq(events.id, id));
  return found!;
}

const edit = async (id: string, change: Partial<EventFormValues> = {}) => ({
  ...(await loadEventForm(getDb(), id))!,
  ...change,
});

describe("adding an event", () => {
  it("stores the spec's fields, a public id from the title, the cover (first file only) and photos, and an audit line", async () => {
    const [cover, ignored, photo1, photo2] = await Promise.all([jpeg("cover.jpg"), jpeg("b.jpg"), jpeg(), jpeg()]);
    const result = await create(
      { imageUrls: "/images/events/expo-1.webp\n" },
      { cover: [cover, ignored], photos: [photo1, photo2] },
    );
    expect(result.message).toBe("Event added successfully");
    expect(result.slug).toBe("dhaka-tech-expo-2027");
    const saved = await row(result.id);
    expect(saved).toMatchObject({
      title: "Dhaka Tech Expo 2027",
      date: "2099-03-14",
      time: "10:30:00",
      location: "ICCB, Kuril, Dhaka",
      status: "upcoming",
      organizerId: organizer,
      capacity: 1200,
      imageUrl: expect.stringMatching(/^\/media\/events\/[0-9a-f-]{36}-\d+\.webp$/),
    });
    // Only the first cover file was stored: three pictures (cover and two photos), each in its widths.
    expect(saved.uploadedImages).toHaveLength(3);
    expect(saved.images).toEqual([
      "/images/events/expo-1.webp",
      expect.stringMatching(/^\/media\/events\//),
      expect.stringMatching(/^\/media\/events\//),
    ]);
    expect(new Set(storedFiles().map((f) => f.replace(/-\d+\.webp$/, ""))).size).toBe(3);
    const [line] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(line).toMatchObject({
      action: "event.created",
      summary: 'Added the event "Dhaka Tech Expo 2027" (dhaka-tech-expo-2027)',
    });
  });

  it("gives a second event of the same title the next public id", async () => {
    await create();
    expect((await create()).slug).toBe("dhaka-tech-expo-2027-2");
  });

  it("shows on the storefront at once: the upcoming list, its page and, once completed, the success stories", async () => {
    expect(await listEvents(getDb(), "upcoming", "2026-01-01")).toEqual([]);
    const { id, slug } = await create();
    expect((await listEvents(getDb(), "upcoming", "2026-01-01")).map((e) => e.slug)).toEqual([slug]);
    expect(await getEvent(getDb(), slug)).toMatchObject({ title: "Dhaka Tech Expo 2027", capacity: 1200 });

    const saved = await updateEvent(
      getDb(),
      await edit(id, { status: "completed", title: "Expo done" }),
      noFiles,
      actor,
      {
        storage,
      },
    );
    expect(saved).toMatchObject({ ok: true, message: "Event updated successfully" });
    expect(await listEvents(getDb(), "upcoming", "2026-01-01")).toEqual([]);
    expect((await listSuccessStories(getDb(), 5)).map((e) => e.title)).toEqual(["Expo done"]);
    expect(await getEvent(getDb(), slug)).toMatchObject({ title: "Expo done", status: "completed" });

    expect(await deleteEvent(getDb(), id, actor, { storage })).toEqual({
      ok: true,
      message: "Event deleted successfully",
    });
    expect(await listSuccessStories(getDb(), 5)).toEqual([]);
    expect(await getEvent(getDb(), slug)).toBeNull();
  });

  it("offers the uploaded pictures' smaller widths on the storefront (srcset), the shipped ones as they are", async () => {
    const { slug } = await create(
      { imageUrls: "/images/events/a.webp" },
      { cover: [await jpeg()], photos: [await jpeg()] },
    );
    const [card] = await listEvents(getDb(), "upcoming", "2026-01-01");
    expect(card!.imageSrcSet).toMatch(/^\/media\/events\/\S+-320\.webp 320w, \/media\/events\/\S+-400\.webp 400w$/);
    const page = await getEvent(getDb(), slug);
    expect(page).not.toHaveProperty("uploadedImages");
    const photo = page!.images.at(-1)!;
    expect(page!.srcSets[photo]).toContain(" 320w");
    expect(page!.srcSets["/images/events/a.webp"]).toBeUndefined();
  });

  it("shows the first photo on cards when there is no cover", async () => {
    const { slug } = await create({ imageUrls: "/images/events/a.webp\n/images/events/b.webp" });
    const [card] = await listEvents(getDb(), "upcoming", "2026-01-01");
    expect(card).toMatchObject({ slug, imageUrl: "/images/events/a.webp" });
  });
});

describe("when the storage or the database fails (issue 19, ADR 0023)", () => {
  it("refuses as unavailable when the photos cannot be stored, deleting the cover already stored", async () => {
    const logged = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    let puts = 0;
    const failing = {
      ...storage,
      async put(...args: Parameters<LocalStorage["put"]>) {
        // The cover's widths go first; the photo's first width fails.
        if (++puts > 2) throw new Error("disk full");
        return storage.put(...args);
      },
    };
    const before = await fingerprint();
    const result = await createEvent(
      getDb(),
      values(),
      { cover: [await jpeg("c.jpg")], photos: [await jpeg()] },
      actor,
      {
        storage: failing,
      },
    );
    expect(result).toMatchObject({
      ok: false,
      refusal: "unavailable",
      errors: { form: "The pictures could not be stored. Please try again." },
    });
    expect(puts).toBeGreaterThan(2);
    expect(await fingerprint()).toEqual(before);
    logged.mockRestore();
  });

  it("lets an unexpected database error through (500 from the error handler), deleting the stored pictures", async () => {
    const db = getDb();
    const before = await fingerprint();
    const spy = vi.spyOn(db, "transaction").mockRejectedValueOnce(new Error("database went away"));
    await expect(
      createEvent(db, values(), { cover: [await jpeg("c.jpg")], photos: [] }, actor, { storage }),
    ).rejects.toThrow("database went away");
    spy.mockRestore();
    expect(await fingerprint()).toEqual(before);
  });
});

describe("editing an event's pictures", () => {
  it("replaces the cover and deletes the old one's files after the commit", async () => {
    const { id } = await create({}, { cover: [await jpeg()], photos: [] });
    const first = await row(id);
    const oldKey = first.uploadedImages[0]!.key;
    const result = await updateEvent(getDb(), await edit(id), { cover: [await jpeg()], photos: [] }, actor, {
      storage,
    });
    expect(result.ok).toBe(true);
    const after = await row(id);
    expect(after.imageUrl).not.toBe(first.imageUrl);
    expect(after.uploadedImages.map((r) => r.key)).not.toContain(oldKey);
    expect(storedFiles().some((f) => f.startsWith(oldKey))).toBe(false);
    expect(storedFiles().every((f) => f.startsWith(after.uploadedImages[0]!.key))).toBe(true);
  });

  it("takes the cover away when asked, and deletes a photo's files when it is taken out of the list", async () => {
    const { id } = await create({}, { cover: [await jpeg()], photos: [await jpeg(), await jpeg()] });
    const before = await row(id);
    const [keepUrl, dropUrl] = before.images;
    const result = await updateEvent(
      getDb(),
      await edit(id, { removeImage: "1", imageUrls: keepUrl! }),
      noFiles,
      actor,
      {
        storage,
      },
    );
    expect(result.ok).toBe(true);
    const after = await row(id);
    expect(after.imageUrl).toBeNull();
    expect(after.images).toEqual([keepUrl]);
    expect(after.uploadedImages).toHaveLength(1);
    expect(new Set(storedFiles().map((f) => f.replace(/-\d+\.webp$/, "")))).toEqual(
      new Set([after.uploadedImages[0]!.key]),
    );
    expect(dropUrl).toBeDefined();
  });

  it("keeps the stored pictures when only the text changes, and writes no audit line for a save that changes nothing", async () => {
    const { id } = await create({}, { cover: [await jpeg()], photos: [] });
    const files = storedFiles();
    expect((await updateEvent(getDb(), await edit(id), noFiles, actor, { storage })).ok).toBe(true);
    const lines = await getDb().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(lines.map((l) => l.action)).toEqual(["event.created"]);
    expect(storedFiles()).toEqual(files);
  });

  it("deletes the event's uploaded files with it", async () => {
    const { id } = await create({}, { cover: [await jpeg()], photos: [await jpeg()] });
    expect(storedFiles().length).toBeGreaterThan(0);
    await deleteEvent(getDb(), id, actor, { storage });
    expect(storedFiles()).toEqual([]);
  });
});

describe("refusals write nothing", () => {
  it("refuses an edit over someone else's change, keeping theirs", async () => {
    const { id } = await create();
    const opened = await edit(id);
    await updateEvent(getDb(), { ...opened, title: "Theirs" }, noFiles, actor, { storage });
    const before = await fingerprint();
    const result = await updateEvent(
      getDb(),
      { ...opened, title: "Mine" },
      { cover: [await jpeg()], photos: [] },
      actor,
      {
        storage,
      },
    );
    expect(result).toMatchObject({ ok: false, refusal: "conflict", errors: { form: EVENT_MESSAGES.changedMeanwhile } });
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses an inactive organizer for a new event, but lets an edit keep the one it has", async () => {
    const leaver = await insertEmployee("Former Organizer", { status: "inactive" });
    const before = await fingerprint();
    const refused = await createEvent(
      getDb(),
      values({ organizerId: leaver }),
      { cover: [await jpeg()], photos: [] },
      actor,
      {
        storage,
      },
    );
    expect(refused).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: "Failed to add event: Choose an organizer from the active employees",
      errors: { organizerId: EVENT_MESSAGES.organizerUnknown },
    });
    expect(await fingerprint()).toEqual(before);

    const { id } = await create();
    await getDb().update(events).set({ organizerId: leaver }).where(eq(events.id, id));
    const kept = await updateEvent(getDb(), await edit(id, { title: "Renamed" }), noFiles, actor, { storage });
    expect(kept.ok).toBe(true);
    const choices = await organizerChoices(getDb(), leaver);
    expect(choices.find((c) => c.id === leaver)).toMatchObject({ active: false });
    expect((await organizerChoices(getDb())).some((c) => c.id === leaver)).toBe(false);
  });

  it("answers a refused picture with the spec's upload toast, naming the field", async () => {
    const before = await fingerprint();
    const text = new File(["not a picture"], "notes.jpg", { type: "image/jpeg" });
    const cover = await createEvent(getDb(), values(), { cover: [text], photos: [] }, actor, { storage });
    expect(cover).toMatchObject({
      ok: false,
      message: `Failed to upload image: ${UPLOAD_WRONG_TYPE}`,
      errors: { image: UPLOAD_WRONG_TYPE },
    });
    const empty = new File([], "empty.png");
    const photos = await createEvent(
      getDb(),
      values(),
      { cover: [await jpeg()], photos: [await jpeg(), empty] },
      actor,
      {
        storage,
      },
    );
    expect(photos).toMatchObject({ ok: false, errors: { newImages: `empty.png: ${UPLOAD_EMPTY}` } });
    expect(await fingerprint()).toEqual(before);
  });

  const malformed: [string, Partial<EventFormValues>, string, RegExp][] = [
    ["no title", { title: " " }, "title", /^Title is required$/],
    ["a title too long", { title: "x".repeat(151) }, "title", /at most 150/],
    ["a title with a line break", { title: "Expo\nNight" }, "title", /not allowed/],
    ["no description", { description: "" }, "description", /^Description is required$/],
    ["a description with control characters", { description: "Hi\u0000" }, "description", /not allowed/],
    ["no date", { date: "" }, "date", /^Date is required$/],
    ["an impossible date", { date: "2027-02-29" }, "date", /must be a date/],
    ["a date in words", { date: "next friday" }, "date", /must be a date/],
    ["no time", { time: "" }, "time", /^Time is required$/],
    ["a time past midnight", { time: "24:10" }, "time", /time of day/],
    ["a time in words", { time: "evening" }, "time", /time of day/],
    ["no location", { location: "" }, "location", /^Location is required$/],
    ["an unknown status", { status: "cancelled" }, "status", /^Choose a status$/],
    ["no organizer", { organizerId: "" }, "organizerId", /^Organizer is required$/],
    ["an organizer that is not an id", { organizerId: "boss" }, "organizerId", /active employees/],
    [
      "an organizer nobody is",
      { organizerId: "00000000-0000-4000-8000-000000000000" },
      "organizerId",
      /active employees/,
    ],
    ["a negative capacity", { capacity: "-5" }, "capacity", /whole number from 0/],
    ["a fractional capacity", { capacity: "12.5" }, "capacity", /whole number from 0/],
    ["a capacity in words", { capacity: "many" }, "capacity", /whole number from 0/],
    ["a photo address of script", { imageUrls: "javascript:alert(1)" }, "imageUrls", /https:\/\/ or \//],
    [
      "too many photos",
      { imageUrls: Array.from({ length: 21 }, (_, i) => `/images/p${i}.webp`).join("\n") },
      "imageUrls",
      /At most 20/,
    ],
  ];

  it.each(malformed)("%s", async (_name, change, field, message) => {
    const before = await fingerprint();
    const result = await createEvent(getDb(), values(change), { cover: [await jpeg()], photos: [] }, actor, {
      storage,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field]).toMatch(message);
    expect(result.message).toMatch(/^Failed to add event: /);
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses an edit without an id, of an unknown id, and a delete of either, changing nothing", async () => {
    await create();
    const before = await fingerprint();
    expect(await updateEvent(getDb(), values({ id: "" }), noFiles, actor, { storage })).toMatchObject({
      ok: false,
      message: "Failed to update event: Event ID is required for update",
    });
    expect(
      await updateEvent(getDb(), values({ id: "00000000-0000-4000-8000-000000000000" }), noFiles, actor, { storage }),
    ).toMatchObject({
      ok: false,
      refusal: "not-found",
      message: "Failed to update event: This event no longer exists",
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", null])
      expect(await deleteEvent(getDb(), id, actor, { storage })).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^Failed to delete event: /),
      });
    expect(await fingerprint()).toEqual(before);
  });
});
