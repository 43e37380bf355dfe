// Test fixtures for the invoices' integration tests (issue 22): the books' accounts and roles, an approved quotation
// with a sent revision, the ledger's balance of an account, a customer's credit made by an advance paid.
import { and, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "../../app/db/client.server";
import {
  accountRoles,
  companySettings,
  chartOfAccounts,
  customerPayments,
  customers,
  quotationRevisions,
  quotations,
} from "../../app/db/schema";
import { accountRoleSeed, chartOfAccountsSeed } from "../../app/db/seed/accounting";
import { companySeed } from "../../app/db/seed/company";
import { seedId } from "../../app/db/seed/ids";
import { twoLines } from "../../app/domain/accounting/journal";
import { postEntry } from "../../app/domain/accounting/ledger.server";
import type { AuditActor } from "../../app/domain/audit/audit.server";
import { fromPaisa, lineChargePaisa, toPaisa } from "../../app/lib/money";
import { quoteTotals } from "../../app/domain/quotations/quote-form";
import { invalidatePublicData } from "../../app/lib/cache.server";

export const account = (code: string) => seedId(`account:${code}`);
export const CASH = account("1000");
export const RECEIVABLE = account("1300");
export const VAT_PAYABLE = account("2100");
export const ADVANCES = account("2300");
export const RENTAL_INCOME = account("4000");

export const ACTOR: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };

/** Every table an invoice, a credit note or applied credit writes: a refusal leaves them all as they were. */
export const WRITTEN_TABLES = [
  "invoices",
  "invoice_lines",
  "credit_notes",
  "credit_note_lines",
  "invoice_allocations",
  "document_sequences",
  "journal_entries",
  "journal_lines",
  "account_month_balances",
  "tax_records",
  "customers",
  "quotations",
  "audit_log",
  "email_outbox",
];

/** The seller's BIN the tests' company has: a tax invoice is refused without one (issue 37). */
export const SELLER_BIN = "000123456-0101";

/** Gives the company (the seed's, or seedBooks') a BIN when it has none, as an administrator would in Settings. */
export async function giveSellerBin(): Promise<void> {
  await getDb()
    .update(companySettings)
    .set({ vatRegistrationNumber: SELLER_BIN })
    .where(and(eq(companySettings.id, 1), eq(companySettings.vatRegistrationNumber, "")));
  invalidatePublicData();
}

export async function seedBooks(): Promise<void> {
  // The company as the invoice's PDF (attached to its e-mail) prints it, with its BIN.
  await getDb().insert(companySettings).values(companySeed).onConflictDoNothing();
  await giveSellerBin();
  const [any] = await getDb().select({ id: chartOfAccounts.id }).from(chartOfAccounts).limit(1);
  if (any) return;
  await getDb().insert(chartOfAccounts).values(chartOfAccountsSeed);
  await getDb().insert(accountRoles).values(accountRoleSeed);
}

let seq = 0;

/**
 * An approved quotation whose revision 1 has these lines [name, quantity, unit price, days?, and as a revision sent
 * since issue 37 keeps them, the price unit and SD rate?], discount and VAT rate, with the quotation's own totals
 * (quoteTotals), for `email`.
 */
export async function approvedQuotation(
  lines: Array<[string, number, string, number?, { priceUnit: string; sdRatePercent: string }?]>,
  options: { discount?: string; rate?: string; email?: string; status?: "approved" | "sent"; terms?: string[] } = {},
): Promise<{ id: string; total: string }> {
  const rate = options.rate ?? "15.00";
  const discount = options.discount ?? "0";
  const totals = quoteTotals(
    lines.map(([, quantity, unitPrice, days]) => ({ unitPrice, quantity, days: days ?? null })),
    discount,
    rate,
  );
  const n = ++seq;
  const [q] = await getDb()
    .insert(quotations)
    .values({
      customerName: `Buyer ${n}`,
      email: options.email ?? `buyer-${n}-${Date.now().toString(36)}@example.com`,
      phone: "01700000000",
      eventName: `Gala ${n}`,
      eventDate: "2027-03-13",
      eventTime: "10:00",
      eventLocation: "Bashundhara Convention Centre, Dhaka",
      status: options.status ?? "approved",
      revision: 1,
      total: totals.total,
      discount: totals.discount,
      vatRatePercent: totals.vatRatePercent,
    })
    .returning({ id: quotations.id });
  await getDb()
    .insert(quotationRevisions)
    .values({
      quotationId: q!.id,
      revision: 1,
      lines: lines.map(([name, quantity, unitPrice, days, sent]) => ({
        inventoryItemId: null,
        name,
        size: null,
        quantity,
        unitPrice,
        days: days ?? null,
        ...sent,
        total: fromPaisa(lineChargePaisa(unitPrice, quantity, days ?? 1)),
      })),
      subtotal: totals.subtotal,
      discount: totals.discount,
      vatRatePercent: totals.vatRatePercent,
      vatAmount: totals.vatAmount,
      total: totals.total,
      eventDate: "2027-03-13",
      rentalEndDate: "2027-03-13",
      validUntil: new Date(Date.now() + 7 * 86_400_000),
      terms: options.terms ?? ["Booking: an advance of 50% of the total confirms the booking."],
      sentByLabel: "sales@example.com",
    });
  return { id: q!.id, total: totals.total };
}

/** An account's balance in the book (debits less credits), in paisa. */
export async function balanceOf(accountId: string): Promise<bigint> {
  const [row] = await queryRows<{ b: string }>(
    getDb(),
    sql`select coalesce(sum(debit - credit), 0)::numeric(14,2)::text as b from journal_lines where account_id = ${accountId}`,
  );
  return toPaisa(row!.b);
}

export async function balances(): Promise<Record<"receivable" | "vat" | "income" | "advances" | "cash", bigint>> {
  return {
    receivable: await balanceOf(RECEIVABLE),
    vat: await balanceOf(VAT_PAYABLE),
    income: await balanceOf(RENTAL_INCOME),
    advances: await balanceOf(ADVANCES),
    cash: await balanceOf(CASH),
  };
}

/** The quotation's customer (made on first need). */
export async function customerOf(quotationId: string): Promise<string> {
  const [q] = await getDb()
    .select({ customerId: quotations.customerId })
    .from(quotations)
    .where(eq(quotations.id, quotationId));
  if (q?.customerId) return q.customerId;
  const [c] = await getDb()
    .insert(customers)
    .values({ name: "Advance payer", email: `payer-${++seq}-${Date.now().toString(36)}@example.com` })
    .returning({ id: customers.id });
  await getDb().update(quotations).set({ customerId: c!.id }).where(eq(quotations.id, quotationId));
  return c!.id;
}

/** An advance paid in cash before any invoice: the customer's credit (Dr cash / Cr customer advances). */
export async function advancePaid(customerId: string, amount: string, date: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const id = crypto.randomUUID();
    const entryId = await postEntry(tx, {
      date,
      description: "Advance received",
      source: { type: "customer_payment", id },
      party: { kind: "customer", id: customerId },
      lines: twoLines(CASH, ADVANCES, toPaisa(amount)),
      createdBy: null,
    });
    await tx.insert(customerPayments).values({
      id,
      customerId,
      date,
      method: "cash",
      moneyAccountId: CASH,
      received: amount,
      total: amount,
      journalEntryId: entryId,
    });
  });
}
