// Damage and loss charges of jobs on the customer's next invoice (issue 26): the next invoice of the customer, on any
// of their quotations, carries every pending charge as a line (quantity 1, the amount before VAT, VAT at the
// invoice's rate) and the charge is marked with the invoice and its line; the entry's total includes it, the charge
// posted to service income (issue 37), and balances; the invoice after does not take it again; another customer's
// charge stays pending; an advance that carried a charge still leaves the final invoice the quotation's rest; a
// credit note still cancels such an invoice, taking the charge back from service income; the Issue invoice dialog
// lists the charges; two invoices of one customer at once take a charge once (5 rounds on PostgreSQL); a charge of a
// customer record merged into this one is taken too.
//
// An invoice of the charges alone (issue 37), for a customer whose quotation is already invoiced in full: kind
// charges on no quotation, VAT at the company's rate, posted to service income; in the invoices' list, the
// customer's statement and the portal (theirs only); credited and paid as any invoice; two at once take each charge
// once; with nothing pending, a clear refusal that writes nothing.
import { asc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  account,
  ACTOR,
  approvedQuotation,
  balanceOf,
  customerOf,
  RECEIVABLE,
  RENTAL_INCOME,
  seedBooks,
  VAT_PAYABLE,
  WRITTEN_TABLES,
} from "../../../tests/support/invoice-fixtures";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb } from "~/db/client.server";
import {
  companySettings,
  creditNotes,
  customers,
  invoiceLines,
  invoices,
  jobCharges,
  journalLines,
  quotations,
  taxRecords,
} from "~/db/schema";
import { loadPartyStatement } from "~/domain/accounting/party-statement.server";
import { loadJobPage } from "~/domain/jobs/job-page.server";
import { invalidatePublicData } from "~/lib/cache.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { parseList } from "~/lib/list-params";
import { openJobForQuotation } from "../jobs/open-job.server";
import { INVOICE_MESSAGES } from "./invoice-forms";
import { INVOICE_LIST } from "./invoice-list";
import { listInvoices, loadInvoiceDetails, loadIssuePreview } from "./invoice-list.server";
import { invoicePdfInput } from "./invoice-pdf-input.server";
import { issueChargesInvoice } from "./issue-charges-invoice.server";
import { issueCreditNote } from "./issue-credit-note.server";
import { issueInvoice } from "./issue-invoice.server";
import { customerInvoicePdf, listPortalInvoices } from "./portal-invoices.server";
import { recordCustomerPayment } from "./record-customer-payment.server";

const SERVICE_INCOME = account("4100");
const BANK = account("1100");
const TODAY = todayInDhaka();

beforeAll(async () => {
  await seedBooks();
});

async function issued(quotationId: string, kind = "full", advancePercent = "") {
  const result = await issueInvoice(getDb(), ACTOR, { quotationId, kind, advancePercent });
  if (!result.ok) throw new Error(`expected an invoice: ${result.message}`);
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, result.id));
  return row!;
}

/** A customer with an approved quotation of one ৳10,000 line at 15% VAT, its job, and a pending charge of `amount`. */
async function customerWithCharge(amount = "2000.00", description = "2 LED panels damaged on JOB") {
  const q = await approvedQuotation([["LED Wall", 1, "10000"]]);
  const customerId = await customerOf(q.id);
  const jobId = await getDb().transaction((tx) => openJobForQuotation(tx, q.id));
  const [charge] = await getDb()
    .insert(jobCharges)
    .values({ jobId, customerId, description, amount })
    .returning({ id: jobCharges.id });
  return { quotationId: q.id, customerId, jobId, chargeId: charge!.id };
}

/** Another approved quotation of the same customer. */
async function anotherQuotation(customerId: string, line: [string, number, string] = ["Stage", 1, "4000"]) {
  const q = await approvedQuotation([line]);
  await getDb().update(quotations).set({ customerId }).where(eq(quotations.id, q.id));
  return q.id;
}

async function chargeRow(id: string) {
  const [row] = await getDb().select().from(jobCharges).where(eq(jobCharges.id, id));
  return row!;
}

async function linesOf(invoiceId: string) {
  return getDb()
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.lineNo));
}

