// The General Ledger's Reverse refuses the entries whose documents correct them (issue 22): a tax invoice's entry
// (a credit note corrects it) and a customer payment's. Reversing one alone would leave the invoice saying it is owed
// and the books saying it is not. Nothing is written.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { customerPayments, invoices, journalEntries } from "~/db/schema";
import { issueInvoice } from "~/domain/sales/issue-invoice.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import {
  ACTOR,
  advancePaid,
  approvedQuotation,
  customerOf,
  seedBooks,
  WRITTEN_TABLES,
} from "../../../tests/support/invoice-fixtures";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { CORRECTED_BY_ITS_DOCUMENT, entryActions } from "./ledger-list";
import { reverseEntry } from "./reverse-entry.server";

beforeAll(async () => {
  await seedBooks();
});

const fingerprint = () => tableFingerprint(WRITTEN_TABLES);

describe("Reverse on an entry its document corrects", () => {
  it("refuses a tax invoice's entry, naming the credit note, and writes nothing", async () => {
    const quotation = await approvedQuotation([["LED wall", 2, "1000.00"]]);
    const issued = await issueInvoice(getDb(), ACTOR, { quotationId: quotation.id, kind: "full", advancePercent: "" });
    if (!issued.ok) throw new Error(issued.message);
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, issued.id));
    const before = await fingerprint();
    const result = await reverseEntry(getDb(), ACTOR, { entryId: invoice!.journalEntryId, date: todayInDhaka() });
    expect(result).toMatchObject({ ok: false, refusal: "conflict", message: CORRECTED_BY_ITS_DOCUMENT.invoice });
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses a customer payment's entry", async () => {
    const quotation = await approvedQuotation([["Chairs", 100, "50.00"]]);
    const customerId = await customerOf(quotation.id);
    await advancePaid(customerId, "500.00", todayInDhaka());
    const [payment] = await getDb()
      .select({ entryId: customerPayments.journalEntryId })
      .from(customerPayments)
      .where(eq(customerPayments.customerId, customerId));
    const result = await reverseEntry(getDb(), ACTOR, { entryId: payment!.entryId, date: todayInDhaka() });
    expect(result).toMatchObject({ ok: false, message: CORRECTED_BY_ITS_DOCUMENT.customer_payment });
    const reversals = await getDb()
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.reversesId, payment!.entryId));
    expect(reversals).toEqual([]);
  });

  it("offers no Reverse on such entries in the ledger, and still does on a manual one", () => {
    const posted = { status: "posted" as const, reversedBy: null, reverses: null };
    expect(entryActions({ ...posted, sourceType: "invoice" }).reverse).toBe(false);
    expect(entryActions({ ...posted, sourceType: "vat_close" }).reverse).toBe(false);
    expect(entryActions({ ...posted, sourceType: "manual" }).reverse).toBe(true);
    expect(entryActions({ ...posted, sourceType: "settlement" }).reverse).toBe(true);
  });
});
