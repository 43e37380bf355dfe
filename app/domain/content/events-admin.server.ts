import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { employees, events as t } from "../../db/schema";
import { SLUG_ATTEMPTS, uniqueSlug } from "../../db/unique-slug.server";
import { invalidatePublicData } from "../../lib/cache.server";
import { getEnv } from "../../lib/env.server";
import { isUuid, type ListPage, type StateOf } from "../../lib/list-params";
import { listOrder, pageOf, searchAny } from "../../lib/list-query.server";
import type { Storage } from "../../lib/storage/storage";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { discardImages, readUploads, storeUploads, uploadedUrl } from "../media/form-uploads.server";
import type { StoredImageRecord } from "../media/images.server";
import type { EventStatus } from "./constants";
import { EVENT_FILE_FIELDS, EVENT_MESSAGES, parseEventForm, type EventFormValues, type EventInput } from "./event-form";
import { EVENT_LIST } from "./event-list";
import { refuse, type Refusal, type Refused, type UseCaseResult } from "../use-case";
import { eventCardImage } from "./events.server";

// Event Management (backoffice.md §2; issue 11): the back office's event cards, and adding, editing and deleting an
// event. Each write is one transaction with its audit line; the storefront's caches are cleared after it commits,
// so the events pages, the event's own page and the home page's success stories show the change at once. Pictures
// follow form-uploads.server.ts: stored before the transaction, deleted again if it does not commit; those the
// event no longer shows are deleted after it commits.

export interface AdminEventCard {
  id: string;
  slug: string;
  title: string;
  date: string;
  /** HH:MM:SS, or null for an event stored without one (seed data). */
  time: string | null;
  location: string;
  /** The cover, or else the first photo; null when it has neither. */
  imageUrl: string | null;
  status: EventStatus;
  capacity: number | null;
  organizerName: string | null;
  photoCount: number;
}

const SORT_COLUMNS = { date: [t.date, t.time], title: t.title, created: t.createdAt } as const;

/** One page of events, searched by title or location, filtered by status. */
export async function listAdminEvents(
  db: DbOrTx,
  state: StateOf<typeof EVENT_LIST>,
): Promise<ListPage<AdminEventCard>> {
  const where = and(
    searchAny(state.q, [t.title, t.location]),
    state.filters.status ? eq(t.status, state.filters.status) : undefined,
  );
  return pageOf(db, EVENT_LIST, state, {
    from: t,
    where,
    rows: (limit, offset) =>
      db
        .select({
          id: t.id,
          slug: t.slug,
          title: t.title,
          date: t.date,
          time: t.time,
          location: t.location,
          imageUrl: eventCardImage,
          status: t.status,
          capacity: t.capacity,
          organizerName: employees.name,
          photoCount: sql<number>`cardinality(${t.images})`.mapWith(Number),
        })
        .from(t)
        .leftJoin(employees, eq(employees.id, t.organizerId))
        .where(where)
        .orderBy(...listOrder(SORT_COLUMNS[state.sort], state.dir, t.id))
        .limit(limit)
        .offset(offset),
  });
}

export interface OrganizerChoice {
  id: string;
  name: string;
  position: string;
  /** Only the current organizer of the event being edited can be inactive. */
  active: boolean;
}

/** Who may organize an event: the active employees, plus the event's current organizer whatever their status. */
export function organizerChoices(db: DbOrTx, currentId?: string | null): Promise<OrganizerChoice[]> {
  const current = currentId && isUuid(currentId) ? eq(employees.id, currentId.toLowerCase()) : undefined;
  return db
    .select({
      id: employees.id,
      name: employees.name,
      position: employees.position,
      active: sql<boolean>`${employees.status} = 'active'`,
    })
    .from(employees)
    .where(or(eq(employees.status, "active"), current))
    .orderBy(asc(employees.name), asc(employees.id));
}

/** A stored event as the Edit dialog shows it; null for a malformed or unknown id. */
export async function loadEventForm(db: DbOrTx, id: string): Promise<EventFormValues | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(t).where(eq(t.id, id.toLowerCase()));
  if (!row) return null;
  return {
    id: row.id,
    version: row.updatedAt.toISOString(),
    title: row.title,
    description: row.description,
    date: row.date,
    time: row.time?.slice(0, 5) ?? "",
    location: row.location,
    status: row.status,
    organizerId: row.organizerId ?? "",
    capacity: row.capacity === null ? "" : String(row.capacity),
    imageUrls: row.images.join("\n"),
    imageUrl: row.imageUrl ?? "",
    removeImage: "",
  };
}

