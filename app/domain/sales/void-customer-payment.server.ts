import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { customerPayments, customers, invoiceAllocations, invoices, taxRecords } from "../../db/schema";
import { formatMoney, formatShortDate } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { PostingRefused } from "../accounting/ledger.server";
import { lockPostedEntry, matchedLineProblem, postMirror } from "../accounting/reverse-entry.server";
import { parseVoidForm, type VoidFormValues } from "../accounting/void-form";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { assertOpenVatPeriod } from "../tax/vat-period-lock.server";
import { refuseFields, type UseCaseResult } from "../use-case";
import { CUSTOMER_PAYMENT_METHOD_LABELS } from "./constants";
import { customerCreditPaisa, lockCustomer } from "./customer-credit.server";
import { CUSTOMER_PAYMENT_VOID_MESSAGES } from "./void-customer-payment-messages";

// Void a customer payment (issue 36; DESIGN §10: nothing is undone by deleting): a cheque that bounced, a transfer
// recorded twice. Under the customer's lock (their credit and dues change) and the payment's row lock: the payment's
// entry is mirrored on the date given (not before the payment's), sourced from the payment and linked to it
// (reverses_id), each line keeping its customer; the invoices it settled owe those amounts again (their paid amounts
// go down; the allocations are kept, read as the voided payment's); the VAT and income tax the customer withheld
// (VDS, AIT) are taken off the books with it, the tax register takes its rows back in the void's period, and its VDS
// certificate no longer counts in a VAT return. The payment
// keeps the void's entry, date, who, when and why. Refused: twice; before the payment's date; when the payment's VDS
// sits in a closed VAT period (by the payment's date or its certificate's) or the void's date is in one; when what it
// put to the customer's credit has been spent since (apply less credit first); on or before the lock date (the
// ledger, on "date"); while its bank line is matched to a statement line.

export { CUSTOMER_PAYMENT_VOID_MESSAGES };

const M = CUSTOMER_PAYMENT_VOID_MESSAGES;

export type VoidCustomerPaymentResult = UseCaseResult<{ id: string; voidEntryId: string }>;

