import { asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.server";
import { galleryItems, heroImages, logos } from "../../db/schema";
import { invalidatePublicData } from "../../lib/cache.server";
import { getEnv } from "../../lib/env.server";
import { getLogger } from "../../lib/logger.server";
import type { Storage } from "../../lib/storage/storage";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import {
  deleteImage,
  imageFromRecord,
  imageSrcSet,
  storeImage,
  toImageRecord,
  type StoredImage,
  type StoredImageRecord,
} from "../media/images.server";
import { ImageRejectedError, readUpload } from "../media/upload";
import { refuse, type Refusal } from "../use-case";
import {
  deleteSchema,
  moveSchema,
  orderSchema,
  parseGalleryItemForm,
  parsePictureFields,
  PICTURE_LIST_ERRORS,
  PICTURE_LIST_MESSAGES,
  readGalleryItemForm,
  readPictureFields,
  type GalleryFields,
  type PictureListName,
  type Picture,
  type PictureListItem,
  type PictureListRefused,
  type PictureListResult,
} from "./picture-lists";

export type { Picture, PictureListItem, PictureListResult } from "./picture-lists";

// The use cases of the ordered picture lists (logos, hero images, the gallery): upload, delete, reorder, move one
// up or down, and change a gallery picture's caption, category and tags. Each is one transaction with its audit line; the storefront's caches are cleared after each commit, so
// the header, the home page and the gallery page show the change at once (DESIGN §9 Writes). Uploaded files go through the
// image pipeline (ADR 0012): stored before the row, deleted again if the row is not written, deleted after
// the row is. Pictures shipped under /images/ (no stored record) are never deleted. Each answers a UseCaseResult
// (app/domain/use-case.ts): the reason of a refusal, never an HTTP status; the routes dispatch the forms' intents.

const TABLES = { logos, hero: heroImages, gallery: galleryItems } as const;
type PictureTable = (typeof TABLES)[PictureListName];

/** What the audit log calls each list's rows and changes. */
const AUDIT = {
  logos: { entityType: "logo", uploaded: "logo.uploaded", deleted: "logo.deleted", reordered: "logos.reordered" },
  hero: {
    entityType: "hero_image",
    uploaded: "hero_image.uploaded",
    deleted: "hero_image.deleted",
    reordered: "hero_images.reordered",
  },
  gallery: {
    entityType: "gallery_item",
    uploaded: "gallery_item.uploaded",
    deleted: "gallery_item.deleted",
    reordered: "gallery_items.reordered",
  },
} as const;

/** What the audit log calls each list when it is reordered. */
const LIST_NAMES: Record<PictureListName, string> = { logos: "logos", hero: "hero images", gallery: "gallery" };

/** The column of each list's words beside the picture, under the name its form field has. */
const LABEL_FIELD = { logos: "name", hero: "alt", gallery: "title" } as const;

/** The picture to show for a row: its stored widths when it was uploaded, else the address it names. */
export function pictureOf(imageUrl: string, record: StoredImageRecord | null, storage?: Storage): Picture {
  if (!record) return { src: imageUrl };
  try {
    const image = imageFromRecord(record, storage);
    return { src: image.url, srcSet: imageSrcSet(image), width: image.width, height: image.height };
  } catch (error) {
    getLogger().warn({ err: error, key: record.key }, "unreadable stored image record");
    return { src: imageUrl };
  }
}

const labelColumn = (list: PictureListName) =>
  list === "logos" ? logos.name : list === "hero" ? heroImages.alt : galleryItems.title;

interface PictureRow {
  id: string;
  label: string;
  imageUrl: string;
  image: StoredImageRecord | null;
  /** A gallery picture's. */
  category?: string;
  tags?: string[];
}

/** The list's rows in order; a gallery picture's with its category and tags. */
async function selectRows(db: DbOrTx, list: PictureListName): Promise<PictureRow[]> {
  const t: PictureTable = TABLES[list];
  const columns = { id: t.id, label: labelColumn(list), imageUrl: t.imageUrl, image: t.image };
  const order = [asc(t.sortOrder), asc(t.createdAt), asc(t.id)];
  if (list !== "gallery")
    return db
      .select(columns)
      .from(t)
      .orderBy(...order);
  return db
    .select({ ...columns, category: galleryItems.category, tags: galleryItems.tags })
    .from(galleryItems)
    .orderBy(...order);
}

/** The list in its order, for the back office (never cached: it must show what was just changed). */
export async function listPictures(db: DbOrTx, list: PictureListName): Promise<PictureListItem[]> {
  return (await selectRows(db, list)).map((r) => ({
    id: r.id,
    label: r.label,
    picture: pictureOf(r.imageUrl, r.image),
    uploaded: !!r.image,
    ...(r.category ? { category: r.category, tags: r.tags } : {}),
  }));
}

/** A refusal with the list's failure toast ("Failed to upload logo"), the reason per field, and what it was about. */
const failure = (
  list: PictureListName,
  kind: "upload" | "delete" | "order",
  refusal: Refusal,
  errors: Record<string, string>,
  extra: { values?: Record<string, string>; id?: string } = {},
): PictureListRefused => {
  const messages = PICTURE_LIST_MESSAGES[list];
  const message = { upload: messages.uploadFailed, delete: messages.deleteFailed, order: messages.orderFailed }[kind];
  return { ...refuse(refusal, message, errors), ...extra };
};

function describeItem(list: PictureListName, label: string): string {
  if (list === "logos") return `the logo "${label}"`;
  if (list === "gallery") return `the gallery picture "${label}"`;
  return label ? `the hero image "${label}"` : "a hero image";
}

export interface UploadOptions {
  /** Defaults to UPLOAD_MAX_BYTES. */
  maxBytes?: number;
  storage?: Storage;
}

/**
 * Adds a picture at the end of the list from a posted form (the file in `file`, plus `name` for a logo, `alt` for
 * a hero picture, or `title`, `category` and `tags` for a gallery picture). A refused file or field stores nothing.
 */
export async function uploadPicture(
  db: Db,
  list: PictureListName,
  form: FormData,
  actor: AuditActor,
  options: UploadOptions = {},
): Promise<PictureListResult> {
  const values = readPictureFields(list, form);
  const parsed = parsePictureFields(list, values);
  const upload = await readUpload(form.get("file"), { maxBytes: options.maxBytes ?? getEnv().uploadMaxBytes });
  const errors = parsed.ok ? {} : { ...parsed.errors };
  if (!upload.ok) errors.file = upload.error;
  if (!parsed.ok || !upload.ok) return failure(list, "upload", "invalid", errors, { values });

  let image: StoredImage;
  try {
    image = await storeImage(upload.bytes, { folder: list, storage: options.storage });
  } catch (error) {
    if (error instanceof ImageRejectedError)
      return failure(list, "upload", "invalid", { file: error.message }, { values });
    // The storage failed: nothing is saved, and trying again may work.
    getLogger().error({ err: error, list }, "storing an uploaded picture failed");
    return failure(list, "upload", "unavailable", { form: PICTURE_LIST_ERRORS.storeFailed }, { values });
  }

  // The list's own fields: a logo's name, a hero picture's alt, or a gallery picture's caption, category and tags.
  const fields = parsed.input as { name?: string; alt?: string } & Partial<GalleryFields>;
  const label = fields.name ?? fields.alt ?? fields.title ?? "";
  const record = toImageRecord(image);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const t: PictureTable = TABLES[list];
      // At the end: one more than the largest position, read by the insert itself.
      const sortOrder = sql<number>`(select coalesce(max(${t.sortOrder}), -1) + 1 from ${t})`;
      const common = { imageUrl: image.url, image: record, sortOrder };
      const [row] =
        list === "logos"
          ? await tx
              .insert(logos)
              .values({ ...common, name: label })
              .returning({ id: logos.id })
          : list === "hero"
            ? await tx
                .insert(heroImages)
                .values({ ...common, alt: label })
                .returning({ id: heroImages.id })
            : await tx
                .insert(galleryItems)
                .values({ ...common, ...(fields as GalleryFields) })
                .returning({ id: galleryItems.id });
      if (!row) throw new Error("insert returned no row");
      await recordAudit(tx, actor, {
        action: AUDIT[list].uploaded,
        entityType: AUDIT[list].entityType,
        entityId: row.id,
        summary: `Uploaded ${describeItem(list, label)}`,
        changes: { ...fields, imageUrl: image.url, image: record },
      });
      return row.id;
    });
  } catch (error) {
    // The row was not written: its files must not stay behind. The database's error itself is not a refusal: it
    // propagates (500, logged once by the error handler; ADR 0023).
    await deleteImage(image, options.storage).catch((cleanup: unknown) =>
      getLogger().error({ err: cleanup, key: image.key }, "deleting the files of a picture not saved failed"),
    );
    throw error;
  }
  invalidatePublicData();
  return { ok: true, message: PICTURE_LIST_MESSAGES[list].uploaded, id };
}

