import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { customers } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { PostingRefused } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import type { AuditActor } from "../audit/audit.server";
import { wakeEmailSender } from "../email/sender.server";
import { getCompanySettings } from "../settings/company-settings.server";
import { refuseFields, type Refusal } from "../use-case";
import { chargesOnlyFigures } from "./invoice-arithmetic";
import { INVOICE_MESSAGES } from "./invoice-forms";
import { issuingSeller } from "./invoice-issue-common.server";
import { pendingJobCharges } from "./invoice-job-charges.server";
import { writeInvoice, type IssueInvoiceResult } from "./issue-invoice.server";

// An invoice of a customer's damage and loss charges of jobs alone (issue 37): a customer whose quotations are
// already invoiced would otherwise wait for ever for the next invoice to carry them. Issued from the job's page. One
// transaction: the BIN checked (Settings > Company), the customer locked as a quotation's invoice locks it (a record
// merged since leads to the one kept), refused when nothing is pending, then writeInvoice as for a quotation's: all
// the customer's pending charges under that lock, each a line (VAT at the company's rate), posted to service income,
// a Mushak-6.3 on no quotation (kind charges), paid and credited like any invoice.

const FORM_FIELDS = ["customerId"];

export async function issueChargesInvoice(
  db: Db,
  actor: AuditActor,
  customerId: string,
  now: Date = new Date(),
): Promise<IssueInvoiceResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, INVOICE_MESSAGES.issueFailed, errors);
  if (!isUuid(customerId)) return failed("invalid", { customerId: INVOICE_MESSAGES.chargesCustomerRequired });
  try {
    const result = await db.transaction(async (tx): Promise<IssueInvoiceResult> => {
      const seller = await issuingSeller(tx, "invoice");
      if (!seller.ok) return failed("conflict", { form: seller.message });
      // The customer, live and locked: a record merged into another leads to the one kept (its charges are theirs).
      let id = customerId.toLowerCase();
      let customer: typeof customers.$inferSelect | undefined;
      for (let tries = 0; tries < 5; tries++) {
        [customer] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
        if (!customer) return failed("not-found", { form: INVOICE_MESSAGES.customerNotFound });
        if (!customer.mergedIntoId) break;
        id = customer.mergedIntoId;
      }
      if (!customer || customer.mergedIntoId) return failed("conflict", { form: INVOICE_MESSAGES.customerMoving });
      // Under the lock, so a quotation's invoice of this customer issued meanwhile has taken them, or waits.
      const pending = await pendingJobCharges(tx, customer.id, { lock: true });
      if (pending.length === 0)
        return failed("conflict", {
          form: INVOICE_MESSAGES.noPendingCharges(customer.organisation?.trim() || customer.name),
        });
      const company = await getCompanySettings(tx);
      const issued = await writeInvoice(tx, actor, {
        now,
        seller: seller.seller,
        customer,
        kind: "charges",
        advancePercent: null,
        quotation: null,
        deliveryAddress: null,
        quotationFigures: chargesOnlyFigures(company.vatRatePercent),
        audit: customer.id !== customerId.toLowerCase() ? { customerAsked: customerId.toLowerCase() } : {},
      });
      return {
        ok: true,
        message: INVOICE_MESSAGES.chargesIssued(issued.number, issued.charges),
        id: issued.id,
        number: issued.number,
      };
    });
    if (result.ok) wakeEmailSender();
    return result;
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: INVOICE_MESSAGES.issueFailed, fields: FORM_FIELDS });
    throw error;
  }
}
