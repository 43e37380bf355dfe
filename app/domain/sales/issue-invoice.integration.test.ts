// Tax invoices and credit notes (issue 22): a full invoice posts receivable / rental income / VAT payable and the
// output VAT row; an advance then the final add up to the quotation; the customer's credit is applied on issue and
// later; credit notes in part and whole (receivable back to 0, or the customer's credit); every refusal with its
// field's message and nothing written; numbers gapless, a failed issue giving its number back; and, on PostgreSQL,
// two invoices at once never sharing or skipping a number (50 rounds).
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ACTOR,
  advancePaid,
  ADVANCES,
  approvedQuotation,
  balances,
  customerOf,
  RECEIVABLE,
  RENTAL_INCOME,
  seedBooks,
  VAT_PAYABLE,
  WRITTEN_TABLES,
} from "../../../tests/support/invoice-fixtures";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import {
  accountingSettings,
  auditLog,
  chartOfAccounts,
  creditNotes,
  customers,
  emailOutbox,
  invoiceAllocations,
  invoiceLines,
  invoices,
  journalLines,
  quotations,
  taxRecords,
  vatPeriods,
} from "~/db/schema";
import { LEDGER_MESSAGES } from "~/domain/accounting/ledger.server";
import { addDays } from "~/domain/dashboard/periods";
import { VAT_PERIOD_MESSAGES } from "~/domain/tax/vat-period-lock.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { toPaisa } from "~/lib/money";
import { fiscalYearOf } from "./fiscal-year";
import { applyCustomerCredit } from "./invoice-apply-credit.server";
import { INVOICE_ARITHMETIC_MESSAGES, INVOICE_KIND_MESSAGES } from "./invoice-arithmetic";
import { INVOICE_MESSAGES } from "./invoice-forms";
import { issueCreditNote } from "./issue-credit-note.server";
import { issueInvoice } from "./issue-invoice.server";

const TODAY = todayInDhaka();

const issue = (quotationId: string, kind = "full", advancePercent = "") =>
  issueInvoice(getDb(), ACTOR, { quotationId, kind, advancePercent });
const creditNote = (invoiceId: string, scope: string, amount = "", reason = "Two chairs were not delivered") =>
  issueCreditNote(getDb(), ACTOR, { invoiceId, scope, amount, reason });

async function issued(quotationId: string, kind = "full", advancePercent = "") {
  const result = await issue(quotationId, kind, advancePercent);
  if (!result.ok) throw new Error(`expected an invoice: ${result.message}`);
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, result.id));
  return row!;
}

async function entryLinesOf(entryId: string) {
  const lines = await getDb()
    .select()
    .from(journalLines)
    .where(eq(journalLines.journalEntryId, entryId))
    .orderBy(asc(journalLines.lineNo));
  return lines.map((l) => [l.accountId, l.debit, l.credit]);
}

beforeAll(async () => {
  await seedBooks();
});

afterEach(async () => {
  await getDb().update(accountingSettings).set({ lockDate: null });
  await getDb().update(chartOfAccounts).set({ isActive: true });
  await getDb().delete(vatPeriods);
});

