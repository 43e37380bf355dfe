import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server";
import {
  creditNotes,
  customerPayments,
  emailOutbox,
  invoiceAllocations,
  invoiceLines,
  invoices as t,
  quotationRevisions,
  quotations,
} from "../../db/schema";
import { clampPage, isUuid, offsetOf, pageCountOf, type ListPage } from "../../lib/list-params";
import { searchAny } from "../../lib/list-query.server";
import { fromPaisa, toPaisa } from "../../lib/money";
import { quotationReference } from "../quotations/reference";
import { customerCredit } from "./customer-credit.server";
import { invoiceDueSql } from "./invoice-due.server";
import { advancePercentOfTerms, invoiceKindRules } from "./invoice-arithmetic";
import { INVOICE_MESSAGES } from "./invoice-forms";
import {
  INVOICE_LIST,
  type InvoiceDetails,
  type InvoiceListState,
  type InvoiceRow,
  type IssuePreview,
} from "./invoice-list";
import { quotationInvoices } from "./issue-invoice.server";
import { chargedJobsOf, pendingJobCharges } from "./invoice-job-charges.server";
import { issuingSeller } from "./invoice-issue-common.server";

// The invoices' screens (issue 22): one page of the list (search by number or buyer, the state filter, sorted),
// the Issue invoice dialog's quotation, and one invoice as printed with what settled it and its credit notes.

const DUE = invoiceDueSql(t);

const SORTS: Record<InvoiceListState["sort"], SQL[]> = {
  issued: [sql`${t.issuedAt}`],
  due: [sql`coalesce(${t.dueDate}, ${t.issueDate})`],
  total: [sql`${t.total}`],
  customer: [sql`lower(${t.buyerName})`],
};

const STATE_WHERE: Record<NonNullable<InvoiceListState["filters"]["state"]>, SQL> = {
  due: sql`${t.status} = 'issued' and ${DUE} > 0`,
  paid: sql`${t.status} = 'issued' and ${DUE} = 0`,
  cancelled: sql`${t.status} = 'cancelled'`,
};

const rowColumns = (today: string) => ({
  id: t.id,
  number: t.number,
  kind: t.kind,
  status: t.status,
  issueDate: t.issueDate,
  dueDate: t.dueDate,
  buyerName: t.buyerName,
  customerId: t.customerId,
  quotationId: t.quotationId,
  total: t.total,
  paidAmount: t.paidAmount,
  creditedAmount: t.creditedAmount,
  due: sql<string>`${DUE}::text`,
  overdue: sql<boolean>`(${t.status} = 'issued' and ${DUE} > 0 and coalesce(${t.dueDate} < ${today}::date, false))`,
});

/** One page of the invoices list. */
export async function listInvoices(db: DbOrTx, state: InvoiceListState, today: string): Promise<ListPage<InvoiceRow>> {
  const where = and(
    searchAny(state.q, [t.number, t.buyerName]),
    state.filters.state ? STATE_WHERE[state.filters.state] : undefined,
  );
  const by = state.dir === "asc" ? asc : desc;
  const pageSize = INVOICE_LIST.pageSize;
  const total = await db.$count(t, where);
  const pageCount = pageCountOf(total, pageSize);
  const page = clampPage(state.page, pageCount);
  const rows = await db
    .select(rowColumns(today))
    .from(t)
    .where(where)
    .orderBy(...[...SORTS[state.sort], sql`${t.id}`].map((c) => by(c)))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
  return { rows, total, totalCapped: false, page, pageCount, pageSize };
}

/** A quotation's invoices as its panel lists them (newest last). */
export async function invoicesOfQuotation(db: DbOrTx, quotationId: string, today: string): Promise<InvoiceRow[]> {
  if (!isUuid(quotationId)) return [];
  return db
    .select(rowColumns(today))
    .from(t)
    .where(eq(t.quotationId, quotationId.toLowerCase()))
    .orderBy(asc(t.issuedAt), asc(t.id));
}

/** What the Issue invoice dialog shows of a quotation; null for a malformed or unknown id. */
export async function loadIssuePreview(db: DbOrTx, quotationId: string): Promise<IssuePreview | null> {
  if (!isUuid(quotationId)) return null;
  const id = quotationId.toLowerCase();
  const [q] = await db.select().from(quotations).where(eq(quotations.id, id));
  if (!q) return null;
  const [revision] =
    q.revision > 0
      ? await db
          .select()
          .from(quotationRevisions)
          .where(and(eq(quotationRevisions.quotationId, id), eq(quotationRevisions.revision, q.revision)))
      : [];
  const earlier = await quotationInvoices(db, id);
  const rules = invoiceKindRules(
    earlier.map((i) => ({ kind: i.kind, advancePercent: i.advancePercentHundredths, live: i.live })),
  );
  const seller = await issuingSeller(db, "invoice");
  const blocked =
    q.status !== "approved"
      ? INVOICE_MESSAGES.notApproved(q.status)
      : !revision
        ? INVOICE_MESSAGES.noRevision
        : !seller.ok
          ? seller.message
          : null;
  return {
    quotationId: id,
    reference: quotationReference(id),
    eventName: q.eventName,
    customerName: q.customerName,
    status: q.status,
    revision: {
      number: revision?.revision ?? 0,
      lines: revision?.lines ?? [],
      discount: revision?.discount ?? "0.00",
      vatRatePercent: revision?.vatRatePercent ?? q.vatRatePercent,
      total: revision?.total ?? "0.00",
    },
    invoices: earlier
      .filter((i) => i.live)
      .map((i) => ({
        id: i.id,
        number: i.number,
        kind: i.kind,
        advancePercent: i.advancePercent,
        net: i.net,
        sd: i.sd,
        vat: i.vat,
        total: i.total,
      })),
    refused: rules.refused,
    advanced: fromPaisa(rules.advanced),
    defaultPercent: advancePercentOfTerms(revision?.terms ?? []),
    blocked,
    sellerBinMissing: !seller.ok && blocked === seller.message,
    charges: q.customerId
      ? (await pendingJobCharges(db, q.customerId)).map((c) => ({ description: c.description, amount: c.amount }))
      : [],
  };
}

