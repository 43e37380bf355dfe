import { eq, sql } from "drizzle-orm";
import { queryRows, type Db, type DbOrTx } from "../../db/client.server";
import { inventoryItems, inventoryPackageParts, quotationLines, jobLines } from "../../db/schema";
import { invalidatePublicData } from "../../lib/cache.server";
import { getLogger } from "../../lib/logger.server";
import type { Storage } from "../../lib/storage/storage";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuse, type UseCaseResult } from "../use-case";
import { deleteImage } from "../media/images.server";
import { packagePartsOf } from "./save-item.server";
import { itemToFormValues } from "./inventory-csv";
import { INVENTORY_MESSAGES, type ItemFormValues } from "./item-form";

// Reading one item into its edit form, and deleting, archiving and restoring items (issue 9). An item that
// quotations or packages refer to is archived instead of deleted: hidden from the storefront and the quotation
// form, kept for the quotations' history, and restorable.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface EditableItem {
  values: ItemFormValues;
  slug: string;
  archived: boolean;
}

/** The item as its edit form shows it, or null when there is none with this id. */
export async function loadItemForm(db: DbOrTx, id: string): Promise<EditableItem | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
  if (!row) return null;
  const parts = await packagePartsOf(db, id);
  return {
    slug: row.slug,
    archived: row.archivedAt !== null,
    values: { ...itemToFormValues({ ...row, parts }), id: row.id, version: row.updatedAt.toISOString() },
  };
}

export type DeleteItemResult = UseCaseResult<{ outcome: "deleted" | "archived" }>;

/**
 * Deletes an item, or archives it when a quotation line or a package refers to it (the message says which).
 * Its uploaded pictures' files go only with a real delete, after the transaction commits.
 */
export async function deleteItem(
  db: Db,
  id: string,
  actor: AuditActor,
  options: { storage?: Storage } = {},
): Promise<DeleteItemResult> {
  if (!UUID.test(id)) return refuse("invalid", INVENTORY_MESSAGES.deleteFailed("no item was chosen"));
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, id)).for("update");
    if (!row) return null;
    const [{ referenced } = { referenced: false }] = await queryRows<{ referenced: boolean }>(
      tx,
      sql`select exists (select 1 from ${quotationLines} where inventory_item_id = ${id})
              or exists (select 1 from ${inventoryPackageParts} where part_item_id = ${id})
              or exists (select 1 from ${jobLines} where inventory_item_id = ${id}) as referenced`,
    );
    if (referenced) {
      if (!row.archivedAt)
        await tx.update(inventoryItems).set({ archivedAt: new Date() }).where(eq(inventoryItems.id, id));
      await recordAudit(tx, actor, {
        action: "inventory_item.archived",
        entityType: "inventory_item",
        entityId: id,
        summary: `Archived the item "${row.name}" (${row.slug}): quotations or packages refer to it`,
      });
      return { outcome: "archived" as const, row };
    }
    await tx.delete(inventoryItems).where(eq(inventoryItems.id, id));
    await recordAudit(tx, actor, {
      action: "inventory_item.deleted",
      entityType: "inventory_item",
      entityId: id,
      summary: `Deleted the item "${row.name}" (${row.slug})`,
      changes: { name: row.name, slug: row.slug, category: row.category, price: row.price, imageUrls: row.imageUrls },
    });
    return { outcome: "deleted" as const, row };
  });
  if (!result) return refuse("not-found", INVENTORY_MESSAGES.deleteFailed(INVENTORY_MESSAGES.notFound));
  if (result.outcome === "deleted")
    await Promise.all(
      result.row.uploadedImages.map((image) =>
        deleteImage(image, options.storage).catch((error: unknown) =>
          getLogger().error({ err: error, key: image.key }, "deleting a deleted item's picture files failed"),
        ),
      ),
    );
  invalidatePublicData();
  return {
    ok: true,
    outcome: result.outcome,
    message: result.outcome === "deleted" ? INVENTORY_MESSAGES.deleted : INVENTORY_MESSAGES.archived,
  };
}

/** Brings an archived item back to the storefront and the quotation form. */
export async function restoreItem(db: Db, id: string, actor: AuditActor): Promise<UseCaseResult> {
  if (!UUID.test(id)) return refuse("not-found", INVENTORY_MESSAGES.notFound);
  const restored = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(inventoryItems)
      .set({ archivedAt: null })
      .where(sql`${inventoryItems.id} = ${id} and ${inventoryItems.archivedAt} is not null`)
      .returning({ name: inventoryItems.name, slug: inventoryItems.slug });
    if (!row) return null;
    await recordAudit(tx, actor, {
      action: "inventory_item.restored",
      entityType: "inventory_item",
      entityId: id,
      summary: `Restored the archived item "${row.name}" (${row.slug})`,
    });
    return row;
  });
  if (!restored) return refuse("not-found", INVENTORY_MESSAGES.notFound);
  invalidatePublicData();
  return { ok: true, message: INVENTORY_MESSAGES.restored };
}