describe("a full invoice", () => {
  it("posts Dr receivable / Cr rental income, Cr VAT payable, with its lines, tax row, audit and e-mail", async () => {
    const before = await balances();
    const q = await approvedQuotation(
      [
        ["LED wall", 3, "1000.00", 2],
        ["Sound system", 1, "2500.50"],
        ["Chairs", 100, "33.33"],
      ],
      { discount: "1000.01" },
    );
    const result = await issue(q.id);
    expect(result).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Invoice INV-\d{4}-\d{2}-\d{6} issued$/),
    });
    if (!result.ok) return;
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, result.id));
    expect(invoice).toMatchObject({
      kind: "full",
      status: "issued",
      number: result.number,
      fiscalYear: fiscalYearOf(TODAY),
      issueDate: TODAY,
      dueDate: addDays(TODAY, 7),
      netAmount: "10833.49",
      vatAmount: "1625.02",
      total: q.total,
      vatRatePercent: "15.00",
      paidAmount: "0.00",
      creditedAmount: "0.00",
      deliveryAddress: "Bashundhara Convention Centre, Dhaka",
      signatoryName: "accounts@example.com",
      signatoryDesignation: "Authorised signatory",
    });
    expect(q.total).toBe("12458.51");
    // The quotation got its customer record, and the invoice is to it.
    const [quotation] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(invoice!.customerId).toBe(quotation!.customerId);
    const [customer] = await getDb().select().from(customers).where(eq(customers.id, invoice!.customerId));
    expect(invoice!.buyerName).toBe(customer!.name);

    const lines = await getDb()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, result.id))
      .orderBy(asc(invoiceLines.lineNo));
    expect(lines.map((l) => [l.description, l.quantity, l.days, l.unitPrice, l.value, l.vatAmount])).toEqual([
      ["LED wall", 3, 2, "1000.00", "5492.96", "823.94"],
      ["Sound system", 1, null, "2500.50", "2289.19", "343.38"],
      ["Chairs", 100, null, "33.33", "3051.34", "457.70"],
    ]);
    expect(lines.reduce((s, l) => s + toPaisa(l.vatAmount), 0n)).toBe(162_502n);

    expect(await entryLinesOf(invoice!.journalEntryId)).toEqual([
      [RECEIVABLE, "12458.51", "0.00"],
      [RENTAL_INCOME, "0.00", "10833.49"],
      [VAT_PAYABLE, "0.00", "1625.02"],
    ]);
    const after = await balances();
    expect(after.receivable - before.receivable).toBe(1_245_851n);
    expect(after.income - before.income).toBe(-1_083_349n);
    expect(after.vat - before.vat).toBe(-162_502n);

    const [tax] = await getDb().select().from(taxRecords).where(eq(taxRecords.sourceId, result.id));
    expect(tax).toMatchObject({
      kind: "output_vat",
      sourceType: "invoice",
      accountId: VAT_PAYABLE,
      taxRate: "15.00",
      taxableAmount: "10833.49",
      taxAmount: "1625.02",
      referenceNo: result.number,
      party: invoice!.buyerName,
      transactionDate: TODAY,
      journalEntryId: invoice!.journalEntryId,
    });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(audit).toMatchObject({ action: "invoice.issued" });
    const [email] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer!.email!));
    expect(email?.subject).toContain(result.number);
  });

  it("with a zero VAT rate posts no VAT line", async () => {
    const q = await approvedQuotation([["Stage", 1, "5000"]], { rate: "0.00" });
    const invoice = await issued(q.id);
    expect(invoice).toMatchObject({ netAmount: "5000.00", vatAmount: "0.00", total: "5000.00" });
    expect(await entryLinesOf(invoice.journalEntryId)).toEqual([
      [RECEIVABLE, "5000.00", "0.00"],
      [RENTAL_INCOME, "0.00", "5000.00"],
    ]);
  });

  it("takes the signatory from Settings > Accounting when set", async () => {
    await getDb().update(accountingSettings).set({
      invoiceSignatoryName: "Farhana Akter",
      invoiceSignatoryDesignation: "Finance Manager",
      invoiceDueDays: 15,
    });
    try {
      const invoice = await issued((await approvedQuotation([["Truss", 2, "700"]])).id);
      expect(invoice).toMatchObject({
        signatoryName: "Farhana Akter",
        signatoryDesignation: "Finance Manager",
        dueDate: addDays(TODAY, 15),
      });
    } finally {
      await getDb()
        .update(accountingSettings)
        .set({ invoiceSignatoryName: "", invoiceSignatoryDesignation: "", invoiceDueDays: 7 });
    }
  });
});

