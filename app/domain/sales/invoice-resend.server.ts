import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { invoices } from "../../db/schema";
import { isUuid } from "../../lib/list-params";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { wakeEmailSender } from "../email/sender.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { queueInvoiceEmail } from "./invoice-email.server";
import { INVOICE_MESSAGES } from "./invoice-forms";

// Resend (issue 22): the invoice's e-mail, with its PDF, queued again in the outbox (the customer lost it, or the
// address was corrected on the customer record), with the audit line.

export const RESEND_MESSAGES = {
  queued: (number: string, to: string) => `Invoice ${number} queued to be e-mailed to ${to} again`,
  failed: (reason: string) => `Failed to resend the invoice: ${reason}`,
} as const;

export async function resendInvoiceEmail(
  db: Db,
  actor: AuditActor,
  values: { invoiceId: string },
): Promise<UseCaseResult<{ emailId: string }>> {
  const invoiceId = values.invoiceId.trim().toLowerCase();
  if (!isUuid(invoiceId))
    return refuseFields("invalid", RESEND_MESSAGES.failed, { invoiceId: INVOICE_MESSAGES.invoiceRequired });
  const result = await db.transaction(async (tx): Promise<UseCaseResult<{ emailId: string }>> => {
    const [invoice] = await tx
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (!invoice) return refuseFields("not-found", RESEND_MESSAGES.failed, { form: INVOICE_MESSAGES.invoiceNotFound });
    const { id: emailId } = await queueInvoiceEmail(tx, invoice.id);
    const [email] = await tx.query.emailOutbox.findMany({ where: (e, { eq: is }) => is(e.id, emailId), limit: 1 });
    const to = email?.toAddress ?? "";
    await recordAudit(tx, actor, {
      action: "invoice.resent",
      entityType: "invoice",
      entityId: invoice.id,
      summary: `Queued invoice ${invoice.number} to be e-mailed to ${to} again`,
      changes: { emailId },
    });
    return { ok: true, message: RESEND_MESSAGES.queued(invoice.number, to), emailId };
  });
  if (result.ok) wakeEmailSender();
  return result;
}