describe("damage charges on the customer's next invoice", () => {
  it("the next invoice carries the charge as a line, in its entry (service income) and tax row; the one after does not", async () => {
    const { quotationId, customerId, chargeId } = await customerWithCharge();
    const someoneElse = await customerWithCharge("700.00", "Lost cable");

    const preview = await loadIssuePreview(getDb(), quotationId);
    expect(preview!.charges).toEqual([{ description: "2 LED panels damaged on JOB", amount: "2000.00" }]);

    const invoice = await issued(quotationId);
    expect(invoice).toMatchObject({ netAmount: "12000.00", vatAmount: "1800.00", total: "13800.00" });
    const lines = await linesOf(invoice.id);
    expect(lines.map((l) => [l.description, l.quantity, l.unitPrice, l.value, l.vatAmount])).toEqual([
      ["LED Wall", 1, "10000.00", "10000.00", "1500.00"],
      ["2 LED panels damaged on JOB", 1, "2000.00", "2000.00", "300.00"],
    ]);
    expect(await chargeRow(chargeId)).toMatchObject({ invoiceId: invoice.id, invoiceLineId: lines[1]!.id });

    // The entry: receivable = the total; rental income takes the quotation, service income the charge; balanced.
    const entry = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, invoice.journalEntryId!))
      .orderBy(asc(journalLines.lineNo));
    const sum = (side: "debit" | "credit", account?: string) =>
      entry.filter((l) => !account || l.accountId === account).reduce((s, l) => s + Number(l[side]), 0);
    expect(sum("debit")).toBe(sum("credit"));
    expect(sum("debit", RECEIVABLE)).toBe(13800);
    expect(sum("credit", RENTAL_INCOME)).toBe(10000);
    expect(sum("credit", SERVICE_INCOME)).toBe(2000);
    expect(invoice.chargesNet).toBe("2000.00");
    expect(sum("credit", VAT_PAYABLE)).toBe(1800);
    expect(entry.map((l) => l.description)).toContain("Damage and loss charges");
    const [tax] = await getDb().select().from(taxRecords).where(eq(taxRecords.journalEntryId, invoice.journalEntryId!));
    expect(tax).toMatchObject({ taxableAmount: "12000.00", taxAmount: "1800.00" });

    // Another customer's charge is still pending.
    expect(await chargeRow(someoneElse.chargeId)).toMatchObject({ invoiceId: null, invoiceLineId: null });

    // The customer's next invoice, on another quotation: the charge is not taken twice.
    const next = await issued(await anotherQuotation(customerId));
    expect((await linesOf(next.id)).map((l) => l.description)).toEqual(["Stage"]);
    expect(next).toMatchObject({ netAmount: "4000.00", total: "4600.00" });
    expect(await chargeRow(chargeId)).toMatchObject({ invoiceId: invoice.id });
  });

  it("an advance carrying a charge leaves the final invoice the quotation's rest; a credit note cancels it", async () => {
    const { quotationId, chargeId, jobId } = await customerWithCharge("1000.00");
    const advance = await issued(quotationId, "advance", "50");
    // 50% of ৳10,000 plus the ৳1,000 charge, VAT 15% on both.
    expect(advance).toMatchObject({ netAmount: "6000.00", vatAmount: "900.00", total: "6900.00" });
    expect((await chargeRow(chargeId)).invoiceId).toBe(advance.id);

    const final = await issued(quotationId, "final");
    // Every line (৳10,000) less the advance's quotation part (৳5,000), not less the charge.
    expect(final).toMatchObject({ netAmount: "5000.00", vatAmount: "750.00", total: "5750.00" });
    expect((await linesOf(final.id)).map((l) => [l.description, l.value])).toEqual([
      ["LED Wall", "10000.00"],
      [`Less advance invoiced ${advance.number}`, "-5000.00"],
    ]);

    // The final one first (it took the advance off), then the advance with its charge.
    const cancelFinal = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: final.id,
      scope: "whole",
      amount: "",
      reason: "Event cancelled",
    });
    expect(cancelFinal).toMatchObject({ ok: true });
    const credited = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: advance.id,
      scope: "whole",
      amount: "",
      reason: "Charge disputed and advance refunded",
    });
    expect(credited, JSON.stringify(credited)).toMatchObject({ ok: true });
    const [after] = await getDb().select().from(invoices).where(eq(invoices.id, advance.id));
    expect(after).toMatchObject({ status: "cancelled", creditedAmount: "6900.00" });
    // The charge taken back from service income, the advance's quotation part from rental income.
    if (!credited.ok) return;
    expect(await creditNoteIncome(credited.id)).toEqual({ chargesNet: "1000.00", rental: 5000, service: 1000 });
    // The job's page says the invoice that carried the charge was cancelled (it is not billed again by itself).
    expect((await loadJobPage(getDb(), jobId)).charges).toEqual([
      expect.objectContaining({ invoiceId: advance.id, invoiceNumber: advance.number, invoiceCancelled: true }),
    ]);
  });

  it("two invoices of one customer at once: the charge goes on one of them only", async () => {
    // PostgreSQL runs the two transactions at once (PGlite one after the other): a few rounds there.
    for (let round = 0; round < (process.env.DATABASE_URL ? 5 : 1); round++) await raceOnce();
  });

  it("a charge made out to a customer record merged since into this one is theirs too", async () => {
    const { quotationId, customerId } = await customerWithCharge("300.00", "Scratched truss");
    const duplicate = await customerWithCharge("150.00", "Bent stand");
    await getDb()
      .update(customers)
      .set({ mergedIntoId: customerId, mergedAt: new Date() })
      .where(eq(customers.id, duplicate.customerId));
    const invoice = await issued(quotationId);
    expect((await linesOf(invoice.id)).map((l) => l.description)).toEqual([
      "LED Wall",
      "Scratched truss",
      "Bent stand",
    ]);
    expect((await chargeRow(duplicate.chargeId)).invoiceId).toBe(invoice.id);
  });
});

