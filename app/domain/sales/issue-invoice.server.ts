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
import { postEntry, PostingRefused } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { addDays } from "../dashboard/periods";
import { quotationReference } from "../quotations/reference";
import { assertOpenVatPeriod } from "../tax/vat-period-lock.server";
import { writeTaxRecords } from "../tax/tax-register.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import { wakeEmailSender } from "../email/sender.server";
import type { SellerDetails } from "../../db/schema/columns";
import { INVOICE_KIND_LABELS, isQuotationInvoiceKind, type InvoiceKind } from "./constants";
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
import { documentSettings, issuingSeller, salesDocumentAccounts } from "./invoice-issue-common.server";
import { ensureQuotationCustomer } from "./quotation-customer.server";

// Issue a tax invoice (Mushak-6.3) on an approved quotation (issue 22, DESIGN §10): full, an advance of a percentage,
// or the final one less the advances. Refused, writing nothing, while Settings > Company has no BIN (issue 37). One
// transaction: the quotation's row locked (a second invoice on it waits, then sees this one), its customer record
// made if it was approved before customers existed (or, when that record was merged into another, the quotation
// moved to the record kept), the customer locked (their credit is spent here), then writeInvoice: the customer's
// pending damage and loss charges of jobs (issue 26) taken as its last lines under that lock, the VAT period checked
// open, the gapless number taken (given back by a rollback), the entry posted (Dr receivable / Cr rental income, Cr
// service income for the charges, Cr SD payable, Cr VAT payable; the customer's credit applied in it: Dr customer
// advances / Cr receivable), the invoice and its lines, the tax register's output VAT row, the audit line and the
// e-mail to the customer with the PDF (the outbox, in the same transaction). An invoice of the charges alone
// (issue-charges-invoice.server.ts) is written by the same writeInvoice.

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
  return rows.flatMap((r) => {
    if (!isQuotationInvoiceKind(r.kind)) return [];
    return [
      {
        ...r,
        kind: r.kind,
        net: fromPaisa(toPaisa(r.net) - toPaisa(charged.get(r.id)?.value ?? "0")),
        vat: fromPaisa(toPaisa(r.vat) - toPaisa(charged.get(r.id)?.vat ?? "0")),
        live: r.status === "issued",
        advancePercentHundredths: r.advancePercent === null ? null : toPaisa(r.advancePercent),
      },
    ];
  });
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
      let customer: CustomerRow | undefined;
      for (let tries = 0; tries < 5 && (!customer || customer.mergedIntoId); tries++) {
        const id = await ensureQuotationCustomer(tx, quotation.id, actor.userId);
        [customer] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
        if (!customer) return failed("conflict", { form: INVOICE_MESSAGES.customerGone });
      }
      if (!customer || customer.mergedIntoId) return failed("conflict", { form: INVOICE_MESSAGES.customerMoving });
      const issued = await writeInvoice(tx, actor, {
        now,
        seller: seller.seller,
        customer,
        kind: input.kind,
        advancePercent: input.advancePercent,
        quotation: { id: quotation.id, revision: revision.revision, reference, eventName: quotation.eventName },
        deliveryAddress: quotation.eventLocation,
        quotationFigures,
        audit: linkedId && customer.id !== linkedId ? { quotationCustomerWas: linkedId } : {},
      });
      return { ok: true, message: INVOICE_MESSAGES.issued(issued.number), id: issued.id, number: issued.number };
    });
    if (result.ok) wakeEmailSender();
    return result;
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: INVOICE_MESSAGES.issueFailed, fields: FORM_FIELDS });
    throw error;
  }
}

type CustomerRow = typeof customers.$inferSelect;

/** What an invoice is issued as, its figures before the customer's pending charges are added. */
export interface InvoiceToIssue {
  now: Date;
  /** Settings > Company as issued (issuingSeller: its BIN checked). */
  seller: SellerDetails;
  /** The buyer, its row locked for update by the caller, live (not merged). */
  customer: CustomerRow;
  kind: InvoiceKind;
  /** Hundredths of a percent, on an advance. */
  advancePercent: bigint | null;
  /** The quotation invoiced; null on a charges invoice. */
  quotation: { id: string; revision: number; reference: string; eventName: string } | null;
  deliveryAddress: string | null;
  /** The quotation's part (no line on a charges invoice). */
  quotationFigures: InvoiceFigures;
  /** More for the audit line's changes. */
  audit: Record<string, unknown>;
}

/**
 * The issue of a tax invoice once its quotation part is known, under the customer's lock (issue 22; the charges, issue
 * 26 and 37): the customer's pending damage and loss charges taken as its last lines (a second invoice of this
 * customer waits for the lock, then finds them taken), the VAT period checked open, the gapless number, the entry
 * (Dr receivable / Cr rental income, Cr service income for the charges, Cr SD payable, Cr VAT payable; the customer's
 * credit applied in it), the invoice, its lines, the charges marked with their line, the output VAT row, the audit line
 * and the e-mail with its PDF. Refusals of the ledger's throw PostingRefused; the caller's transaction rolls back.
 */