describe("advance and final invoices", () => {
  it("50% then the final add up to the quotation's total exactly, the final less the advance", async () => {
    const before = await balances();
    const q = await approvedQuotation(
      [
        ["LED wall", 3, "1000.00", 2],
        ["Sound system", 1, "2500.55"],
      ],
      { discount: "0.03" },
    );
    const advance = await issued(q.id, "advance", "50");
    expect(advance).toMatchObject({
      kind: "advance",
      advancePercent: "50.00",
      netAmount: "4250.26",
      vatAmount: "637.54",
    });
    const [advanceLine] = await getDb().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, advance.id));
    expect(advanceLine!.description).toMatch(/^Advance of 50% on quotation [0-9a-f]{8}, Gala \d+$/);
    const final = await issued(q.id, "final");
    expect(toPaisa(advance.total) + toPaisa(final.total)).toBe(toPaisa(q.total));
    const finalLines = await getDb()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, final.id))
      .orderBy(asc(invoiceLines.lineNo));
    expect(finalLines.at(-1)).toMatchObject({
      description: `Less advance invoiced ${advance.number}`,
      value: "-4250.26",
      vatAmount: "-637.54",
    });
    const after = await balances();
    expect(after.receivable - before.receivable).toBe(toPaisa(q.total));
    // A third, of any kind, is refused.
    expect(await issue(q.id, "final")).toMatchObject({ ok: false, errors: { kind: INVOICE_KIND_MESSAGES.finalTwice } });
  });

  it("two advances of 33.33% and the final still add up, odd paisa included", async () => {
    const q = await approvedQuotation([["Lights", 1, "0.07"]]);
    const a1 = await issued(q.id, "advance", "33.33");
    const a2 = await issued(q.id, "advance", "33.33");
    const final = await issued(q.id, "final");
    expect(toPaisa(a1.total) + toPaisa(a2.total) + toPaisa(final.total)).toBe(toPaisa(q.total));
  });
});

