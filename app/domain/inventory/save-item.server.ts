import { asc, eq, inArray, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db/errors.server";
import { SLUG_ATTEMPTS, uniqueSlug } from "../../db/unique-slug.server";
import type { Db, DbOrTx } from "../../db/client.server";
import { inventoryItems, inventoryPackageParts, rateStructures } from "../../db/schema";
import { invalidatePublicData } from "../../lib/cache.server";
import { getEnv } from "../../lib/env.server";
import type { Storage } from "../../lib/storage/storage";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type Done, type Refusal, type Refused } from "../use-case";
import type { StoredImageRecord } from "../media/images.server";
import { discardImages, readUploads, storeUploads, uploadedUrl } from "../media/form-uploads.server";
import type { SupplierInfo } from "../catalogue/constants";
import { INVENTORY_MESSAGES, parseItemForm, type ItemFormValues, type ItemInput } from "./item-form";

// Adding and editing an inventory item (backoffice.md §2 Inventory Management; issue 9). One transaction each,
// with its audit line; the storefront's caches are cleared after. Pictures chosen in the form are stored before
// the transaction (and deleted again if it does not commit); pictures taken out of the list are deleted after it
// commits, so a failure leaves at worst an unused file, never a row pointing at a missing one.

type ItemRow = typeof inventoryItems.$inferSelect;

/** Done: the item's id and public id, and whether anything changed. Refused: with the values as typed (`message`:
 * the first problem, in words, for the toast). */
export type SaveItemResult = Done<{ id: string; slug: string; changed: boolean }> | SaveItemRefused;
export type SaveItemRefused = Refused & { values: ItemFormValues };

export interface SaveItemOptions {
  storage?: Storage;
  /** Defaults to UPLOAD_MAX_BYTES. */
  maxBytes?: number;
}

function refused(
  values: ItemFormValues,
  errors: Record<string, string>,
  refusal: Refusal = "invalid",
): SaveItemRefused {
  const message = errors.form ?? Object.values(errors)[0] ?? INVENTORY_MESSAGES.fieldsInvalid;
  return { ...refuse(refusal, message, errors), values };
}

/** Validates the values and the chosen files (bytes and type), without writing anything. */
async function checkInput(
  values: ItemFormValues,
  files: File[],
  maxBytes: number,
): Promise<{ ok: true; input: ItemInput; uploads: Uint8Array[] } | { ok: false; errors: Record<string, string> }> {
  const parsed = parseItemForm(values, files.length);
  const errors = parsed.ok ? {} : { ...parsed.errors };
  const read = await readUploads(files, maxBytes, "newImages");
  if (!read.ok) Object.assign(errors, { newImages: errors.newImages ?? read.errors.newImages });
  if (!parsed.ok || !read.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: parsed.input, uploads: read.uploads };
}

/** Stores the chosen pictures under inventory/. */
const storeItemPictures = (uploads: Uint8Array[], storage: Storage | undefined) =>
  storeUploads(uploads, { folder: "inventory", field: "newImages", storage });

/**
 * The catalogue position of an item added now: after every other (the storefront lists and features items in
 * this order, so a new item never pushes the chosen first ones aside). `offset` places a batch in file order.
 */
export function nextSortOrderSql(offset = 0) {
  return sql<number>`(select coalesce(max(sort_order), 0) + 1 + ${offset}::int from inventory_items)`;
}

/** A package's parts by public id and units per package, in their order (empty for an item that is not one). */
export function packagePartsOf(db: DbOrTx, packageItemId: string): Promise<{ slug: string; quantity: number }[]> {
  return db
    .select({ slug: inventoryItems.slug, quantity: inventoryPackageParts.quantity })
    .from(inventoryPackageParts)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryPackageParts.partItemId))
    .where(eq(inventoryPackageParts.packageItemId, packageItemId))
    .orderBy(asc(inventoryPackageParts.position));
}

type PartResolution =
  | { ok: true; parts: { partItemId: string; quantity: number; position: number }[] }
  | { ok: false; errors: Record<string, string> };

