import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { inventoryItems } from "../../db/schema";
import { cachedPublicData } from "../../lib/cache.server";
import { isSlug } from "../../lib/slug";
import { srcSetsByUrl } from "../media/images.server";
import type { StoredImageRecord } from "../media/stored-image";
import { findCategory } from "./constants";

/** Archived items (deleted while quotations or packages refer to them) are not in the public catalogue. */
const listed = isNull(inventoryItems.archivedAt);

/** What a product card shows. */
const cardColumns = {
  slug: inventoryItems.slug,
  name: inventoryItems.name,
  description: inventoryItems.description,
  category: inventoryItems.category,
  tags: inventoryItems.tags,
  imageUrls: inventoryItems.imageUrls,
  price: inventoryItems.price,
  priceUnit: inventoryItems.priceUnit,
  status: inventoryItems.status,
  uploadedImages: inventoryItems.uploadedImages,
};

/**
 * A product as the pages get it: the uploaded pictures' srcsets by address (for phones), without the files'
 * bookkeeping. A card needs only its first picture's.
 */
function withSrcSets<T extends { imageUrls: string[]; uploadedImages: StoredImageRecord[] }>(
  { uploadedImages, ...row }: T,
  only?: "first",
) {
  const all = srcSetsByUrl(uploadedImages);
  const first = row.imageUrls[0];
  const srcSets = only ? (first && all[first] ? { [first]: all[first] } : {}) : all;
  return { ...row, srcSets };
}

const toCard = <T extends { imageUrls: string[]; uploadedImages: StoredImageRecord[] }>(row: T) =>
  withSrcSets(row, "first");

export type ProductCard = Awaited<ReturnType<typeof listProducts>>[number];

/**
 * The public catalogue in catalogue order, optionally of one category. A category that is not one of the
 * 14 gives an empty list (storefront.md §5), not an error.
 */
export function listProducts(db: DbOrTx, category?: string | null) {
  if (category && !findCategory(category)) return Promise.resolve([]);
  return cachedPublicData(`products:${category ?? "all"}`, async () => {
    const query = db.select(cardColumns).from(inventoryItems).$dynamic();
    query.where(
      category
        ? and(listed, eq(inventoryItems.category, category as typeof inventoryItems.$inferSelect.category))
        : listed,
    );
    return (await query.orderBy(asc(inventoryItems.sortOrder), asc(inventoryItems.name))).map(toCard);
  });
}

/** The first products of the catalogue, for Featured Equipment. */
export function listFeaturedProducts(db: DbOrTx, count = 3) {
  return cachedPublicData(`products:featured:${count}`, async () =>
    (
      await db
        .select(cardColumns)
        .from(inventoryItems)
        .where(listed)
        .orderBy(asc(inventoryItems.sortOrder), asc(inventoryItems.name))
        .limit(count)
    ).map(toCard),
  );
}

/** One product by its public id (slug), or null; a string that cannot be a slug is not looked up. */
export async function getProduct(db: DbOrTx, slug: string) {
  if (!isSlug(slug)) return null;
  return cachedPublicData(`product:${slug}`, async () => {
    const [row] = await db
      .select({
        ...cardColumns,
        source: inventoryItems.source,
        pricingHint: inventoryItems.pricingHint,
        size: inventoryItems.size,
        variations: inventoryItems.variations,
      })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.slug, slug), listed))
      .limit(1);
    return row ? withSrcSets(row) : null;
  });
}

/** Every product's public id and last change, for the sitemap. */
export function listProductSlugs(db: DbOrTx) {
  return db
    .select({ slug: inventoryItems.slug, updatedAt: inventoryItems.updatedAt })
    .from(inventoryItems)
    .where(listed)
    .orderBy(asc(inventoryItems.slug));
}

/** What the quotation form's product picker offers: items with stock, by name (storefront.md §7.1). */
export async function listQuotableProducts(db: DbOrTx) {
  const load = () =>
    db
      .select({
        id: inventoryItems.id,
        slug: inventoryItems.slug,
        name: inventoryItems.name,
        size: inventoryItems.size,
        price: inventoryItems.price,
        stock: inventoryItems.quantity,
        priceUnit: inventoryItems.priceUnit,
      })
      .from(inventoryItems)
      .where(and(listed, gt(inventoryItems.quantity, 0)))
      .orderBy(asc(inventoryItems.name));
  // The spec's read is retried once before the picker reports an error.
  try {
    return await load();
  } catch {
    return await load();
  }
}

/** The id of the item with this public id (slug), or null. */
export async function findProductIdBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.slug, slug), listed))
    .limit(1);
  return row?.id ?? null;
}