describe("a merged customer", () => {
  it("is never invoiced: the record it was merged into is (two merges on), the quotation following it there", async () => {
    const q = await approvedQuotation([["Generator", 1, "1000"]]);
    const first = await customerOf(q.id);
    const [middle, kept] = await getDb()
      .insert(customers)
      .values([{ name: "Middle Name" }, { name: "Kept Name", organisation: "Kept Events Ltd", bin: "000123456-0101" }])
      .returning({ id: customers.id });
    await advancePaid(kept!.id, "100", TODAY);
    const mergedAt = new Date();
    await getDb().update(customers).set({ mergedIntoId: middle!.id, mergedAt }).where(eq(customers.id, first));
    await getDb().update(customers).set({ mergedIntoId: kept!.id, mergedAt }).where(eq(customers.id, middle!.id));
    const invoice = await issued(q.id);
    // The kept record's name, BIN and credit: the merged one had none of them.
    expect(invoice).toMatchObject({
      customerId: kept!.id,
      buyerName: "Kept Events Ltd",
      buyerBin: "000123456-0101",
      paidAmount: "100.00",
    });
    const [quotation] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(quotation!.customerId).toBe(kept!.id);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${invoice.id} and ${auditLog.action} = 'invoice.issued'`);
    expect(audit!.changes).toMatchObject({ customerId: kept!.id, quotationCustomerWas: first });
    // The next invoice of the quotation finds it on the kept record already.
    await creditNote(invoice.id, "whole", "", "Reissued");
    expect((await issued(q.id)).customerId).toBe(kept!.id);
  });
});

describe("the customer's credit", () => {
  it("is applied at issue in the same entry: Dr customer advances / Cr receivable, an allocation of kind credit", async () => {
    const q = await approvedQuotation([["Generator", 1, "1000"]]);
    const customerId = await customerOf(q.id);
    await advancePaid(customerId, "400", TODAY);
    const before = await balances();
    const invoice = await issued(q.id);
    expect(invoice).toMatchObject({ total: "1150.00", paidAmount: "400.00" });
    expect(await entryLinesOf(invoice.journalEntryId)).toEqual([
      [RECEIVABLE, "1150.00", "0.00"],
      [RENTAL_INCOME, "0.00", "1000.00"],
      [VAT_PAYABLE, "0.00", "150.00"],
      [ADVANCES, "400.00", "0.00"],
      [RECEIVABLE, "0.00", "400.00"],
    ]);
    const [allocation] = await getDb()
      .select()
      .from(invoiceAllocations)
      .where(eq(invoiceAllocations.invoiceId, invoice.id));
    expect(allocation).toMatchObject({ kind: "credit", amount: "400.00", journalEntryId: invoice.journalEntryId });
    const after = await balances();
    expect(after.receivable - before.receivable).toBe(75_000n);
    expect(after.advances - before.advances).toBe(40_000n);
  });

  it("covers the whole invoice when it is larger, and the rest stays the customer's", async () => {
    const q = await approvedQuotation([["Generator", 1, "100"]]);
    const customerId = await customerOf(q.id);
    await advancePaid(customerId, "500", TODAY);
    const invoice = await issued(q.id);
    expect(invoice).toMatchObject({ total: "115.00", paidAmount: "115.00" });
    // A second quotation of the same customer takes what is left later (Apply credit).
    const q2 = await approvedQuotation([["Truss", 1, "1000"]]);
    await getDb().update(quotations).set({ customerId }).where(eq(quotations.id, q2.id));
    // Issued with a credit of 385: applied at once.
    const second = await issued(q2.id);
    expect(second.paidAmount).toBe("385.00");
    expect(await applyCustomerCredit(getDb(), ACTOR, { invoiceId: second.id })).toMatchObject({
      ok: false,
      errors: { form: INVOICE_MESSAGES.noCredit },
    });
  });

  it("is applied later with Apply credit: its own entry, at most what is due", async () => {
    const q = await approvedQuotation([["Stage", 1, "2000"]]);
    const invoice = await issued(q.id);
    await advancePaid(invoice.customerId, "3000", TODAY);
    const before = await balances();
    const result = await applyCustomerCredit(getDb(), ACTOR, { invoiceId: invoice.id });
    expect(result).toMatchObject({ ok: true, amount: "2300.00" });
    const [row] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.paidAmount).toBe("2300.00");
    const [allocation] = await getDb()
      .select()
      .from(invoiceAllocations)
      .where(eq(invoiceAllocations.invoiceId, invoice.id));
    expect(allocation).toMatchObject({ kind: "credit", amount: "2300.00" });
    expect(await entryLinesOf(allocation!.journalEntryId)).toEqual([
      [ADVANCES, "2300.00", "0.00"],
      [RECEIVABLE, "0.00", "2300.00"],
    ]);
    const after = await balances();
    expect(after.receivable - before.receivable).toBe(-230_000n);
    expect(await applyCustomerCredit(getDb(), ACTOR, { invoiceId: invoice.id })).toMatchObject({
      ok: false,
      errors: { form: INVOICE_MESSAGES.nothingDue },
    });
  });
});

describe("credit notes", () => {
  it("part then whole: receivable, income and VAT back to where they were; the invoice cancelled", async () => {
    const before = await balances();
    const q = await approvedQuotation([["Chairs", 100, "33.33"]]);
    const invoice = await issued(q.id);
    const part = await creditNote(invoice.id, "part", "333.33");
    expect(part).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Credit note CN-\d{4}-\d{2}-\d{6} issued/),
    });
    if (!part.ok) return;
    const [note] = await getDb().select().from(creditNotes).where(eq(creditNotes.id, part.id));
    expect(note).toMatchObject({
      netAmount: "333.33",
      vatAmount: "50.00",
      total: "383.33",
      appliedToInvoice: "383.33",
      toCredit: "0.00",
      reason: "Two chairs were not delivered",
    });
    expect(await entryLinesOf(note!.journalEntryId)).toEqual([
      [RENTAL_INCOME, "333.33", "0.00"],
      [VAT_PAYABLE, "50.00", "0.00"],
      [RECEIVABLE, "0.00", "383.33"],
    ]);
    const [tax] = await getDb().select().from(taxRecords).where(eq(taxRecords.sourceId, part.id));
    expect(tax).toMatchObject({
      kind: "output_vat",
      sourceType: "credit_note",
      taxableAmount: "-333.33",
      taxAmount: "-50.00",
    });
    let [row] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "issued", creditedAmount: "383.33" });

    const whole = await creditNote(invoice.id, "whole", "", "Event cancelled");
    expect(whole.ok).toBe(true);
    [row] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "cancelled", creditedAmount: row!.total });
    const after = await balances();
    expect(after.receivable).toBe(before.receivable);
    expect(after.income).toBe(before.income);
    expect(after.vat).toBe(before.vat);
    // Cancelled, the quotation can be invoiced again.
    expect((await issue(q.id)).ok).toBe(true);
  });

  it("on a paid invoice gives the customer credit: Cr customer advances", async () => {
    const q = await approvedQuotation([["Generator", 1, "1000"]]);
    const customerId = await customerOf(q.id);
    await advancePaid(customerId, "1150", TODAY);
    const invoice = await issued(q.id);
    expect(invoice.paidAmount).toBe("1150.00");
    const before = await balances();
    const result = await creditNote(invoice.id, "whole", "", "Cancelled by the customer");
    if (!result.ok) throw new Error(result.message);
    const [note] = await getDb().select().from(creditNotes).where(eq(creditNotes.id, result.id));
    expect(note).toMatchObject({ total: "1150.00", appliedToInvoice: "0.00", toCredit: "1150.00" });
    expect(await entryLinesOf(note!.journalEntryId)).toEqual([
      [RENTAL_INCOME, "1000.00", "0.00"],
      [VAT_PAYABLE, "150.00", "0.00"],
      [ADVANCES, "0.00", "1150.00"],
    ]);
    const after = await balances();
    expect(after.receivable).toBe(before.receivable);
    expect(after.advances - before.advances).toBe(-115_000n);
  });
});

describe("a credit note on an advance", () => {
  it("is refused while the final invoice (which took the advance off) is in force, naming the final", async () => {
    const q = await approvedQuotation([["Stage", 1, "1000"]]);
    const advance = await issued(q.id, "advance", "40");
    const final = await issued(q.id, "final");
    const before = await tableFingerprint(WRITTEN_TABLES);
    for (const [scope, amount] of [
      ["whole", ""],
      ["part", "10"],
    ] as const) {
      const result = await creditNote(advance.id, scope, amount);
      expect(result).toMatchObject({
        ok: false,
        refusal: "conflict",
        errors: { form: INVOICE_MESSAGES.finalInvoiceFirst(final.number) },
      });
      if (!result.ok)
        expect(result.message).toBe(
          INVOICE_MESSAGES.creditNoteFailed(INVOICE_MESSAGES.finalInvoiceFirst(final.number)),
        );
    }
    expect(INVOICE_MESSAGES.finalInvoiceFirst(final.number)).toContain(`cancel ${final.number}`);
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
    // The final cancelled first, the advance may be taken back; then the quotation is invoiced in full again.
    expect((await creditNote(final.id, "whole")).ok).toBe(true);
    expect((await creditNote(advance.id, "whole")).ok).toBe(true);
    expect((await issued(q.id)).total).toBe(q.total);
  });

  it("is allowed before any final, and a final issued after a part credit note still adds up", async () => {
    const q = await approvedQuotation([["Stage", 1, "1000"]]);
    const advance = await issued(q.id, "advance", "50");
    expect((await creditNote(advance.id, "part", "100")).ok).toBe(true);
    expect((await issued(q.id, "final")).kind).toBe("final");
  });
});

describe("refusals write nothing", () => {
  it.each([
    ["an empty quotation id", { quotationId: "" }, { quotationId: INVOICE_MESSAGES.quotationRequired }],
    [
      "a quotation id that is not a uuid",
      { quotationId: "12; drop table invoices" },
      { quotationId: INVOICE_MESSAGES.quotationRequired },
    ],
    [
      "an unknown quotation",
      { quotationId: "00000000-0000-4000-8000-000000000000" },
      { form: INVOICE_MESSAGES.quotationNotFound },
    ],
    ["no kind", { kind: "" }, { kind: INVOICE_MESSAGES.kindRequired }],
    ["an unknown kind", { kind: "partial" }, { kind: INVOICE_MESSAGES.kindRequired }],
    [
      "an advance of 0%",
      { kind: "advance", advancePercent: "0" },
      { advancePercent: INVOICE_ARITHMETIC_MESSAGES.percentRange },
    ],
    [
      "an advance of 100%",
      { kind: "advance", advancePercent: "100" },
      { advancePercent: INVOICE_ARITHMETIC_MESSAGES.percentRange },
    ],
    [
      "an advance of 150%",
      { kind: "advance", advancePercent: "150" },
      { advancePercent: INVOICE_ARITHMETIC_MESSAGES.percentRange },
    ],
    [
      "an advance of abc",
      { kind: "advance", advancePercent: "abc" },
      { advancePercent: INVOICE_ARITHMETIC_MESSAGES.percentInvalid },
    ],
    [
      "an advance of 50.123",
      { kind: "advance", advancePercent: "50.123" },
      { advancePercent: INVOICE_ARITHMETIC_MESSAGES.percentInvalid },
    ],
    [
      "an advance of -10",
      { kind: "advance", advancePercent: "-10" },
      { advancePercent: INVOICE_ARITHMETIC_MESSAGES.percentInvalid },
    ],
    [
      "an advance without a percentage",
      { kind: "advance", advancePercent: "" },
      { advancePercent: INVOICE_ARITHMETIC_MESSAGES.percentRequired },
    ],
    ["a final without an advance", { kind: "final" }, { kind: INVOICE_KIND_MESSAGES.finalWithoutAdvance }],
  ])("issue: %s", async (_, change, errors) => {
    const q = await approvedQuotation([["Truss", 2, "700"]]);
    const before = await tableFingerprint(WRITTEN_TABLES);
    const result = await issueInvoice(getDb(), ACTOR, {
      quotationId: q.id,
      kind: "full",
      advancePercent: "",
      ...change,
    });
    expect(result).toMatchObject({ ok: false, errors });
    if (!result.ok) expect(result.message).toBe(INVOICE_MESSAGES.issueFailed(Object.values(errors)[0]!));
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
  });

  it("issue: a quotation not approved", async () => {
    const q = await approvedQuotation([["Truss", 2, "700"]], { status: "sent" });
    const before = await tableFingerprint(WRITTEN_TABLES);
    expect(await issue(q.id)).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: INVOICE_MESSAGES.notApproved("sent") },
    });
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
  });

  it("issue: a second full invoice, an advance after it, an advance past 100%", async () => {
    const q = await approvedQuotation([["Truss", 2, "700"]]);
    await issued(q.id);
    const before = await tableFingerprint(WRITTEN_TABLES);
    expect(await issue(q.id)).toMatchObject({ ok: false, errors: { kind: INVOICE_KIND_MESSAGES.fullAfterInvoice } });
    expect(await issue(q.id, "advance", "50")).toMatchObject({
      ok: false,
      errors: { kind: INVOICE_KIND_MESSAGES.advanceAfterFinal },
    });
    const q2 = await approvedQuotation([["Truss", 2, "700"]]);
    await issued(q2.id, "advance", "50");
    const before2 = await tableFingerprint(WRITTEN_TABLES);
    expect(await issue(q2.id, "advance", "60")).toMatchObject({
      ok: false,
      errors: { advancePercent: INVOICE_ARITHMETIC_MESSAGES.percentOverLeft("50") },
    });
    expect(await issue(q2.id)).toMatchObject({ ok: false, errors: { kind: INVOICE_KIND_MESSAGES.fullAfterInvoice } });
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before2);
    expect(before).not.toEqual(before2);
  });

  it("issue: an advance that comes to ৳0.00", async () => {
    const q = await approvedQuotation([["Pin", 1, "0.01"]]);
    const before = await tableFingerprint(WRITTEN_TABLES);
    expect(await issue(q.id, "advance", "1")).toMatchObject({
      ok: false,
      errors: { advancePercent: INVOICE_ARITHMETIC_MESSAGES.zeroAdvance },
    });
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
  });

  it("issue: today locked in the books, or in a closed VAT period, or without a VAT payable account", async () => {
    const q = await approvedQuotation([["Truss", 2, "700"]]);
    const before = await tableFingerprint(WRITTEN_TABLES);
    await getDb().update(accountingSettings).set({ lockDate: TODAY });
    expect(await issue(q.id)).toMatchObject({ ok: false, errors: { form: LEDGER_MESSAGES.locked(TODAY) } });
    await getDb().update(accountingSettings).set({ lockDate: null });
    const start = `${TODAY.slice(0, 7)}-01`;
    await getDb()
      .insert(vatPeriods)
      .values({
        periodStart: start,
        periodEnd: addDays(TODAY, 1),
        outputVat: "0",
        inputVat: "0",
        vdsCredit: "0",
        netPayable: "0",
      });
    expect(await issue(q.id)).toMatchObject({
      ok: false,
      errors: { form: VAT_PERIOD_MESSAGES.closed(start, addDays(TODAY, 1)) },
    });
    await getDb().delete(vatPeriods);
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, VAT_PAYABLE));
    expect(await issue(q.id)).toMatchObject({
      ok: false,
      errors: { form: LEDGER_MESSAGES.roleMissing("VAT payable (output VAT)") },
    });
    await getDb().update(chartOfAccounts).set({ isActive: true });
    expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
  });

  describe("credit notes", () => {
    let invoiceId: string;
    beforeAll(async () => {
      await seedBooks();
      invoiceId = (await issued((await approvedQuotation([["Stage", 1, "1000"]])).id)).id;
    });

    it.each([
      [
        "more than is left",
        { scope: "part", amount: "1000.01" },
        { amount: INVOICE_MESSAGES.amountOverLeft("1000.00") },
      ],
      ["an empty reason", { reason: "" }, { reason: INVOICE_MESSAGES.reasonRequired }],
      ["a reason of spaces", { reason: "   \n " }, { reason: INVOICE_MESSAGES.reasonRequired }],
      ["a reason too long", { reason: "x".repeat(1001) }, { reason: INVOICE_MESSAGES.reasonTooLong(1000) }],
      ["no scope", { scope: "" }, { scope: INVOICE_MESSAGES.scopeRequired }],
      ["a part of no amount", { scope: "part", amount: "" }, { amount: INVOICE_MESSAGES.amountRequired }],
      ["a part of 0", { scope: "part", amount: "0" }, { amount: INVOICE_MESSAGES.amountPositive }],
      ["a part of abc", { scope: "part", amount: "abc" }, { amount: INVOICE_MESSAGES.amountInvalid }],
      ["a negative part", { scope: "part", amount: "-5" }, { amount: INVOICE_MESSAGES.amountInvalid }],
      ["a part with 3 decimals", { scope: "part", amount: "1.005" }, { amount: INVOICE_MESSAGES.amountInvalid }],
      [
        "an unknown invoice",
        { invoiceId: "00000000-0000-4000-8000-000000000000" },
        { form: INVOICE_MESSAGES.invoiceNotFound },
      ],
      ["an invoice id that is not a uuid", { invoiceId: "INV-1" }, { invoiceId: INVOICE_MESSAGES.invoiceRequired }],
    ])("credit note: %s", async (_, change, errors) => {
      const before = await tableFingerprint(WRITTEN_TABLES);
      const result = await issueCreditNote(getDb(), ACTOR, {
        invoiceId,
        scope: "whole",
        amount: "",
        reason: "Returned",
        ...change,
      });
      expect(result).toMatchObject({ ok: false, errors });
      expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
    });

    it("credit note: in a closed VAT period, on a locked day, on a cancelled invoice", async () => {
      const before = await tableFingerprint(WRITTEN_TABLES);
      await getDb().insert(vatPeriods).values({
        periodStart: TODAY,
        periodEnd: TODAY,
        outputVat: "0",
        inputVat: "0",
        vdsCredit: "0",
        netPayable: "0",
      });
      expect(await creditNote(invoiceId, "whole")).toMatchObject({
        ok: false,
        errors: { form: VAT_PERIOD_MESSAGES.closed(TODAY, TODAY) },
      });
      await getDb().delete(vatPeriods);
      await getDb().update(accountingSettings).set({ lockDate: TODAY });
      expect(await creditNote(invoiceId, "whole")).toMatchObject({
        ok: false,
        errors: { form: LEDGER_MESSAGES.locked(TODAY) },
      });
      await getDb().update(accountingSettings).set({ lockDate: null });
      expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(before);
      expect((await creditNote(invoiceId, "whole")).ok).toBe(true);
      const after = await tableFingerprint(WRITTEN_TABLES);
      expect(await creditNote(invoiceId, "part", "1")).toMatchObject({
        ok: false,
        errors: { form: INVOICE_MESSAGES.invoiceCancelled },
      });
      expect(await applyCustomerCredit(getDb(), ACTOR, { invoiceId })).toMatchObject({
        ok: false,
        errors: { form: INVOICE_MESSAGES.invoiceCancelled },
      });
      expect(await applyCustomerCredit(getDb(), ACTOR, { invoiceId: "nope" })).toMatchObject({
        ok: false,
        errors: { invoiceId: INVOICE_MESSAGES.invoiceRequired },
      });
      expect(await tableFingerprint(WRITTEN_TABLES)).toEqual(after);
    });
  });
});

describe("invoice numbers", () => {
  async function sequences(): Promise<number[]> {
    const rows = await getDb()
      .select({ sequence: invoices.sequence })
      .from(invoices)
      .where(eq(invoices.fiscalYear, fiscalYearOf(TODAY)))
      .orderBy(asc(invoices.sequence));
    return rows.map((r) => r.sequence);
  }

  it("are gapless: a failed issue gives its number back", async () => {
    const q = await approvedQuotation([["Truss", 2, "700"]]);
    await getDb().update(accountingSettings).set({ lockDate: TODAY });
    expect((await issue(q.id)).ok).toBe(false);
    await getDb().update(accountingSettings).set({ lockDate: null });
    const invoice = await issued(q.id);
    const all = await sequences();
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(invoice.sequence).toBe(all.length);
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql`select last_number as n from document_sequences where series = 'invoice' and fiscal_year = ${fiscalYearOf(TODAY)}`,
    );
    expect(Number(row!.n)).toBe(all.length);
  });

  it.skipIf(process.env.DATABASE_URL === undefined)(
    "two invoices at once never share or skip a number (50 rounds, PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      await issued((await approvedQuotation([["Seed", 1, "10"]])).id);
      for (let round = 0; round < 50; round++) {
        const [a, b] = await Promise.all([
          approvedQuotation([["Light", 1, `${100 + round}`]]),
          approvedQuotation([["Sound", 1, `${200 + round}`]]),
        ]);
        // A third connection holds the series' row so both issues reach its lock before either takes a number.
        const blocker = await pool.connect();
        try {
          await blocker.query("begin");
          await blocker.query(
            "select last_number from document_sequences where series = 'invoice' and fiscal_year = $1 for update",
            [fiscalYearOf(TODAY)],
          );
          const both = Promise.all([issue(a.id), issue(b.id)]);
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
          for (const r of results) expect(r.ok).toBe(true);
          const numbers = results.map((r) => (r.ok ? r.number : ""));
          expect(new Set(numbers).size).toBe(2);
        } finally {
          blocker.release();
        }
      }
      const all = await sequences();
      expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    },
    240_000,
  );
});
