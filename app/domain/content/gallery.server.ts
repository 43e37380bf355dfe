import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { galleryItems } from "../../db/schema";
import { cachedPublicData } from "../../lib/cache.server";
import { GALLERY_CATEGORIES, type GalleryCategoryId } from "./constants";

export function findGalleryCategory(id: string | null | undefined) {
  return GALLERY_CATEGORIES.find((c) => c.id === id);
}

/** Gallery items in gallery order, of one category or all; an unknown category gives none. */
export function listGalleryItems(db: DbOrTx, category?: string | null) {
  if (category && !findGalleryCategory(category)) return Promise.resolve([]);
  return cachedPublicData(`gallery:${category ?? "all"}`, () => {
    const query = db
      .select({
        id: galleryItems.id,
        title: galleryItems.title,
        imageUrl: galleryItems.imageUrl,
        category: galleryItems.category,
        tags: galleryItems.tags,
      })
      .from(galleryItems)
      .$dynamic();
    if (category) query.where(eq(galleryItems.category, category as GalleryCategoryId));
    return query.orderBy(asc(galleryItems.sortOrder), asc(galleryItems.title));
  });
}
