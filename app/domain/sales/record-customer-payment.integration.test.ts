import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import {
  accountingSettings,
  auditLog,
  chartOfAccounts,
  customerPayments,
  customers,
  invoiceAllocations,
  invoices,
  journalEntries,
  taxRecords,
  vatPeriods,
} from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { LEDGER_MESSAGES } from "~/domain/accounting/ledger.server";
import { MONEY_DOCUMENT_MESSAGES } from "~/domain/accounting/money-document-form";
import { VAT_PERIOD_MESSAGES } from "~/domain/tax/vat-period-lock.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { fromPaisa, toPaisa } from "~/lib/money";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { dhakaDatePlus } from "../../../tests/support/dates";
import { customerFor, insertIssuedInvoice, type InvoiceFixture } from "../../../tests/support/sales-document-fixtures";
import { customerCredit } from "./customer-credit.server";
import { CUSTOMER_PAYMENT_MESSAGES as M, type CustomerPaymentFormValues } from "./customer-payment-form";
import { loadCustomerDetail } from "./customers.server";
import { openInvoicesOf, recordCustomerPayment, recordVdsCertificate } from "./record-customer-payment.server";

// Customer payments (issue 22): a withholding customer paying net of VDS and AIT settles the invoice, part payments
// leave what is left, overpayments and advances become credit; and the refusals, each naming its field and writing
// nothing (the books, the invoices, the tax register and the audit log unchanged); and, on PostgreSQL, two payments
// of the same invoice at once never over-allocating it (20 rounds).

const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: "127.0.0.1", userAgent: "test" };
const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const WALLET = seedId("account:1200");
const RECEIVABLE = seedId("account:1300");
const ADVANCES = seedId("account:2300");
const VAT_WITHHELD = seedId("account:1420");
const AIT = seedId("account:1400");
const TABLES = [
  "customer_payments",
  "invoice_allocations",
  "invoices",
  "journal_entries",
  "journal_lines",
  "tax_records",
  "audit_log",
];

let seq = 0;
const email = () => `payer-${++seq}-${Date.now().toString(36)}@example.com`;
const today = todayInDhaka();

/** An invoice of ৳69,000 (net 60,000 + VAT 9,000) for a new customer; withholding when asked. */
async function invoiceFor(withholding = false, address = email()): Promise<InvoiceFixture> {
  const invoice = await insertIssuedInvoice(address);
  if (withholding)
    await getDb().update(customers).set({ vatWithholding: true }).where(eq(customers.id, invoice.customerId));
  return invoice;
}

function form(customerId: string, change: Partial<CustomerPaymentFormValues> = {}): CustomerPaymentFormValues {
  return {
    customerId,
    date: today,
    method: "bank_transfer",
    methodReference: "",
    moneyAccountId: BANK,
    received: "",
    vdsAmount: "",
    aitRate: "",
    notes: "",
    allocations: [],
    ...change,
  };
}

/** The lines of one entry on one account: debit − credit, in taka. */
async function net(entryId: string, accountId: string): Promise<string> {
  const [row] = await queryRows<{ net: string }>(
    getDb(),
    sql`select coalesce(sum(debit - credit), 0)::numeric(14,2)::text as net from journal_lines
        where journal_entry_id = ${entryId} and account_id = ${accountId}`,
  );
  return row!.net;
}