/** The package's parts by id: each must be an item that exists, is not archived, is not a package and not itself. */
async function resolveParts(tx: DbOrTx, input: ItemInput, selfId: string | null): Promise<PartResolution> {
  if (input.parts.length === 0) return { ok: true, parts: [] };
  const slugs = input.parts.map((p) => p.slug);
  const found = await tx
    .select({
      id: inventoryItems.id,
      slug: inventoryItems.slug,
      archivedAt: inventoryItems.archivedAt,
      isPackage: sql<boolean>`exists (select 1 from inventory_package_parts pp where pp.package_item_id = ${inventoryItems.id})`,
    })
    .from(inventoryItems)
    .where(inArray(inventoryItems.slug, slugs));
  const bySlug = new Map(found.map((r) => [r.slug, r]));
  const parts: { partItemId: string; quantity: number; position: number }[] = [];
  for (const [position, part] of input.parts.entries()) {
    const item = bySlug.get(part.slug);
    if (!item) return { ok: false, errors: { parts: `No item has the public id ${part.slug}` } };
    if (item.archivedAt)
      return {
        ok: false,
        errors: { parts: `${part.slug} is archived: restore it or take it out of the package` },
      };
    if (item.id === selfId) return { ok: false, errors: { parts: "A package cannot contain itself" } };
    if (item.isPackage)
      return { ok: false, errors: { parts: `${part.slug} is a package itself; list its parts instead` } };
    parts.push({ partItemId: item.id, quantity: part.quantity, position });
  }
  return { ok: true, parts };
}

/**
 * The chosen rate structure (ADR 0019) must exist; its row is locked for share until the save commits, so it
 * cannot be deleted in between. Null (the default structure) needs no row.
 */
async function rateStructureErrors(tx: DbOrTx, input: ItemInput): Promise<Record<string, string> | null> {
  if (!input.rateStructureId) return null;
  const [found] = await tx
    .select({ id: rateStructures.id })
    .from(rateStructures)
    .where(eq(rateStructures.id, input.rateStructureId))
    .for("share");
  return found ? null : { rateStructureId: "This rate structure no longer exists; choose another" };
}

/** The columns an item's input writes (parts and pictures aside). */
export function columnsOf(input: ItemInput, imageUrls: string[], uploadedImages: StoredImageRecord[]) {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    inventoryGroup: input.inventoryGroup,
    source: input.source,
    status: input.status,
    price: input.price,
    priceUnit: input.priceUnit,
    rateStructureId: input.rateStructureId,
    sdRatePercent: input.sdRatePercent,
    pricingHint: input.pricingHint,
    size: input.size,
    quantity: input.quantity,
    unitsUnderRepair: input.unitsUnderRepair,
    repairReturnDate: input.repairReturnDate,
    tags: input.tags,
    imageUrls,
    uploadedImages,
    variations: input.variations.map((v) => ({ ...v, id: v.id || crypto.randomUUID() })),
    supplierInfo: input.supplierInfo,
    purchaseRate: input.purchaseRate,
    paidAmount: input.paidAmount,
  };
}

/** What the audit log keeps of an item (pictures by address; the stored records are bookkeeping). */
export function auditView(row: Omit<ReturnType<typeof columnsOf>, "uploadedImages">, parts: unknown[]) {
  return { ...row, parts };
}

/**
 * Adds an item from the form (values as typed, the chosen picture files). The public id is made from the name.
 * Bad input writes nothing and comes back with a message per field and the values as typed.
 */