/** The files chosen in the form: the cover (only the first file is used, as the spec says) and photos to add. */
export interface EventFiles {
  cover: File[];
  photos: File[];
}

export interface SaveEventOptions {
  storage?: Storage;
  /** Defaults to UPLOAD_MAX_BYTES. */
  maxBytes?: number;
}

/** Refused: the toast is the spec's "Failed to add event" / "Failed to update event" / "Failed to upload image". */
export type SaveEventResult = UseCaseResult<{ id: string; slug: string }>;

const PICTURE_FIELDS = new Set<string>([EVENT_FILE_FIELDS.image, EVENT_FILE_FIELDS.photos]);

function refusal(mode: "create" | "update", why: Refusal, errors: Record<string, string>): Refused {
  const [field, reason = ""] = Object.entries(errors)[0] ?? ["form", ""];
  const message = PICTURE_FIELDS.has(field)
    ? EVENT_MESSAGES.uploadFailed(reason)
    : mode === "create"
      ? EVENT_MESSAGES.addFailed(reason)
      : EVENT_MESSAGES.updateFailed(reason);
  return refuse(why, message, errors);
}

/** The form's values and files judged and the files stored (under events/), before any row is touched. */
async function prepare(
  values: EventFormValues,
  files: EventFiles,
  options: SaveEventOptions,
): Promise<
  | { ok: true; input: EventInput; cover: StoredImageRecord | null; photos: StoredImageRecord[] }
  | { ok: false; refusal: Refusal; errors: Record<string, string> }
> {
  const coverFile = files.cover.slice(0, 1);
  const parsed = parseEventForm(values, files.photos.length);
  const maxBytes = options.maxBytes ?? getEnv().uploadMaxBytes;
  const errors = parsed.ok ? {} : { ...parsed.errors };
  const coverRead = await readUploads(coverFile, maxBytes, EVENT_FILE_FIELDS.image);
  if (!coverRead.ok) Object.assign(errors, coverRead.errors);
  const photosRead = await readUploads(files.photos, maxBytes, EVENT_FILE_FIELDS.photos);
  if (!photosRead.ok) errors[EVENT_FILE_FIELDS.photos] ??= photosRead.errors[EVENT_FILE_FIELDS.photos]!;
  if (!parsed.ok || !coverRead.ok || !photosRead.ok || Object.keys(errors).length > 0)
    return { ok: false, refusal: "invalid", errors };

  const storage = options.storage;
  const cover = await storeUploads(coverRead.uploads, { folder: "events", field: EVENT_FILE_FIELDS.image, storage });
  if (!cover.ok) return cover;
  const photos = await storeUploads(photosRead.uploads, {
    folder: "events",
    field: EVENT_FILE_FIELDS.photos,
    storage,
  });
  if (!photos.ok) {
    await discardImages(cover.records, storage);
    return photos;
  }
  return { ok: true, input: parsed.input, cover: cover.records[0] ?? null, photos: photos.records };
}

/** The organizer must be an active employee; an edit may keep the one it has even if they have left since. */
async function organizerRefusal(tx: DbOrTx, organizerId: string, keep?: string | null): Promise<string | null> {
  const [row] = await tx
    .select({ status: employees.status })
    .from(employees)
    .where(eq(employees.id, organizerId))
    .for("share");
  if (row && (row.status === "active" || organizerId === keep)) return null;
  return EVENT_MESSAGES.organizerUnknown;
}

/** The columns a saved form writes (the public id and the picture bookkeeping aside). */
function columnsOf(input: EventInput, imageUrl: string | null, images: string[]) {
  return {
    title: input.title,
    description: input.description,
    date: input.date,
    time: `${input.time}:00`,
    location: input.location,
    status: input.status,
    organizerId: input.organizerId,
    capacity: input.capacity,
    imageUrl,
    images,
  };
}

type EventRow = typeof t.$inferSelect;

function shownColumns(row: EventRow) {
  return {
    title: row.title,
    description: row.description,
    date: row.date,
    time: row.time,
    location: row.location,
    status: row.status,
    organizerId: row.organizerId,
    capacity: row.capacity,
    imageUrl: row.imageUrl,
    images: row.images,
  };
}