/** Removes one picture: the row (and its audit line) in a transaction, then its files if it was uploaded. */
export async function deletePicture(
  db: Db,
  list: PictureListName,
  input: { id: unknown },
  actor: AuditActor,
  options: { storage?: Storage } = {},
): Promise<PictureListResult> {
  const parsed = deleteSchema.safeParse(input);
  if (!parsed.success) return failure(list, "delete", "not-found", { form: PICTURE_LIST_ERRORS.notFound });
  const { id } = parsed.data;
  const t: PictureTable = TABLES[list];
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(t)
      .where(eq(t.id, id))
      .returning({ id: t.id, label: labelColumn(list), imageUrl: t.imageUrl, image: t.image });
    if (!row) return null;
    await recordAudit(tx, actor, {
      action: AUDIT[list].deleted,
      entityType: AUDIT[list].entityType,
      entityId: row.id,
      summary: `Deleted ${describeItem(list, row.label)}`,
      changes: { [LABEL_FIELD[list]]: row.label, imageUrl: row.imageUrl, image: row.image },
    });
    return row;
  });
  if (!removed) return failure(list, "delete", "not-found", { form: PICTURE_LIST_ERRORS.notFound }, { id });
  invalidatePublicData();
  // Only files this screen stored; a picture shipped under /images/ has no record and stays.
  if (removed.image) {
    const image = removed.image;
    await deleteImage(image, options.storage).catch((error: unknown) =>
      // The row is gone: what is left is an unused file, never a row pointing at a missing one.
      getLogger().error({ err: error, key: image.key }, "deleting a removed picture's files failed"),
    );
  }
  return { ok: true, message: PICTURE_LIST_MESSAGES[list].deleted, id };
}