export async function writeInvoice(
  tx: Tx,
  actor: AuditActor,
  input: InvoiceToIssue,
): Promise<{ id: string; number: string; charges: number }> {
  const { now, customer, kind, quotation } = input;
  const issueDate = todayInDhaka(now);
  const customerId = customer.id;
  const charges = await pendingJobCharges(tx, customerId, { lock: true });
  const figures = withJobCharges(input.quotationFigures, charges);
  await assertOpenVatPeriod(tx, issueDate, "form");
  const rentalNet = figures.net - figures.chargesNet;
  const accounts = await salesDocumentAccounts(tx, figures);
  const settings = await documentSettings(tx, actor.userId, actor.label);
  const taken = await takeDocumentNumber(tx, "invoice", issueDate);
  const invoiceId = randomUUID();
  const buyerName = customer.organisation?.trim() || customer.name;
  const label = INVOICE_KIND_LABELS[kind];

  const credit = await customerCreditPaisa(tx, customerId);
  const applied = credit < figures.total ? credit : figures.total;
  const lines: EntryLine[] = [
    { accountId: accounts.receivable, debit: figures.total, credit: 0n, description: `Invoice ${taken.number}` },
  ];
  if (rentalNet > 0n)
    lines.push({ accountId: accounts["income.rental"], debit: 0n, credit: rentalNet, description: "Rental income" });
  // Damage and loss charges are no rental (issue 37): service income.
  if (figures.chargesNet > 0n)
    lines.push({
      accountId: accounts["income.service"],
      debit: 0n,
      credit: figures.chargesNet,
      description: "Damage and loss charges",
    });
  if (figures.sd > 0n)
    lines.push({ accountId: accounts["sd.payable"], debit: 0n, credit: figures.sd, description: "Supplementary duty" });
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
    description: `${label} ${taken.number} to ${buyerName}`.slice(0, 500),
    reference: taken.number,
    source: { type: "invoice", id: invoiceId },
    party: { kind: "customer", id: customerId },
    lines,
    createdBy: actor.userId,
  });

  await tx.insert(invoices).values({
    id: invoiceId,
    number: taken.number,
    seller: input.seller,
    eventName: quotation?.eventName ?? null,
    fiscalYear: taken.fiscalYear,
    sequence: taken.sequence,
    kind,
    advancePercent: kind === "advance" && input.advancePercent !== null ? fromPaisa(input.advancePercent) : null,
    quotationId: quotation?.id ?? null,
    quotationRevision: quotation?.revision ?? null,
    customerId,
    issuedAt: now,
    issueDate,
    dueDate: addDays(issueDate, settings.dueDays),
    buyerName,
    buyerBin: customer.bin,
    buyerAddress: customer.address,
    deliveryAddress: input.deliveryAddress,
    netAmount: fromPaisa(figures.net),
    sdAmount: fromPaisa(figures.sd),
    vatAmount: fromPaisa(figures.vat),
    total: fromPaisa(figures.total),
    vatRatePercent: figures.vatRatePercent,
    chargesNet: fromPaisa(figures.chargesNet),
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
      description: `${label} ${taken.number}`,
      party: buyerName,
      partyBin: customer.bin,
      source: { type: "invoice", id: invoiceId },
      journalEntryId: entryId,
      createdBy: actor.userId,
    },
  ]);
  const chargesSaid = charges.length ? `${charges.length} damage charge${charges.length === 1 ? "" : "s"} of jobs` : "";
  await recordAudit(tx, actor, {
    action: "invoice.issued",
    entityType: "invoice",
    entityId: invoiceId,
    summary: `Issued ${label.toLowerCase()} ${taken.number} to ${buyerName} for ${formatMoney(fromPaisa(figures.total))}${
      quotation
        ? ` on quotation ${quotation.reference}${chargesSaid ? `, with ${chargesSaid}` : ""}`
        : `: ${chargesSaid}`
    }${applied > 0n ? `; ${formatMoney(fromPaisa(applied))} of their credit applied` : ""}`,
    changes: {
      number: taken.number,
      kind,
      advancePercent: input.advancePercent === null ? null : fromPaisa(input.advancePercent),
      quotationId: quotation?.id ?? null,
      revision: quotation?.revision ?? null,
      customerId,
      ...input.audit,
      net: fromPaisa(figures.net),
      ...(figures.sd !== 0n ? { sd: fromPaisa(figures.sd) } : {}),
      vat: fromPaisa(figures.vat),
      total: fromPaisa(figures.total),
      creditApplied: fromPaisa(applied),
      ...(charges.length ? { jobCharges: charges.map((c) => c.id), jobChargesNet: fromPaisa(figures.chargesNet) } : {}),
      journalEntryId: entryId,
    },
  });
  // The e-mail with its PDF, kept only with the invoice.
  await queueInvoiceEmail(tx, invoiceId);
  return { id: invoiceId, number: taken.number, charges: charges.length };
}
