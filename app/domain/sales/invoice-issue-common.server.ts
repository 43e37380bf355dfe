import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { accountingSettings, users } from "../../db/schema";

// What an invoice and a credit note both print and post (issue 22): who signs them (Settings > Accounting's
// signatory; when blank, the issuing user and "Authorised signatory"), and the books' days to pay.

export const DEFAULT_SIGNATORY_DESIGNATION = "Authorised signatory";

export interface DocumentSettings {
  signatoryName: string;
  signatoryDesignation: string;
  dueDays: number;
}

export async function documentSettings(
  tx: DbOrTx,
  userId: string | null,
  fallbackLabel: string,
): Promise<DocumentSettings> {
  const [settings] = await tx
    .select({
      name: accountingSettings.invoiceSignatoryName,
      designation: accountingSettings.invoiceSignatoryDesignation,
      dueDays: accountingSettings.invoiceDueDays,
    })
    .from(accountingSettings)
    .limit(1);
  let name = settings?.name.trim() ?? "";
  let designation = settings?.designation.trim() ?? "";
  if (!name) {
    const [user] = userId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)) : [];
    name = user?.name.trim() || fallbackLabel;
    designation ||= DEFAULT_SIGNATORY_DESIGNATION;
  }
  return {
    signatoryName: name,
    signatoryDesignation: designation || DEFAULT_SIGNATORY_DESIGNATION,
    dueDays: settings?.dueDays ?? 7,
  };
}