export async function voidCustomerPayment(
  db: Db,
  actor: AuditActor,
  values: VoidFormValues,
  now: Date = new Date(),
): Promise<VoidCustomerPaymentResult> {
  const parsed = parseVoidForm(values, M.idRequired);
  if (!parsed.ok) return refuseFields("invalid", M.failed, parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<VoidCustomerPaymentResult> => {
      const [found] = await tx
        .select({ customerId: customerPayments.customerId })
        .from(customerPayments)
        .where(eq(customerPayments.id, input.id));
      if (!found) return refuseFields("not-found", M.failed, { form: M.notFound });
      await lockCustomer(tx, found.customerId);
      const [payment] = await tx.select().from(customerPayments).where(eq(customerPayments.id, input.id)).for("update");
      if (!payment) return refuseFields("not-found", M.failed, { form: M.notFound });
      if (payment.voidedAt) return refuseFields("conflict", M.failed, { form: M.alreadyVoided(payment.voidDate) });
      if (input.date < payment.date) throw new PostingRefused({ date: M.beforePayment(payment.date) });
      // Its VDS was counted in the VAT return of the payment's period, or of its certificate's: a filed return keeps it.
      if (toPaisa(payment.vdsAmount) > 0n) {
        await assertOpenVatPeriod(tx, payment.date, "form");
        if (payment.vdsCertificateDate) await assertOpenVatPeriod(tx, payment.vdsCertificateDate, "form");
        await assertOpenVatPeriod(tx, input.date, "date");
      }
      const allocations = await tx
        .select({ invoiceId: invoiceAllocations.invoiceId, amount: invoiceAllocations.amount, number: invoices.number })
        .from(invoiceAllocations)
        .innerJoin(invoices, eq(invoices.id, invoiceAllocations.invoiceId))
        .where(and(eq(invoiceAllocations.customerPaymentId, payment.id), eq(invoiceAllocations.kind, "payment")))
        .orderBy(invoices.id)
        .for("update", { of: invoices });
      const allocated = allocations.reduce((sum, a) => sum + toPaisa(a.amount), 0n);
      const toCredit = toPaisa(payment.total) - allocated;
      if (toCredit > 0n) {
        const credit = await customerCreditPaisa(tx, payment.customerId);
        if (credit < toCredit)
          throw new PostingRefused({ form: M.creditSpent(fromPaisa(toCredit), fromPaisa(credit)) });
      }
      const original = await lockPostedEntry(tx, payment.journalEntryId);
      const matched = await matchedLineProblem(tx, original.id);
      if (matched) return refuseFields("conflict", M.failed, { form: matched });

      const [customer] = await tx
        .select({ name: customers.name })
        .from(customers)
        .where(eq(customers.id, payment.customerId));
      const method = CUSTOMER_PAYMENT_METHOD_LABELS[payment.method].toLowerCase();
      const what = `payment from ${customer!.name} (${method}${payment.methodReference ? ` ${payment.methodReference}` : ""}, ${formatShortDate(payment.date)})`;
      const { reversalId } = await postMirror(tx, original, {
        date: input.date,
        description: `Void of the ${what}: ${input.reason}`,
        source: { type: "customer_payment", id: payment.id },
        createdBy: actor.userId,
      });
      // The VDS and AIT it put in the tax register are taken back in the void's period, as a reversal's are.
      const taxRows = await tx
        .select()
        .from(taxRecords)
        .where(and(eq(taxRecords.sourceType, "customer_payment"), eq(taxRecords.sourceId, payment.id)));
      if (taxRows.length > 0)
        await tx.insert(taxRecords).values(
          taxRows.map((row) => ({
            transactionDate: input.date,
            accountId: row.accountId,
            taxType: row.taxType,
            kind: row.kind,
            taxRate: row.taxRate,
            taxableAmount: fromPaisa(-toPaisa(row.taxableAmount)),
            taxAmount: fromPaisa(-toPaisa(row.taxAmount)),
            referenceNo: row.referenceNo,
            description: `Void: ${row.description ?? ""}`.slice(0, 500),
            party: row.party,
            partyBin: row.partyBin,
            sourceType: "reversal" as const,
            sourceId: row.id,
            journalEntryId: reversalId,
            createdBy: actor.userId,
          })),
        );
      for (const a of allocations)
        await tx
          .update(invoices)
          .set({ paidAmount: sql`${invoices.paidAmount} - ${a.amount}::numeric`, updatedAt: now })
          .where(eq(invoices.id, a.invoiceId));
      await tx
        .update(customerPayments)
        .set({
          voidEntryId: reversalId,
          voidDate: input.date,
          voidReason: input.reason,
          voidedAt: now,
          voidedBy: actor.userId,
          updatedAt: now,
        })
        .where(eq(customerPayments.id, payment.id));
      await recordAudit(tx, actor, {
        action: "customer_payment.voided",
        entityType: "customer_payment",
        entityId: payment.id,
        summary:
          `Voided the ${what} of ${formatMoney(payment.total)} on ${formatShortDate(input.date)}: ${input.reason}` +
          (allocations.length
            ? `; ${allocations.map((a) => `${a.number} owes ${formatMoney(a.amount)} again`).join(", ")}`
            : "") +
          (toCredit > 0n ? `; ${formatMoney(fromPaisa(toCredit))} taken off the customer's credit` : ""),
        changes: {
          date: input.date,
          reason: input.reason,
          total: payment.total,
          vdsAmount: payment.vdsAmount,
          aitAmount: payment.aitAmount,
          allocations: allocations.map((a) => ({ invoiceId: a.invoiceId, amount: a.amount })),
          journalEntryId: original.id,
          voidEntryId: reversalId,
        },
      });
      return { ok: true, message: M.voided(payment.total, customer!.name), id: payment.id, voidEntryId: reversalId };
    });
  } catch (error) {
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.failed, fields: ["date", "reason"] });
    throw error;
  }
}
