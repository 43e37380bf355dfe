import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { galleryItems } from "../../db/schema";
import { cachedPublicData } from "../../lib/cache.server";
import { srcSetsByUrl } from "../media/images.server";
import { GALLERY_CATEGORIES, type GalleryCategoryId } from "./constants";

export function findGalleryCategory(id: string | null | undefined) {
  return GALLERY_CATEGORIES.find((c) => c.id === id);
}

/** Gallery items in gallery order, of one category or all; an unknown category gives none. */
export function listGalleryItems(db: DbOrTx, category?: string | null) {
  if (category && !findGalleryCategory(category)) return Promise.resolve([]);
  return cachedPublicData(`gallery:${category ?? "all"}`, async () => {
    const query = db
      .select({
        id: galleryItems.id,
        title: galleryItems.title,
        imageUrl: galleryItems.imageUrl,
        category: galleryItems.category,
        tags: galleryItems.tags,
        image: galleryItems.image,
      })
      .from(galleryItems)
      .$dynamic();
    if (category) query.where(eq(galleryItems.category, category as GalleryCategoryId));
    const rows = await query.orderBy(asc(galleryItems.sortOrder), asc(galleryItems.title));
    // An uploaded picture's stored widths, for phones; the bookkeeping itself stays here.
    return rows.map(({ image, ...row }) => ({
      ...row,
      srcSet: (image && srcSetsByUrl([image])[row.imageUrl]) ?? null,
    }));
  });
}
