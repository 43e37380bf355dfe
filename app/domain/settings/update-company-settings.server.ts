import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { companySettings } from "../../db/schema";
import { invalidatePublicData } from "../../lib/cache.server";
import { diffFields, recordAudit, type AuditActor } from "../audit/audit.server";
import type { SocialLinks } from "../content/constants";
import { pickQuotationTerms } from "./quotation-terms";
import { refuse, type Done, type Refused } from "../use-case";
import {
  COMPANY_SETTINGS_MESSAGES,
  parseCompanySettingsForm,
  companySettingsToFormValues,
  SOCIAL_NETWORKS,
  type CompanySettingsFormValues,
  type CompanySettingsUpdate,
} from "./company-settings";

type CompanySettingsRow = typeof companySettings.$inferSelect;

const COMPANY_ROW_ID = 1;

function missingRow(): never {
  throw new Error("company_settings is empty: run `npm run db:seed`");
}

/** The stored row in the form's shape (social links in a fixed order, blanks left out), for the form and the diff. */
function editable(row: CompanySettingsRow): CompanySettingsUpdate {
  const socialLinks: SocialLinks = {};
  for (const network of SOCIAL_NETWORKS) if (row.socialLinks[network]) socialLinks[network] = row.socialLinks[network];
  return {
    name: row.name,
    tagline: row.tagline,
    address: row.address,
    phones: row.phones,
    emails: row.emails,
    businessHours: row.businessHours.map((r) => ({ days: r.days, hours: r.hours })),
    supportNote: row.supportNote,
    socialLinks,
    notificationEmail: row.notificationEmail,
    vatRegistrationNumber: row.vatRegistrationNumber,
    vatRatePercent: row.vatRatePercent,
    ...pickQuotationTerms(row),
  };
}

/** The settings as the form shows them, read from the database (never the public cache). */
export async function loadCompanySettingsForm(
  db: DbOrTx,
): Promise<{ values: CompanySettingsFormValues; updatedAt: Date }> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, COMPANY_ROW_ID));
  if (!row) missingRow();
  return { values: companySettingsToFormValues(editable(row)), updatedAt: row.updatedAt };
}

/** Done with the fields that changed, or refused as invalid with the values as typed. */
export type UpdateCompanySettingsResult =
  Done<{ changedFields: string[] }> | (Refused & { values: CompanySettingsFormValues });

/**
 * Saves the company settings form (backoffice Settings): checks every field, and when all are valid writes
 * the changed ones and an audit line with each field's before and after, in one transaction; then the public
 * caches are cleared (here and on every other app server) so the storefront shows the change at once. Bad
 * input writes nothing and comes back with a message per field and the values as typed. A save that changes
 * nothing writes nothing.
 */
export async function updateCompanySettings(
  db: Db,
  values: CompanySettingsFormValues,
  actor: AuditActor,
): Promise<UpdateCompanySettingsResult> {
  const parsed = parseCompanySettingsForm(values);
  if (!parsed.ok) return { ...refuse("invalid", COMPANY_SETTINGS_MESSAGES.failed, parsed.errors), values };
  const next = parsed.input;

  const changedFields = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(companySettings).where(eq(companySettings.id, COMPANY_ROW_ID)).for("update");
    if (!row) missingRow();
    const changes = diffFields(editable(row), next);
    const fields = Object.keys(changes);
    if (fields.length === 0) return fields;
    await tx.update(companySettings).set(next).where(eq(companySettings.id, COMPANY_ROW_ID));
    await recordAudit(tx, actor, {
      action: "settings.company_updated",
      entityType: "company_settings",
      entityId: String(COMPANY_ROW_ID),
      summary: `Updated company settings: ${fields.join(", ")}`,
      changes,
    });
    return fields;
  });
  if (changedFields.length > 0) invalidatePublicData();
  return { ok: true, message: COMPANY_SETTINGS_MESSAGES.saved, changedFields };
}
