import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import { accountingSettings, users } from "../../db/schema";
import type { SellerDetails } from "../../db/schema/columns";
import { roleAccounts } from "../accounting/ledger.server";
import { sellerDetails } from "../settings/company-settings.server";
import { INVOICE_MESSAGES } from "./invoice-forms";

// What an invoice and a credit note both print and post (issue 22): the seller as Settings > Company hold it, which
// must have its BIN (issue 37); who signs them (Settings > Accounting's signatory; when blank, the issuing user and
// "Authorised signatory"), and the books' days to pay.

export type IssuingSeller = { ok: true; seller: SellerDetails } | { ok: false; message: string };

/**
 * The seller a tax invoice or credit note is issued as, frozen on it; refused while its BIN is blank (issue 37): a
 * Mushak-6.3 or 6.7 without the seller's BIN is no tax document, and the buyer could not claim its VAT.
 */
export async function issuingSeller(db: DbOrTx, document: "invoice" | "credit_note"): Promise<IssuingSeller> {
  const seller = await sellerDetails(db);
  if (seller.vatRegistrationNumber.trim() === "")
    return {
      ok: false,
      message: INVOICE_MESSAGES.sellerBinMissing(document === "invoice" ? "tax invoice" : "credit note"),
    };
  return { ok: true, seller: { ...seller, vatRegistrationNumber: seller.vatRegistrationNumber.trim() } };
}

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

/**
 * The accounts an invoice or a credit note posts to: receivable, VAT payable and customer advances, and rental
 * income, service income (job charges, issue 37) and SD payable only when it has some to post (a charges invoice has
 * no rental, a rental no SD).
 */
export function salesDocumentAccounts(tx: DbOrTx, figures: { net: bigint; chargesNet: bigint; sd: bigint }) {
  return roleAccounts(tx, [
    "receivable",
    "vat.payable",
    "customer.advances",
    ...(figures.net - figures.chargesNet !== 0n ? (["income.rental"] as const) : []),
    ...(figures.chargesNet !== 0n ? (["income.service"] as const) : []),
    ...(figures.sd !== 0n ? (["sd.payable"] as const) : []),
  ]);
}
