import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { creditNoteLines, creditNotes, invoices } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import type { EntryLine } from "../accounting/journal";
import { postEntry, PostingRefused } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { assertOpenVatPeriod } from "../tax/vat-period-lock.server";
import { writeTaxRecords } from "../tax/tax-register.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { wakeEmailSender } from "../email/sender.server";
import { takeDocumentNumber } from "./document-number.server";
import { creditNoteFigures } from "./invoice-arithmetic";
import { invoiceDuePaisa } from "./invoice-due";
import { INVOICE_MESSAGES, parseCreditNoteForm, type CreditNoteFormValues } from "./invoice-forms";
import { queueCreditNoteEmail } from "./invoice-email.server";
import { documentSettings, issuingSeller, salesDocumentAccounts } from "./invoice-issue-common.server";
import { lockInvoiceForChange } from "./invoice-lock.server";

// A credit note (Mushak-6.7) on an issued invoice (issue 22, DESIGN §10): takes back all of what is not yet credited
// (a cancellation) or a value before VAT up to it, with VAT at the invoice's rate, and its reason; never on an advance
// while the quotation's final invoice (which took the advance off) is in force; nor while Settings > Company has no
// BIN (issue 37). One transaction: the quotation, the customer (their credit may grow) and the invoice locked, the
// VAT period checked open, the gapless number, the credit note and its line, the entry (Dr rental income, and service
// income for the part of the invoice's damage and loss charges, Dr SD payable, Dr VAT payable / Cr receivable for
// what the invoice still owed, Cr customer advances for the rest), the invoice's credited amount raised (cancelled once the credit
// notes reach its net), the tax register's negative output VAT row, the audit line and the e-mail to the
// customer with the PDF (the outbox, in the same transaction).

export type IssueCreditNoteResult = UseCaseResult<{ id: string; number: string }>;

const FORM_FIELDS = ["invoiceId", "scope", "amount", "reason"];

