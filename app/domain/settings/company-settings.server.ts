import type { DbOrTx } from "../../db/client.server";
import { companySettings } from "../../db/schema";
import { cachedPublicData } from "../../lib/cache.server";

// The company's settings as every screen, e-mail and document reads them (the storefront's header and footer,
// notifications, quotations); written by Settings (update-company-settings.server.ts).

export type CompanySettings = typeof companySettings.$inferSelect;

/** The company's details; the seed makes the row, so its absence is a broken installation. */
export function getCompanySettings(db: DbOrTx): Promise<CompanySettings> {
  return cachedPublicData("company", async () => {
    const [row] = await db.select().from(companySettings).limit(1);
    if (!row) throw new Error("company_settings is empty: run `npm run db:seed`");
    return row;
  });
}
