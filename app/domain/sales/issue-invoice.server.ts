import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import {
  customers,
  invoiceAllocations,
  invoiceLines,
  invoices,
  jobCharges,
  quotationRevisions,
  quotations,
} from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import type { EntryLine } from "../accounting/journal";
import { postEntry, PostingRefused, roleAccounts } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { addDays } from "../dashboard/periods";
import { quotationReference } from "../quotations/reference";
import { assertOpenVatPeriod } from "../tax/vat-period-lock.server";
import { writeTaxRecords } from "../tax/tax-register.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { wakeEmailSender } from "../email/sender.server";
import { INVOICE_KIND_LABELS } from "./constants";
import { customerCreditPaisa } from "./customer-credit.server";
import { takeDocumentNumber } from "./document-number.server";
import {
  advanceInvoiceFigures,
  finalInvoiceFigures,
  fullInvoiceFigures,
  INVOICE_ARITHMETIC_MESSAGES,
  invoiceKindRules,
  parseAdvancePercent,
  percentLabel,
  type InvoiceFigures,
  withJobCharges,
} from "./invoice-arithmetic";
import { chargeLinesOf, pendingJobCharges } from "./invoice-job-charges.server";
import { INVOICE_MESSAGES, parseIssueInvoiceForm, type IssueInvoiceFormValues } from "./invoice-forms";
import { queueInvoiceEmail } from "./invoice-email.server";
import { documentSettings, issuingSeller } from "./invoice-issue-common.server";
import { ensureQuotationCustomer } from "./quotation-customer.server";

// Issue a tax invoice (Mushak-6.3) on an approved quotation (issue 22, DESIGN §10): full, an advance of a percentage,
// or the final one less the advances. Refused, writing nothing, while Settings > Company has no BIN (issue 37). One
// transaction: the quotation's row locked (a second invoice on it waits, then
// sees this one), its customer record made if it was approved before customers existed (or, when that record was
// merged into another, the quotation moved to the record kept), the customer locked (their credit is spent here), the
// VAT period checked open, the gapless number taken (given back by a rollback), the invoice and its lines written,
// the entry posted (Dr receivable / Cr rental income, Cr SD payable, Cr VAT payable), the customer's credit applied in the same
// entry (Dr customer advances / Cr receivable), the tax register's output VAT row and the audit line, and the e-mail
// to the customer with the PDF (the outbox, in the same transaction). The customer's pending damage and loss charges
// of jobs (issue 26) are lines of it, taken under the customer's lock and marked with the invoice and their line.

export type IssueInvoiceResult = UseCaseResult<{ id: string; number: string }>;

const FORM_FIELDS = ["quotationId", "kind", "advancePercent"];

/**
 * The quotation's invoices as the arithmetic needs them, in the order issued: net and VAT are the quotation's part,
 * less any damage charges of jobs the invoice carried (issue 26), so a final invoice nets only what was advanced;
 * the SD is all the quotation's (a charge carries none).
 */
export async function quotationInvoices(tx: Tx | Db, quotationId: string) {
  const rows = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      status: invoices.status,
      advancePercent: invoices.advancePercent,
      net: invoices.netAmount,
      sd: invoices.sdAmount,
      vat: invoices.vatAmount,
      total: invoices.total,
    })
    .from(invoices)
    .where(eq(invoices.quotationId, quotationId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
  const charged = await chargeLinesOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    net: fromPaisa(toPaisa(r.net) - toPaisa(charged.get(r.id)?.value ?? "0")),
    vat: fromPaisa(toPaisa(r.vat) - toPaisa(charged.get(r.id)?.vat ?? "0")),
    live: r.status === "issued",
    advancePercentHundredths: r.advancePercent === null ? null : toPaisa(r.advancePercent),
  }));
}