async function invoiceRow(id: string) {
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("recording a payment", () => {
  it("a withholding customer pays net: received + VDS + AIT = due settles the invoice, receivable 0, VDS and AIT debited", async () => {
    const invoice = await invoiceFor(true);
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(invoice.customerId, {
        received: "57000",
        vdsAmount: "9000",
        aitRate: "5",
        allocations: [{ invoiceId: invoice.id, amount: "69000" }],
      }),
    );
    expect(result).toMatchObject({ ok: true, toCredit: "0.00" });
    if (!result.ok) return;
    expect(result.message).toBe(`Payment of ৳69,000.00 recorded; ${invoice.number} settled`);
    const row = await invoiceRow(invoice.id);
    expect(row.paidAmount).toBe("69000.00");
    const [payment] = await getDb().select().from(customerPayments).where(eq(customerPayments.id, result.paymentId));
    expect(payment).toMatchObject({
      received: "57000.00",
      vdsAmount: "9000.00",
      aitRatePercent: "5.00",
      aitAmount: "3000.00",
      total: "69000.00",
      journalEntryId: result.entryId,
    });
    const [invoiceEntry] = await getDb()
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .innerJoin(invoices, eq(invoices.journalEntryId, journalEntries.id))
      .where(eq(invoices.id, invoice.id));
    // What the invoice put on the receivable, the payment took off.
    expect(Number(await net(invoiceEntry!.id, RECEIVABLE)) + Number(await net(result.entryId, RECEIVABLE))).toBe(0);
    expect(await net(result.entryId, BANK)).toBe("57000.00");
    expect(await net(result.entryId, VAT_WITHHELD)).toBe("9000.00");
    expect(await net(result.entryId, AIT)).toBe("3000.00");
    expect(await net(result.entryId, ADVANCES)).toBe("0.00");
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.entryId));
    expect(entry).toMatchObject({ sourceType: "customer_payment", sourceId: result.paymentId, status: "posted" });
    const tax = await getDb()
      .select()
      .from(taxRecords)
      .where(and(eq(taxRecords.sourceType, "customer_payment"), eq(taxRecords.sourceId, result.paymentId)));
    expect(tax.map((t) => [t.kind, t.accountId, t.taxRate, t.taxableAmount, t.taxAmount]).sort()).toEqual([
      ["ait", AIT, "5.00", "60000.00", "3000.00"],
      ["vat_withheld", VAT_WITHHELD, "15.00", "60000.00", "9000.00"],
    ]);
    const [allocation] = await getDb()
      .select()
      .from(invoiceAllocations)
      .where(eq(invoiceAllocations.customerPaymentId, result.paymentId));
    expect(allocation).toMatchObject({ invoiceId: invoice.id, kind: "payment", amount: "69000.00" });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "customer_payment"), eq(auditLog.entityId, result.paymentId)));
    expect(audit!.action).toBe("customer_payment.recorded");
    expect(await openInvoicesOf(getDb(), invoice.customerId)).toEqual([]);
  });

  it("AIT is exact, half up: 2.5% of a value share that ends in half a paisa", async () => {
    const invoice = await invoiceFor(true);
    // 1,000.01 allocated: net share = 1000.01 × 60000 / 69000 = 869.574 → 869.57; AIT 2.5% = 21.739 → 21.74.
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(invoice.customerId, {
        received: "1000.01",
        aitRate: "2.5",
        allocations: [{ invoiceId: invoice.id, amount: "1000.01" }],
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [payment] = await getDb().select().from(customerPayments).where(eq(customerPayments.id, result.paymentId));
    expect(payment).toMatchObject({ aitAmount: "21.74", total: "1021.75" });
    expect(result.toCredit).toBe("21.74");
  });

  it("a part payment shows what is left", async () => {
    const invoice = await invoiceFor();
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(invoice.customerId, { received: "20000", allocations: [{ invoiceId: invoice.id, amount: "20000" }] }),
    );
    expect(result).toMatchObject({
      ok: true,
      message: `Payment of ৳20,000.00 recorded; ৳49,000.00 left on ${invoice.number}`,
    });
    expect((await invoiceRow(invoice.id)).paidAmount).toBe("20000.00");
    const [open] = await openInvoicesOf(getDb(), invoice.customerId);
    expect(open).toMatchObject({ id: invoice.id, due: "49000.00" });
    const detail = await loadCustomerDetail(getDb(), invoice.customerId, true);
    expect(detail && "accounts" in detail && detail.accounts?.money).toEqual({
      invoiced: "69000.00",
      owes: "49000.00",
      credit: "0.00",
    });
  });

  it("an overpayment settles the invoice and leaves the rest as credit (on the customer advances account)", async () => {
    const invoice = await invoiceFor();
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(invoice.customerId, {
        method: "cash",
        moneyAccountId: CASH,
        received: "70000",
        allocations: [{ invoiceId: invoice.id, amount: "69000" }],
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      toCredit: "1000.00",
      message: `Payment of ৳70,000.00 recorded; ${invoice.number} settled; ৳1,000.00 to the customer's credit`,
    });
    if (!result.ok) return;
    expect(await net(result.entryId, ADVANCES)).toBe("-1000.00");
    expect(await net(result.entryId, RECEIVABLE)).toBe("-69000.00");
    expect(await customerCredit(getDb(), invoice.customerId)).toBe("1000.00");
    const detail = await loadCustomerDetail(getDb(), invoice.customerId, true);
    expect(detail && "accounts" in detail && detail.accounts?.money).toEqual({
      invoiced: "69000.00",
      owes: "-1000.00",
      credit: "1000.00",
    });
  });

  it("an advance before any invoice is all credit, by bKash with its transaction id", async () => {
    const customerId = await customerFor(getDb(), email(), "Advance Payer");
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(customerId, { method: "bkash", methodReference: "BK7XK29QP", moneyAccountId: WALLET, received: "15000" }),
    );
    expect(result).toMatchObject({ ok: true, toCredit: "15000.00" });
    if (!result.ok) return;
    expect(await net(result.entryId, WALLET)).toBe("15000.00");
    expect(await net(result.entryId, ADVANCES)).toBe("-15000.00");
    expect(await customerCredit(getDb(), customerId)).toBe("15000.00");
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.entryId));
    expect(entry!.description).toContain("BK7XK29QP");
  });

  it("two cheques with the same number (two banks) are both recorded", async () => {
    const first = await customerFor(getDb(), email(), "Cheque One");
    const second = await customerFor(getDb(), email(), "Cheque Two");
    const cheque = { method: "cheque", methodReference: "004512", moneyAccountId: BANK, received: "2500" };
    expect(await recordCustomerPayment(getDb(), actor, form(first, cheque))).toMatchObject({ ok: true });
    expect(await recordCustomerPayment(getDb(), actor, form(second, cheque))).toMatchObject({ ok: true });
  });

  it("one payment settles two invoices of the customer", async () => {
    const address = email();
    const first = await invoiceFor(false, address);
    const second = await insertIssuedInvoice(address);
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(first.customerId, {
        received: "100000",
        allocations: [
          { invoiceId: first.id, amount: "69000" },
          { invoiceId: second.id, amount: "31000" },
        ],
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      message: `Payment of ৳100,000.00 recorded; ${first.number} settled; ৳38,000.00 left on ${second.number}`,
    });
  });
});

