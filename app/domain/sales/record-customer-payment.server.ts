import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.server";
import { customerPayments, customers, invoiceAllocations, invoices, taxRecords } from "../../db/schema";
import { todayInDhaka } from "../../lib/dhaka-time";
import { formatMoney } from "../../lib/format";
import { fromPaisa, toPaisa } from "../../lib/money";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import type { EntryLine } from "../accounting/journal";
import { postEntry, PostingRefused, roleAccounts } from "../accounting/ledger.server";
import { ledgerRefusal } from "../accounting/ledger-refusal";
import { moneyAccountProblem } from "../accounting/money-accounts.server";
import { writeTaxRecords, type TaxRegisterRow } from "../tax/tax-register.server";
import { assertOpenVatPeriod } from "../tax/vat-period-lock.server";
import { refuseFields, type Refusal, type UseCaseResult } from "../use-case";
import {
  CUSTOMER_PAYMENT_METHOD_LABELS,
  CUSTOMER_PAYMENT_MONEY_METHOD,
  CUSTOMER_PAYMENT_REFERENCE_LABELS,
  VDS_RATE_PERCENT,
  type CustomerPaymentMethod,
} from "./constants";
import { lockCustomer } from "./customer-credit.server";
import { invoiceDueSql } from "./invoice-due.server";
import {
  CUSTOMER_PAYMENT_MESSAGES as M,
  parseCustomerPaymentForm,
  parseVdsCertificateForm,
  paymentErrors,
  paymentFigures,
  type CustomerPaymentFormValues,
  type OpenInvoice,
  type VdsCertificateFormValues,
} from "./customer-payment-form";

// Record payment (issue 22, DESIGN §10): one transaction takes the customer's lock (lockCustomer: their credit and
// dues change), locks the invoices it settles FOR UPDATE (a second payment of the same invoice waits, then reads what
// this one left), checks the rules on what it read (paymentErrors, the dialog's own), posts Dr money (received),
// Dr VAT withheld (VDS), Dr AIT / Cr receivable (Σ allocations), Cr customer advances (the rest: the customer's
// credit), and writes the payment, its allocations, the invoices' paid amounts (added in SQL), the tax register's
// VDS and AIT rows (with VDS, the payment's date must be outside a closed VAT period) and the audit line. The VDS
// certificate comes later, in the VAT period of its date.

const FIELDS = [
  "customerId",
  "date",
  "method",
  "methodReference",
  "moneyAccountId",
  "received",
  "vdsAmount",
  "aitRate",
  "notes",
  "allocations",
];

const due = sql<string>`${invoiceDueSql()}::text`;

const openInvoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  netAmount: invoices.netAmount,
  vatAmount: invoices.vatAmount,
  total: invoices.total,
  due,
};

/** The customer's invoices still owing something, oldest first: the dialog's allocation rows. */
export function openInvoicesOf(db: DbOrTx, customerId: string): Promise<OpenInvoice[]> {
  return db
    .select(openInvoiceColumns)
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.status, "issued"), sql`${invoiceDueSql()} > 0`))
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
}

/**
 * The payment already recorded with this bKash or Nagad transaction ID, which the wallet never gives twice: the same
 * receipt typed a second time. Held under a lock on the ID until the transaction ends, so two at once see each other.
 * Cheque numbers and bank references are not unique across banks and are not checked.
 */
async function sameWalletPayment(
  tx: DbOrTx,
  method: CustomerPaymentMethod,
  reference: string | null,
): Promise<{ date: string; customer: string } | null> {
  if (!reference || (method !== "bkash" && method !== "nagad")) return null;
  const key = `${method}:${reference.trim().toUpperCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer-payment:${key}`}, 0))`);
  const [row] = await tx
    .select({ date: customerPayments.date, customer: customers.name })
    .from(customerPayments)
    .innerJoin(customers, eq(customers.id, customerPayments.customerId))
    .where(
      and(
        eq(customerPayments.method, method),
        sql`upper(trim(${customerPayments.methodReference})) = ${reference.trim().toUpperCase()}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export type CustomerPaymentResult = UseCaseResult<{ paymentId: string; entryId: string; toCredit: string }>;