export async function issueInvoice(
  db: Db,
  actor: AuditActor,
  values: IssueInvoiceFormValues,
  now: Date = new Date(),
): Promise<IssueInvoiceResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, INVOICE_MESSAGES.issueFailed, errors);
  const parsed = parseIssueInvoiceForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  const issueDate = todayInDhaka(now);
  try {
    const result = await db.transaction(async (tx): Promise<IssueInvoiceResult> => {
      // No BIN, no tax invoice: refused before anything (the quotation's customer record included) is written.
      const seller = await issuingSeller(tx, "invoice");
      if (!seller.ok) return failed("conflict", { form: seller.message });
      // The lock: a second invoice on this quotation waits here, then reads this one's invoice.
      const [quotation] = await tx.select().from(quotations).where(eq(quotations.id, input.quotationId)).for("update");
      if (!quotation) return failed("not-found", { form: INVOICE_MESSAGES.quotationNotFound });
      if (quotation.status !== "approved")
        return failed("conflict", { form: INVOICE_MESSAGES.notApproved(quotation.status) });
      if (quotation.revision < 1) return failed("conflict", { form: INVOICE_MESSAGES.noRevision });
      const [revision] = await tx
        .select()
        .from(quotationRevisions)
        .where(
          and(eq(quotationRevisions.quotationId, quotation.id), eq(quotationRevisions.revision, quotation.revision)),
        );
      if (!revision) return failed("conflict", { form: INVOICE_MESSAGES.noRevision });

      const earlier = await quotationInvoices(tx, quotation.id);
      const rules = invoiceKindRules(
        earlier.map((i) => ({ kind: i.kind, advancePercent: i.advancePercentHundredths, live: i.live })),
      );
      const kindRefused = rules.refused[input.kind];
      if (kindRefused) return failed("conflict", { kind: kindRefused });
      const reference = quotationReference(quotation.id);
      let quotationFigures: InvoiceFigures;
      if (input.kind === "advance") {
        const percent = parseAdvancePercent(values.advancePercent, rules.advanced);
        if (!percent.ok) return failed("invalid", { advancePercent: percent.message });
        quotationFigures = advanceInvoiceFigures(revision, percent.hundredths, {
          percentLabel: percentLabel(percent.hundredths),
          quotationReference: reference,
          eventName: quotation.eventName,
        });
        if (quotationFigures.total <= 0n)
          return failed("invalid", { advancePercent: INVOICE_ARITHMETIC_MESSAGES.zeroAdvance });
      } else if (input.kind === "final") {
        quotationFigures = finalInvoiceFigures(
          revision,
          earlier
            .filter((i) => i.live && i.kind === "advance")
            .map((i) => ({ number: i.number, net: toPaisa(i.net), sd: toPaisa(i.sd), vat: toPaisa(i.vat) })),
        );
        if (quotationFigures.total <= 0n) return failed("conflict", { kind: INVOICE_ARITHMETIC_MESSAGES.zeroFinal });
      } else {
        quotationFigures = fullInvoiceFigures(revision);
        if (quotationFigures.total <= 0n) return failed("conflict", { kind: INVOICE_ARITHMETIC_MESSAGES.zeroFinal });
      }

      // The quotation's customer, live and locked: ensureQuotationCustomer leads from a merged record to the one kept
      // (relinking the quotation); a merge of that one committed before our lock is followed the same way.
      const linkedId = quotation.customerId;
      let customer: typeof customers.$inferSelect | undefined;
      for (let tries = 0; tries < 5 && (!customer || customer.mergedIntoId); tries++) {
        const id = await ensureQuotationCustomer(tx, quotation.id, actor.userId);
        [customer] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
        if (!customer) return failed("conflict", { form: INVOICE_MESSAGES.customerGone });
      }
      if (!customer || customer.mergedIntoId) return failed("conflict", { form: INVOICE_MESSAGES.customerMoving });
      const customerId = customer.id;
      // Under the customer's lock: a second invoice of this customer waits, then finds these charges taken.
      const charges = await pendingJobCharges(tx, customerId, { lock: true });
      const figures = withJobCharges(quotationFigures, charges);
      await assertOpenVatPeriod(tx, issueDate, "form");
      const accounts = await roleAccounts(tx, [
        "receivable",
        "income.rental",
        "vat.payable",
        "customer.advances",
        // SD payable only when there is SD to post: books without the role still invoice rental.
        ...(figures.sd !== 0n ? (["sd.payable"] as const) : []),
      ]);
      const settings = await documentSettings(tx, actor.userId, actor.label);
      const taken = await takeDocumentNumber(tx, "invoice", issueDate);
      const invoiceId = randomUUID();
      const buyerName = customer.organisation?.trim() || customer.name;

      const credit = await customerCreditPaisa(tx, customerId);
      const applied = credit < figures.total ? credit : figures.total;
      const lines: EntryLine[] = [
        { accountId: accounts.receivable, debit: figures.total, credit: 0n, description: `Invoice ${taken.number}` },
      ];
      if (figures.net - figures.chargesNet > 0n)
        lines.push({
          accountId: accounts["income.rental"],
          debit: 0n,
          credit: figures.net - figures.chargesNet,
          description: "Rental income",
        });
      if (figures.chargesNet > 0n)
        lines.push({
          accountId: accounts["income.rental"],
          debit: 0n,
          credit: figures.chargesNet,
          description: "Damage and loss charges",
        });
      if (figures.sd > 0n)
        lines.push({
          accountId: accounts["sd.payable"],
          debit: 0n,
          credit: figures.sd,
          description: "Supplementary duty",
        });
      if (figures.vat > 0n)
        lines.push({ accountId: accounts["vat.payable"], debit: 0n, credit: figures.vat, description: "Output VAT" });
      if (applied > 0n)
        lines.push(
          {
            accountId: accounts["customer.advances"],
            debit: applied,
            credit: 0n,
            description: "Customer's credit applied",
          },
          { accountId: accounts.receivable, debit: 0n, credit: applied, description: "Customer's credit applied" },
        );
      const entryId = await postEntry(tx, {
        date: issueDate,
        description: `${INVOICE_KIND_LABELS[input.kind]} ${taken.number} to ${buyerName}`.slice(0, 500),
        reference: taken.number,
        source: { type: "invoice", id: invoiceId },
        party: { kind: "customer", id: customerId },
        lines,
        createdBy: actor.userId,
      });

      await tx.insert(invoices).values({
        id: invoiceId,
        number: taken.number,
        seller: seller.seller,
        eventName: quotation.eventName,
        fiscalYear: taken.fiscalYear,
        sequence: taken.sequence,
        kind: input.kind,
        advancePercent: input.kind === "advance" ? fromPaisa(input.advancePercent!) : null,
        quotationId: quotation.id,
        quotationRevision: revision.revision,
        customerId,
        issuedAt: now,
        issueDate,
        dueDate: addDays(issueDate, settings.dueDays),
        buyerName,
        buyerBin: customer.bin,
        buyerAddress: customer.address,
        deliveryAddress: quotation.eventLocation,
        netAmount: fromPaisa(figures.net),
        sdAmount: fromPaisa(figures.sd),
        vatAmount: fromPaisa(figures.vat),
        total: fromPaisa(figures.total),
        vatRatePercent: figures.vatRatePercent,
        paidAmount: fromPaisa(applied),
        signatoryName: settings.signatoryName,
        signatoryDesignation: settings.signatoryDesignation,
        journalEntryId: entryId,
        createdBy: actor.userId,
      });
      const lineIds = await tx
        .insert(invoiceLines)
        .values(
          figures.lines.map((l, i) => ({
            invoiceId,
            lineNo: i + 1,
            description: l.description,
            unitOfSupply: l.unitOfSupply,
            quantity: l.quantity,
            days: l.days,
            unitPrice: l.unitPrice,
            value: fromPaisa(l.value),
            sdRatePercent: l.sdRatePercent,
            sdAmount: fromPaisa(l.sd),
            vatRatePercent: figures.vatRatePercent,
            vatAmount: fromPaisa(l.vat),
          })),
        )
        .returning({ id: invoiceLines.id, lineNo: invoiceLines.lineNo });
      // The charges are the last lines, in the order taken.
      const firstChargeLine = figures.lines.length - charges.length + 1;
      for (const [i, charge] of charges.entries()) {
        const line = lineIds.find((l) => l.lineNo === firstChargeLine + i)!;
        await tx.update(jobCharges).set({ invoiceId, invoiceLineId: line.id }).where(eq(jobCharges.id, charge.id));
      }
      if (applied > 0n)
        await tx.insert(invoiceAllocations).values({
          invoiceId,
          kind: "credit",
          amount: fromPaisa(applied),
          date: issueDate,
          journalEntryId: entryId,
          createdBy: actor.userId,
        });
      await writeTaxRecords(tx, [
        {
          date: issueDate,
          kind: "output_vat",
          accountId: accounts["vat.payable"],
          rate: figures.vatRatePercent,
          // What the VAT is charged on: the value and the SD (issue 37).
          taxableAmount: fromPaisa(figures.net + figures.sd),
          taxAmount: fromPaisa(figures.vat),
          reference: taken.number,
          description: `${INVOICE_KIND_LABELS[input.kind]} ${taken.number}`,
          party: buyerName,
          partyBin: customer.bin,
          source: { type: "invoice", id: invoiceId },
          journalEntryId: entryId,
          createdBy: actor.userId,
        },
      ]);
      await recordAudit(tx, actor, {
        action: "invoice.issued",
        entityType: "invoice",
        entityId: invoiceId,
        summary: `Issued ${INVOICE_KIND_LABELS[input.kind].toLowerCase()} ${taken.number} to ${buyerName} for ${formatMoney(
          fromPaisa(figures.total),
        )} on quotation ${reference}${
          charges.length ? `, with ${charges.length} damage charge${charges.length === 1 ? "" : "s"} of jobs` : ""
        }${applied > 0n ? `; ${formatMoney(fromPaisa(applied))} of their credit applied` : ""}`,
        changes: {
          number: taken.number,
          kind: input.kind,
          advancePercent: input.advancePercent === null ? null : fromPaisa(input.advancePercent),
          quotationId: quotation.id,
          revision: revision.revision,
          customerId,
          ...(linkedId && customerId !== linkedId ? { quotationCustomerWas: linkedId } : {}),
          net: fromPaisa(figures.net),
          ...(figures.sd !== 0n ? { sd: fromPaisa(figures.sd) } : {}),
          vat: fromPaisa(figures.vat),
          total: fromPaisa(figures.total),
          creditApplied: fromPaisa(applied),
          ...(charges.length
            ? { jobCharges: charges.map((c) => c.id), jobChargesNet: fromPaisa(figures.chargesNet) }
            : {}),
          journalEntryId: entryId,
        },
      });
      // The e-mail with its PDF, kept only with the invoice.
      await queueInvoiceEmail(tx, invoiceId);
      return { ok: true, message: INVOICE_MESSAGES.issued(taken.number), id: invoiceId, number: taken.number };
    });
    if (result.ok) wakeEmailSender();
    return result;
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: INVOICE_MESSAGES.issueFailed, fields: FORM_FIELDS });
    throw error;
  }
}