/** One invoice as printed, with its lines, what settled it, its credit notes and e-mails; null when unknown. */
export async function loadInvoiceDetails(db: DbOrTx, invoiceId: string, today: string): Promise<InvoiceDetails | null> {
  if (!isUuid(invoiceId)) return null;
  const id = invoiceId.toLowerCase();
  const [row] = await db
    .select({
      ...rowColumns(today),
      fiscalYear: t.fiscalYear,
      advancePercent: t.advancePercent,
      eventName: quotations.eventName,
      issuedAt: t.issuedAt,
      buyerBin: t.buyerBin,
      buyerAddress: t.buyerAddress,
      deliveryAddress: t.deliveryAddress,
      netAmount: t.netAmount,
      sdAmount: t.sdAmount,
      vatAmount: t.vatAmount,
      vatRatePercent: t.vatRatePercent,
      signatoryName: t.signatoryName,
      signatoryDesignation: t.signatoryDesignation,
      journalEntryId: t.journalEntryId,
    })
    .from(t)
    .leftJoin(quotations, eq(quotations.id, t.quotationId))
    .where(eq(t.id, id));
  if (!row) return null;
  const [lines, allocations, notes, emails, credit, jobs] = await Promise.all([
    db
      .select({
        lineNo: invoiceLines.lineNo,
        description: invoiceLines.description,
        unitOfSupply: invoiceLines.unitOfSupply,
        quantity: invoiceLines.quantity,
        days: invoiceLines.days,
        unitPrice: invoiceLines.unitPrice,
        value: invoiceLines.value,
        sdRatePercent: invoiceLines.sdRatePercent,
        sdAmount: invoiceLines.sdAmount,
        vatRatePercent: invoiceLines.vatRatePercent,
        vatAmount: invoiceLines.vatAmount,
      })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.lineNo)),
    db
      .select({
        id: invoiceAllocations.id,
        kind: invoiceAllocations.kind,
        date: invoiceAllocations.date,
        amount: invoiceAllocations.amount,
        customerPaymentId: invoiceAllocations.customerPaymentId,
        method: customerPayments.method,
        methodReference: customerPayments.methodReference,
        // The payment voided since (issue 36): the allocation is kept, and no longer pays the invoice.
        voidDate: customerPayments.voidDate,
        voidReason: customerPayments.voidReason,
      })
      .from(invoiceAllocations)
      .leftJoin(customerPayments, eq(customerPayments.id, invoiceAllocations.customerPaymentId))
      .where(eq(invoiceAllocations.invoiceId, id))
      .orderBy(asc(invoiceAllocations.date), asc(invoiceAllocations.createdAt)),
    db
      .select({
        id: creditNotes.id,
        number: creditNotes.number,
        issueDate: creditNotes.issueDate,
        reason: creditNotes.reason,
        netAmount: creditNotes.netAmount,
        sdAmount: creditNotes.sdAmount,
        vatAmount: creditNotes.vatAmount,
        total: creditNotes.total,
        appliedToInvoice: creditNotes.appliedToInvoice,
        toCredit: creditNotes.toCredit,
      })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, id))
      .orderBy(asc(creditNotes.issuedAt)),
    db
      .select({
        id: emailOutbox.id,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        to: emailOutbox.toAddress,
      })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.relatedType, "invoice"), inArray(emailOutbox.relatedId, [id])))
      .orderBy(asc(emailOutbox.createdAt)),
    customerCredit(db, row.customerId),
    row.kind === "charges" ? chargedJobsOf(db, id) : [],
  ]);
  const creditedNet = notes.reduce((s, n) => s + toPaisa(n.netAmount), 0n);
  return {
    ...row,
    issuedAt: row.issuedAt.toISOString(),
    quotationReference: row.quotationId === null ? null : quotationReference(row.quotationId),
    jobs,
    lines,
    allocations,
    creditNotes: notes,
    netLeft: fromPaisa(toPaisa(row.netAmount) - creditedNet),
    customerCredit: credit,
    emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}
