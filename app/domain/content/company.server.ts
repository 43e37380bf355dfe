import { asc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { heroImages, logos } from "../../db/schema";
import { cachedPublicData } from "../../lib/cache.server";
import { pictureOf, type Picture } from "./picture-lists.server";

/** A picture as the storefront shows it: `imageUrl` is the plain `src`; uploaded ones add their widths. */
type ShownPicture = { imageUrl: string } & Omit<Picture, "src">;

function shown(imageUrl: string, image: Parameters<typeof pictureOf>[1]): ShownPicture {
  const { src, ...rest } = pictureOf(imageUrl, image);
  return { imageUrl: src, ...rest };
}

/** The site header's logos, in their order. */
export function listLogos(db: DbOrTx): Promise<({ id: string; name: string } & ShownPicture)[]> {
  return cachedPublicData("logos", async () => {
    const rows = await db
      .select({ id: logos.id, name: logos.name, imageUrl: logos.imageUrl, image: logos.image })
      .from(logos)
      .orderBy(asc(logos.sortOrder), asc(logos.createdAt), asc(logos.id));
    return rows.map(({ id, name, imageUrl, image }) => ({ id, name, ...shown(imageUrl, image) }));
  });
}

/** The home page's slideshow, in its order. */
export function listHeroImages(db: DbOrTx): Promise<({ id: string; alt: string } & ShownPicture)[]> {
  return cachedPublicData("hero", async () => {
    const rows = await db
      .select({ id: heroImages.id, imageUrl: heroImages.imageUrl, alt: heroImages.alt, image: heroImages.image })
      .from(heroImages)
      .orderBy(asc(heroImages.sortOrder), asc(heroImages.createdAt), asc(heroImages.id));
    return rows.map(({ id, alt, imageUrl, image }) => ({ id, alt, ...shown(imageUrl, image) }));
  });
}