export async function issueCreditNote(
  db: Db,
  actor: AuditActor,
  values: CreditNoteFormValues,
  now: Date = new Date(),
): Promise<IssueCreditNoteResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, INVOICE_MESSAGES.creditNoteFailed, errors);
  const parsed = parseCreditNoteForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  const issueDate = todayInDhaka(now);
  try {
    const result = await db.transaction(async (tx): Promise<IssueCreditNoteResult> => {
      const seller = await issuingSeller(tx, "credit_note");
      if (!seller.ok) return failed("conflict", { form: seller.message });
      // The quotation (an invoice of it issued meanwhile waits), the customer (their credit may grow), the invoice.
      const locked = await lockInvoiceForChange(tx, input.invoiceId, { quotation: true });
      if (!locked.ok) return failed(locked.refusal, { form: locked.message });
      const invoice = locked.invoice;
      if (invoice.status === "cancelled") return failed("conflict", { form: INVOICE_MESSAGES.invoiceCancelled });
      if (invoice.kind === "advance" && invoice.quotationId) {
        // The final invoice took this advance off the quotation's total: taking the advance back too would leave
        // the quotation invoiced short, and the kinds' rules refuse any invoice after a final. The final goes first.
        const [final] = await tx
          .select({ number: invoices.number })
          .from(invoices)
          .where(
            and(
              eq(invoices.quotationId, invoice.quotationId),
              eq(invoices.kind, "final"),
              eq(invoices.status, "issued"),
            ),
          )
          .limit(1);
        if (final) return failed("conflict", { form: INVOICE_MESSAGES.finalInvoiceFirst(final.number) });
      }
      const [credited] = await tx
        .select({
          net: sql<string>`coalesce(sum(${creditNotes.netAmount}), 0)::text`,
          sd: sql<string>`coalesce(sum(${creditNotes.sdAmount}), 0)::text`,
          charges: sql<string>`coalesce(sum(${creditNotes.chargesNet}), 0)::text`,
          vat: sql<string>`coalesce(sum(${creditNotes.vatAmount}), 0)::text`,
        })
        .from(creditNotes)
        .where(eq(creditNotes.invoiceId, invoice.id));
      const net = toPaisa(invoice.netAmount);
      const creditedNet = toPaisa(credited!.net);
      const netLeft = net - creditedNet;
      if (input.value !== "whole" && input.value > netLeft)
        return failed("invalid", { amount: INVOICE_MESSAGES.amountOverLeft(fromPaisa(netLeft)) });
      const figures = creditNoteFigures(
        {
          net,
          sd: toPaisa(invoice.sdAmount),
          vat: toPaisa(invoice.vatAmount),
          total: toPaisa(invoice.total),
          vatRatePercent: invoice.vatRatePercent,
          creditedNet,
          creditedSd: toPaisa(credited!.sd),
          chargesNet: toPaisa(invoice.chargesNet),
          creditedChargesNet: toPaisa(credited!.charges),
          creditedVat: toPaisa(credited!.vat),
          due: invoiceDuePaisa(invoice),
        },
        input.value,
      );
      await assertOpenVatPeriod(tx, issueDate, "form");
      // Taken back from the income the invoice credited: its charges' part from service income (issue 37).
      const rentalNet = figures.net - figures.chargesNet;
      const accounts = await salesDocumentAccounts(tx, figures);
      const settings = await documentSettings(tx, actor.userId, actor.label);
      const taken = await takeDocumentNumber(tx, "credit_note", issueDate);
      const creditNoteId = randomUUID();

      const lines: EntryLine[] = [];
      if (rentalNet > 0n)
        lines.push({
          accountId: accounts["income.rental"],
          debit: rentalNet,
          credit: 0n,
          description: "Rental income taken back",
        });
      if (figures.chargesNet > 0n)
        lines.push({
          accountId: accounts["income.service"],
          debit: figures.chargesNet,
          credit: 0n,
          description: "Damage and loss charges taken back",
        });
      if (figures.sd > 0n)
        lines.push({
          accountId: accounts["sd.payable"],
          debit: figures.sd,
          credit: 0n,
          description: "Supplementary duty",
        });
      if (figures.vat > 0n)
        lines.push({ accountId: accounts["vat.payable"], debit: figures.vat, credit: 0n, description: "Output VAT" });
      if (figures.appliedToInvoice > 0n)
        lines.push({
          accountId: accounts.receivable,
          debit: 0n,
          credit: figures.appliedToInvoice,
          description: `Invoice ${invoice.number}`,
        });
      if (figures.toCredit > 0n)
        lines.push({
          accountId: accounts["customer.advances"],
          debit: 0n,
          credit: figures.toCredit,
          description: "To the customer's credit",
        });
      const entryId = await postEntry(tx, {
        date: issueDate,
        description: `Credit note ${taken.number} on invoice ${invoice.number} to ${invoice.buyerName}`.slice(0, 500),
        reference: taken.number,
        source: { type: "credit_note", id: creditNoteId },
        party: { kind: "customer", id: invoice.customerId },
        lines,
        createdBy: actor.userId,
      });
      await tx.insert(creditNotes).values({
        id: creditNoteId,
        number: taken.number,
        seller: seller.seller,
        fiscalYear: taken.fiscalYear,
        sequence: taken.sequence,
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        issuedAt: now,
        issueDate,
        reason: input.reason,
        netAmount: fromPaisa(figures.net),
        sdAmount: fromPaisa(figures.sd),
        vatAmount: fromPaisa(figures.vat),
        total: fromPaisa(figures.total),
        chargesNet: fromPaisa(figures.chargesNet),
        appliedToInvoice: fromPaisa(figures.appliedToInvoice),
        toCredit: fromPaisa(figures.toCredit),
        signatoryName: settings.signatoryName,
        signatoryDesignation: settings.signatoryDesignation,
        journalEntryId: entryId,
        createdBy: actor.userId,
      });
      await tx.insert(creditNoteLines).values({
        creditNoteId,
        lineNo: 1,
        description: figures.whole
          ? `Invoice ${invoice.number} taken back${creditedNet > 0n ? " (the rest not yet credited)" : " in full"}: ${input.reason}`
          : `Part of invoice ${invoice.number} taken back: ${input.reason}`,
        value: fromPaisa(figures.net),
        sdAmount: fromPaisa(figures.sd),
        vatRatePercent: invoice.vatRatePercent,
        vatAmount: fromPaisa(figures.vat),
      });
      await tx
        .update(invoices)
        .set({
          creditedAmount: sql`${invoices.creditedAmount} + ${fromPaisa(figures.appliedToInvoice)}::numeric`,
          status: figures.whole ? "cancelled" : "issued",
          updatedAt: now,
        })
        .where(eq(invoices.id, invoice.id));
      await writeTaxRecords(tx, [
        {
          date: issueDate,
          kind: "output_vat",
          accountId: accounts["vat.payable"],
          rate: invoice.vatRatePercent,
          taxableAmount: fromPaisa(-(figures.net + figures.sd)),
          taxAmount: fromPaisa(-figures.vat),
          reference: taken.number,
          description: `Credit note ${taken.number} on invoice ${invoice.number}`,
          party: invoice.buyerName,
          partyBin: invoice.buyerBin,
          source: { type: "credit_note", id: creditNoteId },
          journalEntryId: entryId,
          createdBy: actor.userId,
        },
      ]);
      await recordAudit(tx, actor, {
        action: "credit_note.issued",
        entityType: "invoice",
        entityId: invoice.id,
        summary:
          `Issued credit note ${taken.number} on invoice ${invoice.number} (${invoice.buyerName}) for ${formatMoney(
            fromPaisa(figures.total),
          )}${figures.whole ? ", cancelling it" : ""}: ${input.reason}`.slice(0, 1000),
        changes: {
          creditNoteId,
          number: taken.number,
          net: fromPaisa(figures.net),
          ...(figures.sd !== 0n ? { sd: fromPaisa(figures.sd) } : {}),
          vat: fromPaisa(figures.vat),
          total: fromPaisa(figures.total),
          appliedToInvoice: fromPaisa(figures.appliedToInvoice),
          toCredit: fromPaisa(figures.toCredit),
          reason: input.reason,
          journalEntryId: entryId,
        },
      });
      await queueCreditNoteEmail(tx, creditNoteId);
      return {
        ok: true,
        message: INVOICE_MESSAGES.creditNoteIssued(taken.number, invoice.number),
        id: creditNoteId,
        number: taken.number,
      };
    });
    if (result.ok) wakeEmailSender();
    return result;
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: INVOICE_MESSAGES.creditNoteFailed, fields: FORM_FIELDS });
    throw error;
  }
}
