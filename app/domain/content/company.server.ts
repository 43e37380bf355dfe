import { asc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { companySettings, heroImages, logos } from "../../db/schema";
import { cachedPublicData } from "../../lib/cache.server";

export type CompanySettings = typeof companySettings.$inferSelect;

/** The company's details; the seed makes the row, so its absence is a broken installation. */
export function getCompanySettings(db: DbOrTx): Promise<CompanySettings> {
  return cachedPublicData("company", async () => {
    const [row] = await db.select().from(companySettings).limit(1);
    if (!row) throw new Error("company_settings is empty: run `npm run db:seed`");
    return row;
  });
}

export function listLogos(db: DbOrTx) {
  return cachedPublicData("logos", () =>
    db
      .select({ id: logos.id, name: logos.name, imageUrl: logos.imageUrl })
      .from(logos)
      .orderBy(asc(logos.sortOrder), asc(logos.createdAt)),
  );
}

export function listHeroImages(db: DbOrTx) {
  return cachedPublicData("hero", () =>
    db
      .select({ id: heroImages.id, imageUrl: heroImages.imageUrl, alt: heroImages.alt })
      .from(heroImages)
      .orderBy(asc(heroImages.sortOrder), asc(heroImages.createdAt)),
  );
}