async function setCompany(change: Partial<typeof companySettings.$inferInsert>) {
  await getDb().update(companySettings).set(change).where(eq(companySettings.id, 1));
  invalidatePublicData();
}

async function invoiceRow(id: string) {
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

describe("an invoice of the charges alone (issue 37)", () => {
  it("invoices a charge made after the quotation's full invoice: listed, in the statement and portal, credited and paid", async () => {
    const q = await approvedQuotation([["LED Wall", 1, "10000"]]);
    const customerId = await customerOf(q.id);
    const jobId = await getDb().transaction((tx) => openJobForQuotation(tx, q.id));
    const full = await issued(q.id);
    expect((await linesOf(full.id)).map((l) => l.description)).toEqual(["LED Wall"]);
    // Invoiced in full: a charge made now has no quotation invoice to ride on.
    expect((await loadIssuePreview(getDb(), q.id))!.refused.full).toBeDefined();
    const [charge] = await getDb()
      .insert(jobCharges)
      .values({ jobId, customerId, description: "Truss bent on return", amount: "2500.00" })
      .returning({ id: jobCharges.id });

    // VAT at the company's rate (Settings > Company), whatever the quotation's was.
    await setCompany({ vatRatePercent: "10" });
    const result = await issueChargesInvoice(getDb(), ACTOR, customerId).finally(() =>
      setCompany({ vatRatePercent: "15" }),
    );
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.message).toBe(INVOICE_MESSAGES.chargesIssued(result.number, 1));
    const invoice = await invoiceRow(result.id);
    expect(invoice).toMatchObject({
      kind: "charges",
      quotationId: null,
      quotationRevision: null,
      eventName: null,
      customerId,
      netAmount: "2500.00",
      sdAmount: "0.00",
      vatAmount: "250.00",
      total: "2750.00",
      vatRatePercent: "10.00",
      chargesNet: "2500.00",
    });
    const lines = await linesOf(invoice.id);
    expect(lines.map((l) => [l.description, l.quantity, l.unitPrice, l.value, l.vatAmount])).toEqual([
      ["Truss bent on return", 1, "2500.00", "2500.00", "250.00"],
    ]);
    expect(await chargeRow(charge!.id)).toMatchObject({ invoiceId: invoice.id, invoiceLineId: lines[0]!.id });

    // Posted to service income, none to rental; its output VAT row.
    const entry = await getDb()
      .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, invoice.journalEntryId))
      .orderBy(asc(journalLines.lineNo));
    expect(entry).toEqual([
      { accountId: RECEIVABLE, debit: "2750.00", credit: "0.00" },
      { accountId: SERVICE_INCOME, debit: "0.00", credit: "2500.00" },
      { accountId: VAT_PAYABLE, debit: "0.00", credit: "250.00" },
    ]);
    const [tax] = await getDb().select().from(taxRecords).where(eq(taxRecords.journalEntryId, invoice.journalEntryId));
    expect(tax).toMatchObject({ kind: "output_vat", taxRate: "10.00", taxableAmount: "2500.00", taxAmount: "250.00" });

    // The invoices' list and its page: no quotation; the job it charges for.
    const page = await listInvoices(getDb(), parseList(INVOICE_LIST, `?q=${invoice.number}`), TODAY);
    expect(page.rows).toEqual([expect.objectContaining({ id: invoice.id, kind: "charges", quotationId: null })]);
    const details = (await loadInvoiceDetails(getDb(), invoice.id, TODAY))!;
    expect(details).toMatchObject({ quotationReference: null, jobs: [{ id: jobId, reference: expect.any(String) }] });
    const pdf = (await invoicePdfInput(getDb(), invoice.id))!;
    expect(pdf.invoice).toMatchObject({ kind: "charges", quotationReference: null });
    expect(pdf.invoice.jobReferences).toEqual([details.jobs[0]!.reference]);

    // The customer's statement.
    const statement = await loadPartyStatement(getDb(), "customer", customerId, { from: TODAY, to: TODAY });
    if (statement.found !== "statement") throw new Error("expected the customer's statement");
    expect(statement.statement.lines).toContainEqual(
      expect.objectContaining({ reference: invoice.number, sourceType: "invoice", debit: "2750.00" }),
    );

    // The portal: the quotation's e-mail sees it and its PDF; another customer does not.
    const [{ email }] = (await getDb()
      .select({ email: quotations.email })
      .from(quotations)
      .where(eq(quotations.id, q.id))) as [{ email: string }];
    const portal = await listPortalInvoices(getDb(), { email });
    expect(portal.invoices.map((i) => [i.number, i.eventName])).toContainEqual([
      invoice.number,
      "Damage and loss charges",
    ]);
    expect(await customerInvoicePdf(getDb(), { email: email.toUpperCase() }, invoice.id)).not.toBeNull();
    expect(await customerInvoicePdf(getDb(), { email: "someone.else@example.com" }, invoice.id)).toBeNull();

    // Credited in part (from service income), then paid: nothing due.
    const note = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: invoice.id,
      scope: "part",
      amount: "500",
      reason: "Repair cost less than charged",
    });
    expect(note).toMatchObject({ ok: true });
    if (!note.ok) return;
    expect(await creditNoteIncome(note.id)).toEqual({ chargesNet: "500.00", rental: 0, service: 500 });
    const paid = await recordCustomerPayment(getDb(), ACTOR, {
      customerId,
      date: TODAY,
      method: "bank_transfer",
      methodReference: "TT-CHARGES",
      moneyAccountId: BANK,
      received: "2200",
      vdsAmount: "",
      aitRate: "",
      notes: "",
      allocations: [{ invoiceId: invoice.id, amount: "2200" }],
    });
    expect(paid, JSON.stringify(paid)).toMatchObject({ ok: true });
    expect(await invoiceRow(invoice.id)).toMatchObject({ paidAmount: "2200.00", creditedAmount: "550.00" });
  });

  it("with nothing pending is refused, naming why, writing nothing; an unknown customer too", async () => {
    const q = await approvedQuotation([["Stage", 1, "4000"]]);
    const customerId = await customerOf(q.id);
    const [customer] = await getDb().select().from(customers).where(eq(customers.id, customerId));
    const tables = [...WRITTEN_TABLES, "job_charges"];
    const before = await tableFingerprint(tables);
    expect(await issueChargesInvoice(getDb(), ACTOR, customerId)).toMatchObject({
      ok: false,
      refusal: "conflict",
      errors: { form: INVOICE_MESSAGES.noPendingCharges(customer!.name) },
    });
    expect(await issueChargesInvoice(getDb(), ACTOR, crypto.randomUUID())).toMatchObject({
      ok: false,
      refusal: "not-found",
      errors: { form: INVOICE_MESSAGES.customerNotFound },
    });
    expect(await issueChargesInvoice(getDb(), ACTOR, "")).toMatchObject({
      ok: false,
      refusal: "invalid",
      errors: { customerId: INVOICE_MESSAGES.chargesCustomerRequired },
    });
    expect(await tableFingerprint(tables)).toEqual(before);
  });

  it("two at once take each charge once; so do a charges invoice and a quotation's at once", async () => {
    // PostgreSQL runs the two transactions at once (PGlite one after the other): a few rounds there.
    for (let round = 0; round < (process.env.DATABASE_URL ? 5 : 1); round++) {
      const { customerId, chargeId } = await customerWithCharge("400.00", `Cable lost, round ${round}`);
      const results = await Promise.all([
        issueChargesInvoice(getDb(), ACTOR, customerId),
        issueChargesInvoice(getDb(), ACTOR, customerId),
      ]);
      const done = results.filter((r) => r.ok);
      expect(done).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ refusal: "conflict" });
      expect((await chargeRow(chargeId)).invoiceId).toBe(done[0]!.ok ? done[0]!.id : null);

      const other = await customerWithCharge("250.00", `Stand bent, round ${round}`);
      const [quotationInvoice, chargesInvoice] = await Promise.all([
        issueInvoice(getDb(), ACTOR, { quotationId: other.quotationId, kind: "full", advancePercent: "" }),
        issueChargesInvoice(getDb(), ACTOR, other.customerId),
      ]);
      expect(quotationInvoice.ok).toBe(true);
      const taker = (await chargeRow(other.chargeId)).invoiceId;
      // The charges invoice either took it, or found it taken by the quotation's and was refused.
      if (chargesInvoice.ok) expect(taker).toBe(chargesInvoice.id);
      else expect(taker).toBe(quotationInvoice.ok ? quotationInvoice.id : null);
    }
  });

  it("credits a quotation invoice's charges from service income in proportion to a part credit note", async () => {
    const { quotationId } = await customerWithCharge("2000.00");
    const invoice = await issued(quotationId);
    // ৳12,000 of which ৳2,000 charges: ৳1,200 back takes ৳200 from service income, ৳1,000 from rental.
    const note = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: invoice.id,
      scope: "part",
      amount: "1200",
      reason: "Late delivery",
    });
    expect(note).toMatchObject({ ok: true });
    if (!note.ok) return;
    expect(await creditNoteIncome(note.id)).toEqual({ chargesNet: "200.00", rental: 1000, service: 200 });
    const service = await balanceOf(SERVICE_INCOME);
    // The rest, whole: what is left of each.
    const rest = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: invoice.id,
      scope: "whole",
      amount: "",
      reason: "Event cancelled",
    });
    if (!rest.ok) throw new Error(rest.message);
    expect(await creditNoteIncome(rest.id)).toEqual({ chargesNet: "1800.00", rental: 9000, service: 1800 });
    expect((await balanceOf(SERVICE_INCOME)) - service).toBe(180_000n);
  });
});