/** The columns of a new event (its public id and picture files aside). */
export type NewEventColumns = Omit<ReturnType<typeof columnsOf>, "organizerId"> & { organizerId: string | null };

/**
 * Inserts an event with a public id (/events/<slug>) made from its title, and its audit line, in the caller's
 * transaction: the Add New Event form and a job's Make event (jobs/job-event.server.ts). A concurrent insert of the
 * same slug meets the unique index (isUniqueViolation(error, "slug")): the caller tries again, up to SLUG_ATTEMPTS,
 * and clears the public caches (invalidatePublicData) after the commit.
 */
export async function insertEvent(
  tx: DbOrTx,
  columns: NewEventColumns,
  uploadedImages: StoredImageRecord[],
  actor: AuditActor,
  summary?: (slug: string) => string,
): Promise<{ id: string; slug: string }> {
  const slug = await uniqueSlug(tx, t, t.slug, columns.title, "event");
  const [row] = await tx
    .insert(t)
    .values({ ...columns, slug, uploadedImages })
    .returning({ id: t.id });
  await recordAudit(tx, actor, {
    action: "event.created",
    entityType: "event",
    entityId: row!.id,
    summary: summary ? summary(slug) : `Added the event "${columns.title}" (${slug})`,
    changes: columns,
  });
  return { id: row!.id, slug };
}

/** Adds an event from the form. Its public id (/events/<slug>) is made from the title. */
export async function createEvent(
  db: Db,
  values: EventFormValues,
  files: EventFiles,
  actor: AuditActor,
  options: SaveEventOptions = {},
): Promise<SaveEventResult> {
  const prepared = await prepare(values, files, options);
  if (!prepared.ok) return refusal("create", prepared.refusal, prepared.errors);
  const { input, cover, photos } = prepared;
  const storage = options.storage;
  const records = [...(cover ? [cover] : []), ...photos];
  const imageUrl = cover ? uploadedUrl(cover, storage) : null;
  const images = [...input.imageUrls, ...photos.map((r) => uploadedUrl(r, storage))];

  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db.transaction(async (tx) => {
        const organizer = await organizerRefusal(tx, input.organizerId);
        if (organizer) return { ok: false as const, errors: { organizerId: organizer } };
        const row = await insertEvent(tx, columnsOf(input, imageUrl, images), records, actor);
        return { ok: true as const, ...row };
      });
      if (!outcome.ok) {
        await discardImages(records, storage);
        return refusal("create", "invalid", outcome.errors);
      }
      invalidatePublicData();
      return { ok: true, id: outcome.id, slug: outcome.slug, message: EVENT_MESSAGES.added };
    } catch (error) {
      // Events of one title added at the same moment: the loser takes the next free id.
      if (isUniqueViolation(error, "slug") && attempt < SLUG_ATTEMPTS) continue;
      // Anything else is unexpected: nothing was written; the stored pictures go, the error handler logs it (500).
      await discardImages(records, storage);
      throw error;
    }
  }
}

/**
 * Saves the Edit Event form. The public id stays when the title changes (links keep working). A form opened before
 * someone else's save is refused. A new cover replaces the old; "remove" takes it away; photos are the addresses
 * listed, then the uploaded ones. Uploaded pictures the event no longer shows are deleted after the commit.
 */