export async function createItem(
  db: Db,
  values: ItemFormValues,
  files: File[],
  actor: AuditActor,
  options: SaveItemOptions = {},
): Promise<SaveItemResult> {
  const checked = await checkInput(values, files, options.maxBytes ?? getEnv().uploadMaxBytes);
  if (!checked.ok) return refused(values, checked.errors);
  const { input } = checked;
  const stored = await storeItemPictures(checked.uploads, options.storage);
  if (!stored.ok) return refused(values, stored.errors, stored.refusal);
  const records = stored.records;
  const imageUrls = [...input.imageUrls, ...records.map((r) => uploadedUrl(r, options.storage))];

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        const parts = await resolveParts(tx, input, null);
        if (!parts.ok) return parts;
        const structureErrors = await rateStructureErrors(tx, input);
        if (structureErrors) return { ok: false as const, errors: structureErrors };
        const slug = await uniqueSlug(tx, inventoryItems, inventoryItems.slug, input.name);
        const columns = columnsOf(input, imageUrls, records);
        const [row] = await tx
          .insert(inventoryItems)
          .values({ ...columns, slug, sortOrder: nextSortOrderSql() })
          .returning({ id: inventoryItems.id });
        const id = row!.id;
        if (parts.parts.length > 0)
          await tx.insert(inventoryPackageParts).values(parts.parts.map((p) => ({ ...p, packageItemId: id })));
        const { uploadedImages: _bookkeeping, ...shown } = columns;
        await recordAudit(tx, actor, {
          action: "inventory_item.created",
          entityType: "inventory_item",
          entityId: id,
          summary: `Added the item "${input.name}" (${slug})`,
          changes: auditView({ ...shown }, input.parts),
        });
        return { ok: true as const, id, slug };
      });
      if (!result.ok) {
        await discardImages(records, options.storage);
        return refused(values, result.errors);
      }
      invalidatePublicData();
      return { ...result, changed: true, message: INVENTORY_MESSAGES.added };
    } catch (error) {
      // Each of n items of one name added at the same moment may lose the race up to n - 1 times.
      if (isUniqueViolation(error, "slug") && attempt < SLUG_ATTEMPTS) continue;
      // Anything else is unexpected: nothing was written; the stored pictures go, the error handler logs it (500).
      await discardImages(records, options.storage);
      throw error;
    }
  }
}

/**
 * Saves the edit form of item `values.id`. The public id stays as it is when the name changes (links keep
 * working). A form opened before someone else's save (its version differs) is refused, so nobody overwrites a
 * change they never saw. When every unit under repair is back (or some are, when it was under repair because all
 * of them were), an item that was under repair is available again.
 */