export async function recordCustomerPayment(
  db: Db,
  actor: AuditActor,
  values: CustomerPaymentFormValues,
  today: string = todayInDhaka(),
): Promise<CustomerPaymentResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) => refuseFields(refusal, M.failed, errors);
  const parsed = parseCustomerPaymentForm(values);
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const input = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<CustomerPaymentResult> => {
      if (!(await lockCustomer(tx, input.customerId))) return failed("invalid", { customerId: M.customerUnknown });
      const [customer] = await tx.select().from(customers).where(eq(customers.id, input.customerId));
      if (customer!.mergedIntoId) return failed("invalid", { customerId: M.customerMerged });

      // The invoices it settles, locked in id order; only the customer's own issued ones with something due count.
      const ids = input.allocations.map((a) => a.invoiceId);
      const locked = ids.length
        ? await tx
            .select({ ...openInvoiceColumns, customerId: invoices.customerId, status: invoices.status })
            .from(invoices)
            .where(inArray(invoices.id, ids))
            .orderBy(asc(invoices.id))
            .for("update")
        : [];
      // One settled by another payment while this one waited is kept: the refusal then says it is settled.
      const open = locked.filter((i) => i.customerId === customer!.id && i.status === "issued");
      const errors = paymentErrors(input, { invoices: open, vatWithholding: customer!.vatWithholding, today });
      const walletPayment = await sameWalletPayment(tx, input.method, input.methodReference);
      if (walletPayment)
        errors.methodReference = M.walletReferenceTaken(
          CUSTOMER_PAYMENT_REFERENCE_LABELS[input.method]!,
          walletPayment.date,
          walletPayment.customer,
        );
      const problem = await moneyAccountProblem(tx, input.moneyAccountId, CUSTOMER_PAYMENT_MONEY_METHOD[input.method]);
      if (problem) errors.moneyAccountId = problem;
      if (Object.keys(errors).length > 0) return failed("invalid", errors);

      const f = paymentFigures(input, input.allocations, open);
      // The VAT withheld is written to the tax register on the payment's date: a VAT-bearing document, so not inside
      // a closed VAT period (its return was filed without it). A payment without VDS carries no VAT.
      if (f.vds > 0n) await assertOpenVatPeriod(tx, input.date, "date");
      const roles = await roleAccounts(tx, [
        "receivable",
        "customer.advances",
        ...(f.vds > 0n ? (["vat.withheld"] as const) : []),
        ...(f.ait > 0n ? (["tax.ait"] as const) : []),
      ]);
      const byId = new Map(open.map((i) => [i.id, i]));
      const numbers = input.allocations.map((a) => byId.get(a.invoiceId)!.number);
      const lines: EntryLine[] = [];
      const debit = (accountId: string, paisa: bigint, description: string) => {
        if (paisa > 0n) lines.push({ accountId, debit: paisa, credit: 0n, description });
      };
      const credit = (accountId: string, paisa: bigint, description: string) => {
        if (paisa > 0n) lines.push({ accountId, debit: 0n, credit: paisa, description });
      };
      debit(input.moneyAccountId, f.received, `Received from ${customer!.name}`);
      debit(roles["vat.withheld"], f.vds, "VAT deducted at source (VDS)");
      debit(roles["tax.ait"], f.ait, `AIT at ${input.aitRate}%`);
      credit(roles.receivable, f.allocated, numbers.length ? `Settles ${numbers.join(", ")}`.slice(0, 500) : "");
      credit(roles["customer.advances"], f.toCredit, "To the customer's credit");

      const paymentId = randomUUID();
      const method = CUSTOMER_PAYMENT_METHOD_LABELS[input.method];
      const entryId = await postEntry(tx, {
        date: input.date,
        description:
          `Payment from ${customer!.name} (${method.toLowerCase()}${input.methodReference ? ` ${input.methodReference}` : ""})${
            numbers.length ? `: ${numbers.join(", ")}` : ": advance"
          }`.slice(0, 500),
        // Not the entry's reference: that is unique in the book, and two banks' cheques may share a number.
        reference: null,
        source: { type: "customer_payment", id: paymentId },
        party: { kind: "customer", id: customer!.id },
        lines,
        createdBy: actor.userId,
      });
      await tx.insert(customerPayments).values({
        id: paymentId,
        customerId: customer!.id,
        date: input.date,
        method: input.method,
        methodReference: input.methodReference,
        moneyAccountId: input.moneyAccountId,
        received: fromPaisa(f.received),
        vdsAmount: fromPaisa(f.vds),
        aitRatePercent: input.aitRate,
        aitAmount: fromPaisa(f.ait),
        total: fromPaisa(f.total),
        notes: input.notes,
        journalEntryId: entryId,
        createdBy: actor.userId,
      });
      if (input.allocations.length > 0)
        await tx.insert(invoiceAllocations).values(
          input.allocations.map((a) => ({
            invoiceId: a.invoiceId,
            kind: "payment" as const,
            customerPaymentId: paymentId,
            amount: a.amount,
            date: input.date,
            journalEntryId: entryId,
            createdBy: actor.userId,
          })),
        );
      for (const a of input.allocations)
        await tx
          .update(invoices)
          .set({ paidAmount: sql`${invoices.paidAmount} + ${a.amount}::numeric`, updatedAt: new Date() })
          .where(eq(invoices.id, a.invoiceId));

      const taxRows: TaxRegisterRow[] = [];
      const common = {
        date: input.date,
        reference: numbers.join(", ").slice(0, 100) || null,
        party: customer!.name,
        partyBin: customer!.bin,
        source: { type: "customer_payment" as const, id: paymentId },
        journalEntryId: entryId,
        createdBy: actor.userId,
      };
      if (f.vds > 0n)
        taxRows.push({
          ...common,
          kind: "vat_withheld",
          accountId: roles["vat.withheld"],
          rate: VDS_RATE_PERCENT,
          taxableAmount: fromPaisa(f.aitBase),
          taxAmount: fromPaisa(f.vds),
          description: `VAT deducted at source by ${customer!.name}`,
        });
      if (f.ait > 0n)
        taxRows.push({
          ...common,
          kind: "ait",
          accountId: roles["tax.ait"],
          rate: input.aitRate,
          taxableAmount: fromPaisa(f.aitBase),
          taxAmount: fromPaisa(f.ait),
          description: `Income tax deducted at source by ${customer!.name}`,
        });
      await writeTaxRecords(tx, taxRows);

      const settled = input.allocations
        .filter((a) => toPaisa(a.amount) === toPaisa(byId.get(a.invoiceId)!.due))
        .map((a) => byId.get(a.invoiceId)!.number);
      const message = [
        M.recorded(fromPaisa(f.total)),
        settled.length ? `${settled.join(", ")} settled` : null,
        ...input.allocations
          .filter((a) => !settled.includes(byId.get(a.invoiceId)!.number))
          .map((a) => {
            const inv = byId.get(a.invoiceId)!;
            return `${formatMoney(fromPaisa(toPaisa(inv.due) - toPaisa(a.amount)))} left on ${inv.number}`;
          }),
        f.toCredit > 0n ? `${formatMoney(fromPaisa(f.toCredit))} to the customer's credit` : null,
      ]
        .filter(Boolean)
        .join("; ");
      await recordAudit(tx, actor, {
        action: "customer_payment.recorded",
        entityType: "customer_payment",
        entityId: paymentId,
        summary: `${message} from ${customer!.name} by ${method.toLowerCase()}`,
        changes: {
          customerId: customer!.id,
          date: input.date,
          method: input.method,
          methodReference: input.methodReference,
          moneyAccountId: input.moneyAccountId,
          received: fromPaisa(f.received),
          vdsAmount: fromPaisa(f.vds),
          aitRatePercent: input.aitRate,
          aitAmount: fromPaisa(f.ait),
          total: fromPaisa(f.total),
          allocations: input.allocations.map((a) => ({ invoiceId: a.invoiceId, amount: a.amount })),
          toCredit: fromPaisa(f.toCredit),
          journalEntryId: entryId,
        },
      });
      return { ok: true, message, paymentId, entryId, toCredit: fromPaisa(f.toCredit) };
    });
  } catch (error) {
    if (error instanceof PostingRefused) return ledgerRefusal(error, { failed: M.failed, fields: FIELDS });
    throw error;
  }
}