export async function updateEvent(
  db: Db,
  values: EventFormValues,
  files: EventFiles,
  actor: AuditActor,
  options: SaveEventOptions = {},
): Promise<SaveEventResult> {
  const id = values.id.trim().toLowerCase();
  if (!isUuid(id)) return refusal("update", "invalid", { form: EVENT_MESSAGES.idRequired });
  const prepared = await prepare(values, files, options);
  if (!prepared.ok) return refusal("update", prepared.refusal, prepared.errors);
  const { input, cover, photos } = prepared;
  const storage = options.storage;
  const added = [...(cover ? [cover] : []), ...photos];

  type Outcome =
    | { ok: true; slug: string; removed: StoredImageRecord[]; changed: boolean }
    | { ok: false; refusal: Refusal; errors: Record<string, string> };
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [before] = await tx.select().from(t).where(eq(t.id, id)).for("update");
      if (!before) return { ok: false, refusal: "not-found", errors: { form: EVENT_MESSAGES.notFound } };
      if (values.version !== before.updatedAt.toISOString())
        return { ok: false, refusal: "conflict", errors: { form: EVENT_MESSAGES.changedMeanwhile } };
      const organizer = await organizerRefusal(tx, input.organizerId, before.organizerId);
      if (organizer) return { ok: false, refusal: "invalid", errors: { organizerId: organizer } };

      const imageUrl = cover ? uploadedUrl(cover, storage) : input.removeImage ? null : before.imageUrl;
      const images = [...input.imageUrls, ...photos.map((r) => uploadedUrl(r, storage))];
      const shown = new Set([imageUrl, ...images]);
      const kept = before.uploadedImages.filter((r) => shown.has(uploadedUrl(r, storage)));
      const removed = before.uploadedImages.filter((r) => !kept.includes(r));
      const after = columnsOf(input, imageUrl, images);
      const changes = diffFields(shownColumns(before), after);
      if (Object.keys(changes).length === 0) return { ok: true, slug: before.slug, removed: [], changed: false };
      await tx
        .update(t)
        .set({ ...after, uploadedImages: [...kept, ...added] })
        .where(eq(t.id, id));
      await recordAudit(tx, actor, {
        action: "event.updated",
        entityType: "event",
        entityId: id,
        summary: `Updated the event "${input.title}": ${Object.keys(changes).join(", ")}`,
        changes,
      });
      return { ok: true, slug: before.slug, removed, changed: true };
    });
  } catch (error) {
    // Unexpected: nothing was written; the new pictures go, the error handler logs it (500).
    await discardImages(added, storage);
    throw error;
  }
  if (!outcome.ok) {
    await discardImages(added, storage);
    return refusal("update", outcome.refusal, outcome.errors);
  }
  await discardImages(outcome.removed, storage);
  if (outcome.changed) invalidatePublicData();
  return { ok: true, id, slug: outcome.slug, message: EVENT_MESSAGES.updated };
}

export type DeleteEventResult = UseCaseResult;

/** Deletes an event, then the files of the pictures uploaded for it. */
export async function deleteEvent(
  db: Db,
  rawId: unknown,
  actor: AuditActor,
  options: { storage?: Storage } = {},
): Promise<DeleteEventResult> {
  if (typeof rawId !== "string" || !isUuid(rawId))
    return refuse("invalid", EVENT_MESSAGES.deleteFailed("no event was chosen"));
  const id = rawId.toLowerCase();
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(t).where(eq(t.id, id)).returning();
    if (!row) return null;
    await recordAudit(tx, actor, {
      action: "event.deleted",
      entityType: "event",
      entityId: id,
      summary: `Deleted the event "${row.title}" (${row.slug})`,
      changes: shownColumns(row),
    });
    return row;
  });
  if (!removed) return refuse("not-found", EVENT_MESSAGES.deleteFailed(EVENT_MESSAGES.notFound));
  invalidatePublicData();
  await discardImages(removed.uploadedImages, options.storage);
  return { ok: true, message: EVENT_MESSAGES.deleted };
}

export type CompleteEventResult = UseCaseResult;

/**
 * Marks an event completed (the card's button on an upcoming event whose day has gone): it then shows among the
 * past events and the success stories. An event already completed is left as it is.
 */
export async function completeEvent(db: Db, rawId: unknown, actor: AuditActor): Promise<CompleteEventResult> {
  if (typeof rawId !== "string" || !isUuid(rawId))
    return refuse("invalid", EVENT_MESSAGES.updateFailed("no event was chosen"));
  const id = rawId.toLowerCase();
  const found = await db.transaction(async (tx) => {
    const [row] = await tx.select({ title: t.title, status: t.status }).from(t).where(eq(t.id, id)).for("update");
    if (!row) return false;
    if (row.status === "completed") return true;
    await tx.update(t).set({ status: "completed" }).where(eq(t.id, id));
    await recordAudit(tx, actor, {
      action: "event.updated",
      entityType: "event",
      entityId: id,
      summary: `Marked the event "${row.title}" completed`,
      changes: { status: { from: row.status, to: "completed" } },
    });
    return true;
  });
  if (!found) return refuse("not-found", EVENT_MESSAGES.updateFailed(EVENT_MESSAGES.notFound));
  invalidatePublicData();
  return { ok: true, message: EVENT_MESSAGES.updated };
}
