// Damage and loss charges of jobs on the customer's next invoice (issue 26): the next invoice of the customer, on any
// of their quotations, carries every pending charge as a line (quantity 1, the amount before VAT, VAT at the
// invoice's rate) and the charge is marked with the invoice and its line; the entry's revenue and total include it
// and balance; the invoice after does not take it again; another customer's charge stays pending; an advance that
// carried a charge still leaves the final invoice the quotation's rest; a credit note still cancels such an invoice;
// the Issue invoice dialog lists the charges; two invoices of one customer at once take a charge once (5 rounds on
// PostgreSQL); a charge of a customer record merged into this one is taken too.
import { asc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ACTOR,
  approvedQuotation,
  customerOf,
  RECEIVABLE,
  RENTAL_INCOME,
  seedBooks,
  VAT_PAYABLE,
} from "../../../tests/support/invoice-fixtures";
import { getDb } from "~/db/client.server";
import { customers, invoiceLines, invoices, jobCharges, journalLines, quotations, taxRecords } from "~/db/schema";
import { loadJobPage } from "~/domain/jobs/job-page.server";
import { openJobForQuotation } from "../jobs/open-job.server";
import { loadIssuePreview } from "./invoice-list.server";
import { issueCreditNote } from "./issue-credit-note.server";
import { issueInvoice } from "./issue-invoice.server";

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
  it("the next invoice carries the charge as a line, in its entry and tax row; the one after does not", async () => {
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

    // The entry: receivable = the total; rental income takes the quotation and the charge; balanced.
    const entry = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, invoice.journalEntryId!))
      .orderBy(asc(journalLines.lineNo));
    const sum = (side: "debit" | "credit", account?: string) =>
      entry.filter((l) => !account || l.accountId === account).reduce((s, l) => s + Number(l[side]), 0);
    expect(sum("debit")).toBe(sum("credit"));
    expect(sum("debit", RECEIVABLE)).toBe(13800);
    expect(sum("credit", RENTAL_INCOME)).toBe(12000);
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