export async function updateItem(
  db: Db,
  values: ItemFormValues,
  files: File[],
  actor: AuditActor,
  options: SaveItemOptions = {},
): Promise<SaveItemResult> {
  const id = values.id.trim().toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
    return refused(values, { form: INVENTORY_MESSAGES.idRequired });
  const checked = await checkInput(values, files, options.maxBytes ?? getEnv().uploadMaxBytes);
  if (!checked.ok) return refused(values, checked.errors);
  const { input } = checked;
  const stored = await storeItemPictures(checked.uploads, options.storage);
  if (!stored.ok) return refused(values, stored.errors, stored.refusal);
  const newRecords = stored.records;

  type Outcome =
    | { ok: true; slug: string; changed: boolean; removed: StoredImageRecord[] }
    | { ok: false; refusal: Refusal; errors: Record<string, string> };
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [before] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, id)).for("update");
      if (!before) return { ok: false, refusal: "not-found", errors: { form: INVENTORY_MESSAGES.notFound } };
      // A post without the version it was opened at (only a crafted one) cannot prove it saw the stored item.
      if (values.version !== before.updatedAt.toISOString())
        return { ok: false, refusal: "conflict", errors: { form: INVENTORY_MESSAGES.changedMeanwhile } };
      const parts = await resolveParts(tx, input, id);
      if (!parts.ok) return { ok: false, refusal: "invalid", errors: parts.errors };
      const structureErrors = await rateStructureErrors(tx, input);
      if (structureErrors) return { ok: false, refusal: "invalid", errors: structureErrors };
      if (parts.parts.length > 0) {
        const [usedAsPart] = await tx
          .select({ id: inventoryPackageParts.packageItemId })
          .from(inventoryPackageParts)
          .where(eq(inventoryPackageParts.partItemId, id))
          .limit(1);
        if (usedAsPart)
          return {
            ok: false,
            refusal: "invalid",
            errors: { parts: "This item is a part of another package, so it cannot be a package itself" },
          };
      }

      // Pictures: the uploaded ones still listed are kept, the others go; the new ones join at the end.
      const kept = before.uploadedImages.filter((r) => input.imageUrls.includes(uploadedUrl(r, options.storage)));
      const removed = before.uploadedImages.filter((r) => !kept.includes(r));
      const imageUrls = [...input.imageUrls, ...newRecords.map((r) => uploadedUrl(r, options.storage))];

      // The status follows the workshop: an item that was under repair with units in it is available again when
      // they are all back, or when it was under repair because all its units were and now only some are.
      const someBack =
        input.unitsUnderRepair === 0 ||
        (before.unitsUnderRepair === before.quantity && input.unitsUnderRepair < input.quantity);
      const status =
        before.status === "under-repair" && before.unitsUnderRepair > 0 && someBack && input.status === "under-repair"
          ? "available"
          : input.status;
      const columns = columnsOf({ ...input, status }, imageUrls, [...kept, ...newRecords]);
      // Variations keep their ids; a new row gets one (columnsOf), so compare without the new ids.
      const previousParts = await packagePartsOf(tx, id);
      const { uploadedImages: _bookkeeping, ...shown } = columns;
      const beforeView = auditView(pickShown(before), previousParts);
      const changes = diffFields(beforeView, auditView(shown, input.parts));
      if (Object.keys(changes).length === 0) return { ok: true, slug: before.slug, changed: false, removed: [] };

      await tx.update(inventoryItems).set(columns).where(eq(inventoryItems.id, id));
      await tx.delete(inventoryPackageParts).where(eq(inventoryPackageParts.packageItemId, id));
      if (parts.parts.length > 0)
        await tx.insert(inventoryPackageParts).values(parts.parts.map((p) => ({ ...p, packageItemId: id })));
      await recordAudit(tx, actor, {
        action: "inventory_item.updated",
        entityType: "inventory_item",
        entityId: id,
        summary: `Updated the item "${input.name}": ${Object.keys(changes).join(", ")}`,
        changes,
      });
      return { ok: true, slug: before.slug, changed: true, removed };
    });
  } catch (error) {
    // Unexpected: nothing was written; the new pictures go, the error handler logs it (500).
    await discardImages(newRecords, options.storage);
    throw error;
  }
  if (!outcome.ok) {
    await discardImages(newRecords, options.storage);
    return refused(values, outcome.errors, outcome.refusal);
  }
  await discardImages(outcome.removed, options.storage);
  if (outcome.changed) invalidatePublicData();
  return { ok: true, id, slug: outcome.slug, changed: outcome.changed, message: INVENTORY_MESSAGES.updated };
}

/** The stored row in the shape columnsOf writes (without the picture bookkeeping), for the audit diff. */
export function pickShown(row: ItemRow) {
  return {
    name: row.name,
    description: row.description,
    category: row.category,
    inventoryGroup: row.inventoryGroup,
    source: row.source,
    status: row.status,
    price: row.price,
    priceUnit: row.priceUnit,
    rateStructureId: row.rateStructureId,
    sdRatePercent: row.sdRatePercent,
    pricingHint: row.pricingHint,
    size: row.size,
    quantity: row.quantity,
    unitsUnderRepair: row.unitsUnderRepair,
    repairReturnDate: row.repairReturnDate,
    tags: row.tags,
    imageUrls: row.imageUrls,
    // In the form's key order: jsonb keeps keys its own way, and the diff compares them as JSON text.
    variations: row.variations.map((v) => ({ id: v.id, name: v.name, description: v.description, status: v.status })),
    supplierInfo: row.supplierInfo && supplierInOrder(row.supplierInfo),
    purchaseRate: row.purchaseRate,
    paidAmount: row.paidAmount,
  };
}

/** Supplier details with their keys in the order itemSchema writes them. */
function supplierInOrder(info: SupplierInfo): SupplierInfo {
  const out: SupplierInfo = {};
  for (const key of ["name", "phone", "email", "notes"] as const) if (info[key] !== undefined) out[key] = info[key];
  return out;
}