describe("refusals write nothing", () => {
  let plain: InvoiceFixture;
  let withholding: InvoiceFixture;
  let other: InvoiceFixture;
  let inactiveBank: string;
  beforeAll(async () => {
    plain = await invoiceFor(false);
    withholding = await invoiceFor(true);
    other = await invoiceFor(false);
    const [row] = await getDb()
      .insert(chartOfAccounts)
      .values({ code: "1190", name: "Old Bank", type: "asset", paymentMethod: "bank", isActive: false })
      .returning({ id: chartOfAccounts.id });
    inactiveBank = row!.id;
  });

  const pays = (amount = "1000") => [{ invoiceId: plain.id, amount }];
  const cases: Array<[string, () => CustomerPaymentFormValues, string, string | (() => string)]> = [
    [
      "a negative amount",
      () => form(plain.customerId, { received: "-5" }),
      "received",
      "Amount received must be 0 or more",
    ],
    ["a zero payment", () => form(plain.customerId, { received: "0" }), "received", M.totalPositive],
    [
      "an amount with three decimals",
      () => form(plain.customerId, { received: "100.005" }),
      "received",
      "Amount received can have at most 2 decimals",
    ],
    ["no amount", () => form(plain.customerId, { received: "" }), "received", "Amount received is required"],
    [
      "an allocation above the due",
      () => form(plain.customerId, { received: "70000", allocations: pays("69000.01") }),
      "allocations.0",
      M.allocationAboveDue("69000.00"),
    ],
    [
      "an allocation to another customer's invoice",
      () => form(plain.customerId, { received: "1000", allocations: [{ invoiceId: other.id, amount: "1000" }] }),
      "allocations.0",
      M.allocationNotOpen,
    ],
    [
      "allocations above the payment",
      () => form(plain.customerId, { received: "500", allocations: pays("1000") }),
      "allocations",
      M.allocatedAboveTotal("1000.00", "500.00"),
    ],
    [
      "a negative allocation",
      () => form(plain.customerId, { received: "500", allocations: pays("-1") }),
      "allocations.0",
      "Allocation must be 0 or more",
    ],
    [
      "VDS for a customer who does not withhold",
      () => form(plain.customerId, { received: "1000", vdsAmount: "150", allocations: pays("1150") }),
      "vdsAmount",
      M.vdsNotWithholding,
    ],
    [
      "VDS above the VAT share",
      () =>
        form(withholding.customerId, {
          received: "1000",
          vdsAmount: "150.01",
          allocations: [{ invoiceId: withholding.id, amount: "1150" }],
        }),
      "vdsAmount",
      M.vdsAboveShare("150.00"),
    ],
    [
      "VDS on an advance",
      () => form(withholding.customerId, { received: "1000", vdsAmount: "10" }),
      "vdsAmount",
      M.vdsWithoutAllocation,
    ],
    [
      "an AIT rate of 101",
      () => form(plain.customerId, { received: "1000", aitRate: "101", allocations: pays() }),
      "aitRate",
      M.aitRateInvalid,
    ],
    [
      "an AIT rate of -1",
      () => form(plain.customerId, { received: "1000", aitRate: "-1", allocations: pays() }),
      "aitRate",
      M.aitRateInvalid,
    ],
    [
      "an AIT rate of abc",
      () => form(plain.customerId, { received: "1000", aitRate: "abc", allocations: pays() }),
      "aitRate",
      M.aitRateInvalid,
    ],
    [
      "AIT on an advance",
      () => form(plain.customerId, { received: "1000", aitRate: "5" }),
      "aitRate",
      M.aitWithoutAllocation,
    ],
    [
      "a cheque without its number",
      () => form(plain.customerId, { method: "cheque", received: "1000" }),
      "methodReference",
      "Cheque number is required",
    ],
    [
      "Nagad without its transaction id",
      () => form(plain.customerId, { method: "nagad", moneyAccountId: WALLET, received: "1000" }),
      "methodReference",
      "Nagad transaction ID is required",
    ],
    [
      "a money account of the wrong method",
      () => form(plain.customerId, { method: "cash", moneyAccountId: BANK, received: "1000" }),
      "moneyAccountId",
      MONEY_DOCUMENT_MESSAGES.accountOfOtherMethod("cash"),
    ],
    [
      "a deactivated money account",
      () => form(plain.customerId, { moneyAccountId: inactiveBank, received: "1000" }),
      "moneyAccountId",
      LEDGER_MESSAGES.accountInactive("1190", "Old Bank"),
    ],
    [
      "an account that is not a money account",
      () => form(plain.customerId, { moneyAccountId: RECEIVABLE, received: "1000" }),
      "moneyAccountId",
      MONEY_DOCUMENT_MESSAGES.accountNotMoney,
    ],
    [
      "no money account",
      () => form(plain.customerId, { moneyAccountId: "", received: "1000" }),
      "moneyAccountId",
      M.accountRequired,
    ],
    [
      "an unknown customer",
      () => form("00000000-0000-4000-8000-000000000000", { received: "1000" }),
      "customerId",
      M.customerUnknown,
    ],
    ["no customer", () => form("", { received: "1000" }), "customerId", M.customerRequired],
    [
      "an unknown method",
      () => form(plain.customerId, { method: "gold", received: "1000" }),
      "method",
      M.methodRequired,
    ],
    [
      "a date in the future",
      () => form(plain.customerId, { date: dhakaDatePlus(1), received: "1000" }),
      "date",
      M.dateFuture,
    ],
    ["no date", () => form(plain.customerId, { date: "", received: "1000" }), "date", "Date is required"],
    [
      "a date that is not one",
      () => form(plain.customerId, { date: "2026-02-30", received: "1000" }),
      "date",
      "Date must be a date",
    ],
    [
      "a payment dated before the invoice",
      () => form(plain.customerId, { date: dhakaDatePlus(-1), received: "1000", allocations: pays() }),
      "allocations.0",
      () => M.allocationBeforeIssue(plain.number, today),
    ],
    [
      "the same invoice twice",
      () =>
        form(plain.customerId, {
          received: "2000",
          allocations: [
            { invoiceId: plain.id, amount: "1000" },
            { invoiceId: plain.id, amount: "1000" },
          ],
        }),
      "allocations.1",
      M.allocationTwice,
    ],
  ];

  it.each(cases)("%s", async (_name, values, field, message) => {
    const before = await tableFingerprint(TABLES);
    const result = await recordCustomerPayment(getDb(), actor, values());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field]).toBe(typeof message === "function" ? message() : message);
    expect(result.message).toBe(M.failed(Object.values(result.errors)[0]!));
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("a bKash transaction ID already recorded (in any case), naming the payment it belongs to", async () => {
    const payer = await customerFor(getDb(), email(), "Wallet Payer");
    const wallet = { method: "bkash", moneyAccountId: WALLET, received: "700" };
    expect(
      await recordCustomerPayment(getDb(), actor, form(payer, { ...wallet, methodReference: "TRX9QX1" })),
    ).toMatchObject({ ok: true });
    const before = await tableFingerprint(TABLES);
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(payer, { ...wallet, methodReference: " trx9qx1 " }),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: { methodReference: M.walletReferenceTaken("bKash transaction ID", today, "Wallet Payer") },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("a merged customer", async () => {
    const keep = await customerFor(getDb(), email(), "Kept");
    const gone = await customerFor(getDb(), email(), "Gone");
    await getDb().update(customers).set({ mergedIntoId: keep, mergedAt: new Date() }).where(eq(customers.id, gone));
    const before = await tableFingerprint(TABLES);
    const result = await recordCustomerPayment(getDb(), actor, form(gone, { received: "1000" }));
    expect(result).toMatchObject({ ok: false, errors: { customerId: M.customerMerged } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("a cancelled invoice is not open", async () => {
    await getDb().update(invoices).set({ status: "cancelled" }).where(eq(invoices.id, other.id));
    const before = await tableFingerprint(TABLES);
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(other.customerId, { received: "1000", allocations: [{ invoiceId: other.id, amount: "1000" }] }),
    );
    expect(result).toMatchObject({ ok: false, errors: { "allocations.0": M.allocationNotOpen } });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    await getDb().update(invoices).set({ status: "issued" }).where(eq(invoices.id, other.id));
  });

  it("a date in the locked period (the books' lock date)", async () => {
    const lockDate = dhakaDatePlus(-10);
    await getDb().update(accountingSettings).set({ lockDate });
    try {
      const before = await tableFingerprint(TABLES);
      const result = await recordCustomerPayment(
        getDb(),
        actor,
        form(plain.customerId, { date: dhakaDatePlus(-20), received: "1000" }),
      );
      expect(result).toMatchObject({ ok: false, errors: { date: LEDGER_MESSAGES.locked(lockDate) } });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    } finally {
      await getDb().update(accountingSettings).set({ lockDate: null });
    }
  });
});

describe("a closed VAT period", () => {
  it("refuses a payment with VDS dated in it, naming the date, writing nothing; one without VDS is still recorded", async () => {
    const withheld = await invoiceFor(true);
    const plain = await invoiceFor(false);
    const monthStart = `${today.slice(0, 8)}01`;
    const [period] = await getDb()
      .insert(vatPeriods)
      .values({
        periodStart: monthStart,
        periodEnd: today,
        outputVat: "0",
        inputVat: "0",
        vdsCredit: "0",
        netPayable: "0",
      })
      .returning({ id: vatPeriods.id });
    try {
      const before = await tableFingerprint(TABLES);
      const refused = await recordCustomerPayment(
        getDb(),
        actor,
        form(withheld.customerId, {
          received: "60000",
          vdsAmount: "9000",
          allocations: [{ invoiceId: withheld.id, amount: "69000" }],
        }),
      );
      const message = VAT_PERIOD_MESSAGES.closed(monthStart, today);
      expect(refused).toMatchObject({ ok: false, refusal: "invalid", errors: { date: message } });
      if (!refused.ok) expect(refused.message).toBe(M.failed(message));
      expect(await tableFingerprint(TABLES)).toEqual(before);

      // The same customer paying in full without VDS, and a customer who does not withhold: no VAT, recorded.
      const whole = await recordCustomerPayment(
        getDb(),
        actor,
        form(withheld.customerId, { received: "69000", allocations: [{ invoiceId: withheld.id, amount: "69000" }] }),
      );
      expect(whole).toMatchObject({ ok: true });
      const part = await recordCustomerPayment(
        getDb(),
        actor,
        form(plain.customerId, {
          received: "1000",
          aitRate: "5",
          allocations: [{ invoiceId: plain.id, amount: "1000" }],
        }),
      );
      expect(part).toMatchObject({ ok: true });
      expect((await invoiceRow(withheld.id)).paidAmount).toBe("69000.00");
      expect((await invoiceRow(plain.id)).paidAmount).toBe("1000.00");
    } finally {
      await getDb().delete(vatPeriods).where(eq(vatPeriods.id, period!.id));
    }
  });
});

describe("the VDS certificate", () => {
  async function withheldPayment() {
    const invoice = await invoiceFor(true);
    const result = await recordCustomerPayment(
      getDb(),
      actor,
      form(invoice.customerId, {
        received: "60000",
        vdsAmount: "9000",
        allocations: [{ invoiceId: invoice.id, amount: "69000" }],
      }),
    );
    if (!result.ok) throw new Error(result.message);
    return result.paymentId;
  }
  const CERT_TABLES = ["customer_payments", "tax_records", "audit_log"];

  it("records its number and date once", async () => {
    const id = await withheldPayment();
    const result = await recordVdsCertificate(getDb(), actor, {
      id,
      vdsCertificateNo: "M66-2026-0042",
      vdsCertificateDate: today,
    });
    expect(result).toMatchObject({ ok: true, message: M.certificateRecorded });
    const [row] = await getDb().select().from(customerPayments).where(eq(customerPayments.id, id));
    expect(row).toMatchObject({ vdsCertificateNo: "M66-2026-0042", vdsCertificateDate: today });

    const before = await tableFingerprint(CERT_TABLES);
    const twice = await recordVdsCertificate(getDb(), actor, {
      id,
      vdsCertificateNo: "M66-2026-0043",
      vdsCertificateDate: today,
    });
    expect(twice).toMatchObject({
      ok: false,
      errors: { vdsCertificateNo: M.certificateTwice("M66-2026-0042", today) },
    });
    expect(await tableFingerprint(CERT_TABLES)).toEqual(before);
  });

  it("refuses a date before the payment, in the future, or in a closed VAT period; a payment without VDS", async () => {
    const id = await withheldPayment();
    const before = await tableFingerprint(CERT_TABLES);
    const refusedWith = async (values: { id?: string; no?: string; date: string }, field: string, message: string) => {
      const result = await recordVdsCertificate(getDb(), actor, {
        id: values.id ?? id,
        vdsCertificateNo: values.no ?? "M66-1",
        vdsCertificateDate: values.date,
      });
      expect(result).toMatchObject({ ok: false });
      if (!result.ok) expect(result.errors[field]).toBe(message);
    };
    await refusedWith({ date: dhakaDatePlus(-1) }, "vdsCertificateDate", M.certificateBeforePayment(today));
    await refusedWith({ date: dhakaDatePlus(1) }, "vdsCertificateDate", M.certificateFuture);
    await refusedWith({ date: "" }, "vdsCertificateDate", M.certificateDateRequired);
    await refusedWith({ date: today, no: "" }, "vdsCertificateNo", "Certificate number is required");

    const plain = await invoiceFor(false);
    const paid = await recordCustomerPayment(
      getDb(),
      actor,
      form(plain.customerId, { received: "1000", allocations: [{ invoiceId: plain.id, amount: "1000" }] }),
    );
    if (!paid.ok) throw new Error(paid.message);
    const beforePlain = await tableFingerprint(CERT_TABLES);
    await refusedWith({ id: paid.paymentId, date: today }, "form", M.noVds);
    await refusedWith({ id: "00000000-0000-4000-8000-000000000000", date: today }, "form", M.paymentNotFound);
    expect(await tableFingerprint(CERT_TABLES)).toEqual(beforePlain);

    const monthStart = `${today.slice(0, 8)}01`;
    const [period] = await getDb()
      .insert(vatPeriods)
      .values({
        periodStart: monthStart,
        periodEnd: today,
        outputVat: "0",
        inputVat: "0",
        vdsCredit: "0",
        netPayable: "0",
      })
      .returning({ id: vatPeriods.id });
    try {
      const beforeClosed = await tableFingerprint(CERT_TABLES);
      await refusedWith({ date: today }, "vdsCertificateDate", VAT_PERIOD_MESSAGES.closed(monthStart, today));
      expect(await tableFingerprint(CERT_TABLES)).toEqual(beforeClosed);
    } finally {
      await getDb().delete(vatPeriods).where(eq(vatPeriods.id, period!.id));
    }
    expect(before).toBeDefined();
  });
});

describe("two payments of the same invoice", () => {
  /** Σ the receivable lines of the invoice's own entry and of the entries of the payments allocated to it. */
  async function receivableOf(invoiceId: string): Promise<string> {
    const [row] = await queryRows<{ net: string }>(
      getDb(),
      sql`select coalesce(sum(l.debit - l.credit), 0)::numeric(14,2)::text as net from journal_lines l
          where l.account_id = ${RECEIVABLE}
            and l.journal_entry_id in (
              select journal_entry_id from invoices where id = ${invoiceId}
              union select journal_entry_id from invoice_allocations where invoice_id = ${invoiceId})`,
    );
    return row!.net;
  }

  const payAll = (invoice: InvoiceFixture) =>
    recordCustomerPayment(
      getDb(),
      actor,
      form(invoice.customerId, {
        received: invoice.total,
        allocations: [{ invoiceId: invoice.id, amount: invoice.total }],
      }),
    );

  it("one after the other: the second is refused on its allocation, naming the invoice settled", async () => {
    const invoice = await invoiceFor();
    expect((await payAll(invoice)).ok).toBe(true);
    const before = await tableFingerprint(TABLES);
    expect(await payAll(invoice)).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { "allocations.0": M.allocationSettled(invoice.number) },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect(await receivableOf(invoice.id)).toBe("0.00");
  });

  it.skipIf(process.env.DATABASE_URL === undefined)(
    "at once, each allocating the whole due: exactly one is recorded, never over-allocated (20 rounds, PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      for (let round = 0; round < 20; round++) {
        const invoice = await invoiceFor();
        // A third connection holds the customer's row so both payments reach its lock before either reads the invoice.
        const blocker = await pool.connect();
        try {
          await blocker.query("begin");
          await blocker.query("select id from customers where id = $1 for update", [invoice.customerId]);
          const both = Promise.all([payAll(invoice), payAll(invoice)]);
          for (let tries = 0; ; tries++) {
            const { rows } = await pool.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            );
            if (rows[0]!.n >= 2 || tries > 200) break;
            await new Promise((r) => setTimeout(r, 10));
          }
          await blocker.query("commit");
          const results = await both;
          expect(results.filter((r) => r.ok)).toHaveLength(1);
          expect(results.filter((r) => !r.ok)).toMatchObject([
            {
              refusal: "invalid",
              message: M.failed(M.allocationSettled(invoice.number)),
              errors: { "allocations.0": M.allocationSettled(invoice.number) },
            },
          ]);
        } finally {
          blocker.release();
        }
        const row = await invoiceRow(invoice.id);
        expect(row.paidAmount).toBe(invoice.total);
        expect(toPaisa(row.paidAmount)).toBeLessThanOrEqual(toPaisa(row.total));
        const payments = await getDb()
          .select({ id: customerPayments.id })
          .from(customerPayments)
          .where(eq(customerPayments.customerId, invoice.customerId));
        expect(payments).toHaveLength(1);
        const [allocated] = await queryRows<{ sum: string }>(
          getDb(),
          sql`select sum(amount)::numeric(14,2)::text as sum from invoice_allocations where invoice_id = ${invoice.id}`,
        );
        expect(allocated!.sum).toBe(invoice.total);
        // The receivable agrees with the invoice: what it still owes (nothing).
        const due = fromPaisa(toPaisa(row.total) - toPaisa(row.paidAmount) - toPaisa(row.creditedAmount));
        expect(await receivableOf(invoice.id)).toBe(due);
        expect(due).toBe("0.00");
        expect(await customerCredit(getDb(), invoice.customerId)).toBe("0.00");
      }
    },
    240_000,
  );
});
