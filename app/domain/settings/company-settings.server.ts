import type { DbOrTx } from "../../db/client.server";
import { companySettings } from "../../db/schema";
import type { SellerDetails } from "../../db/schema/columns";
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

/**
 * The company as a document's letterhead prints it now (Settings > Company); an issued tax invoice, credit note or
 * payslip keeps these as they were when it was issued (issue 37).
 */
export async function sellerDetails(db: DbOrTx): Promise<SellerDetails> {
  const company = await getCompanySettings(db);
  return {
    name: company.name,
    address: company.address,
    phones: company.phones,
    emails: company.emails,
    vatRegistrationNumber: company.vatRegistrationNumber,
  };
}
