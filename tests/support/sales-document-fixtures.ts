import { sellerDetails } from "~/domain/settings/company-settings.server";
// Issued invoices and credit notes written straight into the tables for the tests of what prints and shows them
// (the PDFs, the e-mails, the portal): a numbered row with its lines and a posted entry (invoices.journal_entry_id
// is required), without the issuing use case's rules. The use cases' own tests cover those.

import { eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { creditNoteLines, creditNotes, customers, invoiceLines, invoices } from "~/db/schema";
import { postEntry, roleAccounts } from "~/domain/accounting/ledger.server";
import { vatOn } from "~/domain/quotations/quote-form";
import { takeDocumentNumber } from "~/domain/sales/document-number.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { fromPaisa, toPaisa } from "~/lib/money";
import { insertQuotation } from "./quotation-fixtures";

export interface InvoiceFixture {
  id: string;
  number: string;
  quotationId: string;
  customerId: string;
  total: string;
}

/** A customer record for `email` (the live one, or a new one). */
export async function customerFor(db: DbOrTx, email: string, name = "Test Customer"): Promise<string> {
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  if (found) return found.id;
  const [row] = await db.insert(customers).values({ name, email }).returning({ id: customers.id });
  return row!.id;
}

/**
 * An issued invoice on a new approved quotation of `email`: lines of [description, quantity, days, unit price],
 * VAT at 15% on each, the entry posted (Dr receivable / Cr rental income, Cr VAT payable).
 */
export async function insertIssuedInvoice(
  email: string,
  options: {
    lines?: Array<[string, number, number | null, string]>;
    paid?: string;
    credited?: string;
    status?: "issued" | "cancelled";
    issuedAt?: Date;
    buyerName?: string;
    eventName?: string;
  } = {},
): Promise<InvoiceFixture> {
  const db = getDb();
  const quotation = await insertQuotation(
    "approved",
    email,
    [],
    options.eventName ? { eventName: options.eventName } : {},
  );
  const customerId = await customerFor(db, email, options.buyerName);
  const lines = (options.lines ?? [["Line Array Sound System", 2, 3, "10000.00"]]).map(
    ([description, quantity, days, unitPrice]) => {
      const value = toPaisa(unitPrice) * BigInt(quantity * (days ?? 1));
      return { description, quantity, days, unitPrice, value, vat: vatOn(value, "15.00") };
    },
  );
  const net = lines.reduce((s, l) => s + l.value, 0n);
  const vat = lines.reduce((s, l) => s + l.vat, 0n);
  const issuedAt = options.issuedAt ?? new Date();
  const issueDate = todayInDhaka(issuedAt);
  return db.transaction(async (tx) => {
    const taken = await takeDocumentNumber(tx, "invoice", issueDate);
    const accounts = await roleAccounts(tx, ["receivable", "income.rental", "vat.payable"]);
    const entryId = await postEntry(tx, {
      date: issueDate,
      description: `Tax invoice ${taken.number}`,
      reference: taken.number,
      source: { type: "invoice" },
      party: { kind: "customer", id: customerId },
      lines: [
        { accountId: accounts.receivable, debit: net + vat, credit: 0n },
        { accountId: accounts["income.rental"], debit: 0n, credit: net },
        { accountId: accounts["vat.payable"], debit: 0n, credit: vat },
      ],
      createdBy: null,
    });
    const [invoice] = await tx
      .insert(invoices)
      .values({
        number: taken.number,
        seller: await sellerDetails(tx),
        fiscalYear: taken.fiscalYear,
        sequence: taken.sequence,
        kind: "full",
        status: options.status ?? "issued",
        quotationId: quotation.id,
        quotationRevision: 1,
        customerId,
        issuedAt,
        issueDate,
        dueDate: issueDate,
        buyerName: options.buyerName ?? "Test Customer",
        buyerBin: "004567891-0203",
        buyerAddress: "32 Gulshan Avenue, Dhaka 1212",
        deliveryAddress: "Dhaka",
        netAmount: fromPaisa(net),
        vatAmount: fromPaisa(vat),
        total: fromPaisa(net + vat),
        vatRatePercent: "15.00",
        paidAmount: options.paid ?? "0",
        creditedAmount: options.credited ?? "0",
        signatoryName: "Farhana Akter",
        signatoryDesignation: "Head of Accounts",
        journalEntryId: entryId,
      })
      .returning({ id: invoices.id, number: invoices.number, total: invoices.total });
    await tx.insert(invoiceLines).values(
      lines.map((l, i) => ({
        invoiceId: invoice!.id,
        lineNo: i + 1,
        description: l.description,
        quantity: l.quantity,
        days: l.days,
        unitPrice: l.unitPrice,
        value: fromPaisa(l.value),
        vatRatePercent: "15.00",
        vatAmount: fromPaisa(l.vat),
      })),
    );
    return { ...invoice!, quotationId: quotation.id, customerId };
  });
}

/** A credit note of `net` (VAT 15% on it) on an invoice, with its entry posted; answers its id and number. */
export async function insertCreditNote(
  invoice: InvoiceFixture,
  net: string,
  reason = "Two lights were not delivered.",
): Promise<{ id: string; number: string }> {
  const db = getDb();
  const value = toPaisa(net);
  const vat = vatOn(value, "15.00");
  const issuedAt = new Date();
  const issueDate = todayInDhaka(issuedAt);
  return db.transaction(async (tx) => {
    const taken = await takeDocumentNumber(tx, "credit_note", issueDate);
    const accounts = await roleAccounts(tx, ["receivable", "income.rental", "vat.payable"]);
    const entryId = await postEntry(tx, {
      date: issueDate,
      description: `Credit note ${taken.number}`,
      reference: taken.number,
      source: { type: "credit_note" },
      party: { kind: "customer", id: invoice.customerId },
      lines: [
        { accountId: accounts["income.rental"], debit: value, credit: 0n },
        { accountId: accounts["vat.payable"], debit: vat, credit: 0n },
        { accountId: accounts.receivable, debit: 0n, credit: value + vat },
      ],
      createdBy: null,
    });
    const [note] = await tx
      .insert(creditNotes)
      .values({
        number: taken.number,
        seller: await sellerDetails(tx),
        fiscalYear: taken.fiscalYear,
        sequence: taken.sequence,
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        issuedAt,
        issueDate,
        reason,
        netAmount: fromPaisa(value),
        vatAmount: fromPaisa(vat),
        total: fromPaisa(value + vat),
        appliedToInvoice: fromPaisa(value + vat),
        toCredit: "0",
        signatoryName: "Farhana Akter",
        signatoryDesignation: "Head of Accounts",
        journalEntryId: entryId,
      })
      .returning({ id: creditNotes.id, number: creditNotes.number });
    await tx
      .update(invoices)
      .set({ creditedAmount: sql`${invoices.creditedAmount} + ${fromPaisa(value + vat)}` })
      .where(eq(invoices.id, invoice.id));
    await tx.insert(creditNoteLines).values({
      creditNoteId: note!.id,
      lineNo: 1,
      description: `Credit on ${invoice.number}`,
      value: fromPaisa(value),
      vatRatePercent: "15.00",
      vatAmount: fromPaisa(vat),
    });
    return note!;
  });
}
