import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { invoiceAllocations, invoices } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { formatMoney } from "../../lib/format";
import { isUuid } from "../../lib/list-params";
import { fromPaisa } from "../../lib/money";
import { twoLines } from "../accounting/journal";
import { postEntry, PostingRefused, roleAccounts } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { customerCreditPaisa } from "./customer-credit.server";
import { invoiceDuePaisa } from "./invoice-due";
import { INVOICE_MESSAGES, type ApplyCreditFormValues } from "./invoice-forms";
import { lockInvoiceForChange } from "./invoice-lock.server";

// Apply credit (issue 22): the customer's credit (an advance paid before, an overpayment, a credit note's rest) set
// against what an invoice still owes, as much as both allow. Under the customer's lock and the invoice's: an
// allocation of kind credit and its own entry, Dr customer advances / Cr receivable (DESIGN §10), dated today.

export type ApplyCreditResult = UseCaseResult<{ amount: string }>;

export async function applyCustomerCredit(
  db: Db,
  actor: AuditActor,
  values: ApplyCreditFormValues,
  now: Date = new Date(),
): Promise<ApplyCreditResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, INVOICE_MESSAGES.applyCreditFailed, errors);
  const invoiceId = values.invoiceId.trim().toLowerCase();
  if (!isUuid(invoiceId)) return failed("invalid", { invoiceId: INVOICE_MESSAGES.invoiceRequired });
  const date = todayInDhaka(now);
  try {
    return await db.transaction(async (tx): Promise<ApplyCreditResult> => {
      // The customer (their credit is spent), then the invoice, still theirs.
      const locked = await lockInvoiceForChange(tx, invoiceId, { quotation: false });
      if (!locked.ok) return failed(locked.refusal, { form: locked.message });
      const invoice = locked.invoice;
      if (invoice.status === "cancelled") return failed("conflict", { form: INVOICE_MESSAGES.invoiceCancelled });
      const due = invoiceDuePaisa(invoice);
      if (due <= 0n) return failed("conflict", { form: INVOICE_MESSAGES.nothingDue });
      const credit = await customerCreditPaisa(tx, invoice.customerId);
      if (credit <= 0n) return failed("conflict", { form: INVOICE_MESSAGES.noCredit });
      const amount = credit < due ? credit : due;
      const accounts = await roleAccounts(tx, ["receivable", "customer.advances"]);
      const entryId = await postEntry(tx, {
        date,
        description: `Customer's credit applied to invoice ${invoice.number} (${invoice.buyerName})`.slice(0, 500),
        source: { type: "invoice", id: invoice.id },
        party: { kind: "customer", id: invoice.customerId },
        lines: twoLines(accounts["customer.advances"], accounts.receivable, amount, `Invoice ${invoice.number}`),
        createdBy: actor.userId,
      });
      const [allocation] = await tx
        .insert(invoiceAllocations)
        .values({
          invoiceId: invoice.id,
          kind: "credit",
          amount: fromPaisa(amount),
          date,
          journalEntryId: entryId,
          createdBy: actor.userId,
        })
        .returning({ id: invoiceAllocations.id });
      await tx
        .update(invoices)
        .set({ paidAmount: sql`${invoices.paidAmount} + ${fromPaisa(amount)}::numeric`, updatedAt: now })
        .where(eq(invoices.id, invoice.id));
      await recordAudit(tx, actor, {
        action: "invoice.credit_applied",
        entityType: "invoice",
        entityId: invoice.id,
        summary: `Applied ${formatMoney(fromPaisa(amount))} of ${invoice.buyerName}'s credit to invoice ${invoice.number}; ${formatMoney(
          fromPaisa(due - amount),
        )} left due`,
        changes: { allocationId: allocation!.id, amount: fromPaisa(amount), journalEntryId: entryId },
      });
      return {
        ok: true,
        message: INVOICE_MESSAGES.creditApplied(fromPaisa(amount), invoice.number),
        amount: fromPaisa(amount),
      };
    });
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: INVOICE_MESSAGES.applyCreditFailed, fields: ["invoiceId"] });
    throw error;
  }
}