/** A credit note's charges part, and what its entry debited to rental and service income. */
async function creditNoteIncome(creditNoteId: string) {
  const [note] = await getDb().select().from(creditNotes).where(eq(creditNotes.id, creditNoteId));
  const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, note!.journalEntryId));
  const debit = (accountId: string) =>
    lines.filter((l) => l.accountId === accountId).reduce((s, l) => s + Number(l.debit), 0);
  return { chargesNet: note!.chargesNet, rental: debit(RENTAL_INCOME), service: debit(SERVICE_INCOME) };
}

async function raceOnce() {
  {
    const { quotationId, customerId, chargeId } = await customerWithCharge("500.00");
    const second = await anotherQuotation(customerId);
    const [a, b] = await Promise.all([
      issueInvoice(getDb(), ACTOR, { quotationId, kind: "full", advancePercent: "" }),
      issueInvoice(getDb(), ACTOR, { quotationId: second, kind: "full", advancePercent: "" }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    const charge = await chargeRow(chargeId);
    const ids = [a, b].map((r) => (r.ok ? r.id : ""));
    expect(ids).toContain(charge.invoiceId);
    const chargeLines = await getDb()
      .select({ invoiceId: invoiceLines.invoiceId })
      .from(invoiceLines)
      .where(eq(invoiceLines.description, "2 LED panels damaged on JOB"));
    expect(chargeLines.filter((l) => ids.includes(l.invoiceId))).toHaveLength(1);
    const pending = await getDb().select({ id: jobCharges.id }).from(jobCharges).where(isNull(jobCharges.invoiceId));
    expect(pending.map((p) => p.id)).not.toContain(chargeId);
  }
}
