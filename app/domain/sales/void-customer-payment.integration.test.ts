import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { accountingSettings, auditLog, customerPayments, customers, invoices, journalEntries } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { partyBalance } from "~/domain/accounting/party-ledger.server";
import { VOID_FORM_MESSAGES } from "~/domain/accounting/void-form";
import type { AuditActor } from "~/domain/audit/audit.server";
import { vatReturnFigures } from "~/domain/tax/vat-return.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { toPaisa } from "~/lib/money";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertIssuedInvoice, type InvoiceFixture } from "../../../tests/support/sales-document-fixtures";
import { customerCredit } from "./customer-credit.server";
import type { CustomerPaymentFormValues } from "./customer-payment-form";
import { applyCustomerCredit } from "./invoice-apply-credit.server";
import { recordCustomerPayment, recordVdsCertificate } from "./record-customer-payment.server";
import { CUSTOMER_PAYMENT_VOID_MESSAGES as M, voidCustomerPayment } from "./void-customer-payment.server";

// Void a customer payment (issue 36): a bounced cheque. The invoices it settled owe again, its entry is mirrored
// naming the customer, its VDS and AIT leave the tax register, what it put to the customer's credit is taken back,
// and the customer's balance is what it was before the payment; linked both ways and in the audit trail. Refused
// twice, before the payment's date, on or before the lock date, and when its credit has been spent.

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const BANK = seedId("account:1100");
const TABLES = [
  "customer_payments",
  "invoice_allocations",
  "invoices",
  "journal_entries",
  "journal_lines",
  "tax_records",
  "audit_log",
] as const;
const today = todayInDhaka();
let seq = 0;

function form(customerId: string, change: Partial<CustomerPaymentFormValues> = {}): CustomerPaymentFormValues {
  return {
    customerId,
    date: today,
    method: "cheque",
    methodReference: `CHQ-${++seq}`,
    moneyAccountId: BANK,
    received: "",
    vdsAmount: "",
    aitRate: "",
    notes: "",
    allocations: [],
    ...change,
  };
}

async function paid(invoice: InvoiceFixture, change: Partial<CustomerPaymentFormValues>): Promise<string> {
  const result = await recordCustomerPayment(getDb(), actor, form(invoice.customerId, change));
  expect(result).toMatchObject({ ok: true });
  return result.ok ? result.paymentId : "";
}