/** The list's ids in their order, locked until the transaction ends so no other reorder interleaves. */
async function lockedOrder(tx: Tx, list: PictureListName): Promise<{ id: string; label: string }[]> {
  const t: PictureTable = TABLES[list];
  return tx
    .select({ id: t.id, label: labelColumn(list) })
    .from(t)
    .orderBy(asc(t.sortOrder), asc(t.createdAt), asc(t.id))
    .for("update");
}

/**
 * Gives every row its position in `ids` (0, 1, 2...) in one statement: the ids travel as one array parameter,
 * numbered by `unnest ... with ordinality`, and only rows whose position changes are written.
 */
async function writeOrder(tx: Tx, list: PictureListName, ids: readonly string[]): Promise<void> {
  const t: PictureTable = TABLES[list];
  const array = `{${ids.join(",")}}`;
  await tx.execute(sql`
    update ${t} set sort_order = v.position - 1, updated_at = now()
    from unnest(${array}::uuid[]) with ordinality as v(id, position)
    where ${t.id} = v.id and ${t.sortOrder} <> v.position - 1`);
}

type OrderChange = { ids: string[] } | { error: string; refusal: Refusal };

/** Applies a new order computed from the current one (in the same transaction, under its lock). */
async function changeOrder(
  db: Db,
  list: PictureListName,
  actor: AuditActor,
  plan: (current: { id: string; label: string }[]) => OrderChange,
  summary: (current: { id: string; label: string }[]) => string,
): Promise<PictureListResult> {
  const outcome = await db.transaction(async (tx) => {
    const current = await lockedOrder(tx, list);
    const next = plan(current);
    if ("error" in next) return next;
    const before = current.map((r) => r.id);
    if (next.ids.every((id, i) => id === before[i])) return { changed: false };
    await writeOrder(tx, list, next.ids);
    await recordAudit(tx, actor, {
      action: AUDIT[list].reordered,
      entityType: AUDIT[list].entityType,
      summary: summary(current),
      changes: { order: { from: before, to: next.ids } },
    });
    return { changed: true };
  });
  if ("error" in outcome) return failure(list, "order", outcome.refusal, { form: outcome.error });
  if (outcome.changed) invalidatePublicData();
  return { ok: true, message: PICTURE_LIST_MESSAGES[list].ordered };
}