export type CertificateResult = UseCaseResult<{ id: string }>;

/**
 * The VDS certificate (Mushak-6.6) of a payment: its number and date, once. The VAT withheld counts against VAT
 * payable in the period of the certificate's date, so a date inside a closed VAT period is refused. A voided payment's
 * VDS was taken back (issue 36): refused for it.
 */
export async function recordVdsCertificate(
  db: Db,
  actor: AuditActor,
  values: VdsCertificateFormValues,
  today: string = todayInDhaka(),
): Promise<CertificateResult> {
  const failed = (refusal: Refusal, errors: Record<string, string>) =>
    refuseFields(refusal, M.certificateFailed, errors);
  const parsed = parseVdsCertificateForm(values, { today });
  if (!parsed.ok) return failed("invalid", parsed.errors);
  const { id, vdsCertificateNo, vdsCertificateDate } = parsed.input;
  try {
    return await db.transaction(async (tx): Promise<CertificateResult> => {
      const [payment] = await tx.select().from(customerPayments).where(eq(customerPayments.id, id)).for("update");
      if (!payment) return failed("not-found", { form: M.paymentNotFound });
      if (toPaisa(payment.vdsAmount) === 0n) return failed("invalid", { form: M.noVds });
      if (payment.voidedAt) return failed("conflict", { form: M.certificateVoided });
      if (payment.vdsCertificateNo)
        return failed("conflict", {
          vdsCertificateNo: M.certificateTwice(payment.vdsCertificateNo, payment.vdsCertificateDate!),
        });
      if (vdsCertificateDate < payment.date)
        return failed("invalid", { vdsCertificateDate: M.certificateBeforePayment(payment.date) });
      await assertOpenVatPeriod(tx, vdsCertificateDate, "vdsCertificateDate");
      await tx
        .update(customerPayments)
        .set({ vdsCertificateNo, vdsCertificateDate, updatedAt: new Date() })
        .where(eq(customerPayments.id, id));
      await tx
        .update(taxRecords)
        .set({ description: `VAT deducted at source: certificate ${vdsCertificateNo}`.slice(0, 500) })
        .where(
          and(
            eq(taxRecords.sourceType, "customer_payment"),
            eq(taxRecords.sourceId, id),
            eq(taxRecords.kind, "vat_withheld"),
          ),
        );
      await recordAudit(tx, actor, {
        action: "customer_payment.certificate",
        entityType: "customer_payment",
        entityId: id,
        summary: `Recorded VDS certificate ${vdsCertificateNo} of ${vdsCertificateDate} for ${formatMoney(
          payment.vdsAmount,
        )} withheld`,
        changes: { vdsCertificateNo, vdsCertificateDate },
      });
      return { ok: true, id, message: M.certificateRecorded };
    });
  } catch (error) {
    if (error instanceof PostingRefused)
      return ledgerRefusal(error, { failed: M.certificateFailed, fields: ["vdsCertificateNo", "vdsCertificateDate"] });
    throw error;
  }
}