const voidOf = (id: string, change: Partial<{ date: string; reason: string }> = {}) =>
  voidCustomerPayment(getDb(), actor, { id, date: today, reason: "Cheque bounced: insufficient funds", ...change });

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("voiding a customer payment", () => {
  it("makes the invoices owe again, mirrors the entry on the customer, takes back VDS, AIT and credit", async () => {
    const invoice = await insertIssuedInvoice(`void-${Date.now()}@example.com`);
    await getDb().update(customers).set({ vatWithholding: true }).where(eq(customers.id, invoice.customerId));
    const party = { kind: "customer" as const, id: invoice.customerId };
    const owedBefore = await partyBalance(getDb(), party);
    // ৳69,000 due: 57,000 received + VDS 9,000 + AIT 5% of 60,000 = 3,000, and ৳1,000 more to the customer's credit.
    const paymentId = await paid(invoice, {
      received: "58000",
      vdsAmount: "9000",
      aitRate: "5",
      allocations: [{ invoiceId: invoice.id, amount: "69000" }],
    });
    expect(await customerCredit(getDb(), invoice.customerId)).toBe("1000.00");
    const [before] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(before!.paidAmount).toBe("69000.00");

    // Its VDS certificate came: this month's return counts it, until the payment is voided.
    expect(
      (
        await recordVdsCertificate(getDb(), actor, {
          id: paymentId,
          vdsCertificateNo: `VDS-${seq}`,
          vdsCertificateDate: today,
        })
      ).ok,
    ).toBe(true);
    const month = { start: `${today.slice(0, 8)}01`, end: today };
    const vdsBefore = toPaisa((await vatReturnFigures(getDb(), month)).vdsCredit);

    const result = await voidOf(paymentId);
    expect(result).toMatchObject({ ok: true, message: M.voided("70000.00", "Test Customer") });
    expect(vdsBefore - toPaisa((await vatReturnFigures(getDb(), month)).vdsCredit)).toBe(900_000n);
    if (!result.ok) return;
    const [after] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after!.paidAmount).toBe("0.00");
    expect(await customerCredit(getDb(), invoice.customerId)).toBe("0.00");
    expect(await partyBalance(getDb(), party)).toBe(owedBefore);
    // Linked both ways: the payment keeps its void; the void's entry names the payment and reverses its entry.
    const [payment] = await getDb().select().from(customerPayments).where(eq(customerPayments.id, paymentId));
    expect(payment).toMatchObject({
      voidEntryId: result.voidEntryId,
      voidReason: "Cheque bounced: insufficient funds",
    });
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.voidEntryId));
    expect(entry).toMatchObject({
      sourceType: "customer_payment",
      sourceId: paymentId,
      reversesId: payment!.journalEntryId,
    });
    // Every line mirrored, each control line still the customer's.
    const lines = await queryRows<{ original: string; mirrored: string; customers: number }>(
      getDb(),
      sql`select (select string_agg(account_id || ':' || debit || ':' || credit || ':' || coalesce(customer_id::text, ''), ',' order by account_id, debit)
                    from journal_lines where journal_entry_id = ${payment!.journalEntryId}) as original,
                 (select string_agg(account_id || ':' || credit || ':' || debit || ':' || coalesce(customer_id::text, ''), ',' order by account_id, credit)
                    from journal_lines where journal_entry_id = ${result.voidEntryId}) as mirrored,
                 (select count(*)::int from journal_lines where journal_entry_id = ${result.voidEntryId} and customer_id = ${invoice.customerId}) as customers`,
    );
    expect(lines[0]!.mirrored).toBe(lines[0]!.original);
    expect(lines[0]!.customers).toBeGreaterThanOrEqual(2);
    // The tax register takes its VDS and AIT back.
    const tax = await queryRows<{ kind: string; total: string }>(
      getDb(),
      sql`select kind, sum(tax_amount)::text as total from tax_records
           where (source_type = 'customer_payment' and source_id = ${paymentId})
              or (source_type = 'reversal' and source_id in (select id from tax_records where source_id = ${paymentId}))
           group by kind order by kind`,
    );
    expect(tax).toEqual([
      { kind: "ait", total: "0.00" },
      { kind: "vat_withheld", total: "0.00" },
    ]);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "customer_payment.voided"));
    expect(audit!.summary).toContain(`${invoice.number} owes ৳69,000.00 again`);
    expect(audit!.summary).toContain("৳1,000.00 taken off the customer's credit");
  });

  it("is refused twice, before the payment's date, without a reason, and writes nothing", async () => {
    const invoice = await insertIssuedInvoice(`void-refused-${Date.now()}@example.com`);
    const paymentId = await paid(invoice, {
      received: "69000",
      allocations: [{ invoiceId: invoice.id, amount: "69000" }],
    });
    const before = await tableFingerprint(TABLES);
    expect(await voidOf(paymentId, { reason: "" })).toMatchObject({
      ok: false,
      errors: { reason: VOID_FORM_MESSAGES.reasonRequired },
    });
    expect(await voidOf(paymentId, { date: "2020-01-01" })).toMatchObject({
      ok: false,
      errors: { date: M.beforePayment(today) },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect((await voidOf(paymentId)).ok).toBe(true);
    const again = await tableFingerprint(TABLES);
    expect(await voidOf(paymentId)).toMatchObject({ ok: false, errors: { form: M.alreadyVoided(today) } });
    expect(await tableFingerprint(TABLES)).toEqual(again);
  });

  it("is refused while the credit it gave has been spent since", async () => {
    const first = await insertIssuedInvoice(`void-credit-${Date.now()}@example.com`);
    // An advance of ৳69,000 to the customer's credit, then spent on their invoice.
    const advance = await paid(first, { received: "69000" });
    const applied = await applyCustomerCredit(getDb(), actor, { invoiceId: first.id });
    expect(applied).toMatchObject({ ok: true });
    const before = await tableFingerprint(TABLES);
    expect(await voidOf(advance)).toMatchObject({ ok: false, errors: { form: M.creditSpent("69000.00", "0.00") } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("is refused on or before the lock date, naming the date", async () => {
    const invoice = await insertIssuedInvoice(`void-lock-${Date.now()}@example.com`);
    const paymentId = await paid(invoice, { received: "100", allocations: [{ invoiceId: invoice.id, amount: "100" }] });
    await getDb().update(accountingSettings).set({ lockDate: today });
    try {
      const before = await tableFingerprint(TABLES);
      const result = await voidOf(paymentId);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.date).toMatch(/locked/);
      expect(await tableFingerprint(TABLES)).toEqual(before);
    } finally {
      await getDb().update(accountingSettings).set({ lockDate: null });
    }
  });
});