/** Saves a whole new order: exactly the list's current ids, each once, first to last. */
export function reorderPictures(
  db: Db,
  list: PictureListName,
  input: unknown,
  actor: AuditActor,
): Promise<PictureListResult> {
  const parsed = orderSchema.safeParse(input);
  if (!parsed.success) {
    return Promise.resolve(failure(list, "order", "invalid", { form: PICTURE_LIST_ERRORS.orderInvalid }));
  }
  const ids = parsed.data.map((id) => id.toLowerCase());
  return changeOrder(
    db,
    list,
    actor,
    (current) => {
      const known = new Set(current.map((r) => r.id));
      const same = ids.length === current.length && ids.every((id) => known.has(id));
      // Someone else added or deleted a picture since this page was opened.
      return same ? { ids } : { error: PICTURE_LIST_ERRORS.orderStale, refusal: "conflict" };
    },
    () => `Reordered the ${LIST_NAMES[list]}`,
  );
}

/** Swaps one picture with its neighbour above or below (the screens' buttons without JavaScript). */
export function movePicture(
  db: Db,
  list: PictureListName,
  input: { id: unknown; direction: unknown },
  actor: AuditActor,
): Promise<PictureListResult> {
  const parsed = moveSchema.safeParse(input);
  if (!parsed.success)
    return Promise.resolve(failure(list, "order", "not-found", { form: PICTURE_LIST_ERRORS.notFound }));
  const { id, direction } = parsed.data;
  const wanted = id.toLowerCase();
  let moved = "";
  return changeOrder(
    db,
    list,
    actor,
    (current) => {
      const ids = current.map((r) => r.id);
      const from = ids.indexOf(wanted);
      if (from < 0) return { error: PICTURE_LIST_ERRORS.notFound, refusal: "not-found" };
      moved = current[from]!.label;
      const to = direction === "up" ? from - 1 : from + 1;
      // Already first (or last): nothing to change.
      if (to < 0 || to >= ids.length) return { ids };
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      return { ids };
    },
    () => `Moved ${describeItem(list, moved)} ${direction}`,
  );
}

/** Changes a gallery picture's caption, category and tags (the picture stays), from its Edit dialog's form. */
export async function updateGalleryItem(db: Db, form: FormData, actor: AuditActor): Promise<PictureListResult> {
  const failed = PICTURE_LIST_MESSAGES.gallery.updateFailed!;
  const values = readGalleryItemForm(form);
  const refused = (refusal: Refusal, errors: Record<string, string>, id?: string): PictureListRefused => ({
    ...refuse(refusal, failed, errors),
    values,
    ...(id ? { id } : {}),
  });
  const idParsed = deleteSchema.safeParse({ id: form.get("id") });
  if (!idParsed.success) return refused("not-found", { form: PICTURE_LIST_ERRORS.notFound });
  const id = idParsed.data.id.toLowerCase();
  const parsed = parseGalleryItemForm(values);
  if (!parsed.ok) return refused("invalid", parsed.errors, id);
  const after = parsed.input;
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ title: galleryItems.title, category: galleryItems.category, tags: galleryItems.tags })
      .from(galleryItems)
      .where(eq(galleryItems.id, id))
      .for("update");
    if (!before) return null;
    const changes = diffFields(before, after);
    if (Object.keys(changes).length === 0) return false;
    await tx.update(galleryItems).set(after).where(eq(galleryItems.id, id));
    await recordAudit(tx, actor, {
      action: "gallery_item.updated",
      entityType: "gallery_item",
      entityId: id,
      summary: `Updated the gallery picture "${after.title}": ${Object.keys(changes).join(", ")}`,
      changes,
    });
    return true;
  });
  if (changed === null) return refused("not-found", { form: PICTURE_LIST_ERRORS.notFound }, id);
  if (changed) invalidatePublicData();
  return { ok: true, message: PICTURE_LIST_MESSAGES.gallery.updated!, id };
}
